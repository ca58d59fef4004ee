// The way from a watch to its decision package. The package view is another module
// (features/package/): this selects the watch (the one shared selection) and switches to
// the view 'package' when the window has one; until then `openDecisionPackage` says so.
import { useSelection } from '../../state/selection';
import { useViewState, VIEW_IDS, type ViewId } from '../../state/view-state';

/** The package view's id, once it is declared in VIEW_IDS. */
const PACKAGE_VIEW = 'package';
export const hasPackageView = (): boolean => (VIEW_IDS as readonly string[]).includes(PACKAGE_VIEW);

/**
 * Opens a watch's decision package: the watch becomes the selection (kind 'watch'), then the
 * package view shows. Returns false when there is no package view to open yet.
 */
export function openDecisionPackage(watch: { id: string; label?: string }): boolean {
  useSelection.getState().select({ kind: 'watch', id: watch.id, label: watch.label, from: 'Watches' });
  if (!hasPackageView()) return false;
  useViewState.getState().setView(PACKAGE_VIEW as ViewId);
  return true;
}

export function DecisionPackageLink({
  watchId,
  label,
  revisions,
}: {
  watchId: string;
  label: string | undefined;
  revisions: number;
}) {
  const available = hasPackageView();
  return (
    <p className="package-link">
      <button
        type="button"
        disabled={!available}
        aria-describedby="package-link-note"
        onClick={() => openDecisionPackage({ id: watchId, ...(label ? { label } : {}) })}
      >
        Decision package
      </button>{' '}
      <span id="package-link-note" className="muted">
        {revisions === 0 ? 'none cached yet' : `${revisions} revision${revisions === 1 ? '' : 's'} cached`}
        {available ? '' : ' · the package view is not in this build yet'}
      </span>
    </p>
  );
}
