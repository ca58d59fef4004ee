// The local cache (docs/architecture.md, "The cache"): one SQLite file per account profile,
// migrated at open, WAL mode. Queries are plain functions `(db, args) => result`
// (docs/architecture.md, "The cache"), exported from here for the sync engine, the CLI and the contract.
import Database from 'better-sqlite3';
import { chmodSync, closeSync, existsSync, openSync, statSync } from 'node:fs';
import path from 'node:path';
import { privateDir } from '../paths';
import { WAL_MIN_BYTES } from './wal-bound';
import { migrate, userVersion, CacheVersionError } from './migrate';
import { LATEST_VERSION } from './migrations/index';
import { claimCache, type Profile } from './meta';

export type { Database };
export { CacheMismatchError, normalizeBaseUrl, readCacheMeta, cacheProfile } from './meta';
export { CacheInUseError, holdCacheFile } from './lock';
export type { CacheMeta, Profile } from './meta';
export { CacheVersionError, migrate, userVersion } from './migrate';
export { migrations, LATEST_VERSION, checkMigrationOrder } from './migrations/index';
export {
  getCheckpoint,
  setCheckpoint,
  listCheckpoints,
  getListMeta,
  setListMeta,
  getStreamClamps,
  setStreamClamps,
  type RecordedClamp,
} from './checkpoints';
export { storeSignalsPage, recordAlias, markRetracted, resolveSignalId } from './signals-store';
export type { StoreSignalsArgs } from './signals-store';
export { querySignals, getSignal, buildSignalQuery, signalConditions, startFrom } from './signals-query';
export type { SignalQuery, CachedSignal, BuildOptions, Drive, Start, Conditions } from './signals-query';
// The window's reads (the contract's read rows).
export * from './read/signals';
export { heldSignalPoints, signalPointsWarming, warmSignalPoints } from './read/points';
export { filterRange, toSignalQuery } from './read/filter';
export * from './read/feeds';
export * from './read/clamps';
export * from './read/as-of';
export * from './events';
export * from './watches';
export * from './areas';
export * from './measured';
export * from './reference';
export * from './outbox';
export * from './sync-seen';
export * from './elements';
export { workerWriter, inlineWriter, type CacheWriter, type OpCall } from './writer';
export { DiskFullError, diskFullMessage, walBound } from './wal-bound';

export interface OpenCacheOptions {
  baseUrl: string;
  profile: Profile;
  /** The built-in demo's data: recorded in the file at its first claim (migration 020). */
  demo?: boolean;
}

function tune(db: Database.Database, role: 'writer' | 'reader' = 'reader'): void {
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  if (role === 'writer') {
    // Up to 256 MB of page cache (allocated as used): ingest inserts at random places in the
    // id index and the R*Tree (measured at 300k signals: 5,500/s with 64 MB, 8,700/s with 256 MB).
    db.pragma('cache_size = -262144');
    db.pragma('mmap_size = 268435456');
  } else {
    // The connections that answer the window and the CLI: 64 MB and no mmap. At 1M signals the
    // query families ran as fast as with 256 MB and a 256 MB mmap, and the map's first read of
    // every point no longer leaves ~250 MB of page cache and ~250 MB of mapped file resident
    // (serve at 1M: docs/cache.md, "Benchmark").
    db.pragma('cache_size = -65536');
    db.pragma('mmap_size = 0');
  }
  db.pragma('temp_store = MEMORY');
}

/**
 * Makes every transaction on this connection take the write lock when it begins (BEGIN
 * IMMEDIATE; nested ones stay savepoints). The account's connection and the cache writer's
 * (writer.ts) both write: a deferred transaction that read first and then found the other
 * had committed would fail with SQLITE_BUSY at once, without waiting; an immediate one waits
 * its turn (busy timeout).
 */
function immediateTransactions(db: Database.Database): void {
  const deferred = db.transaction.bind(db);
  db.transaction = ((fn: (...args: never[]) => unknown) => {
    const tx = deferred(fn);
    const run = (...args: never[]) => tx.immediate(...args);
    return Object.assign(run, { default: run, deferred: run, immediate: run, exclusive: tx.exclusive });
  }) as typeof db.transaction;
}

/** Rows each index's statistics are taken from (PRAGMA analysis_limit). */
const ANALYSIS_LIMIT = 1000;
/** Tables no plan reads but by their key: their row counts would tell SQLite nothing. */
const KEY_ONLY = new Set(['signal_payloads']);

