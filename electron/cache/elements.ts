// Orbital elements in the cache (migration 010): each set with its epoch, where it came from
// and when it was fetched; plus one row per GP URL for conditional requests and the two-hour
// rule. Elements belong to no account, so the CLI reads them from a file no sync has claimed
// (readElementsFile) and writes them through openCacheUnclaimed (index.ts).
import Database from 'better-sqlite3';
import { stmt } from './sql';

/** One satellite's element set at one epoch, as stored (electron/passes/elements.ts parses them). */
export interface ElementRecord {
  noradId: number;
  name: string;
  /** ISO 8601 UTC with milliseconds (sorts as text). */
  epoch: string;
  format: 'tle' | 'omm';
  /** 'tle': line 1 and line 2 joined by "\n"; 'omm': the OMM record as JSON. */
  raw: string;
}

/** True when the elements tables exist (a file below migration 010 that no import touched has none). */
export const hasElementsTables = (db: Database.Database): boolean =>
  stmt(db, "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'orbital_elements'").get() !==
  undefined;

export interface StoredElementSet extends ElementRecord {
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
  args: { sets: readonly ElementRecord[]; source: string; fetchedAt: string },
): ImportResult {
  const exists = stmt(db, 'SELECT 1 FROM orbital_elements WHERE norad_id = ? AND epoch = ?');
  const upsert = stmt(
    db,
    `
    INSERT INTO orbital_elements (norad_id, epoch, name, format, raw, source, fetched_at)
    VALUES (@noradId, @epoch, @name, @format, @raw, @source, @fetchedAt)
    ON CONFLICT (norad_id, epoch) DO UPDATE SET
      name = excluded.name, format = excluded.format, raw = excluded.raw,
      source = excluded.source, fetched_at = excluded.fetched_at`,
  );
  const prune = stmt(
    db,
    `
    DELETE FROM orbital_elements WHERE norad_id = @noradId AND epoch NOT IN (
      SELECT epoch FROM orbital_elements WHERE norad_id = @noradId ORDER BY epoch DESC LIMIT @keep)`,
  );
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
  format: ElementRecord['format'];
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
  const rows = stmt(
    db,
    `SELECT norad_id, MAX(epoch) AS epoch, name, format, raw, source, fetched_at
     FROM orbital_elements GROUP BY norad_id ORDER BY norad_id`,
  ).all() as Row[];
  const wanted = args.noradIds ? new Set(args.noradIds) : undefined;
  return rows.filter((r) => !wanted || wanted.has(r.norad_id)).map(fromRow);
}

/** Every stored epoch of one satellite, newest first. */
export function elementHistory(db: Database.Database, args: { noradId: number }): StoredElementSet[] {
  const rows = stmt(db, 'SELECT * FROM orbital_elements WHERE norad_id = ? ORDER BY epoch DESC').all(
    args.noradId,
  ) as Row[];
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
  const r = stmt(db, 'SELECT * FROM elements_fetches WHERE url = ?').get(args.url) as
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
  stmt(
    db,
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

/**
 * The newest sets in an existing cache file, read-only and at whatever schema version: null
 * when its elements tables do not exist. Never creates or changes the file.
 */
export function readElementsFile(file: string): StoredElementSet[] | null {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    return hasElementsTables(db) ? listElements(db) : null;
  } finally {
    db.close();
  }
}
