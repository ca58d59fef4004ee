// What is known of any selection before (or without) its record, and the line an inspector
// section shows when its record is not in the cache.
import type { Selection } from '../state/selection';
import { EmptyState } from './empty-state';

/** What is known of any selection before (or without) its record: its kind, name, id and origin. */
export function SelectionHead({
  kind,
  title,
  selection,
}: {
  kind: string;
  title: string;
  selection: Selection;
}) {
  return (
    <>
      <p className="eyebrow">{kind}</p>
      <h3 className="inspector-title">{title}</h3>
      <dl className="facts">
        <dt>ID</dt>
        <dd className="mono">{selection.id}</dd>
        {selection.from && (
          <>
            <dt>Selected in</dt>
            <dd>{selection.from}</dd>
          </>
        )}
      </dl>
    </>
  );
}

/** While the list is read, that it is; then why the record is not there. */
export function Unread({
  what,
  list = `${what}s`,
  query: { isPending, error },
}: {
  what: string;
  /** The list's name, when it is not `what` + s. */
  list?: string;
  query: { isPending: boolean; error: Error | null };
}) {
  return isPending ? (
    <EmptyState tone="loading" title={`Reading ${list}…`} />
  ) : error ? (
    <EmptyState tone="error" title={`The ${list} could not be read from the cache`}>
      {error.message}
    </EmptyState>
  ) : (
    <EmptyState title={`This ${what} is not in the cache`}>
      It may have been deleted, or not synced yet.
    </EmptyState>
  );
}
