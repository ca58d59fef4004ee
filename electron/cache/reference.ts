// Briefs, registry entities and claims (spec: main "Brief", "Registry entity"; alternate
// "Brief (alternate)", "Registry history (alternate)", "Claim").
import type Database from 'better-sqlite3';
import { setListMeta } from './checkpoints';
import { objects } from './list-store';
import { idOf, isObject, num, parseJson, stmt, str, type Json } from './sql';

/**
 * Stores a brief by period and covered date: main {period {type, start, end}, brief};
 * alternate {brief {date}} (daily only). `period`/`date` override what the payload says.
 */
export function storeBrief(
  db: Database.Database,
  args: { brief: unknown; period?: string; date?: string },
): { period: string; date: string } {
  const payload = args.brief;
  if (!isObject(payload)) throw new TypeError('a brief must be an object');
  const period = isObject(payload.period) ? payload.period : {};
  const inner = isObject(payload.brief) ? payload.brief : {};
  const type = args.period ?? str(period.type) ?? 'daily';
  // For weekly and monthly the date is the period's last day (spec: main, GET /brief).
  const date = (args.date ?? str(period.end) ?? str(inner.date) ?? str(period.start))?.slice(0, 10);
  if (!date) throw new TypeError('a brief needs the date it covers');
  stmt(
    db,
    `INSERT INTO briefs (period, date, headline, fetched_at, payload) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT(period, date) DO UPDATE SET headline = excluded.headline, fetched_at = excluded.fetched_at,
       payload = excluded.payload`,
  ).run(type, date, str(inner.headline), new Date().toISOString(), JSON.stringify(payload));
  return { period: type, date };
}

/** The brief for a period and date; without a date, the latest cached. */
export function getBrief(db: Database.Database, args: { period?: string; date?: string } = {}): Json | null {
  const period = args.period ?? 'daily';
  const row =
    args.date === undefined
      ? stmt(db, 'SELECT payload FROM briefs WHERE period = ? ORDER BY date DESC LIMIT 1').pluck().get(period)
      : stmt(db, 'SELECT payload FROM briefs WHERE period = ? AND date = ?').pluck().get(period, args.date);
  return parseJson((row as string | undefined) ?? null);
}

export function listBriefs(
  db: Database.Database,
  args: { period?: string } = {},
): { period: string; date: string; headline: string | null }[] {
  return stmt(
    db,
    'SELECT period, date, headline FROM briefs WHERE @period IS NULL OR period = @period ORDER BY date DESC, period',
  ).all({ period: args.period ?? null }) as { period: string; date: string; headline: string | null }[];
}

/** Upserts registry search rows ({id, canonical, subtype, lat, lng, source, attribution}). */
export function storeEntities(
  db: Database.Database,
  args: { entities: readonly unknown[] },
): { stored: number } {
  const put = stmt(
    db,
    `INSERT INTO entities (id, canonical, subtype, lat, lng, payload, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(id) DO UPDATE SET canonical = excluded.canonical, subtype = excluded.subtype, lat = excluded.lat,
       lng = excluded.lng, payload = excluded.payload, updated_at = excluded.updated_at`,
  );
  return db.transaction(() => {
    for (const e of objects(args.entities, 'entity')) {
      const id = idOf(e.id) ?? idOf(e.entity_id);
      if (id === null) throw new TypeError('an entity needs an id');
      put.run(
        id,
        str(e.canonical) ?? str(e.name),
        str(e.subtype),
        num(e.lat),
        num(e.lng),
        JSON.stringify(e),
        new Date().toISOString(),
      );
    }
    return { stored: args.entities.length };
  })();
}

/** Stores an entity's registry history (its linked events), creating the row if needed. */
export function storeEntityHistory(db: Database.Database, args: { id: string; history: unknown }): void {
  if (!isObject(args.history)) throw new TypeError('an entity history must be an object');
  const entity = isObject(args.history.entity) ? args.history.entity : {};
  stmt(
    db,
    `INSERT INTO entities (id, canonical, subtype, payload, history, updated_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT(id) DO UPDATE SET history = excluded.history, updated_at = excluded.updated_at`,
  ).run(
    args.id,
    str(entity.canonical),
    str(entity.subtype),
    JSON.stringify({ id: args.id, ...entity }),
    JSON.stringify(args.history),
    new Date().toISOString(),
  );
}

export function getEntity(db: Database.Database, id: string): { entity: Json; history: Json | null } | null {
  const row = stmt(db, 'SELECT payload, history FROM entities WHERE id = ?').get(id) as
    { payload: string; history: string | null } | undefined;
  return row ? { entity: JSON.parse(row.payload) as Json, history: parseJson(row.history) } : null;
}

/** Cached entities, optionally by name fragment and subtypes. */
export function listEntities(
  db: Database.Database,
  args: { q?: string; subtypes?: readonly string[] } = {},
): Json[] {
  const rows = stmt(
    db,
    `SELECT payload FROM entities
     WHERE (@q IS NULL OR canonical LIKE '%' || @q || '%')
       AND (@subtypes IS NULL OR subtype IN (SELECT value FROM json_each(@subtypes)))
     ORDER BY canonical, id`,
  )
    .pluck()
    .all({
      q: args.q ?? null,
      subtypes: args.subtypes?.length ? JSON.stringify(args.subtypes) : null,
    }) as string[];
  return rows.map((p) => JSON.parse(p) as Json);
}

/** Upserts claims (spec: alternate "Claim"); `meta` keeps counts and summary. */
export function storeClaims(
  db: Database.Database,
  args: { claims: readonly unknown[]; meta?: unknown },
): { stored: number } {
  const put = stmt(
    db,
    `INSERT INTO claims (claim_id, evidence_class, independent_source_count, restated, payload, updated_at)
     VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT(claim_id) DO UPDATE SET evidence_class = excluded.evidence_class,
       independent_source_count = excluded.independent_source_count, restated = excluded.restated,
       payload = excluded.payload, updated_at = excluded.updated_at`,
  );
  return db.transaction(() => {
    for (const c of objects(args.claims, 'claim')) {
      const id = idOf(c.claim_id);
      if (id === null) throw new TypeError('a claim needs a claim_id');
      put.run(
        id,
        str(c.evidence_class),
        num(c.independent_source_count),
        isObject(c.restated_by) ? 1 : 0,
        JSON.stringify(c),
        new Date().toISOString(),
      );
    }
    if (args.meta !== undefined) setListMeta(db, 'claims', args.meta);
    return { stored: args.claims.length };
  })();
}

export function listClaims(
  db: Database.Database,
  args: { evidenceClass?: string; restatedOnly?: boolean; limit?: number } = {},
): Json[] {
  const rows = stmt(
    db,
    `SELECT payload FROM claims WHERE (@cls IS NULL OR evidence_class = @cls) AND (@restated = 0 OR restated = 1)
     ORDER BY rowid DESC LIMIT @limit`,
  )
    .pluck()
    .all({
      cls: args.evidenceClass ?? null,
      restated: args.restatedOnly ? 1 : 0,
      limit: args.limit ?? -1,
    }) as string[];
  return rows.map((p) => JSON.parse(p) as Json);
}
