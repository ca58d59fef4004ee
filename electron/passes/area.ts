// Passes over an area, not a point (docs/reports.md, "Passes"): a pass belongs to the area when
// its reach, the ground its family's off-nadir range covers from the satellite, meets any part
// of it. The area is sampled on a grid of cell centres; each family's off-nadir range is widened
// by what the half-diagonal of a cell subtends from a low orbit (400 km: the lowest of the
// catalog's families, where an angle covers the least ground), so a pass whose reach meets a
// cell is found at its centre: the list is the area's passes and at most a cell's half-diagonal
// more. The passes found at several points are one pass (same satellite, peaks within 15
// minutes), listed at the point it sees nearest nadir. An area more than 1,000 km across is too
// large for the list to mean anything (nearly every pass of every satellite reaches part of it
// in 48 hours), so none is computed.
import { distanceKm, type BBox } from '../../shared/bbox';
import type { FamilyCatalog } from './families';
import type { Pass } from './predict';

/** An area wider than this (its diagonal) gets no list of passes. */
export const AREA_PASSES_MAX_KM = 1000;
/** Grid cells tried, finest first; the first that keeps the grid within MAX_POINTS is used. */
const CELL_KM = [15, 20, 25, 30, 40, 50];
const MAX_POINTS = 400;
const EARTH_KM = 6371;
/** The orbit the widening assumes: the catalog's lowest (an angle covers the least ground). */
const LOW_ORBIT_KM = 400;
const SAME_PASS_MS = 15 * 60_000;
const RAD = Math.PI / 180;

export interface AreaGrid {
  points: { lat: number; lon: number }[];
  /** The area's diagonal, km. */
  spanKm: number;
  /** Half a cell's diagonal: how far a sampled point may be from any part of its cell, km. */
  slackKm: number;
}

/** The grid over an area, or `{ tooLarge }` with its diagonal when it is too large. */
export function areaGrid(area: BBox): AreaGrid | { tooLarge: true; spanKm: number } {
  const [w, s, e, n] = area;
  const spanKm = distanceKm(w, s, e, n);
  if (spanKm > AREA_PASSES_MAX_KM) return { tooLarge: true, spanKm };
  // The box's widest parallel sets its width.
  const widest = Math.max(Math.cos(s * RAD), Math.cos(n * RAD), s < 0 && n > 0 ? 1 : 0);
  const widthKm = (e - w) * 111.32 * widest;
  const heightKm = (n - s) * 111.32;
  for (const cell of CELL_KM) {
    const nx = Math.max(1, Math.ceil(widthKm / cell));
    const ny = Math.max(1, Math.ceil(heightKm / cell));
    if (nx * ny > MAX_POINTS && cell !== CELL_KM.at(-1)) continue;
    const points: { lat: number; lon: number }[] = [];
    for (let j = 0; j < ny; j++)
      for (let i = 0; i < nx; i++)
        points.push({ lat: s + ((j + 0.5) * (n - s)) / ny, lon: w + ((i + 0.5) * (e - w)) / nx });
    return { points, spanKm, slackKm: Math.hypot(widthKm / nx, heightKm / ny) / 2 };
  }
  throw new Error('unreachable');
}

/** Off-nadir (degrees) at which a satellite `altKm` up sees ground `angle` radians from nadir. */
function offNadirAt(angle: number, altKm: number): number {
  const r = EARTH_KM + altKm;
  return Math.atan2(EARTH_KM * Math.sin(angle), r - EARTH_KM * Math.cos(angle)) / RAD;
}

/** Central angle (radians) from nadir that off-nadir `deg` reaches from `altKm` up. */
function groundAngle(deg: number, altKm: number): number {
  const s = ((EARTH_KM + altKm) / EARTH_KM) * Math.sin(deg * RAD);
  const horizon = Math.acos(EARTH_KM / (EARTH_KM + altKm));
  return s >= 1 ? horizon : Math.min(horizon, Math.asin(s) - deg * RAD);
}

/** The catalog with each family's off-nadir range widened by `km` of ground on either side. */
export function widenedCatalog(catalog: FamilyCatalog, km: number): FamilyCatalog {
  const d = km / EARTH_KM;
  const out = new Map(catalog);
  for (const [key, f] of catalog) {
    const { min, max } = f.off_nadir_deg;
    out.set(key, {
      ...f,
      off_nadir_deg: {
        min: min <= 0 ? 0 : Math.max(0, offNadirAt(groundAngle(min, LOW_ORBIT_KM) - d, LOW_ORBIT_KM)),
        max: Math.min(89, offNadirAt(groundAngle(max, LOW_ORBIT_KM) + d, LOW_ORBIT_KM)),
      },
    });
  }
  return out;
}

/** The passes found at the grid's points as the area's: one per pass, nearest nadir, soonest first. */
export function mergeAreaPasses(found: readonly Pass[]): Pass[] {
  const bySatellite = new Map<number, Pass[]>();
  for (const p of found) bySatellite.set(p.norad_id, [...(bySatellite.get(p.norad_id) ?? []), p]);
  const out: Pass[] = [];
  for (const list of bySatellite.values()) {
    list.sort((a, b) => a.peak.localeCompare(b.peak));
    let group: Pass[] = [];
    const flush = () => {
      if (group.length) out.push(group.reduce((a, b) => (b.off_nadir_deg < a.off_nadir_deg ? b : a)));
      group = [];
    };
    for (const p of list) {
      if (group.length && Date.parse(p.peak) - Date.parse(group[0]!.peak) > SAME_PASS_MS) flush();
      group.push(p);
    }
    flush();
  }
  return out.sort((a, b) => a.peak.localeCompare(b.peak) || a.satellite.localeCompare(b.satellite));
}