/**
 * `PRAGMA optimize` (every table, ANALYZE where the size changed tenfold) less the FTS5 and
 * R*Tree shadow tables. Their own statements are keyed by rowid, and a statistic taken while
 * they were nearly empty ("2 rows") makes SQLite plan FTS5's segment deletes
 * (`DELETE FROM signals_fts_data WHERE id>=? AND id<=?`) as full scans: a connection that
 * opened a small cache and synced a large one read the whole FTS index at every merge
 * (measured: ingest fell from 6,800/s to 700/s by 900,000 signals). A statistic already
 * recorded for a shadow table is dropped, and the schema reloaded so this connection forgets it.
 * Each index is sampled (`analysis_limit`), and `signal_payloads`, read only by its key, is left
 * out: counting its rows read the whole table, and with the full indexes that made the first
 * launch after a large sync ~0.3–0.5 s slower at 1M signals (ANALYZE 571 ms → 88 ms there).
 */
export function optimizeCache(db: Database.Database): void {
  const shadow = new Set(
    (db.pragma('table_list') as { schema: string; name: string; type: string }[])
      .filter((t) => t.schema === 'main' && t.type === 'shadow')
      .map((t) => t.name),
  );
  // 0x10003: what `optimize = 0x10002` would analyze, listed rather than run.
  const wanted = (db.pragma('optimize = 0x10003') as { optimize: string }[])
    .map((r) => r.optimize)
    .filter((sql) => {
      const m = /^ANALYZE "main"\."((?:[^"]|"")+)"$/.exec(sql);
      const table = m ? m[1]!.replace(/""/g, '"') : null;
      return table !== null && !shadow.has(table) && !KEY_ONLY.has(table);
    });
  if (wanted.length) {
    const limit = db.pragma('analysis_limit', { simple: true }) as number;
    db.pragma(`analysis_limit = ${ANALYSIS_LIMIT}`);
    try {
      db.transaction(() => wanted.forEach((sql) => db.exec(sql)))();
    } finally {
      db.pragma(`analysis_limit = ${limit}`);
    }
  }
  const hasStat = (table: string) =>
    db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?").get(table) !== undefined;
  let dropped = 0;
  for (const table of ['sqlite_stat1', 'sqlite_stat4'])
    if (hasStat(table))
      dropped += db
        .prepare(`DELETE FROM ${table} WHERE tbl IN (SELECT value FROM json_each(?))`)
        .run(JSON.stringify([...shadow])).changes;
  if (dropped) db.pragma('writable_schema = RESET');
}

/** A file that is not a cache this program can use, said in words (not "disk I/O error"). */
export class NotACacheError extends Error {
  constructor(file: string, why: string) {
    super(`${file} is not a Watchfloor cache (${why}): name another file with --db, or move this one away`);
    this.name = 'NotACacheError';
  }
}

/** What an open that failed on the file itself means to the analyst; other errors as they are. */
function explainOpenError(file: string, err: unknown): unknown {
  const code = (err as { code?: unknown }).code;
  if (typeof code !== 'string') return err;
  if (code === 'EISDIR' || statSync(file, { throwIfNoEntry: false })?.isDirectory())
    return new NotACacheError(file, 'it is a folder');
  if (code === 'SQLITE_NOTADB') return new NotACacheError(file, 'it is not an SQLite database');
  if (code === 'SQLITE_CORRUPT' || code.startsWith('SQLITE_CORRUPT_'))
    return new NotACacheError(file, 'it is damaged; SQLite says: ' + (err as Error).message);
  if (code.startsWith('SQLITE_IOERR') || code === 'SQLITE_CANTOPEN')
    return new NotACacheError(file, `it cannot be read as a database (${(err as Error).message})`);
  return err;
}

/**
 * Refuses another program's SQLite database before a migration writes into it: a file at
 * schema version 0 that already holds tables is not an empty new cache.
 */
function refuseForeignDatabase(db: Database.Database, file: string): void {
  if (userVersion(db) !== 0) return;
  const tables = (
    db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .pluck()
      .all() as string[]
  )
    // Earlier Watchfloors made these two outside the numbered steps (migration 010 says so).
    .filter((t) => t !== 'orbital_elements' && t !== 'elements_fetches')
    .slice(0, 4);
  if (tables.length > 0)
    throw new NotACacheError(
      file,
      `it is another program's SQLite database, with tables ${tables.join(', ')}`,
    );
}

/** `new Database`, with a refusal of the file itself in words. */
function connect(file: string, options?: Database.Options): Database.Database {
  try {
    return new Database(file, options);
  } catch (err) {
    throw explainOpenError(file, err);
  }
}

/**
 * The cache holds what the analyst follows: it is created private to the user (0600, in a
 * folder made 0700 when it is created here), and an older, wider file is made private. SQLite
 * gives its WAL and shared-memory files the database file's mode; those an older version left
 * wider are made private once open. docs/security.md.
 */
