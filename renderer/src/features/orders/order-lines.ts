// The standing orders and monitoring areas as the Orders view lists them: each cached record
// with what the outbox still holds for it, so a change reads as pending (and how) until the
// service has it, or as refused with the service's reason. Pure, tested alone.
import type { MonitoringArea, StandingOrder } from '../../../../shared/service/common';
import type { OutboxItem, OwnRecord } from '../../../../shared/contract';
import { bboxAreaKm2 } from '../../../../shared/bbox';
import { describeMetering } from '../../../../shared/tool-prices';

/** A change to this record still in the outbox: what it does, and where it stands. */
export interface PendingChange {
  what: 'creating' | 'pausing' | 'resuming' | 'deleting';
  state: OutboxItem['state'];
  /** The service's refusal, in its words (rejected or blocked). */
  refusal: string | null;
  localId: string;
}

export interface OrderLine {
  id: string;
  name: string;
  cadence: string | null;
  /** Null: the record does not say. */
  active: boolean | null;
  bbox: number[] | null;
  km2: number | null;
  lastRunAt: string | null;
  nextDueAt: string | null;
  totalRuns: number | null;
  /** Monthly tokens the service projected when it accepted the order (alternate profile only). */
  projected: { typical: number; max: number } | null;
  /** Written here and not yet sent (the cache's own flag). */
  pending: boolean;
  changes: PendingChange[];
}

export interface AreaLine {
  id: string;
  name: string;
  metric: string | null;
  status: string | null;
  latest: { date: string | null; value: number | null; anomaly: boolean } | null;
  bbox: number[] | null;
  km2: number | null;
  /** The metering the service stated when it accepted the area, in words (null: none stated). */
  metering: string | null;
  pending: boolean;
  changes: PendingChange[];
}

const s = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

function km2Of(bbox: unknown): number | null {
  if (!Array.isArray(bbox) || bbox.length !== 4 || !bbox.every((v) => typeof v === 'number')) return null;
  const [w, so, e, n] = bbox as number[];
  // West past east: the box goes on eastwards across the 180th meridian.
  return bboxAreaKm2([w!, so!, e! >= w! ? e! : e! + 360, n!]);
}

function changeOf(item: OutboxItem, what: PendingChange['what']): PendingChange {
  return {
    what,
    state: item.state,
    refusal:
      item.state === 'rejected' || item.state === 'blocked' ? (item.error?.message ?? item.state) : null,
    localId: item.localId,
  };
}

/** The outbox's open writes that concern this order (its create, pauses, resumes, delete). */
function orderChanges(id: string, outbox: readonly OutboxItem[]): PendingChange[] {
  const out: PendingChange[] = [];
  for (const item of outbox) {
    if (item.op === 'order.create' && item.localId === id) out.push(changeOf(item, 'creating'));
    else if (item.op === 'order.setActive' && item.payload.orderId === id)
      out.push(changeOf(item, item.payload.active === true ? 'resuming' : 'pausing'));
    else if (item.op === 'order.delete' && item.payload.orderId === id) out.push(changeOf(item, 'deleting'));
  }
  return out;
}

function projectionOf(r: Record<string, unknown>): OrderLine['projected'] {
  const typical = r.projected_monthly_tokens_typical;
  const max = r.projected_monthly_tokens_max;
  return typeof typical === 'number' && typeof max === 'number' ? { typical, max } : null;
}

export function orderLines(
  rows: readonly OwnRecord<StandingOrder>[],
  outbox: readonly OutboxItem[] = [],
): OrderLine[] {
  return rows.map(({ id, pending, record }) => ({
    id,
    name: s(record.name) ?? 'Unnamed order',
    cadence: s(record.cadence),
    active: typeof record.active === 'boolean' ? record.active : null,
    bbox: Array.isArray(record.bbox) ? (record.bbox as number[]) : null,
    km2: km2Of(record.bbox),
    lastRunAt: s(record.last_run_at),
    nextDueAt: s(record.next_due_at),
    totalRuns: typeof record.total_runs === 'number' ? record.total_runs : null,
    projected: projectionOf(record),
    pending,
    changes: orderChanges(id, outbox),
  }));
}

export function areaLines(
  rows: readonly OwnRecord<MonitoringArea>[],
  outbox: readonly OutboxItem[] = [],
): AreaLine[] {
  return rows.map(({ id, pending, record }) => {
    const metric = record.metrics?.[0] ?? null;
    const latest = metric?.latest ?? null;
    const r = record as MonitoringArea & { metric?: unknown; metering?: unknown };
    return {
      id,
      name: s(record.name) ?? 'Unnamed area',
      // A pending area is the write's shape: its metric is a field of its own.
      metric: s(metric?.metric_label) ?? s(metric?.metric) ?? s(r.metric),
      status: s(record.status),
      latest: latest
        ? { date: s(latest.date), value: latest.value ?? null, anomaly: latest.is_anomaly === true }
        : null,
      bbox: Array.isArray(record.bbox) ? (record.bbox as number[]) : null,
      km2: km2Of(record.bbox),
      metering:
        r.metering && typeof r.metering === 'object'
          ? describeMetering(r.metering as Record<string, number>)
          : null,
      pending,
      changes: outbox
        .filter((i) => i.op === 'monitoring.create' && i.localId === id)
        .map((i) => changeOf(i, 'creating')),
    };
  });
}

/** A record not yet known to the service: written here, or with a change on its way. */
export const isPending = (l: { pending: boolean; changes: readonly PendingChange[] }): boolean =>
  l.pending || l.changes.some((c) => c.refusal === null);
