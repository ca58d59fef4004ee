// Orders: the analyst's standing orders and monitoring areas as cached, each change pending
// until the service has it. New ones are drawn on the map ("Draw on map" opens the Map with
// its box tool armed: the tool shows the km², refuses what the service would refuse, and
// creates through the outbox). A fired order shows the events that can explain it; an area
// its series with the service's anomalies.
import './orders.css';
import { useMemo, type ReactNode } from 'react';
import { useAppInfo, useMonitoringAreas, useOutbox, useStandingOrders } from '../../data';
import { useBoxTool } from '../../state/box-tool';
import { useSelection } from '../../state/selection';
import { useViewState } from '../../state/view-state';
import { AnswerMarks } from '../../ui/answer-marks';
import { EmptyState, Loaded } from '../../ui/empty-state';
import { AreaTable } from './area-table';
import { FiredPanel } from './detail-panels';
import { SeriesPanel } from './series-panel';
import { areaLines, isPending, orderLines } from './order-lines';
import { OrderTable } from './order-table';

/** Switches to the map with the box tool drawing (a box left from before is dropped). */
export function drawOnMap(): void {
  const tool = useBoxTool.getState();
  tool.clearBox();
  tool.startDrawing();
  useViewState.getState().setView('map');
}

/** One of the two lists: read from the cache, its table, or why it is empty and how to add one. */
function ListSection({
  id,
  title,
  what,
  query,
  count,
  hint,
  children,
}: {
  id: string;
  title: string;
  what: string;
  query: { error: Error | null; data: { asOf: string | null } | undefined };
  count: number;
  hint: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="section-title">
        {title}
      </h2>
      <Loaded
        query={query}
        failed={`The ${what} could not be read from the cache`}
        reading={`Reading ${what}…`}
      >
        {(data) =>
          count > 0 ? (
            children
          ) : data.asOf === null ? (
            <EmptyState title={`No ${what} synced yet`}>
              <p>The next sync brings them (see Status).</p>
            </EmptyState>
          ) : (
            <EmptyState title={`No ${what}`}>
              <p>{hint}</p>
            </EmptyState>
          )
        }
      </Loaded>
    </section>
  );
}

const ORDERS = {
  id: 'orders-heading',
  title: 'Standing orders',
  what: 'standing orders',
  hint: 'Draw a box on the map (up to 100,000 km²) and create one from it.',
};
const AREAS = {
  id: 'areas-heading',
  title: 'Monitoring areas',
  what: 'monitoring areas',
  hint: 'Draw a box on the map (under 5,000 km²) and create one from it.',
};

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
          <ListSection {...ORDERS} query={orders} count={oLines.length}>
            <OrderTable lines={oLines} canChange={canChange} />
          </ListSection>
          <ListSection {...AREAS} query={areas} count={aLines.length}>
            <AreaTable lines={aLines} />
          </ListSection>
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
