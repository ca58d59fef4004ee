// The monitoring areas: metric, the service's status, the latest measurement (an anomaly
// stands out), the box and what is pending. A row shows the area's series below.
import { formatKm2 } from '../../map/box-tool/box';
import type { AreaLine } from './order-lines';
import { PendingNote } from './pending-note';
import { useRowChoice } from './row-choice';
import { ChoosableRow, RowTable, type Column } from '../../ui/row-table';

const COLUMNS: readonly Column[] = [
  'Name',
  'Metric',
  'Status',
  'Latest',
  { label: 'Area', className: 'right' },
  'Service',
];

export function AreaTable({ lines }: { lines: readonly AreaLine[] }) {
  const { isChosen, choose } = useRowChoice('area');
  return (
    <RowTable className="areas-table" label="Monitoring areas" columns={COLUMNS}>
      {lines.map((l) => (
        <ChoosableRow
          key={l.id}
          selected={isChosen(l.id)}
          testId="area-row"
          onChoose={() => choose(l)}
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
        </ChoosableRow>
      ))}
    </RowTable>
  );
}
