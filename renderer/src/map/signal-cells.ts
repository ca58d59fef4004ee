// The signals' points as the map draws them, worked out on the CPU from the columnar answer:
// their Web Mercator places (computed once per answer), how many fall in a view, and the
// clusters. Points closer than a cell on screen pile into blots an analyst cannot count or
// pick (2,307 points read as some 30 glyphs at world zoom), and a hundred thousand single
// points take a software-rendered canvas seconds; so the points are binned into
// screen-sized cells (per whole zoom level, in Mercator so a cell is square on screen), a cell
// of one drawn as its point, a cell of more once, sized by its count, coloured by its mean band
// (the tooltip gives the highest) and labelled with its count. Zooming in splits them; points
// at one place stay together at any zoom and are listed on a click (membersOf). Also the
// pointer's hit test, from the columns rather than by drawing the layer again.
import { POINT_FLAGS } from '../../../shared/contract-values';
import type { SignalPoints } from '../../../shared/contract';

/** Half the width of the Web Mercator world, in metres (EPSG:3857). */
export const HALF_WORLD = 20037508.342789244;
const WORLD = 2 * HALF_WORLD;
/**
 * A view with at most this many points in it draws them singly. Each point drawn costs about
 * the same under a software-rendered canvas whatever its size (some 10–30 µs a frame on a
 * busy two-core machine): 14,000 single points took a second a frame there, and five thousand
 * are already more than an analyst tells apart at world zoom, where the cells say more.
 */
export const POINT_LIMIT = 5_000;
/** A cell's side on screen, in CSS pixels. */
export const CELL_PX = 24;

export interface ProjectedPoints {
  points: SignalPoints;
  /** EPSG:3857 metres, as fromLonLat gives them. */
  x: Float64Array;
  y: Float64Array;
  /**
   * 1 for a point the map does not draw (a measured signal whose reading its own layer draws,
   * where it was measured): it is in no cell and no view's points.
   */
  skip?: Uint8Array;
}

export function project(points: SignalPoints): ProjectedPoints {
  const x = new Float64Array(points.count);
  const y = new Float64Array(points.count);
  const k = HALF_WORLD / 180;
  for (let i = 0; i < points.count; i++) {
    x[i] = points.lng[i]! * k;
    // Clamped to Web Mercator's latitude limit, as ol/proj does.
    const lat = Math.max(-85.0511287798, Math.min(85.0511287798, points.lat[i]!));
    y[i] = (HALF_WORLD * Math.log(Math.tan((Math.PI * (lat + 90)) / 360))) / Math.PI;
  }
  return { points, x, y };
}

