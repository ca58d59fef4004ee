// storeSignalsPage: upserts by id (boundary records never duplicated), FTS and R*Tree kept
// in step, and the stream's checkpoint written in the same transaction as the page
// (docs/architecture.md, "The cache").
import { describe, expect, it } from 'vitest';
import { getCheckpoint, querySignals, setCheckpoint, storeSignalsPage } from '../../../electron/cache/index';
import { tidySignalIndex, withFtsBatch } from '../../../electron/cache/signals-store';
import { alternateCache, alternateSignal, count, mainCache, mainSignal } from './fixtures';

describe('storeSignalsPage', () => {
  it('inserts a page, then updates boundary records sent again without duplicating them', () => {
    const db = mainCache();
    const page1 = [mainSignal(), mainSignal(), mainSignal()];
    expect(storeSignalsPage(db, { profile: 'main', signals: page1 })).toEqual({ inserted: 3, updated: 0 });
    const boundary: Record<string, unknown> = {
      ...page1[2]!,
      title: 'Refolded title',
      last_updated_at: '2026-10-02T00:00:00Z',
    };
    const page2 = [boundary, mainSignal()];
    expect(storeSignalsPage(db, { profile: 'main', signals: page2 })).toEqual({ inserted: 1, updated: 1 });
    expect(count(db, 'signals')).toBe(4);
    expect(count(db, 'signals_rtree')).toBe(4);
    expect(count(db, 'signals_fts')).toBe(4);
    expect(querySignals(db, { q: 'refolded' }).map((s) => s.id)).toEqual([boundary.id]);
    expect(querySignals(db, { q: `"${String(page1[2]!.title)}"` })).toEqual([]);
    db.close();
  });

  it('stores a signal sent twice in one page once, as its last version', () => {
    const db = mainCache();
    const s = mainSignal({ title: 'First' });
    expect(storeSignalsPage(db, { profile: 'main', signals: [s, { ...s, title: 'Second' }] })).toEqual({
      inserted: 1,
      updated: 0,
    });
    expect(querySignals(db, {}).map((x) => x.title)).toEqual(['Second']);
    expect(querySignals(db, { q: 'first' })).toEqual([]);
    db.close();
  });

  it('keeps the payload exactly as received', () => {
    const db = mainCache();
    const s = mainSignal({
      reporting: { member_count: 7, distinct_hosts: 3 },
      a_future_field: { x: [1, 2] },
    });
    storeSignalsPage(db, { profile: 'main', signals: [s] });
    const [stored] = querySignals(db, {});
    expect(stored).toEqual({ ...s, profile: 'main', retracted: false });
    db.close();
  });

  it('moves a signal whose occurred time changed, keeping FTS and R*Tree in step', () => {
    const db = mainCache();
    const s = mainSignal({ title: 'Moving target', occurred_at: '2026-10-01T00:00:00Z', lat: 10, lng: 10 });
    const other = mainSignal({ occurred_at: '2026-10-05T00:00:00Z' });
    storeSignalsPage(db, { profile: 'main', signals: [s, other] });
    storeSignalsPage(db, {
      profile: 'main',
      signals: [{ ...s, occurred_at: '2026-10-09T00:00:00Z', lat: 20, lng: 20 }],
    });
    expect(count(db, 'signals')).toBe(2);
    expect(count(db, 'signals_rtree')).toBe(2);
    expect(count(db, 'signals_fts')).toBe(2);
    expect(querySignals(db, {}).map((x) => x.id)).toEqual([s.id, other.id]);
    expect(querySignals(db, { q: 'moving', startDate: '2026-10-09', endDate: '2026-10-09' })).toHaveLength(1);
    expect(querySignals(db, { q: 'moving', startDate: '2026-10-01', endDate: '2026-10-01' })).toEqual([]);
    expect(querySignals(db, { bbox: [19, 19, 21, 21] }).map((x) => x.id)).toEqual([s.id]);
    expect(querySignals(db, { bbox: [9, 9, 11, 11] })).toEqual([]);
    db.close();
  });

  it('pages stored in one batch (a group commit) index exactly as pages stored one by one', () => {
    // The same pages, one with signals updated in place, moved to another time and place, and
    // sent twice across pages of the batch, some turned country-level (no point, no cells).
    const first = Array.from({ length: 30 }, (_, i) =>
      mainSignal({
        title: `Depot ${i % 3 ? 'fire' : 'blast'}`,
        occurred_at: new Date(Date.UTC(2026, 9, 1, i)).toISOString(),
        lat: 40 + i * 0.3,
        lng: 30 + i * 0.3,
      }),
    );
    const later = first.slice(0, 12).map(
      (s, i) =>
        i % 3 === 0
          ? { ...s, title: 'Depot cleared' } // updated in place
          : i % 3 === 1
            ? { ...s, occurred_at: '2026-10-06T00:00:00Z', lat: 10, lng: 10 } // moved
            : { ...s, plottable: false, stage: 'reported' }, // country-level now
    );
    const again = later.slice(0, 4).map((s) => ({ ...s, summary: 'Second report of the day' }));
    const pages = [first.slice(0, 15), later, first.slice(15), again];
    const queries = [
      { q: 'depot', limit: 0 },
      { q: 'blast', limit: 0 },
      { q: 'cleared', limit: 0 },
      { q: '"second report"', limit: 0 },
      { bbox: [9, 9, 11, 11], q: 'depot', limit: 0 },
      { bbox: [35, 45, 45, 55], q: 'depot -blast', limit: 0 },
      { bbox: [28, 38, 50, 50], q: 'fire', limit: 0 },
    ] as const;
    const answers = (batched: boolean) => {
      const db = mainCache();
      const store = () => pages.forEach((signals) => storeSignalsPage(db, { profile: 'main', signals }));
      if (batched) db.transaction(() => withFtsBatch(db, store))();
      else store();
      const out = queries.map((q) =>
        (['words', 'cells', 'box'] as const).map((start) =>
          querySignals(db, q, { start }).map((x) => `${x.id} ${String(x.title)}`),
        ),
      );
      expect(count(db, 'signals_fts')).toBe(30);
      db.close();
      return out;
    };
    const oneByOne = answers(false);
    expect(oneByOne.flat(2).length).toBeGreaterThan(40);
    expect(answers(true)).toEqual(oneByOne);
  });

  it('tidies the search index after a pass that stored a quarter of the cache or more, answering as before', () => {
    const db = mainCache();
    for (let p = 0; p < 8; p++)
      storeSignalsPage(db, {
        profile: 'main',
        signals: Array.from({ length: 50 }, (_, i) =>
          mainSignal({
            title: `Depot ${(p + i) % 3 ? 'fire' : 'blast'} ${p}`,
            occurred_at: new Date(Date.UTC(2026, 9, 1, p, i)).toISOString(),
            lat: 40 + i * 0.1,
            lng: 30 + p * 0.1,
          }),
        ),
      });
    const answers = () =>
      ['depot', 'blast -fire', '"depot fire" 3'].map((q) =>
        querySignals(db, { q, limit: 0 })
          .concat(querySignals(db, { q, bbox: [29, 39, 31, 46], limit: 0 }, { start: 'cells' }))
          .map((s) => s.id),
      );
    const before = answers();
    expect(before.flat().length).toBeGreaterThan(100);
    expect(tidySignalIndex(db, { stored: 99 })).toBe(false); // under a quarter of 400
    expect(tidySignalIndex(db, { stored: 100 })).toBe(true);
    expect(answers()).toEqual(before);
    db.close();
  });

  it('writes the checkpoint in the same transaction as the page', () => {
    const db = mainCache();
    storeSignalsPage(db, {
      profile: 'main',
      signals: [mainSignal()],
      stream: 'signals',
      checkpoint: { updated_since: '2026-10-01T13:00:00Z', cursor: 'c1' },
    });
    expect(getCheckpoint(db, 'signals')).toEqual({ updated_since: '2026-10-01T13:00:00Z', cursor: 'c1' });
    db.close();
  });

  it('leaves neither rows nor checkpoint when a page fails', () => {
    const db = mainCache();
    setCheckpoint(db, 'signals', { cursor: 'before' });
    // A record without an id: refused before anything is written.
    expect(() =>
      storeSignalsPage(db, {
        profile: 'main',
        signals: [mainSignal(), mainSignal(), { title: 'no id' }],
        stream: 'signals',
        checkpoint: { cursor: 'after' },
      }),
    ).toThrow(/index 2 has no id/);
    // A checkpoint that cannot be written fails after the rows were: all rolled back.
    expect(() =>
      storeSignalsPage(db, {
        profile: 'main',
        signals: [mainSignal(), mainSignal()],
        stream: 'signals',
        checkpoint: { cursor: 10n },
      }),
    ).toThrow(/BigInt/);
    expect(count(db, 'signals')).toBe(0);
    expect(count(db, 'signals_rtree')).toBe(0);
    expect(querySignals(db, { q: 'signal' })).toEqual([]);
    expect(getCheckpoint(db, 'signals')).toEqual({ cursor: 'before' });
    db.close();
  });

  it('joins the caller’s transaction, so the sync engine can store more beside the page', () => {
    const db = mainCache();
    expect(() =>
      db.transaction(() => {
        storeSignalsPage(db, {
          profile: 'main',
          signals: [mainSignal()],
          stream: 'signals',
          checkpoint: { n: 1 },
        });
        throw new Error('the rest of the run failed');
      })(),
    ).toThrow('the rest');
    expect(count(db, 'signals')).toBe(0);
    expect(getCheckpoint(db, 'signals')).toBeNull();
    db.close();
  });

  it('refuses a page of the other profile', () => {
    const db = mainCache();
    expect(() => storeSignalsPage(db, { profile: 'alternate', signals: [alternateSignal()] })).toThrow(
      /main-profile/,
    );
    db.close();
  });

  it('stores alternate-profile signals: integer ids, event_date, no band', () => {
    const db = alternateCache();
    const a = alternateSignal({ id: 4242, event_date: '2026-10-03' });
    const b = alternateSignal({ event_date: '2026-10-04' });
    storeSignalsPage(db, { profile: 'alternate', signals: [a, b] });
    storeSignalsPage(db, { profile: 'alternate', signals: [{ ...a, title: 'Updated' }] });
    const listed = querySignals(db, {});
    expect(listed.map((s) => s.id)).toEqual([b.id, 4242]);
    expect(listed[1]).toMatchObject({ id: 4242, title: 'Updated', profile: 'alternate', retracted: false });
    expect(querySignals(db, { startDate: '2026-10-03', endDate: '2026-10-03' }).map((s) => s.id)).toEqual([
      4242,
    ]);
    db.close();
  });
});
