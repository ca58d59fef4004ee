// Standing orders and monitoring areas with their series (spec: main "Standing order",
// "Monitoring area", GET /standing-orders, GET /monitoring, GET /monitoring/{areaId}).
import type Database from 'better-sqlite3';
import { setListMeta } from './checkpoints';
import { merged, objects, removeUnlisted } from './list-store';
import { bool, idOf, isObject, normTime, num, stmt, str, type Json } from './sql';

export interface StoredRecord {
  id: string;
  record: Json;
  /** Written locally; the outbox has not yet sent it. */
  pending: boolean;
}

interface ListArgs {
  /** The list envelope worth keeping (limits). */
  limits?: unknown;
  /** After a complete listing: remove what the service no longer lists. */
  replaceAll?: boolean;
  pending?: boolean;
  /** A partial answer (pause response {order {id, active}}): merge over the cached record. */
  merge?: boolean;
}

/** Upserts standing orders (either profile's shape; the list is complete, so replaceAll fits). */
/** Said only in the create answer (alternate profile): a later list that lacks them keeps them. */
const PROJECTION = ['projected_monthly_tokens_typical', 'projected_monthly_tokens_max'] as const;
function keepProjection(
  db: Database.Database,
  id: string,
  o: Record<string, unknown>,
): Record<string, unknown> {
  if (PROJECTION.every((k) => k in o)) return o;
  const old = merged(db, 'standing_orders', 'id', 'payload', id, {});
  const kept = Object.fromEntries(PROJECTION.filter((k) => !(k in o) && k in old).map((k) => [k, old[k]]));
  return Object.keys(kept).length ? { ...o, ...kept } : o;
}

export function storeStandingOrders(
  db: Database.Database,
  args: ListArgs & { orders: readonly unknown[] },
): { stored: number; removed: number } {
  const put = stmt(
    db,
    `INSERT INTO standing_orders (id, name, cadence, active, next_due_at, last_run_at, bbox, pending, payload, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(id) DO UPDATE SET name = excluded.name, cadence = excluded.cadence, active = excluded.active,
       next_due_at = excluded.next_due_at, last_run_at = excluded.last_run_at, bbox = excluded.bbox,
       pending = excluded.pending, payload = excluded.payload, updated_at = excluded.updated_at`,
  );
  return db.transaction(() => {
    const ids = objects(args.orders, 'standing order').map((o) => {
      const id = idOf(o.id);
      if (id === null) throw new TypeError('a standing order needs an id');
      const full = args.merge
        ? merged(db, 'standing_orders', 'id', 'payload', id, o)
        : keepProjection(db, id, o);
      put.run(
        id,
        str(full.name),
        str(full.cadence),
        bool(full.active),
        normTime(full.next_due_at),
        normTime(full.last_run_at),
        full.bbox === undefined ? null : JSON.stringify(full.bbox),
        args.pending ? 1 : 0,
        JSON.stringify(full),
        new Date().toISOString(),
      );
      return id;
    });
    if (args.limits !== undefined) setListMeta(db, 'standing_orders', { limits: args.limits });
    const removed = args.replaceAll ? removeUnlisted(db, 'standing_orders', 'id', ids) : 0;
    return { stored: ids.length, removed };
  })();
}

const records = (rows: { id: string; pending: number; payload: string }[]): StoredRecord[] =>
  rows.map((r) => ({ id: r.id, record: JSON.parse(r.payload) as Json, pending: r.pending === 1 }));

export function listStandingOrders(db: Database.Database): StoredRecord[] {
  return records(
    stmt(db, 'SELECT id, pending, payload FROM standing_orders ORDER BY name, id').all() as never,
  );
}

export function deleteStandingOrder(db: Database.Database, id: string): boolean {
  return stmt(db, 'DELETE FROM standing_orders WHERE id = ?').run(id).changes > 0;
}

/** Marks a standing order as changed locally (a delete the outbox has not sent yet). */
export function markStandingOrderPending(db: Database.Database, id: string): void {
  stmt(db, 'UPDATE standing_orders SET pending = 1 WHERE id = ?').run(id);
}

