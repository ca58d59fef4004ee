// A stored GET /signals?linked_to=facility:<id>: the signals the service links to the entity,
// each selecting its signal. A plan without linked_to drops the filter and answers the
// unfiltered list (meta.filter_clamp naming the plans that have it): then the rows are not
// linked to the entity, so they are not listed as if they were; the clamp is shown above.
import type { StoredAnswerOf } from '../../../../shared/contract';
import { sameSelection, useSelection } from '../../state/selection';
import { formatUtc } from '../../ui/time';

/** The linked_to filter the plan dropped, and the plans that have it (from the answer's own meta). */
export function droppedFilter(a: StoredAnswerOf<'signals.linked'>): { plans: string[] } | null {
  const fc = a.answer?.meta.filter_clamp as
    ({ required_plans?: string[] | null } & Record<string, unknown>) | null | undefined;
  if (!fc || !('linked_to' in fc)) return null;
  return { plans: fc.required_plans ?? [] };
}

export function LinkedSignals({ answer }: { answer: StoredAnswerOf<'signals.linked'> }) {
  const selection = useSelection((s) => s.selection);
  const select = useSelection((s) => s.select);
  if (!answer.answer) return null;
  const dropped = droppedFilter(answer);
  const signals = answer.answer.signals;
  if (dropped)
    return (
      <p role="note" className="warn" data-testid="linked-dropped">
        Your plan does not include the linked_to filter: the service dropped it
        {dropped.plans.length ? ` (it needs ${dropped.plans.join(' or ')})` : ''} and answered{' '}
        {signals.length} signals not filtered by this entity, which are not listed here.
      </p>
    );
  const m = answer.answer.meta;
  return (
    <>
      <p className="muted" data-testid="linked-count">
        {signals.length} signals linked
        {m.start_date ? ` between ${m.start_date} and ${m.end_date ?? '—'}` : ''}
        {m.has_more ? ' (more than one page: the first is shown)' : ''}
      </p>
      {signals.length > 0 && (
        <div className="table-scroll">
          <table className="dense" aria-label="Linked signals">
            <thead>
              <tr>
                <th scope="col">Signal</th>
                <th scope="col">Occurred (UTC)</th>
                <th scope="col">Stage</th>
                <th scope="col">Place</th>
              </tr>
            </thead>
            <tbody>
              {signals.map((s) => (
                <tr key={s.id} aria-selected={sameSelection(selection, { kind: 'signal', id: s.id })}>
                  <td>
                    <button
                      type="button"
                      className="link-button"
                      aria-label={`Select signal ${s.title ?? s.id}`}
                      onClick={() =>
                        select({ kind: 'signal', id: s.id, label: s.title ?? s.id, from: 'Registry' })
                      }
                    >
                      {s.title ?? s.id}
                    </button>
                  </td>
                  <td className="num">{s.occurred_at ? formatUtc(s.occurred_at) : '—'}</td>
                  <td>{s.stage ?? '—'}</td>
                  <td>{s.location ?? s.country ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
