// A stored entity search: one row per registry entity (name, subtype, place, source and its
// attribution), each with its history a call away (its price said before the buttons).
import type { StoredAnswerOf } from '../../../../shared/contract';
import { useToolAnswer } from '../../data';
import { useRunner } from '../../tools-common/define-tool';
import { CostLine } from '../../tools-common/run-bar';
import { useRegistryState } from './registry-state';
import { subtypeWords } from './registry-params';

type Entity = NonNullable<StoredAnswerOf<'entities.search'>['answer']>['entities'][number];

const place = (e: Entity) =>
  typeof e.lat === 'number' && typeof e.lng === 'number' ? `${e.lat.toFixed(3)}, ${e.lng.toFixed(3)}` : '—';

/** The entity whose history is shown. */
function useChosenEntity(): string | null {
  const detail = useToolAnswer(useRegistryState((s) => s.detailId)).data;
  return detail?.tool === 'entities.detail' ? String(detail.request.entityId) : null;
}

export function EntityResults({ answer }: { answer: StoredAnswerOf<'entities.search'> }) {
  const detail = useRunner('entities.detail');
  const chosenEntity = useChosenEntity();
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
                    disabled={detail.pending}
                    aria-label={`Look up the history of ${e.canonical ?? String(e.id)}`}
                    onClick={() => detail.start({ tool: 'entities.detail', params: { entityId: e.id } })}
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
