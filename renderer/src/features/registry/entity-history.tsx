// A stored entity history: the entity as the registry names it, and each event linked to it
// with the basis of the link as the service gave it (main: basis, kind and stage; alternate:
// basis, confidence and distance), the counts per basis and the alternate's observability
// marks. Each event selects its signal in the window's one selection (map, inspector).
import type { StoredAnswerOf } from '../../../../shared/contract';
import { sameSelection, useSelection } from '../../state/selection';
import { formatUtc } from '../../ui/time';
import { subtypeWords } from './registry-params';

const words = (s: string | null | undefined) => (s ? s.replace(/_/g, ' ') : '—');

export function EntityHistoryAnswer({ answer }: { answer: StoredAnswerOf<'entities.detail'> }) {
  const selection = useSelection((s) => s.selection);
  const select = useSelection((s) => s.select);
  if (!answer.answer) return null;
  const { entity, events, link_basis_counts, event_count, claim_count, observability } = answer.answer;
  const rows = events.map((e) => ({
    ...e,
    id: e.event_id ?? (e.global_event_id ?? null)?.toString() ?? null,
  }));
  const has = (k: 'stage' | 'last_reported_at' | 'link_kind' | 'confidence' | 'distance_m') =>
    events.some((e) => e[k] !== null && e[k] !== undefined);
  return (
    <div className="registry-history">
      <dl className="tool-facts" aria-label="Entity">
        <div>
          <dt>Name</dt>
          <dd data-testid="entity-name">{entity.canonical ?? '—'}</dd>
        </div>
        <div>
          <dt>Subtype</dt>
          <dd>{entity.subtype ? subtypeWords(entity.subtype) : '—'}</dd>
        </div>
        <div>
          <dt>Source</dt>
          <dd>{entity.source ?? '—'}</dd>
        </div>
        <div>
          <dt>Linked events</dt>
          <dd>{event_count ?? events.length}</dd>
        </div>
        {typeof claim_count === 'number' && (
          <div>
            <dt>Claims</dt>
            <dd>{claim_count}</dd>
          </div>
        )}
        {link_basis_counts && Object.keys(link_basis_counts).length > 0 && (
          <div>
            <dt>By basis</dt>
            <dd>
              {Object.entries(link_basis_counts)
                .map(([k, n]) => `${words(k)} ${n}`)
                .join(' · ')}
            </dd>
          </div>
        )}
      </dl>
      {rows.length === 0 ? (
        <p className="muted">The registry links no event to this entity.</p>
      ) : (
        <div className="table-scroll">
          <table className="dense" aria-label="Linked events">
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Link basis</th>
                {has('link_kind') && <th scope="col">Link kind</th>}
                {has('confidence') && (
                  <th scope="col" className="right">
                    Confidence
                  </th>
                )}
                {has('distance_m') && (
                  <th scope="col" className="right">
                    Distance (m)
                  </th>
                )}
                {has('stage') && <th scope="col">Stage</th>}
                {has('last_reported_at') && <th scope="col">Last reported (UTC)</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((e, i) => (
                <tr
                  key={`${e.id ?? 'event'}-${i}`}
                  aria-selected={!!e.id && sameSelection(selection, { kind: 'signal', id: e.id })}
                >
                  <td>
                    {e.id ? (
                      <button
                        type="button"
                        className="link-button"
                        aria-label={`Select event ${e.title ?? e.id}`}
                        onClick={() =>
                          select({
                            kind: 'signal',
                            id: e.id!,
                            label: e.title ?? `Event ${e.id}`,
                            from: 'Registry',
                          })
                        }
                      >
                        {e.title ?? e.id}
                      </button>
                    ) : (
                      (e.title ?? '—')
                    )}
                  </td>
                  <td>{words(e.link_basis)}</td>
                  {has('link_kind') && <td>{words(e.link_kind)}</td>}
                  {has('confidence') && <td className="right num">{e.confidence ?? '—'}</td>}
                  {has('distance_m') && <td className="right num">{e.distance_m ?? '—'}</td>}
                  {has('stage') && <td>{e.stage ?? '—'}</td>}
                  {has('last_reported_at') && (
                    <td className="num">{e.last_reported_at ? formatUtc(e.last_reported_at) : '—'}</td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {observability && (
        <div className="registry-observability">
          <p>
            Observability: {observability.summary ?? '—'}
            {typeof observability.events_analysed === 'number'
              ? ` (${observability.events_analysed} events analysed, ${observability.served_marks ?? 0} marks served)`
              : ''}
          </p>
          {observability.marks?.length ? (
            <ul>
              {observability.marks.map((m, i) => (
                <li key={`${m.label ?? 'mark'}-${i}`}>
                  {m.label ?? '—'}
                  {m.test_strength ? ` · ${words(m.test_strength)}` : ''}
                  {m.cannot_establish ? ` · cannot establish: ${m.cannot_establish}` : ''}
                  {m.how_to_obtain ? ` · how to obtain: ${m.how_to_obtain}` : ''}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      )}
    </div>
  );
}
