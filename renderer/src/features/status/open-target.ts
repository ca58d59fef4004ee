// Opening a notification takes the analyst to what it is about: a fired standing order on the
// map (its outline brought into view; the inspector shows its run and the events that can
// explain it), a watch in Watches (its detail open), a signal in the inspector. The selection
// is the shared one, so the map and every list agree on what was opened.
import type { AppNotification } from '../../../../shared/contract';
import { useSelection, type Selection } from '../../state/selection';
import { useViewState, type ViewId } from '../../state/view-state';

type Target = NonNullable<AppNotification['target']>;

/** The view each target opens in; a signal stays in the current view (the inspector shows it). */
const VIEW_OF: Record<Target['type'], ViewId | null> = { order: 'map', watch: 'watches', signal: null };

/** Main titles them "<what happened>: <name>"; the selection's label is the name. */
export function targetLabel(n: Pick<AppNotification, 'kind' | 'title'>): string {
  if (n.kind === 'summary') return n.title;
  const colon = n.title.indexOf(': ');
  return colon > 0 ? n.title.slice(colon + 2) : n.title;
}

export function openNotificationTarget(n: AppNotification): Selection | null {
  if (!n.target) return null;
  const selection: Selection = {
    kind: n.target.type,
    id: n.target.id,
    label: targetLabel(n),
    from: 'Notifications',
  };
  useSelection.getState().select(selection);
  const view = useViewState.getState();
  const to = VIEW_OF[n.target.type];
  if (to) view.setView(to);
  // The inspector is where a signal opens (and what any selection is read in): show it.
  if (!view.inspectorOpen) view.toggleInspector();
  return selection;
}
