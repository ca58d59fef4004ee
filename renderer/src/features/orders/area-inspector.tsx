// The inspector's section for a monitoring area (app/inspector.tsx): its status, metric, latest
// measurement and size; "Open in Orders" (its series) and "Show on map" (its box, fitted whole).
// A record the cache no longer holds says so.
import { useMemo } from 'react';
import { useMonitoringAreas, useOutbox } from '../../data';
import { formatKm2 } from '../../map/box-tool/box';
import type { Selection } from '../../state/selection';
import { showBoxOnMap } from '../../state/map-request';
import { useViewState } from '../../state/view-state';
import { HonestyMark } from '../../ui/honesty-mark';
import { SelectionHead, Unread } from '../../ui/selection-head';
import { areaLines, isPending } from './order-lines';

export function AreaInspector({ selection }: { selection: Selection }) {
  const areas = useMonitoringAreas();
  const outbox = useOutbox();
  const setView = useViewState((s) => s.setView);
  const line = useMemo(
    () => areaLines(areas.data?.rows ?? [], outbox.data ?? []).find((l) => l.id === selection.id),
    [areas.data, outbox.data, selection.id],
  );
  const head = (
    <SelectionHead
      kind="Monitoring area"
      title={line?.name ?? selection.label ?? selection.id}
      selection={selection}
    />
  );
  if (!line)
    return (
      <>
        {head}
        <Unread what="monitoring area" query={areas} />
      </>
    );
  return (
    <>
      {head}
      <dl className="facts">
        <dt>Status</dt>
        <dd>
          {line.status ?? <span className="unknown">not said</span>}
          {isPending(line) && (
            <>
              {' '}
              <HonestyMark kind="pending" detail="in the outbox" />
            </>
          )}
        </dd>
        <dt>Metric</dt>
        <dd>{line.metric?.replace(/_/g, ' ') ?? <span className="unknown">not said</span>}</dd>
        <dt>Latest</dt>
        <dd className="num">
          {line.latest ? `${line.latest.date ?? 'undated'} · ${line.latest.value ?? '—'}` : '—'}
        </dd>
        <dt>Area</dt>
        <dd className="num">{line.km2 === null ? '—' : formatKm2(line.km2)}</dd>
      </dl>
      <div className="actions">
        <button type="button" onClick={() => setView('orders')}>
          Open in Orders
        </button>
        {line.bbox && (
          <button type="button" onClick={() => showBoxOnMap(line.bbox)}>
            Show on map
          </button>
        )}
      </div>
    </>
  );
}
