// The inspector's section for a standing order (app/inspector.tsx): its state, cadence, box,
// last run with the cached events that can explain it; "Open in Orders". A record the cache no
// longer holds says so.
import { useMemo } from 'react';
import { useAppInfo, useOutbox, useStandingOrders } from '../../data';
import { formatKm2 } from '../../map/box-tool/box';
import type { Selection } from '../../state/selection';
import { showBoxOnMap } from '../../state/map-request';
import { useViewState } from '../../state/view-state';
import { HonestyMark } from '../../ui/honesty-mark';
import { SelectionHead, Unread } from '../../ui/selection-head';
import { formatUtc } from '../../ui/time';
import { FiredPanel } from './detail-panels';
import { orderLines } from './order-lines';

export function OrderInspector({ selection }: { selection: Selection }) {
  const info = useAppInfo().data;
  const orders = useStandingOrders();
  const outbox = useOutbox();
  const setView = useViewState((s) => s.setView);
  const line = useMemo(
    () => orderLines(orders.data?.rows ?? [], outbox.data ?? []).find((l) => l.id === selection.id),
    [orders.data, outbox.data, selection.id],
  );
  const head = (
    <SelectionHead
      kind="Standing order"
      title={line?.name ?? selection.label ?? selection.id}
      selection={selection}
    />
  );
  if (!line)
    return (
      <>
        {head}
        <Unread what="standing order" query={orders} />
      </>
    );
  return (
    <>
      {head}
      <dl className="facts">
        <dt>State</dt>
        <dd>
          {line.active === null ? (
            <span className="unknown">not said</span>
          ) : line.active ? (
            'active'
          ) : (
            'paused'
          )}
          {(line.pending || line.changes.length > 0) && (
            <>
              {' '}
              <HonestyMark kind="pending" detail="in the outbox" />
            </>
          )}
        </dd>
        <dt>Cadence</dt>
        <dd>{line.cadence ?? <span className="unknown">not said</span>}</dd>
        <dt>Area</dt>
        <dd className="num">{line.km2 === null ? '—' : formatKm2(line.km2)}</dd>
        <dt>Next due</dt>
        <dd className="num">{line.nextDueAt ? formatUtc(line.nextDueAt) : '—'}</dd>
      </dl>
      <FiredPanel orderId={line.id} name={line.name} demo={info?.mode === 'demo'} compact />
      <div className="actions">
        <button type="button" onClick={() => setView('orders')}>
          Open in Orders
        </button>
        <button type="button" onClick={() => showBoxOnMap(line.bbox)}>
          Show on map
        </button>
      </div>
    </>
  );
}
