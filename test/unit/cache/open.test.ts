// One database file per account profile: it records base URL and profile on first open and
// refuses another (docs/architecture.md, "The cache"). WAL, foreign keys, busy timeout.
import { describe, expect, it } from 'vitest';
import {
  CacheMismatchError,
  CacheVersionError,
  normalizeBaseUrl,
  openCache,
  openCacheReadOnly,
  readCacheMeta,
  storeSignalsPage,
  querySignals,
} from '../../../electron/cache/index';
import Database from 'better-sqlite3';
import { BASE, mainSignal, tempFile } from './fixtures';

describe('openCache', () => {
  it('records the base URL (without trailing slash) and the profile on first open', () => {
    const file = tempFile();
    openCache(file, { baseUrl: 'https://Service.Example/', profile: 'alternate' }).close();
    const db = openCache(file, { baseUrl: 'https://service.example', profile: 'alternate' });
    expect(readCacheMeta(db)).toMatchObject({ baseUrl: 'https://service.example', profile: 'alternate' });
    db.close();
  });

  it('refuses another base URL or profile, naming both', () => {
    const file = tempFile();
    openCache(file, { baseUrl: BASE, profile: 'main' }).close();
    expect(() => openCache(file, { baseUrl: 'https://other.example', profile: 'main' })).toThrow(
      CacheMismatchError,
    );
    try {
      openCache(file, { baseUrl: BASE, profile: 'alternate' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(CacheMismatchError);
      const message = (err as Error).message;
      expect(message).toContain('https://service.example (main profile)');
      expect(message).toContain('https://service.example (alternate profile)');
    }
  });

  it('normalises base URLs', () => {
    expect(normalizeBaseUrl('https://a.example/')).toBe('https://a.example');
    expect(normalizeBaseUrl(' https://A.example/prefix// ')).toBe('https://a.example/prefix');
    expect(normalizeBaseUrl('not a url/')).toBe('not a url');
  });

  it('uses WAL, foreign keys and a busy timeout', () => {
    const db = openCache(tempFile(), { baseUrl: BASE, profile: 'main' });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBeGreaterThan(0);
    db.close();
  });

  it('opens read-only for offline queries, and refuses a file behind this version', () => {
    const file = tempFile();
    const db = openCache(file, { baseUrl: BASE, profile: 'main' });
    storeSignalsPage(db, { profile: 'main', signals: [mainSignal({ title: 'Read me' })] });
    db.close();
    const ro = openCacheReadOnly(file);
    expect(querySignals(ro, {}).map((s) => s.title)).toEqual(['Read me']);
    expect(() => storeSignalsPage(ro, { profile: 'main', signals: [mainSignal()] })).toThrow(/readonly/);
    ro.close();

    const behind = tempFile();
    const raw = new Database(behind);
    raw.pragma('user_version = 1');
    raw.close();
    expect(() => openCacheReadOnly(behind)).toThrow(CacheVersionError);
  });

  // A statistic taken while the FTS was nearly empty ("2 rows") made SQLite plan FTS5's own
  // segment deletes as full scans of signals_fts_data: a long sync into a new cache slowed
  // down tenfold by 900,000 signals (docs/cache.md, "Writing").
  const ftsRange = (db: Database.Database) =>
    (
      db
        .prepare('EXPLAIN QUERY PLAN SELECT block FROM signals_fts_data WHERE id >= ? AND id <= ?')
        .all(1, 2) as { detail: string }[]
    ).map((r) => r.detail);
  const shadowStats = (db: Database.Database) =>
    db
      .prepare(
        `SELECT count(*) FROM sqlite_stat1 WHERE tbl IN
         (SELECT name FROM pragma_table_list WHERE type = 'shadow')`,
      )
      .pluck()
      .get();

  it('keeps no statistics for the FTS and R*Tree shadow tables, so FTS5 seeks its segments', () => {
    const file = tempFile();
    const db = openCache(file, { baseUrl: BASE, profile: 'main' });
    storeSignalsPage(db, { profile: 'main', signals: [mainSignal(), mainSignal()] });
    expect(ftsRange(db)).toEqual([
      expect.stringMatching(/^SEARCH signals_fts_data USING INTEGER PRIMARY KEY/),
    ]);
    db.close();
    const again = openCache(file, { baseUrl: BASE, profile: 'main' });
    expect(shadowStats(again)).toBe(0);
    expect(ftsRange(again)).toEqual([expect.stringMatching(/^SEARCH/)]);
    again.close();
  });

  it('takes statistics for the indexes plans choose between, none for the payloads read by key', () => {
    const file = tempFile();
    const db = openCache(file, { baseUrl: BASE, profile: 'main' });
    storeSignalsPage(db, { profile: 'main', signals: Array.from({ length: 300 }, () => mainSignal()) });
    db.close();
    // The cache grew from nothing: the next open gathers statistics.
    const again = openCache(file, { baseUrl: BASE, profile: 'main' });
    const stats = again.prepare('SELECT tbl, idx FROM sqlite_stat1 ORDER BY tbl, idx').all();
    expect(stats).toEqual(expect.arrayContaining([{ tbl: 'signals', idx: 'signals_tkey' }]));
    expect(stats.map((r) => (r as { tbl: string }).tbl)).not.toContain('signal_payloads');
    again.close();
  });

  it('drops a shadow-table statistic an earlier version recorded, in the connection that opens', () => {
    const file = tempFile();
    openCache(file, { baseUrl: BASE, profile: 'main' }).close();
    const raw = new Database(file);
    raw.exec('ANALYZE');
    expect(shadowStats(raw)).toBeGreaterThan(0);
    expect(ftsRange(raw)).toEqual(['SCAN signals_fts_data']);
    raw.close();
    const db = openCache(file, { baseUrl: BASE, profile: 'main' });
    expect(shadowStats(db)).toBe(0);
    expect(ftsRange(db)).toEqual([expect.stringMatching(/^SEARCH/)]);
    db.close();
  });
});
