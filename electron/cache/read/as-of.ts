// When each stream last stored data (its checkpoint is written with every page), and when a
// sync run last worked on it (its clamps are recorded at the end of every run that called it).
import type Database from 'better-sqlite3';
import { stmt } from '../sql';

/** The time the stream's checkpoint was last written with its data; null if never synced. */
export function streamAsOf(db: Database.Database, stream: string): string | null {
  return (
    (stmt(db, 'SELECT updated_at FROM sync_checkpoints WHERE stream = ?').pluck().get(stream) as
      string | undefined) ?? null
  );
}

export interface StreamTimes {
  name: string;
  lastSyncAt: string | null;
  asOf: string | null;
}

const later = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);

/**
 * Every stream the cache knows of. The brief and threads keep no checkpoint: their rows'
 * fetch times stand in for it.
 */
export function streamTimes(db: Database.Database): StreamTimes[] {
  const byName = new Map<string, StreamTimes>();
  const at = (name: string) => {
    let t = byName.get(name);
    if (!t) byName.set(name, (t = { name, lastSyncAt: null, asOf: null }));
    return t;
  };
  for (const r of stmt(db, 'SELECT stream, updated_at FROM sync_checkpoints').all() as {
    stream: string;
    updated_at: string;
  }[]) {
    const t = at(r.stream);
    t.asOf = r.updated_at;
    t.lastSyncAt = later(t.lastSyncAt, r.updated_at);
  }
  for (const r of stmt(
    db,
    "SELECT resource, updated_at FROM list_meta WHERE resource LIKE 'clamps:%'",
  ).all() as {
    resource: string;
    updated_at: string;
  }[]) {
    const t = at(r.resource.slice('clamps:'.length));
    t.lastSyncAt = later(t.lastSyncAt, r.updated_at);
  }
  for (const [name, sql] of [
    ['brief', 'SELECT max(fetched_at) FROM briefs'],
    ['threads', 'SELECT max(fetched_at) FROM threads'],
  ] as const) {
    const fetched = stmt(db, sql).pluck().get() as string | null;
    if (fetched === null) continue;
    const t = at(name);
    t.asOf = later(t.asOf, fetched);
    t.lastSyncAt = later(t.lastSyncAt, fetched);
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** When the cached thread of an event (a folded id: its survivor's) was fetched; null if none. */
export function threadFetchedAt(db: Database.Database, eventId: string | number): string | null {
  return (
    (stmt(
      db,
      `SELECT t.fetched_at FROM threads t WHERE t.event_id =
         coalesce((SELECT survivor_id FROM signal_aliases WHERE old_id = @id), @id)`,
    )
      .pluck()
      .get({ id: String(eventId) }) as string | undefined) ?? null
  );
}
