// Orders: the analyst's standing orders and monitoring areas as cached, each change pending
// until the service has it. New ones are drawn on the map ("Draw on map" opens the Map with
// its box tool armed: the tool shows the km², refuses what the service would refuse, and
// creates through the outbox). A fired order shows the events that can explain it; an area
// its series with the service's anomalies.
import './orders.css';
import { useMemo } from 'react';
import { useAppInfo, useMonitoringAreas, useOutbox, useStandingOrders } from '../../data';
import { useBoxTool } from '../../state/box-tool';
import { useSelection } from '../../state/selection';
import { useViewState } from '../../state/view-state';
import { AnswerMarks } from '../../ui/answer-marks';
import { EmptyState } from '../../ui/empty-state';
import { AreaTable } from './area-table';
import { FiredPanel, SeriesPanel } from './detail-panels';
import { areaLines, isPending, orderLines } from './order-lines';
import { OrderTable } from './order-table';

/** Switches to the map with the box tool drawing (a box left from before is dropped). */
export function drawOnMap(): void {
  const tool = useBoxTool.getState();
  tool.clearBox();
  tool.startDrawing();
  useViewState.getState().setView('map');
}

export function OrdersView() {
  const info = useAppInfo().data;
  const orders = useStandingOrders();
  const areas = useMonitoringAreas();
  const outbox = useOutbox();
  const selection = useSelection((s) => s.selection);
  const demo = info?.mode === 'demo';
  // Pause, resume and delete are endpoints of the alternate profile only.
  const canChange = info?.profile === 'alternate';
  const items = outbox.data ?? [];
  const oLines = useMemo(() => orderLines(orders.data?.rows ?? [], items), [orders.data, items]);
  const aLines = useMemo(() => areaLines(areas.data?.rows ?? [], items), [areas.data, items]);
  const chosenOrder = selection?.kind === 'order' ? oLines.find((l) => l.id === selection.id) : undefined;
  const chosenArea = selection?.kind === 'area' ? aLines.find((l) => l.id === selection.id) : undefined;
  const pending = oLines.filter(isPending).length + aLines.filter(isPending).length;

  return (
    <div className="list-view orders-view" data-testid="orders-view">
      <div className="view-line">
        <button type="button" onClick={drawOnMap} title="Open the map with the box tool drawing">
          Draw on map
        </button>
        <span className="count">
          <span className="num">{oLines.length}</span> standing orders ·{' '}
          <span className="num">{aLines.length}</span> monitoring areas
          {pending > 0 && (
            <>
              {' '}
              · <span className="num">{pending}</span> pending
            </>
          )}
        </span>
        {orders.data && <AnswerMarks demo={demo} asOf={orders.data.asOf} />}
        <span className="view-line-end muted">
          {canChange
            ? 'Changes wait in the outbox until sent.'
            : 'This service (main profile) has no pause, resume or delete for standing orders.'}
        </span>
      </div>
      <div className="orders-layout">
        <div className="orders-lists">
          <section aria-labelledby="orders-heading">
            <h2 id="orders-heading" className="section-title">
              Standing orders
            </h2>
            {orders.error ? (
              <EmptyState tone="error" title="The standing orders could not be read from the cache">
                <p>{orders.error.message}</p>
              </EmptyState>
            ) : !orders.data ? (
              <EmptyState tone="loading" title="Reading standing orders…" />
            ) : oLines.length === 0 && orders.data.asOf === null ? (
              <EmptyState title="No standing orders synced yet">
                <p>The next sync brings them (see Status).</p>
              </EmptyState>
            ) : oLines.length === 0 ? (
              <EmptyState title="No standing orders">
                <p>Draw a box on the map (up to 100,000 km²) and create one from it.</p>
              </EmptyState>
            ) : (
              <OrderTable lines={oLines} canChange={canChange} />
            )}
          </section>
          <section aria-labelledby="areas-heading">
            <h2 id="areas-heading" className="section-title">
              Monitoring areas
            </h2>
            {areas.error ? (
              <EmptyState tone="error" title="The monitoring areas could not be read from the cache">
                <p>{areas.error.message}</p>
              </EmptyState>
            ) : !areas.data ? (
              <EmptyState tone="loading" title="Reading monitoring areas…" />
            ) : aLines.length === 0 && areas.data.asOf === null ? (
              <EmptyState title="No monitoring areas synced yet">
                <p>The next sync brings them (see Status).</p>
              </EmptyState>
            ) : aLines.length === 0 ? (
              <EmptyState title="No monitoring areas">
                <p>Draw a box on the map (under 5,000 km²) and create one from it.</p>
              </EmptyState>
            ) : (
              <AreaTable lines={aLines} />
            )}
          </section>
        </div>
        {chosenOrder ? (
          <FiredPanel key={chosenOrder.id} orderId={chosenOrder.id} name={chosenOrder.name} demo={demo} />
        ) : chosenArea ? (
          <SeriesPanel
            key={chosenArea.id}
            areaId={chosenArea.id}
            name={chosenArea.name}
            demo={demo}
            metering={chosenArea.metering}
          />
        ) : (
          <aside className="orders-detail orders-hint muted">
            Choose a standing order to see what it found, or a monitoring area to see its series.
          </aside>
        )}
      </div>
    </div>
  );
}
