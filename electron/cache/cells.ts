// Grid cells in the words' index (migration 019): every drawable point carries one token per
// level naming the cell it lies in, in the FTS's `cells` column, so bbox + q is one FTS
// expression, `words AND cells : (cell OR cell …)`, that FTS5 answers by intersecting the two
// doclists inside the index, latest first (its rowids are time keys), instead of reading one of
// the two sets whole (docs/cache.md, "Time keys and query plans"). The cells cover the box; the
// exact box is then tested on the time index, as every bbox query does.
import type { BBox } from '../../shared/bbox';

/** Cell edges in degrees, finest first; each level's cells are three times the last's. */
export const CELL_SIZES = [0.5, 1.5, 4.5, 13.5] as const;

/**
 * The most cells a cover may name: below it a box takes the finest level that covers it with
 * this many (measured at 1M: 4–40 cells gave the same p95 within 1 ms; more cells read less
 * outside the box, fewer open fewer doclists).
 */
export const MAX_COVER_CELLS = 20;

/** A cell's token: letters and digits only, so the FTS tokenizer keeps it whole. */
const token = (level: number, x: number, y: number): string => `c${level}x${x}y${y}`;

/**
 * The cell of (lng, lat) at a level. Floor of an offset divided by the size: monotonic in each
 * coordinate, so a point inside a box always falls in a cell the box's cover names.
 */
const cellX = (lng: number, size: number): number => Math.floor((lng + 180) / size);
const cellY = (lat: number, size: number): number => Math.floor((lat + 90) / size);

/** The `cells` column of a drawable point: its cell at every level, space-separated. */
export function cellTokens(lng: number, lat: number): string {
  return CELL_SIZES.map((size, level) => token(level, cellX(lng, size), cellY(lat, size))).join(' ');
}

/**
 * The cells covering a box at the finest level that needs at most MAX_COVER_CELLS of them, or
 * null when even the coarsest needs more (a box that large holds most points: another start
 * does better).
 */
export function cellCover([w, s, e, n]: BBox): string[] | null {
  for (let level = 0; level < CELL_SIZES.length; level++) {
    const size = CELL_SIZES[level]!;
    const [x0, x1, y0, y1] = [cellX(w, size), cellX(e, size), cellY(s, size), cellY(n, size)];
    if ((x1 - x0 + 1) * (y1 - y0 + 1) > MAX_COVER_CELLS) continue;
    const cells: string[] = [];
    for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) cells.push(token(level, x, y));
    return cells;
  }
  return null;
}
