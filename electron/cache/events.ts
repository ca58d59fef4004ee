// Developments (the change feed) and event threads (spec: main "Development record",
// "Event thread", GET /events/{eventId}/thread; alternate "Development record (alternate)",
// "Event thread (alternate)").
import type Database from 'better-sqlite3';
import { markRetracted, recordAlias, resolveSignalId } from './signals-store';
import { bool, idOf, isObject, normTime, parseJson, stmt, str, type Json } from './sql';

/**
 * A development has no id of its own: event, axis (or development_type), time and the
 * states changed identify it, so a page fetched twice stores each development once.
 */
export function developmentKey(d: Json): {
  key: string;
  eventId: string;
  axis: string | null;
  at: string | null;
} {
  const eventId = idOf(d.event_id) ?? str(d.canonical_event_id);
  if (eventId === null) throw new TypeError('a development needs event_id');
  const axis = str(d.axis) ?? str(d.development_type);
  const at = normTime(d.observed_at ?? d.detected_at);
  const key = JSON.stringify([eventId, axis, at, d.previous_state ?? null, d.current_state ?? null]);
  return { key, eventId, axis, at };
}

export function storeDevelopments(
  db: Database.Database,
  args: { developments: readonly unknown[] },
): { stored: number } {
  const put = stmt(
    db,
    `INSERT INTO developments (key, event_id, axis, source, notable, observed_at, payload)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(key) DO UPDATE SET source = excluded.source, notable = excluded.notable, payload = excluded.payload`,
  );
  return db.transaction(() => {
    for (const d of args.developments) {
      if (!isObject(d)) throw new TypeError('a development must be an object');
      const k = developmentKey(d);
      put.run(k.key, k.eventId, k.axis, str(d.source), bool(d.notable), k.at, JSON.stringify(d));
    }
    return { stored: args.developments.length };
  })();
}

/** Latest first. `eventId` may be a folded id (it resolves to the survivor). */
export function listDevelopments(
  db: Database.Database,
  args: { eventId?: string | number; since?: string; notableOnly?: boolean; limit?: number } = {},
): Json[] {
  const where: string[] = ['1'];
  const params: unknown[] = [];
  if (args.eventId !== undefined) {
    where.push('event_id = ?');
    params.push(resolveSignalId(db, args.eventId).id);
  }
  if (args.since !== undefined) {
    where.push('observed_at >= ?');
    params.push(normTime(args.since));
  }
  if (args.notableOnly) where.push('notable = 1');
  params.push(args.limit ?? -1);
  const rows = stmt(
    db,
    `SELECT payload FROM developments WHERE ${where.join(' AND ')} ORDER BY observed_at DESC LIMIT ?`,
  )
    .pluck()
    .all(params) as string[];
  return rows.map((p) => JSON.parse(p) as Json);
}

/**
 * Stores a thread under its canonical event. The thread is the service's word on what
 * became of the id asked for: a main-profile thread naming another event_id records the
 * alias (merged_from_request), and `retracted: true` flags the event (spec: main, "Event
 * thread"; "States and transitions").
 */
export function storeThread(
  db: Database.Database,
  args: { eventId: string | number; thread: unknown },
): { eventId: string; aliased: boolean; retracted: boolean } {
  const requested = idOf(args.eventId);
  if (requested === null) throw new TypeError('storeThread needs the event id asked for');
  if (!isObject(args.thread)) throw new TypeError('a thread must be an object');
  const canonical = isObject(args.thread.canonical_event) ? args.thread.canonical_event : {};
  const eventId = idOf(canonical.event_id) ?? requested;
  const retracted = canonical.retracted === true;
  return db.transaction(() => {
    const aliased = eventId !== requested;
    if (aliased) recordAlias(db, { oldId: requested, survivorId: eventId });
    if (retracted) markRetracted(db, { id: eventId, retractedAt: str(canonical.retracted_at) });
    stmt(
      db,
      `INSERT INTO threads (event_id, title, retracted, fetched_at, payload) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT(event_id) DO UPDATE SET title = excluded.title, retracted = excluded.retracted,
         fetched_at = excluded.fetched_at, payload = excluded.payload`,
    ).run(
      eventId,
      str(canonical.title),
      retracted ? 1 : 0,
      new Date().toISOString(),
      JSON.stringify(args.thread),
    );
    return { eventId, aliased, retracted };
  })();
}

/** The events whose threads were fetched most recently (the ones the analyst opened), newest first. */
export function recentThreadIds(db: Database.Database, args: { limit: number }): string[] {
  return stmt(db, 'SELECT event_id FROM threads ORDER BY fetched_at DESC LIMIT ?')
    .pluck()
    .all(args.limit) as string[];
}

/** The cached thread of an event (a folded id resolves to its survivor's thread). */
export function getThread(db: Database.Database, eventId: string | number): Json | null {
  const { id } = resolveSignalId(db, eventId);
  return parseJson(
    (stmt(db, 'SELECT payload FROM threads WHERE event_id = ?').pluck().get(id) as string | null) ?? null,
  );
}
