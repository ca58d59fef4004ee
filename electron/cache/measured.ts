// Measured events of every kind and the transit index (spec: main "Measured event
// records", measured lists, GET /transit-anomalies). Stored as recorded: never a cause.
import type Database from 'better-sqlite3';
import { checkBBox, type BBox } from '../../shared/bbox';
import { setListMeta } from './checkpoints';
import { objects } from './list-store';
import { idOf, isObject, normTime, num, stmt, str, type Json } from './sql';

/** Where a measured record sits: location, else the city, volcano, centre or epicentre. */
function pointOf(r: Json): { lat: number | null; lng: number | null } {
  const quake = isObject(r.earthquake) ? r.earthquake.epicentre : undefined;
  for (const p of [r.location, r.city, r.volcano, r.centre, quake, r])
    if (isObject(p) && num(p.lat) !== null && num(p.lng) !== null)
      return { lat: num(p.lat), lng: num(p.lng) };
  return { lat: null, lng: null };
}

/**
 * Upserts measured records of one list (`kind`: the list's key, e.g. thermal_anomalies, or
 * the measured_kind) by event_id; `meta` keeps the list's definition constants.
 */
export function storeMeasured(
  db: Database.Database,
  args: { kind: string; records: readonly unknown[]; meta?: unknown },
): { stored: number } {
  const put = stmt(
    db,
    `INSERT INTO measured_events (kind, event_id, measured_kind, category, title, lat, lng, recorded_at, payload)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(kind, event_id) DO UPDATE SET measured_kind = excluded.measured_kind, category = excluded.category,
       title = excluded.title, lat = excluded.lat, lng = excluded.lng, recorded_at = excluded.recorded_at,
       payload = excluded.payload`,
  );
  return db.transaction(() => {
    for (const r of objects(args.records, `${args.kind} record`)) {
      const id = idOf(r.event_id);
      if (id === null) throw new TypeError(`a ${args.kind} record needs an event_id`);
      const { lat, lng } = pointOf(r);
      const at = normTime(r.detected_at ?? r.recorded_at ?? r.sensed_at);
      put.run(
        args.kind,
        id,
        str(r.measured_kind) ?? args.kind,
        str(r.category),
        str(r.title),
        lat,
        lng,
        at,
        JSON.stringify(r),
      );
    }
    if (args.meta !== undefined) setListMeta(db, `measured:${args.kind}`, args.meta);
    return { stored: args.records.length };
  })();
}

/** Latest first; `since` compares the recorded (or detected) time. */
export function listMeasured(
  db: Database.Database,
  args: { kind?: string; since?: string; bbox?: BBox | readonly number[]; limit?: number } = {},
): Json[] {
  const where = ['1'];
  const params: unknown[] = [];
  if (args.kind !== undefined) {
    where.push('kind = ?');
    params.push(args.kind);
  }
  if (args.since !== undefined) {
    where.push('recorded_at >= ?');
    params.push(normTime(args.since));
  }
  if (args.bbox) {
    const [w, s, e, n] = checkBBox(args.bbox);
    where.push('lng BETWEEN ? AND ? AND lat BETWEEN ? AND ?');
    params.push(w, e, s, n);
  }
  params.push(args.limit ?? -1);
  return (
    stmt(
      db,
      `SELECT payload FROM measured_events WHERE ${where.join(' AND ')} ORDER BY recorded_at DESC LIMIT ?`,
    )
      .pluck()
      .all(params) as string[]
  ).map((p) => JSON.parse(p) as Json);
}

/**
 * Stores the transit index places (28 straits and canals; the endpoint returns them all, so
 * `replaceAll` defaults to true) and the response meta (as_of, definition, attribution).
 */
export function storeTransit(
  db: Database.Database,
  args: { places: readonly unknown[]; meta?: unknown; replaceAll?: boolean },
): { stored: number; removed: number } {
  const put = stmt(
    db,
    `INSERT INTO transit_places (entity_id, name, lat, lng, status, as_of, anomalous, payload)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(entity_id) DO UPDATE SET name = excluded.name, lat = excluded.lat, lng = excluded.lng,
       status = excluded.status, as_of = excluded.as_of, anomalous = excluded.anomalous, payload = excluded.payload`,
  );
  return db.transaction(() => {
    const ids = objects(args.places, 'transit place').map((p) => {
      const id = idOf(p.entity_id);
      if (id === null) throw new TypeError('a transit place needs an entity_id');
      const level = isObject(p.level) ? p.level : {};
      put.run(
        id,
        str(p.name),
        num(p.lat),
        num(p.lng),
        str(p.status),
        str(level.as_of),
        isObject(p.anomaly) ? 1 : 0,
        JSON.stringify(p),
      );
      return id;
    });
    if (args.meta !== undefined) setListMeta(db, 'transit', args.meta);
    const removed =
      (args.replaceAll ?? true)
        ? stmt(db, 'DELETE FROM transit_places WHERE entity_id NOT IN (SELECT value FROM json_each(?))').run(
            JSON.stringify(ids),
          ).changes
        : 0;
    return { stored: ids.length, removed };
  })();
}

export function listTransit(db: Database.Database, args: { anomalousOnly?: boolean } = {}): Json[] {
  const sql = `SELECT payload FROM transit_places ${args.anomalousOnly ? 'WHERE anomalous = 1' : ''} ORDER BY name, entity_id`;
  return (stmt(db, sql).pluck().all() as string[]).map((p) => JSON.parse(p) as Json);
}