const sameArray = (a: ArrayLike<unknown>, b: ArrayLike<unknown>) => {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

/** Whether two answers draw alike: the same signals, places, bands, flags and categories. */
export function samePoints(a: SignalPoints, b: SignalPoints): boolean {
  return (
    a === b ||
    (a.count === b.count &&
      sameArray(a.categories, b.categories) &&
      sameArray(a.band, b.band) &&
      sameArray(a.flags, b.flags) &&
      sameArray(a.category, b.category) &&
      sameArray(a.lng, b.lng) &&
      sameArray(a.lat, b.lat) &&
      sameArray(a.ids, b.ids))
  );
}

/** A view's extent in EPSG:3857 [minX, minY, maxX, maxY]; x may run past the antimeridian. */
export type Extent = [number, number, number, number];

/** Whether x lies within [minX, maxX] on a world that wraps (the map repeats east and west). */
export function inWrappedRange(x: number, minX: number, maxX: number): boolean {
  if (maxX - minX >= WORLD) return true;
  const d = (((x - minX) % WORLD) + WORLD) % WORLD;
  return d <= maxX - minX;
}

/** Indices of the points within the extent (up to `cap + 1` of them when capped). */
export function pointsIn(p: ProjectedPoints, e: Extent, cap = Infinity): number[] {
  const out: number[] = [];
  const skip = p.skip;
  for (let i = 0; i < p.points.count && out.length <= cap; i++)
    if (!skip?.[i] && p.y[i]! >= e[1] && p.y[i]! <= e[3] && inWrappedRange(p.x[i]!, e[0], e[2])) out.push(i);
  return out;
}

export interface Cells {
  /** The whole zoom level they were binned for. */
  level: number;
  count: number;
  /** Where each cell is drawn: the mean place of its points (EPSG:3857). */
  x: Float64Array;
  y: Float64Array;
  /** Points in the cell; the counts add up to every point in the answer. */
  n: Uint32Array;
  /** The highest band among them (0 when none is known). */
  maxBand: Uint8Array;
  /**
   * Their mean band, rounded, over those with a band (0 when none has one): what the cell is
   * coloured by, since with hundreds of points in a cell the highest is nearly always 9 or 10.
   */
  meanBand: Uint8Array;
  measured: Uint32Array;
  /** One point of the cell (the first), for a cell of one drawn as that point. */
  first: Uint32Array;
  /** Each square of the level's grid (cellKey) holding points -> its cell (membersOf). */
  slot: ReadonlyMap<number, number>;
  /** The points binned (all but the skipped, or those listed). */
  indices: ArrayLike<number> | null;
}

/** A cell's side at the zoom level, in EPSG:3857 metres. */
const cellSide = (level: number) => (WORLD * CELL_PX) / (256 * 2 ** level);

/** The most squares a level's grid may have to be looked up in an array (4 MB; zoom 6 and below). */
const DENSE_SQUARES = 1 << 20;

/** The square a place falls in on the level's grid. */
function cellKey(x: number, y: number, side: number): number {
  const cols = Math.ceil(WORLD / side);
  return Math.floor((HALF_WORLD - y) / side) * cols + Math.floor((x + HALF_WORLD) / side);
}

/**
 * Bins the points (every one not skipped, or those listed) into CELL_PX-sized squares at the
 * zoom level (256 px tiles at level 0).
 */
export function binCells(p: ProjectedPoints, level: number, indices?: ArrayLike<number>): Cells {
  const side = cellSide(level);
  const slot = new Map<number, number>();
  const sx: number[] = [];
  const sy: number[] = [];
  const n: number[] = [];
  const band: number[] = [];
  const bandSum: number[] = [];
  const banded: number[] = [];
  const measured: number[] = [];
  const first: number[] = [];
  const keys: number[] = [];
  const { points, skip } = p;
  const total = indices ? indices.length : points.count;
  // Binning every point, a level's grid of up to a million squares is looked up in an array
  // (10.5 -> 7 ms warm at 133,000 points). Not for the few thousand points around a view,
  // binned again as the map pans: there the array would cost more than the lookups it saves.
  const squaresOfLevel = Math.ceil(WORLD / side) ** 2;
  const dense = !indices && squaresOfLevel <= DENSE_SQUARES ? new Int32Array(squaresOfLevel).fill(-1) : null;
  for (let j = 0; j < total; j++) {
    const i = indices ? indices[j]! : j;
    if (!indices && skip?.[i]) continue;
    const x = p.x[i]!;
    const y = p.y[i]!;
    const key = cellKey(x, y, side);
    const inDense = dense !== null && key >= 0 && key < squaresOfLevel;
    let c: number | undefined = inDense ? dense[key]! : slot.get(key);
    if (c === undefined || c === -1) {
      keys.push(key);
      c = n.length;
      slot.set(key, c);
      if (inDense) dense[key] = c;
      sx.push(0);
      sy.push(0);
      n.push(0);
      band.push(0);
      bandSum.push(0);
      banded.push(0);
      measured.push(0);
      first.push(i);
    }
    sx[c]! += x;
    sy[c]! += y;
    n[c]! += 1;
    const b = points.band[i]!;
    if (b > band[c]!) band[c] = b;
    if (b > 0) {
      bandSum[c]! += b;
      banded[c]! += 1;
    }
    if (points.flags[i]! & POINT_FLAGS.measured) measured[c]! += 1;
  }
  // Squares whose points sit near a shared edge would be drawn over each other, their counts
  // unreadable: the larger takes in each neighbour whose points' place is closer than a cell.
  const squares = n.length;
  const into = new Int32Array(squares).fill(-1);
  const done = new Uint8Array(squares);
  const cols = Math.ceil(WORLD / side);
  const bySize = Array.from({ length: squares }, (_, c) => c).sort((a, b) => n[b]! - n[a]!);
  for (const c of bySize) {
    if (into[c] !== -1) continue;
    done[c] = 1;
    const cx = sx[c]! / n[c]!;
    const cy = sy[c]! / n[c]!;
    for (const dk of [-cols - 1, -cols, -cols + 1, -1, 1, cols - 1, cols, cols + 1]) {
      const d = slot.get(keys[c]! + dk);
      if (d === undefined || done[d] || into[d] !== -1) continue;
      if (Math.hypot(sx[d]! / n[d]! - cx, sy[d]! / n[d]! - cy) >= side) continue;
      into[d] = c;
      sx[c]! += sx[d]!;
      sy[c]! += sy[d]!;
      n[c]! += n[d]!;
      band[c] = Math.max(band[c]!, band[d]!);
      bandSum[c]! += bandSum[d]!;
      banded[c]! += banded[d]!;
      measured[c]! += measured[d]!;
      first[c] = Math.min(first[c]!, first[d]!);
    }
  }
  const kept: number[] = [];
  const final = new Int32Array(squares);
  for (let c = 0; c < squares; c++) if (into[c] === -1) final[c] = kept.push(c) - 1;
  const cellOf = new Map<number, number>();
  for (let c = 0; c < squares; c++) cellOf.set(keys[c]!, final[into[c] === -1 ? c : into[c]!]!);
  const pick = <T>(a: T[]) => kept.map((c) => a[c]!);
  const kn = pick(n);
  const kBanded = pick(banded);
  return {
    level,
    count: kept.length,
    x: Float64Array.from(pick(sx), (v, c) => v / kn[c]!),
    y: Float64Array.from(pick(sy), (v, c) => v / kn[c]!),
    n: Uint32Array.from(kn),
    maxBand: Uint8Array.from(pick(band)),
    meanBand: Uint8Array.from(pick(bandSum), (v, c) => (kBanded[c] ? Math.round(v / kBanded[c]!) : 0)),
    measured: Uint32Array.from(pick(measured)),
    first: Uint32Array.from(pick(first)),
    slot: cellOf,
    indices: indices ?? null,
  };
}

/** The points of cell `c`, in the answer's order. */
export function membersOf(p: ProjectedPoints, cells: Cells, c: number): number[] {
  const side = cellSide(cells.level);
  const out: number[] = [];
  const { indices } = cells;
  const total = indices ? indices.length : p.points.count;
  for (let j = 0; j < total; j++) {
    const i = indices ? indices[j]! : j;
    if (!indices && p.skip?.[i]) continue;
    if (cells.slot.get(cellKey(p.x[i]!, p.y[i]!, side)) === c) out.push(i);
  }
  return out;
}

/**
 * Whether the points are (nearly) at one place: within a pixel of each other at the map's
 * closest zoom, `maxZoom` (in degrees, a pixel of longitude; a degree of latitude is never
 * shorter on a Mercator map), so zooming in never splits them.
 */
export function stacked(points: SignalPoints, members: readonly number[], maxZoom: number): boolean {
  if (members.length < 2) return false;
  const px = 360 / (256 * 2 ** maxZoom);
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const i of members) {
    x0 = Math.min(x0, points.lng[i]!);
    x1 = Math.max(x1, points.lng[i]!);
    y0 = Math.min(y0, points.lat[i]!);
    y1 = Math.max(y1, points.lat[i]!);
  }
  return x1 - x0 <= px && y1 - y0 <= px;
}

