// Orbital elements in the cache: stored with epoch, source and fetch time; imported
// in one transaction (all or nothing); listed newest per NORAD id.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../electron/cache';
import type { ElementSet } from '../../../electron/passes/elements';
import {
  HISTORY_PER_SATELLITE,
  elementHistory,
  getFetchRecord,
  hasElementsTables,
  importElements,
  listElements,
  recordFetch,
} from '../../../electron/passes/store';
import { parseTleText } from '../../../electron/passes/tle-text';
import { SNAPSHOTS, readSnapshot } from './fixtures';

function freshDb(): Database.Database {
  const db = new Database(':memory:');
  migrate(db);
  return db;
}

const set = (noradId: number, epoch: string, name = `SAT ${noradId}`): ElementSet => ({
  noradId,
  epoch,
  name,
  format: 'tle',
  raw: `line1 ${noradId}\nline2 ${epoch}`,
});

describe('the elements store', () => {
  it("has its tables once the cache's migrations have run", () => {
    const db = new Database(':memory:');
    expect(hasElementsTables(db)).toBe(false);
    migrate(db);
    expect(hasElementsTables(db)).toBe(true);
  });

  it('keeps source and fetch time, and lists the newest epoch per satellite', () => {
    const db = freshDb();
    expect(
      importElements(db, {
        sets: [set(1, '2026-08-20T00:00:00.000Z'), set(2, '2026-08-21T00:00:00.000Z')],
        source: 'file:/a.tle',
        fetchedAt: '2026-08-21T01:00:00.000Z',
      }),
    ).toEqual({ added: 2, known: 0, pruned: 0 });
    expect(
      importElements(db, {
        sets: [set(1, '2026-08-22T00:00:00.000Z', 'NEW NAME'), set(2, '2026-08-21T00:00:00.000Z')],
        source: 'https://gp.example/x',
        fetchedAt: '2026-08-22T01:00:00.000Z',
      }),
    ).toEqual({ added: 1, known: 1, pruned: 0 });
    expect(listElements(db)).toEqual([
      expect.objectContaining({
        noradId: 1,
        epoch: '2026-08-22T00:00:00.000Z',
        name: 'NEW NAME',
        source: 'https://gp.example/x',
      }),
      expect.objectContaining({
        noradId: 2,
        source: 'https://gp.example/x',
        fetchedAt: '2026-08-22T01:00:00.000Z',
      }),
    ]);
    expect(listElements(db, { noradIds: [2] }).map((s) => s.noradId)).toEqual([2]);
    expect(elementHistory(db, { noradId: 1 }).map((s) => s.epoch)).toEqual([
      '2026-08-22T00:00:00.000Z',
      '2026-08-20T00:00:00.000Z',
    ]);
  });

  it('imports all or nothing', () => {
    const db = freshDb();
    const broken = { ...set(3, '2026-08-22T00:00:00.000Z'), format: 'xml' as ElementSet['format'] };
    expect(() =>
      importElements(db, { sets: [set(1, '2026-08-22T00:00:00.000Z'), broken], source: 's', fetchedAt: 'f' }),
    ).toThrow(/CHECK constraint/);
    expect(listElements(db)).toEqual([]);
  });

  it(`keeps the ${HISTORY_PER_SATELLITE} newest epochs of each satellite`, () => {
    const db = freshDb();
    const sets = Array.from({ length: 8 }, (_, i) =>
      set(7, `2026-08-${String(10 + i).padStart(2, '0')}T00:00:00.000Z`),
    );
    expect(importElements(db, { sets, source: 's', fetchedAt: 'f' }).pruned).toBe(8 - HISTORY_PER_SATELLITE);
    expect(elementHistory(db, { noradId: 7 })).toHaveLength(HISTORY_PER_SATELLITE);
    expect(listElements(db)[0]!.epoch).toBe('2026-08-17T00:00:00.000Z');
  });

  it('imports a whole snapshot and lists it by primary key', () => {
    const db = freshDb();
    const { sets } = parseTleText(readSnapshot(SNAPSHOTS.active202608));
    importElements(db, { sets, source: 'file:snapshot', fetchedAt: '2026-08-23T00:00:00.000Z' });
    expect(listElements(db)).toHaveLength(336);
    const plan = db
      .prepare('EXPLAIN QUERY PLAN SELECT * FROM orbital_elements WHERE norad_id = ? ORDER BY epoch DESC')
      .all(1) as { detail: string }[];
    expect(plan.map((p) => p.detail).join(' ')).toMatch(/USING PRIMARY KEY/);
  });

  it('records fetches, keeping validators a 304 did not repeat', () => {
    const db = freshDb();
    const url = 'https://gp.example/gp.php?GROUP=active&FORMAT=json';
    recordFetch(db, {
      url,
      etag: '"v1"',
      lastModified: 'Sat, 22 Aug 2026 10:00:00 GMT',
      checkedAt: '2026-08-22T10:00:00.000Z',
      changedAt: '2026-08-22T10:00:00.000Z',
      status: 200,
      sets: 260,
    });
    recordFetch(db, {
      url,
      etag: null,
      lastModified: null,
      checkedAt: '2026-08-22T12:00:00.000Z',
      changedAt: null,
      status: 304,
      sets: 260,
    });
    expect(getFetchRecord(db, { url })).toEqual({
      url,
      etag: '"v1"',
      lastModified: 'Sat, 22 Aug 2026 10:00:00 GMT',
      checkedAt: '2026-08-22T12:00:00.000Z',
      changedAt: '2026-08-22T10:00:00.000Z',
      status: 304,
      sets: 260,
    });
  });
});
