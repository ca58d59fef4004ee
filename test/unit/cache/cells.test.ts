// The box's cells (electron/cache/cells.ts): a point inside a box always lies in a cell the
// box's cover names, whatever the box, the level or the edges; and the FTS keeps each token
// whole, so a cell never matches another.
import { describe, expect, it } from 'vitest';
import { CELL_SIZES, MAX_COVER_CELLS, cellCover, cellTokens } from '../../../electron/cache/cells';
import { querySignals, storeSignalsPage } from '../../../electron/cache/index';
import { mainCache, mainSignal } from './fixtures';

/** mulberry32, so a failure can be run again. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('grid cells', () => {
  it('a point inside a box is in a cell of its cover, for boxes of every size and at the edges', () => {
    const r = random(7);
    let covered = 0;
    for (let i = 0; i < 20_000; i++) {
      const size = 0.01 * 2000 ** r(); // 0.01° to 20°
      const w = -180 + r() * (360 - size);
      const s = -90 + r() * (180 - size);
      const box = [w, s, w + size, s + Math.min(size, 90 - s)] as const;
      const cover = cellCover(box);
      if (!cover) continue;
      covered++;
      expect(cover.length).toBeLessThanOrEqual(MAX_COVER_CELLS);
      // A point anywhere in the box, its corners and edges included.
      const pick = (lo: number, hi: number) => [lo, hi, lo + r() * (hi - lo)][Math.floor(r() * 3)]!;
      const tokens = cellTokens(pick(box[0], box[2]), pick(box[1], box[3])).split(' ');
      expect(
        tokens.some((t) => cover.includes(t)),
        JSON.stringify(box),
      ).toBe(true);
    }
    expect(covered).toBeGreaterThan(19_000);
  });

  it('the world and its edges: -180/180 and -90/90 fall in cells like any other point', () => {
    for (const [lng, lat] of [
      [-180, -90],
      [180, 90],
      [180, -90],
      [0, 0],
    ] as const) {
      const tokens = cellTokens(lng, lat).split(' ');
      expect(tokens).toHaveLength(CELL_SIZES.length);
      const box = [
        Math.max(-180, lng - 0.1),
        Math.max(-90, lat - 0.1),
        Math.min(180, lng + 0.1),
        Math.min(90, lat + 0.1),
      ] as const;
      expect(tokens.filter((t) => cellCover(box)!.includes(t))).not.toHaveLength(0);
    }
    expect(cellCover([-180, -90, 180, 90])).toBeNull(); // a box that large takes another start
  });

  it('a q word never matches a cell, and a cell never a word: the words look only at the text', () => {
    const db = mainCache();
    const [a, b] = [
      mainSignal({ lat: 10, lng: 20, title: 'Port closed' }),
      mainSignal({ lat: 10.2, lng: 20.2 }),
    ];
    storeSignalsPage(db, { profile: 'main', signals: [a, b] });
    const cell = cellTokens(20, 10).split(' ')[0]!;
    expect(querySignals(db, { q: cell })).toEqual([]);
    expect(querySignals(db, { bbox: [19, 9, 21, 11], q: cell }, { start: 'cells' })).toEqual([]);
    expect(
      querySignals(db, { bbox: [19, 9, 21, 11], q: 'port' }, { start: 'cells' }).map((s) => s.id),
    ).toEqual([a.id]);
    db.close();
  });
});