/** The area without its series (those live in monitoring_series), and the series points. */
function splitSeries(area: Json): {
  area: Json;
  points: { polygonId: string; metric: string | null; point: Json }[];
} {
  const points: { polygonId: string; metric: string | null; point: Json }[] = [];
  if (!Array.isArray(area.metrics)) return { area, points };
  const metrics = area.metrics.map((m: unknown) => {
    if (!isObject(m) || !Array.isArray(m.series)) return m;
    const { series, ...rest } = m;
    const polygonId = idOf(m.polygon_id) ?? str(m.metric) ?? '';
    for (const p of series as unknown[])
      if (isObject(p)) points.push({ polygonId, metric: str(m.metric), point: p });
    return rest;
  });
  return { area: { ...area, metrics }, points };
}

function putArea(db: Database.Database, input: Json, pending: boolean, merge: boolean): string {
  const id = idOf(input.area_id) ?? idOf(input.id);
  if (id === null) throw new TypeError('a monitoring area needs an area_id');
  const { area, points } = splitSeries(input);
  const full = merge ? merged(db, 'monitoring_areas', 'area_id', 'payload', id, area) : area;
  stmt(
    db,
    `INSERT INTO monitoring_areas (area_id, name, status, bbox, pending, payload, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(area_id) DO UPDATE SET name = excluded.name, status = excluded.status, bbox = excluded.bbox,
       pending = excluded.pending, payload = excluded.payload, updated_at = excluded.updated_at`,
  ).run(
    id,
    str(full.name),
    str(full.status),
    full.bbox === undefined ? null : JSON.stringify(full.bbox),
    pending ? 1 : 0,
    JSON.stringify(full),
    new Date().toISOString(),
  );
  const putPoint = stmt(
    db,
    `INSERT INTO monitoring_series (area_id, polygon_id, scene, metric, date, value, is_anomaly, stac_item_id, payload)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(area_id, polygon_id, scene) DO UPDATE SET metric = excluded.metric, date = excluded.date,
       value = excluded.value, is_anomaly = excluded.is_anomaly, payload = excluded.payload`,
  );
  for (const { polygonId, metric, point } of points) {
    const stac = str(point.stac_item_id);
    const date = str(point.date);
    putPoint.run(
      id,
      polygonId,
      stac ?? date ?? '',
      metric,
      date,
      num(point.value),
      bool(point.is_anomaly),
      stac,
      JSON.stringify(point),
    );
  }
  return id;
}

/** Upserts monitoring areas from the list (no series) or details (series stored by point). */
export function storeMonitoringAreas(
  db: Database.Database,
  args: ListArgs & { areas: readonly unknown[] },
): { stored: number; removed: number } {
  return db.transaction(() => {
    const ids = objects(args.areas, 'monitoring area').map((a) =>
      putArea(db, a, args.pending ?? false, args.merge ?? false),
    );
    if (args.limits !== undefined) setListMeta(db, 'monitoring_areas', { limits: args.limits });
    const removed = args.replaceAll ? removeUnlisted(db, 'monitoring_areas', 'area_id', ids) : 0;
    return { stored: ids.length, removed };
  })();
}

export function listMonitoringAreas(db: Database.Database): StoredRecord[] {
  return records(
    stmt(
      db,
      'SELECT area_id AS id, pending, payload FROM monitoring_areas ORDER BY name, area_id',
    ).all() as never,
  );
}

/** One area with each metric's cached series, oldest point first (as the detail read). */
export function getMonitoringArea(db: Database.Database, areaId: string): StoredRecord | null {
  const row = stmt(db, 'SELECT area_id AS id, pending, payload FROM monitoring_areas WHERE area_id = ?').get(
    areaId,
  ) as { id: string; pending: number; payload: string } | undefined;
  if (!row) return null;
  const [stored] = records([row]);
  const points = stmt(
    db,
    'SELECT polygon_id, payload FROM monitoring_series WHERE area_id = ? ORDER BY polygon_id, date, scene',
  ).all(areaId) as { polygon_id: string; payload: string }[];
  const area = stored!.record;
  if (Array.isArray(area.metrics))
    area.metrics = area.metrics.map((m: unknown) => {
      if (!isObject(m)) return m;
      const key = idOf(m.polygon_id) ?? str(m.metric) ?? '';
      const series = points.filter((p) => p.polygon_id === key).map((p) => JSON.parse(p.payload) as Json);
      return series.length ? { ...m, series } : m;
    });
  return stored!;
}

export function deleteMonitoringArea(db: Database.Database, areaId: string): boolean {
  return stmt(db, 'DELETE FROM monitoring_areas WHERE area_id = ?').run(areaId).changes > 0;
}
