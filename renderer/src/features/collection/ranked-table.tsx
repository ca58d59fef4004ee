// A survey's ranked events: each row selects its event in the one selection of the window (the
// map, the inspector and the lists follow it), the way a row of Signals does.
import { useSignal } from '../../data';
import { sameSelection, useSelection } from '../../state/selection';
import { useViewState } from '../../state/view-state';
import type { RankedEvent } from './ranked-events';

const dash = (v: string | number | null) => (v === null ? '—' : v);
const words = (s: string | null) => (s === null ? '—' : s.replace(/_/g, ' '));

/**
 * An event's name: the service's headline when it gave one, else the signal's title when the
 * cache holds it (the main profile's priority ranks by id only), else its id.
 */
function EventButton({ r, onSelect }: { r: RankedEvent; onSelect: (label: string) => void }) {
  const cached = useSignal(r.headline ? null : r.eventId).data?.signal as { title?: unknown } | undefined;
  const title = r.headline ?? (typeof cached?.title === 'string' ? cached.title : null);
  return (
    <button
      type="button"
      className="link-button"
      aria-label={`Select event ${title ?? r.eventId}`}
      onClick={() => onSelect(title ?? `Event ${r.eventId}`)}
    >
      {title ?? <span className="mono">{r.eventId}</span>}
    </button>
  );
}

export function RankedTable({ rows, label }: { rows: RankedEvent[]; label: string }) {
  const selection = useSelection((s) => s.selection);
  const select = useSelection((s) => s.select);
  const setView = useViewState((s) => s.setView);
  const picked = rows.find((r) => sameSelection(selection, { kind: 'signal', id: r.eventId }));
  if (rows.length === 0) return <p className="muted">The service ranked no event in this box and window.</p>;
  const has = (k: keyof RankedEvent) => rows.some((r) => r[k] !== null);
  return (
    <>
      <div className="table-scroll">
        <table className="dense collection-ranked" aria-label={label}>
          <thead>
            <tr>
              <th scope="col" className="right">
                Rank
              </th>
              <th scope="col">Event</th>
              {has('importance') && (
                <th scope="col" className="right">
                  Importance
                </th>
              )}
              {has('cls') && <th scope="col">Class</th>}
              {has('target') && <th scope="col">Target</th>}
              {has('stage') && <th scope="col">Stage</th>}
              {has('collectionReady') && <th scope="col">Collection-ready</th>}
              {has('aoi') && <th scope="col">AOI (W,S,E,N)</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.rank}-${r.eventId}`} aria-selected={r === picked} data-event-id={r.eventId}>
                <td className="right num">{r.rank}</td>
                <td>
                  <EventButton
                    r={r}
                    onSelect={(label) => select({ kind: 'signal', id: r.eventId, label, from: 'Collection' })}
                  />
                </td>
                {has('importance') && (
                  <td className="right num">{r.importance === null ? '—' : r.importance.toFixed(2)}</td>
                )}
                {has('cls') && <td>{dash(r.cls)}</td>}
                {has('target') && <td>{words(r.target)}</td>}
                {has('stage') && <td>{dash(r.stage)}</td>}
                {has('collectionReady') && (
                  <td>{r.collectionReady === null ? '—' : r.collectionReady ? 'yes' : 'no'}</td>
                )}
                {has('aoi') && <td className="num">{r.aoi ? r.aoi.join(', ') : '—'}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted" aria-live="polite" data-testid="collection-picked">
        {picked ? (
          <>
            Selected: {selection?.label ?? `event ${picked.eventId}`}{' '}
            <button type="button" className="ghost" onClick={() => setView('map')}>
              Show it on the map
            </button>
          </>
        ) : (
          'Choose an event to select it on the map and in the inspector.'
        )}
      </p>
    </>
  );
}