/**
 * A cell's radius on screen: by area with its count, from a disc that holds a count of two
 * digits up to the cell.
 */
export const cellRadius = (n: number) => Math.min(CELL_PX / 2 - 1, 7 + 1.2 * Math.log2(n / 2));

/** A cell's count as drawn on it: 7, 312, 4.2k, 38k. */
export function countLabel(n: number): string {
  if (n < 1000) return String(n);
  if (n < 9_950) return `${(n / 1000).toFixed(1).replace(/\.0$/, '')}k`;
  return `${Math.round(n / 1000)}k`;
}

/**
 * The nearest of the candidates to `at` (EPSG:3857), within `tolerancePx` screen pixels plus
 * its own radius, at `resolution` metres a pixel; -1 when none is.
 */
export function nearest(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  radiusPx: (j: number) => number,
  at: [number, number],
  resolution: number,
  tolerancePx: number,
): number {
  let best = -1;
  let bestD = Infinity;
  for (let j = 0; j < xs.length; j++) {
    let dx = (((xs[j]! - at[0]) % WORLD) + WORLD) % WORLD;
    if (dx > HALF_WORLD) dx -= WORLD;
    const dy = ys[j]! - at[1];
    const d = Math.hypot(dx, dy) / resolution;
    if (d <= radiusPx(j) + tolerancePx && d < bestD) {
      best = j;
      bestD = d;
    }
  }
  return best;
}
