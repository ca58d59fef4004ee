// Query plans (checked with EXPLAIN QUERY PLAN). A bbox query must
// start from the R*Tree (3–5 ms against 200+ ms from the time index on 1M rows); words
// without a box start from the FTS index (and so may bbox + q when the words are rare); a
// window alone walks the time index. The time index covers what every listing filters on
// (time key, retracted, folded_into, the point: step 013), so those candidates are filtered
// from it alone; a band, stage, category or update filter reads the candidate's row (~250 B,
// the payload lives apart).
import { describe, expect, it } from 'vitest';
import {
  buildSignalQuery,
  querySignals,
  startFrom,
  storeSignalsPage,
  type BuildOptions,
  type Database,
  type SignalQuery,
} from '../../../electron/cache/index';
import { registerIdHash } from '../../../electron/cache/id-hash';
import { cellCover } from '../../../electron/cache/cells';
import { windowKeys } from '../../../electron/cache/signals-query';
import { mainCache, mainSignal } from './fixtures';

/** The steps of the inner query, which picks and orders the keys (the outer reads payloads). */
function plan(db: Database.Database, q: SignalQuery, opts: BuildOptions = {}): string[] {
  const { sql, params } = buildSignalQuery(q, opts);
  const steps = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[]).map(
    (r) => r.detail,
  );
  expect(steps[0]).toBe('CO-ROUTINE k');
  return steps.slice(1, steps.indexOf('SCAN k'));
}

function seeded(): Database.Database {
  const db = mainCache();
  const signals = Array.from({ length: 400 }, (_, i) =>
    mainSignal({
      lat: -60 + (i % 120),
      lng: -170 + ((i * 7) % 340),
      occurred_at: new Date(Date.UTC(2026, 8, 23) + i * 3_600_000).toISOString(),
      title: i % 3 ? 'Port closed' : 'Fuel depot fire',
    }),
  );
  storeSignalsPage(db, { profile: 'main', signals });
  db.exec('ANALYZE'); // plans must hold with statistics too, not only without
  return db;
}

const window = { startDate: '2026-09-25', endDate: '2026-10-05' };

