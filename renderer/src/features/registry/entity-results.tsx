// A stored entity search: one row per registry entity (name, subtype, place, source and its
// attribution), each with its history a call away (its price said before the buttons).
import type { StoredAnswerOf } from '../../../../shared/contract';
import { CostLine } from '../../tools-common/run-bar';
import { subtypeWords } from './registry-params';

type Entity = NonNullable<StoredAnswerOf<'entities.search'>['answer']>['entities'][number];

const place = (e: Entity) =>
  typeof e.lat === 'number' && typeof e.lng === 'number' ? `${e.lat.toFixed(3)}, ${e.lng.toFixed(3)}` : '—';

export function EntityResults({
  answer,
  chosenEntity,
  onHistory,
  busy,
}: {
  answer: StoredAnswerOf<'entities.search'>;
  /** The entity whose history is shown. */
  chosenEntity: string | null;
  onHistory: (e: Entity) => void;
  busy: boolean;
}) {
  const rows = answer.answer?.entities ?? [];
  if (rows.length === 0)
    return <p className="muted">The registry has no entity matching “{answer.request.q}”.</p>;
  return (
    <>
      <CostLine tool="entities.detail" params={{}} />
      <div className="table-scroll">
        <table className="dense" aria-label="Entities">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Subtype</th>
              <th scope="col">Lat, lon</th>
              <th scope="col">Source</th>
              <th scope="col">
                <span className="visually-hidden">History</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((e) => (
              <tr key={String(e.id)} aria-selected={String(e.id) === chosenEntity}>
                <td>
                  {e.canonical ?? '—'}
                  <div className="muted mono">{String(e.id)}</div>
                </td>
                <td>{e.subtype ? subtypeWords(e.subtype) : '—'}</td>
                <td className="num">{place(e)}</td>
                <td>
                  {e.source ?? '—'}
                  {e.attribution ? <div className="muted">{e.attribution}</div> : null}
                </td>
                <td>
                  <button
                    type="button"
                    className="ghost"
                    disabled={busy}
                    aria-label={`Look up the history of ${e.canonical ?? String(e.id)}`}
                    onClick={() => onHistory(e)}
                  >
                    History
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
