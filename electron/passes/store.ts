// Orbital elements in the local cache (issue 5): each set with its epoch, where it came from
// and when it was fetched; plus one row per CelesTrak URL for conditional requests and the
// two-hour rule. Queries are plain functions `(db, args) => result` (docs/style.md, "SQL as
// plain functions"); the migration is wired into the cache's numbered list by the lead.
import type Database from 'better-sqlite3';
import type { ElementFormat, ElementSet } from './elements';

export const elementsMigration = {
  name: 'orbital-elements',
  // IF NOT EXISTS: the CLI may create these tables in a cache file before the cache's own
  // numbered migrations reach this step, which must then find them and carry on.
  up(db: Database.Database): void {
    db.exec(`
      CREATE TABLE IF NOT EXISTS orbital_elements (
        norad_id INTEGER NOT NULL,
        epoch TEXT NOT NULL,
        name TEXT NOT NULL,
        format TEXT NOT NULL CHECK (format IN ('tle', 'omm')),
        raw TEXT NOT NULL,
        source TEXT NOT NULL,
        fetched_at TEXT NOT NULL,
        PRIMARY KEY (norad_id, epoch)
      ) WITHOUT ROWID;
      -- One row per GP URL: validators for If-None-Match / If-Modified-Since and the time of
      -- the last answer, so a refresh asks at most once every two hours (CelesTrak's rule).
      CREATE TABLE IF NOT EXISTS elements_fetches (
        url TEXT PRIMARY KEY,
        etag TEXT,
        last_modified TEXT,
        checked_at TEXT NOT NULL,
        changed_at TEXT,
        status INTEGER NOT NULL,
        sets INTEGER NOT NULL DEFAULT 0
      );
    `);
  },
};

/** True when the elements tables exist (the CLI migrates a bare file until openCache does). */
export const hasElementsTables = (db: Database.Database): boolean =>
  db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'orbital_elements'").get() !==
  undefined;

export interface StoredElementSet extends ElementSet {
  source: string;
  fetchedAt: string;
}

export interface ImportResult {
  /** Sets whose (NORAD id, epoch) was new to the cache. */
  added: number;
  /** Sets already there (same satellite and epoch), with source and fetch time updated. */
  known: number;
  /** Older epochs removed beyond the history kept per satellite. */
  pruned: number;
}

/** Epochs kept per satellite: the newest drives predictions, a few older ones explain changes. */
export const HISTORY_PER_SATELLITE = 5;

/** Stores sets in one transaction (all or nothing), then trims each satellite's history. */
export function importElements(
  db: Database.Database,
  args: { sets: readonly ElementSet[]; source: string; fetchedAt: string },
): ImportResult {
  const exists = db.prepare('SELECT 1 FROM orbital_elements WHERE norad_id = ? AND epoch = ?');
  const upsert = db.prepare(`
    INSERT INTO orbital_elements (norad_id, epoch, name, format, raw, source, fetched_at)
    VALUES (@noradId, @epoch, @name, @format, @raw, @source, @fetchedAt)
    ON CONFLICT (norad_id, epoch) DO UPDATE SET
      name = excluded.name, format = excluded.format, raw = excluded.raw,
      source = excluded.source, fetched_at = excluded.fetched_at`);
  const prune = db.prepare(`
    DELETE FROM orbital_elements WHERE norad_id = @noradId AND epoch NOT IN (
      SELECT epoch FROM orbital_elements WHERE norad_id = @noradId ORDER BY epoch DESC LIMIT @keep)`);
  return db.transaction(() => {
    const result: ImportResult = { added: 0, known: 0, pruned: 0 };
    const ids = new Set<number>();
    for (const s of args.sets) {
      if (exists.get(s.noradId, s.epoch)) result.known++;
      else result.added++;
      upsert.run({ ...s, source: args.source, fetchedAt: args.fetchedAt });
      ids.add(s.noradId);
    }
    for (const noradId of ids) result.pruned += prune.run({ noradId, keep: HISTORY_PER_SATELLITE }).changes;
    return result;
  })();
}

interface Row {
  norad_id: number;
  epoch: string;
  name: string;
  format: ElementFormat;
  raw: string;
  source: string;
  fetched_at: string;
}

const fromRow = (r: Row): StoredElementSet => ({
  noradId: r.norad_id,
  epoch: r.epoch,
  name: r.name,
  format: r.format,
  raw: r.raw,
  source: r.source,
  fetchedAt: r.fetched_at,
});

/** The newest set of each satellite (optionally of the given ids), by NORAD id. */
export function listElements(
  db: Database.Database,
  args: { noradIds?: readonly number[] } = {},
): StoredElementSet[] {
  // SQLite's bare-column rule: with MAX() the other columns come from the row holding the max.
  const rows = db
    .prepare(
      `SELECT norad_id, MAX(epoch) AS epoch, name, format, raw, source, fetched_at
       FROM orbital_elements GROUP BY norad_id ORDER BY norad_id`,
    )
    .all() as Row[];
  const wanted = args.noradIds ? new Set(args.noradIds) : undefined;
  return rows.filter((r) => !wanted || wanted.has(r.norad_id)).map(fromRow);
}

/** Every stored epoch of one satellite, newest first. */
export function elementHistory(db: Database.Database, args: { noradId: number }): StoredElementSet[] {
  const rows = db
    .prepare('SELECT * FROM orbital_elements WHERE norad_id = ? ORDER BY epoch DESC')
    .all(args.noradId) as Row[];
  return rows.map(fromRow);
}

export interface FetchRecord {
  url: string;
  etag: string | null;
  lastModified: string | null;
  checkedAt: string;
  changedAt: string | null;
  status: number;
  sets: number;
}

export function getFetchRecord(db: Database.Database, args: { url: string }): FetchRecord | undefined {
  const r = db.prepare('SELECT * FROM elements_fetches WHERE url = ?').get(args.url) as
    | {
        url: string;
        etag: string | null;
        last_modified: string | null;
        checked_at: string;
        changed_at: string | null;
        status: number;
        sets: number;
      }
    | undefined;
  return (
    r && {
      url: r.url,
      etag: r.etag,
      lastModified: r.last_modified,
      checkedAt: r.checked_at,
      changedAt: r.changed_at,
      status: r.status,
      sets: r.sets,
    }
  );
}

/** Records an answer; validators and changed_at are kept from before unless given anew. */
export function recordFetch(db: Database.Database, args: FetchRecord): void {
  db.prepare(
    `INSERT INTO elements_fetches (url, etag, last_modified, checked_at, changed_at, status, sets)
     VALUES (@url, @etag, @lastModified, @checkedAt, @changedAt, @status, @sets)
     ON CONFLICT (url) DO UPDATE SET
       etag = COALESCE(excluded.etag, etag),
       last_modified = COALESCE(excluded.last_modified, last_modified),
       checked_at = excluded.checked_at,
       changed_at = COALESCE(excluded.changed_at, changed_at),
       status = excluded.status,
       sets = excluded.sets`,
  ).run(args);
}