describe('query plans', () => {
  it.each<[string, SignalQuery]>([
    ['bbox', { bbox: [0, 0, 10, 10] }],
    ['bbox + window', { bbox: [0, 0, 10, 10], ...window }],
    ['bbox + window + q', { bbox: [0, 0, 10, 10], ...window, q: 'fuel -fire' }],
    [
      'bbox + filters',
      {
        bbox: [0, 0, 10, 10],
        categories: ['protest'],
        minSeverityBand: 6,
        updatedSince: '2026-10-01T00:00:00Z',
      },
    ],
  ])('%s: the R*Tree is scanned first', (_, q) => {
    const db = seeded();
    const steps = plan(db, q);
    expect(steps[0]).toMatch(/^SCAN r VIRTUAL TABLE/);
    const covering = Object.keys(q).every((k) => ['bbox', 'startDate', 'endDate', 'q'].includes(k));
    expect(steps[1]).toMatch(
      covering
        ? /^SEARCH s USING COVERING INDEX signals_tkey \(tkey=\?/
        : /^SEARCH s USING INDEX signals_tkey \(tkey=\?/,
    );
    db.close();
  });

  it.each<[string, SignalQuery]>([
    ['q', { q: 'fuel' }],
    ['q + window', { q: '"fuel depot" -port', ...window }],
    ['q + filters', { q: 'port', stages: ['pinpointed'], minSeverityBand: 9 }],
  ])('%s without bbox: the FTS table is scanned first, latest first, without a sort', (_, q) => {
    const db = seeded();
    const steps = plan(db, q);
    expect(steps[0]).toMatch(/^SCAN f VIRTUAL TABLE/);
    const covering = Object.keys(q).every((k) => ['startDate', 'endDate', 'q'].includes(k));
    expect(steps[1]).toMatch(
      covering
        ? /^SEARCH s USING COVERING INDEX signals_tkey \(tkey=\?/
        : /^SEARCH s USING INDEX signals_tkey \(tkey=\?/,
    );
    expect(steps.join('\n')).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
    db.close();
  });

  it('bbox + rare words may start from the FTS index, still filtering the box from the time index', () => {
    const db = seeded();
    const steps = plan(db, { bbox: [0, 0, 10, 10], q: 'fuel' }, { drive: 'fts' });
    expect(steps[0]).toMatch(/^SCAN f VIRTUAL TABLE/);
    expect(steps[1]).toMatch(/^SEARCH s USING COVERING INDEX signals_tkey \(tkey=\? .*lng>\? AND lng<\?\)/);
    db.close();
  });

  it('bbox + q answers the same whichever index it starts from', () => {
    const db = seeded();
    for (const q of ['fuel', 'port closed', '"fuel depot" -port', 'ukraine -port']) {
      const args: SignalQuery = { bbox: [-100, -30, 100, 30], q, limit: 0 };
      const viaFts = querySignals(db, args, { start: 'words' }).map((s) => s.id);
      const { sql, params } = buildSignalQuery(args, { drive: 'rtree' });
      const viaRtree = (db.prepare(sql).all(params) as { id: string }[]).map((r) => r.id);
      expect(viaFts.length).toBeGreaterThan(0);
      expect(viaFts, q).toEqual(viaRtree);
    }
    db.close();
  });

  it('bbox + window + q: the words, the words with the cells and the box give the same page', () => {
    const db = seeded();
    const texts = ['Fuel depot fire', 'Port closed', 'Fuel port: depot closed', 'Café near the depot'];
    storeSignalsPage(db, {
      profile: 'main',
      signals: Array.from({ length: 300 }, (_, i) =>
        mainSignal({
          lat: -20 + (i % 40),
          lng: -40 + ((i * 3) % 80),
          occurred_at: new Date(Date.UTC(2026, 8, 26) + i * 1_800_000).toISOString(),
          title: texts[i % texts.length],
          summary: i % 5 ? 'Smoke seen from the road' : 'Crews reported the fire out by morning',
        }),
      ),
    });
    const queries = [
      'fuel',
      '"fuel depot"',
      'depot -fire',
      'cafe depot',
      'fire reported',
      'port -"depot closed"',
    ];
    for (const q of queries)
      for (const limit of [0, 5, 100]) {
        const args: SignalQuery = { bbox: [-30, -15, 30, 15], ...window, q, limit };
        const [words, cells, box = []] = (['words', 'cells', 'box'] as const).map((start) =>
          querySignals(db, args, { start }).map((s) => s.id),
        );
        expect(box.length, q).toBeGreaterThan(0);
        expect(words, `${q} from the words`).toEqual(box);
        expect(cells, `${q} from the words and the cells`).toEqual(box);
        expect(querySignals(db, args).map((s) => s.id)).toEqual(box); // whichever start it picks
      }
    db.close();
  });

  it("bbox + q with the box's cells starts from the FTS, the box tested on the time index, latest first", () => {
    const db = seeded();
    const bbox = [0, 0, 10, 10] as const;
    const steps = plan(db, { bbox, ...window, q: 'fuel -fire' }, { drive: 'fts', cells: cellCover(bbox)! });
    expect(steps[0]).toMatch(/^SCAN f VIRTUAL TABLE/);
    expect(steps[1]).toMatch(/^SEARCH s USING COVERING INDEX signals_tkey \(tkey=\? .*lng>\? AND lng<\?\)/);
    expect(steps.join('\n')).not.toMatch(/TEMP B-TREE FOR ORDER BY|signals_rtree/);
    db.close();
  });

  it('startFrom: the words with the cells wherever the box has a cover; else the words, or the R*Tree for a quiet box', () => {
    const db = mainCache();
    // 1,200 signals: 200 over the Pacific side of the world, 1,000 on a grid around (0, 0).
    storeSignalsPage(db, {
      profile: 'main',
      signals: Array.from({ length: 1200 }, (_, i) =>
        mainSignal({
          ...(i < 200
            ? { lat: -80 + (i % 160), lng: 100 + (i % 79) }
            : { lat: -20 + (i % 40), lng: -20 + ((i * 7) % 40) }),
          occurred_at: new Date(Date.UTC(2026, 8, 26) + i * 600_000).toISOString(),
        }),
      ),
    });
    const range = windowKeys(window) as { lo: number; hi: number };
    const start = (bbox: readonly [number, number, number, number]) => startFrom(db, bbox, range);
    expect(start([29.9, 29.9, 30.2, 30.2])).toBe('cells');
    expect(start([-15, -15, 15, 15])).toBe('cells');
    // Too large for a cover: most of the points (the words, each entry's point tested), or a
    // few hundred (the R*Tree).
    expect(cellCover([-180, -90, 180, 90])).toBeNull();
    expect(start([-180, -90, 180, 90])).toBe('words');
    expect(start([60, -90, 180, 90])).toBe('box');
    db.close();
  });

  it('ids are looked up through their hash index, the events feed joining by it too', () => {
    const db = seeded();
    const steps = (sql: string, ...params: unknown[]) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((r) => r.detail);
    expect(steps('SELECT id FROM signals WHERE idh = ? AND id = ?', 1, 'x')).toEqual([
      'SEARCH signals USING INDEX signals_idh (idh=?)',
    ]);
    registerIdHash(db);
    expect(
      steps(`SELECT s.title FROM developments d LEFT JOIN signal_aliases a ON a.old_id = d.event_id
        LEFT JOIN signals s ON s.idh = signal_id_hash(coalesce(a.survivor_id, d.event_id))
        AND s.id = coalesce(a.survivor_id, d.event_id)`),
    ).toContain('SEARCH s USING INDEX signals_idh (idh=?) LEFT-JOIN');
    db.close();
  });

  it('a window alone walks the time index latest first, without a sort', () => {
    const db = seeded();
    const steps = plan(db, window);
    expect(steps[0]).toMatch(/^SEARCH s USING COVERING INDEX signals_tkey \(tkey>\? AND tkey<\?\)/);
    expect(steps.join('\n')).not.toMatch(/TEMP B-TREE/);
    db.close();
  });

  it('a band filter alone walks the time index latest first, without a sort', () => {
    const db = seeded();
    expect(plan(db, { minSeverityBand: 9 })).toEqual(['SCAN s USING INDEX signals_tkey']);
    db.close();
  });

  it('updated_since alone reads the update index', () => {
    const db = seeded();
    expect(plan(db, { updatedSince: '2026-10-01T00:00:00Z' })[0]).toMatch(/USING INDEX signals_updated/);
    db.close();
  });
});
