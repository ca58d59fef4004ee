// One checkpoint row per sync stream (updated_since high-water mark, cursor, offset…),
// written in the same transaction as the page it describes (docs/architecture.md, "The cache").
import type Database from 'better-sqlite3';

export function getCheckpoint<T = unknown>(db: Database.Database, stream: string): T | null {
  const row = db.prepare('SELECT state FROM sync_checkpoints WHERE stream = ?').get(stream) as
    { state: string } | undefined;
  return row ? (JSON.parse(row.state) as T) : null;
}

/** Writes (or with null, removes) a stream's checkpoint. Call inside the data's transaction. */
export function setCheckpoint(db: Database.Database, stream: string, state: unknown): void {
  if (state === null || state === undefined) {
    db.prepare('DELETE FROM sync_checkpoints WHERE stream = ?').run(stream);
    return;
  }
  db.prepare(
    `INSERT INTO sync_checkpoints (stream, state, updated_at) VALUES (?, ?, ?)
     ON CONFLICT(stream) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at`,
  ).run(stream, JSON.stringify(state), new Date().toISOString());
}

export function listCheckpoints(
  db: Database.Database,
): { stream: string; state: unknown; updatedAt: string }[] {
  const rows = db.prepare('SELECT stream, state, updated_at FROM sync_checkpoints ORDER BY stream').all() as {
    stream: string;
    state: string;
    updated_at: string;
  }[];
  return rows.map((r) => ({
    stream: r.stream,
    state: JSON.parse(r.state) as unknown,
    updatedAt: r.updated_at,
  }));
}

/** Keeps a list envelope (limits, buckets, measured-list definition) for the UI. */
export function setListMeta(db: Database.Database, resource: string, meta: unknown): void {
  db.prepare(
    `INSERT INTO list_meta (resource, meta, updated_at) VALUES (?, ?, ?)
     ON CONFLICT(resource) DO UPDATE SET meta = excluded.meta, updated_at = excluded.updated_at`,
  ).run(resource, JSON.stringify(meta), new Date().toISOString());
}

export function getListMeta<T = unknown>(db: Database.Database, resource: string): T | null {
  const row = db.prepare('SELECT meta FROM list_meta WHERE resource = ?').get(resource) as
    { meta: string } | undefined;
  return row ? (JSON.parse(row.meta) as T) : null;
}

/** A narrowing the service reported (meta.window_clamp, meta.filter_clamp, plan_lock). */
export interface RecordedClamp {
  stream: string;
  kind: string;
  detail: unknown;
  required_plans?: string[];
  recorded_at: string;
}

const clampKey = (stream: string) => `clamps:${stream}`;

/**
 * Replaces what a stream's latest run was told about narrowing: the clamps it reported, or
 * none (a plan that stopped clamping clears the note). The cache covers only what these allow.
 */
export function setStreamClamps(
  db: Database.Database,
  stream: string,
  clamps: readonly Omit<RecordedClamp, 'recorded_at'>[],
  at: string,
): void {
  setListMeta(
    db,
    clampKey(stream),
    clamps.map((c) => ({ ...c, stream, recorded_at: at })),
  );
}

/**
 * Adds what one answer said about narrowing to what the stream has recorded, in the
 * transaction that stores that answer's data and checkpoint: a sync killed before its end
 * keeps the clamps of what it stored (the run's end then records the run's whole set).
 */
export function mergeStreamClamps(
  db: Database.Database,
  stream: string,
  clamps: readonly Omit<RecordedClamp, 'recorded_at'>[],
  at: string,
): void {
  const kept = getListMeta<RecordedClamp[]>(db, clampKey(stream)) ?? [];
  const key = (c: Omit<RecordedClamp, 'recorded_at'>) => `${c.kind}|${JSON.stringify(c.detail)}`;
  const known = new Set(kept.map(key));
  const added = clamps.filter((c) => !known.has(key(c))).map((c) => ({ ...c, stream, recorded_at: at }));
  if (added.length > 0) setListMeta(db, clampKey(stream), [...kept, ...added]);
}

/** The clamps last recorded for these streams (docs/cli.md "sync": a narrowed result is never taken for the whole). */
export function getStreamClamps(db: Database.Database, streams: readonly string[]): RecordedClamp[] {
  return streams.flatMap((s) => getListMeta<RecordedClamp[]>(db, clampKey(s)) ?? []);
}
