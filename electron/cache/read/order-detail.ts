// The Orders view's two detail reads (contract orders.fired, monitoring.series): what can
// explain a standing order's last run, and a monitoring area's series with its anomalies.
// The service names neither the events a check found nor a series outside the area's detail
// read, so both are read from what the cache holds and say how.
import type Database from 'better-sqlite3';
import type {
  MonitoringSeriesMetric,
  MonitoringSeriesResult,
  OrderFiredResult,
  SignalRow,
} from '../../../shared/contract-read';
import { getMonitoringArea } from '../areas';
import { idOf, isObject, num, stmt, str, type Json } from '../sql';
import { ownListAsOf } from './own';
import { querySignalRows } from './signals';

const DAY_MS = 86_400_000;
/** At most this many events are returned; `total` says how many matched. */
const FIRED_EVENTS_LIMIT = 50;

/** The order's period: a daily order looks back a day, any other cadence (weekly, the default) a week. */
export const cadencePeriodMs = (cadence: string | null): number =>
  cadence === 'daily' ? DAY_MS : 7 * DAY_MS;

function orderRecord(db: Database.Database, orderId: string): Json | null {
  const payload = stmt(db, 'SELECT payload FROM standing_orders WHERE id = ?').pluck().get(orderId) as
    string | undefined;
  return payload === undefined ? null : (JSON.parse(payload) as Json);
}

/** A box the signal filter takes (west before east, in range), or null. */
function filterBox(v: unknown): [number, number, number, number] | null {
  if (!Array.isArray(v) || v.length !== 4 || !v.every((x) => typeof x === 'number' && Number.isFinite(x)))
    return null;
  const [w, s, e, n] = v as number[];
  return w! < e! && s! < n! && w! >= -180 && e! <= 180 && s! >= -90 && n! <= 90 ? [w!, s!, e!, n!] : null;
}

/** Null when the order is not in the cache. */
export function readOrderFired(
  db: Database.Database,
  orderId: string,
): Omit<OrderFiredResult, 'asOf'> | null {
  const order = orderRecord(db, orderId);
  if (!order) return null;
  const firedAt = str(order.last_run_at);
  const ranAt = firedAt === null ? NaN : Date.parse(firedAt);
  const bbox = filterBox(order.bbox);
  if (Number.isNaN(ranAt) || !bbox) return { orderId, firedAt, since: null, events: [], total: 0 };
  const since = new Date(ranAt - cadencePeriodMs(str(order.cadence))).toISOString();
  const { rows, total } = querySignalRows(
    db,
    { bbox, start: since, end: new Date(ranAt).toISOString() },
    { sort: 'severity', limit: FIRED_EVENTS_LIMIT },
  );
  return { orderId, firedAt: new Date(ranAt).toISOString(), since, events: rows as SignalRow[], total };
}

/** Null when the area is not in the cache. */
export function readMonitoringSeries(db: Database.Database, areaId: string): MonitoringSeriesResult | null {
  const stored = getMonitoringArea(db, areaId);
  if (!stored) return null;
  const metrics: MonitoringSeriesMetric[] = (
    Array.isArray(stored.record.metrics) ? stored.record.metrics : []
  )
    .filter(isObject)
    .map((m: Json) => ({
      polygonId: idOf(m.polygon_id),
      metric: str(m.metric),
      label: str(m.metric_label),
      points: (Array.isArray(m.series) ? m.series : []).filter(isObject).map((p: Json) => ({
        date: str(p.date),
        value: num(p.value),
        anomaly: p.is_anomaly === true,
      })),
    }));
  return { areaId: stored.id, pending: stored.pending, metrics, asOf: ownListAsOf(db, 'monitoring_areas') };
}