function privateCacheFile(file: string): void {
  // SQLite's in-memory database has no file (and must not get one named ':memory:').
  if (file === ':memory:') return;
  privateDir(path.dirname(path.resolve(file)));
  try {
    closeSync(openSync(file, 'a', 0o600));
  } catch (err) {
    throw explainOpenError(file, err);
  }
}
/** Once the file is known to be a cache: it, its WAL and shared memory private. */
function privateFiles(file: string): void {
  if (process.platform === 'win32' || file === ':memory:') return;
  for (const suffix of ['', '-wal', '-shm']) if (existsSync(file + suffix)) chmodSync(file + suffix, 0o600);
}

/**
 * Opens (creating and migrating as needed) the cache for one account profile. Refuses a
 * file that records another base URL or profile (CacheMismatchError names both). Open it
 * once and keep the connection: migrations run here, once, and the query functions prepare
 * each statement once per connection.
 */
export function openCache(file: string, opts: OpenCacheOptions): Database.Database {
  privateCacheFile(file);
  const db = connect(file);
  try {
    tune(db);
    refuseForeignDatabase(db, file);
    immediateTransactions(db);
    db.pragma('journal_mode = WAL');
    privateFiles(file);
    // In WAL mode NORMAL never corrupts and never half-writes a transaction; a power cut may
    // lose the last commits, which the next sync fetches again from its checkpoint.
    db.pragma('synchronous = NORMAL');
    // A sync writes through the writer's thread, which checkpoints on its own bound (half the
    // cache, 4 to 64 MB: wal-bound.ts); this connection's own writes are small (notes, tool
    // answers): SQLite's 4 MB, and a WAL file cut back to 4 MB after each restart.
    db.pragma('wal_autocheckpoint = 1000');
    db.pragma(`journal_size_limit = ${WAL_MIN_BYTES}`);
    migrate(db);
    claimCache(db, file, opts.baseUrl, opts.profile, opts.demo ?? false);
    optimizeCache(db);
    return db;
  } catch (err) {
    db.close();
    throw explainOpenError(file, err);
  }
}

/**
 * The cache writer's own connection (electron/cache/writer-worker.ts) to a file openCache has
 * migrated and claimed. It never checkpoints inside a commit (`wal_autocheckpoint = 0`): the
 * writer runs `checkpointCache` between transactions. After that checkpoint the next commit
 * restarts the WAL and truncates it (`journal_size_limit = 0`), so the WAL file's size is
 * what has been written since, which is how the writer knows when to checkpoint again.
 */
export function openWriterConnection(file: string): Database.Database {
  const db = connect(file, { fileMustExist: true });
  try {
    tune(db, 'writer');
    immediateTransactions(db);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('wal_autocheckpoint = 0');
    db.pragma('journal_size_limit = 0');
    return db;
  } catch (err) {
    db.close();
    throw explainOpenError(file, err);
  }
}

/** Copies the WAL into the database without waiting for (or blocking) any reader. */
export function checkpointCache(db: Database.Database): void {
  db.pragma('wal_checkpoint(PASSIVE)');
}

/**
 * Opens (creating and migrating as needed) a cache file without claiming it for an account:
 * for data that belongs to none (orbital elements, `watchfloor elements`), which may come
 * before any sync. The file's journal mode is left as it is; a later openCache claims it.
 */
export function openCacheUnclaimed(file: string): Database.Database {
  privateCacheFile(file);
  const db = connect(file);
  try {
    tune(db);
    refuseForeignDatabase(db, file);
    privateFiles(file);
    migrate(db);
    return db;
  } catch (err) {
    db.close();
    throw explainOpenError(file, err);
  }
}

/**
 * Opens an existing cache for offline reading only (the CLI's `signals`, `signal`, reports).
 * It never migrates: a cache behind this version is opened once with openCache first.
 */
export function openCacheReadOnly(file: string): Database.Database {
  const db = connect(file, { readonly: true, fileMustExist: true });
  try {
    tune(db);
    const version = userVersion(db);
    if (version === 0)
      throw new NotACacheError(file, 'it holds no Watchfloor data: an empty or another program’s database');
    if (version !== LATEST_VERSION)
      throw new CacheVersionError(
        `the cache ${file} is at schema version ${version}, this Watchfloor reads ${LATEST_VERSION}; ` +
          (version < LATEST_VERSION
            ? 'run `watchfloor sync` (or open the app) once to update it'
            : 'use a newer Watchfloor'),
      );
    return db;
  } catch (err) {
    db.close();
    throw explainOpenError(file, err);
  }
}
export { isPlottable } from './signal-columns';
