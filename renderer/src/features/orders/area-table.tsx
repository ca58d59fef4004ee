// The monitoring areas: metric, the service's status, the latest measurement (an anomaly
// stands out), the box and what is pending. A row shows the area's series below.
import { useSelection } from '../../state/selection';
import { formatKm2 } from '../../map/box-tool/box';
import type { AreaLine } from './order-lines';
import { PendingNote } from './pending-note';

export function AreaTable({ lines }: { lines: readonly AreaLine[] }) {
  const selection = useSelection((s) => s.selection);
  const select = useSelection((s) => s.select);
  const choose = (l: AreaLine) => select({ kind: 'area', id: l.id, label: l.name, from: 'Orders' });
  return (
    <div className="table-scroll">
      <table className="dense areas-table" aria-label="Monitoring areas">
        <thead>
          <tr>
            <th>Name</th>
            <th>Metric</th>
            <th>Status</th>
            <th>Latest</th>
            <th className="right">Area</th>
            <th>Service</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr
              key={l.id}
              tabIndex={0}
              aria-selected={selection?.kind === 'area' && selection.id === l.id}
              data-testid="area-row"
              onClick={() => choose(l)}
              onKeyDown={(e) => e.key === 'Enter' && choose(l)}
              title="Show this area's series"
            >
              <td>{l.name}</td>
              <td>{l.metric?.replace(/_/g, ' ') ?? <span className="unknown">not said</span>}</td>
              <td>
                {l.status === 'anomaly' ? (
                  <span className="tag tag-danger">anomaly</span>
                ) : (
                  (l.status ?? <span className="unknown">not said</span>)
                )}
              </td>
              <td className="num">
                {l.latest ? (
                  <>
                    {l.latest.date ?? 'undated'} · {l.latest.value ?? '—'}
                    {l.latest.anomaly && <span className="tag tag-danger"> anomaly</span>}
                  </>
                ) : (
                  <span className="muted">no measurement yet</span>
                )}
              </td>
              <td className="right num">{l.km2 === null ? '—' : formatKm2(l.km2)}</td>
              <td>
                <PendingNote pending={l.pending} changes={l.changes} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
