// Standing orders (orders.list) as dashed outlines of the box each one checks on its cadence.
import type { OrdersListResult } from '../../../../shared/contract';
import { figure, textFigure, timeOf } from './figures';
import { ownAreaLayer } from './own-areas';

type Order = OrdersListResult['rows'][number]['record'];
export const STANDING_ORDERS_LAYER_ID = 'standing-orders';

export const standingOrdersLayer = ownAreaLayer<Order>({
  id: STANDING_ORDERS_LAYER_ID,
  title: 'Standing orders',
  kind: 'Standing order',
  hint: 'boxes checked on a cadence',
  dash: 'dashed',
  labelAt: 'below',
  selectionKind: 'order',
  bboxOf: (o) => o.bbox,
  nameOf: (o) => o.name,
  attention: () => false,
  describe(o) {
    return {
      figures: [
        ...(o.active === true || o.active === false
          ? [{ label: 'State', value: o.active ? 'active' : 'paused' }]
          : []),
        ...textFigure('Cadence', o.cadence),
        ...figure('Runs', o.total_runs, '', 0),
        ...figure('Quiet checks', o.quiet_checks, '', 0),
      ],
      time: timeOf(['next due', o.next_due_at], ['last run', o.last_run_at]),
      notes: [],
    };
  },
});
