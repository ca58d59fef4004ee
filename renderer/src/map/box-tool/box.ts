// A box drawn on the map, from the map's plane to degrees and back, its area and what the
// service would make of it. Pure arithmetic, no OpenLayers objects, so it is tested alone.
import { areaRefusal } from '../../../../shared/area-limits';
import { bboxAreaKm2, BBoxError, checkBBox, type BBox } from '../../../../shared/bbox';
import type { DrawnBox } from '../../state/box-tool';

export type { DrawnBox };

/** Half the width of the Web Mercator world (EPSG:3857), m. */
const HALF_WORLD = 20037508.342789244;
const MERCATOR_RADIUS = 6378137;
const DEG = 180 / Math.PI;

/** Degrees kept: 4 decimals is about 11 m, finer than a drag can mean. */
const round4 = (v: number) => Math.round(v * 1e4) / 1e4 + 0; // + 0: no −0 in a box

/** East past west in degrees (0..360): across the 180th meridian the box goes on eastwards. */
export const boxWidth = (b: DrawnBox): number => (b[2] >= b[0] ? b[2] - b[0] : b[2] + 360 - b[0]);

export const crossesAntimeridian = (b: DrawnBox): boolean => b[2] < b[0];

/**
 * A drawn extent in the map's plane (EPSG:3857, x past ±180° when the analyst drew on a
 * wrapped copy of the world) as a box in degrees: west brought into −180..180, east wrapped
 * behind it when the box crosses the 180th meridian, a box wider than the world taken as the
 * whole world. Null for a box with no width or height (a click, not a drag).
 */
export function boxFromExtent(extent: readonly number[]): DrawnBox | null {
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = extent;
  const lat = (y: number) =>
    Math.max(-90, Math.min(90, round4(Math.atan(Math.sinh(y / MERCATOR_RADIUS)) * DEG)));
  const south = lat(Math.min(y0, y1));
  const north = lat(Math.max(y0, y1));
  const lonW = (Math.min(x0, x1) / HALF_WORLD) * 180;
  const lonE = (Math.max(x0, x1) / HALF_WORLD) * 180;
  let west: number;
  let east: number;
  if (lonE - lonW >= 360) [west, east] = [-180, 180];
  else {
    const shift = Math.floor((lonW + 180) / 360) * 360;
    west = round4(lonW - shift);
    east = round4(lonE - shift);
    if (west >= 180) [west, east] = [west - 360, east - 360];
    if (east > 180) east = round4(east - 360);
  }
  if (west === east || south === north) return null;
  return [west, south, east, north];
}

/** The box in the map's plane, east past west (beyond 180° when it crosses): what is drawn. */
export function boxExtent(b: DrawnBox): [number, number, number, number] {
  const x = (lon: number) => (lon / 180) * HALF_WORLD;
  const y = (lat: number) => {
    const clamped = Math.max(-85.0511, Math.min(85.0511, lat));
    return Math.log(Math.tan(Math.PI / 4 + clamped / DEG / 2)) * MERCATOR_RADIUS;
  };
  return [x(b[0]), y(b[1]), x(b[0] + boxWidth(b)), y(b[3])];
}

/** Area on the sphere, km², the service's own formula (shared/bbox.ts), across 180° too. */
export function boxAreaKm2(b: DrawnBox): number {
  return bboxAreaKm2([b[0], b[1], b[0] + boxWidth(b), b[3]]);
}

/** "12,364 km²"; under 10 km² with one decimal, so a small box never reads as 0. */
export function formatKm2(km2: number): string {
  const n = km2 < 10 ? km2.toFixed(1) : Math.round(km2).toLocaleString('en');
  return `${n} km²`;
}

/** "W, S, E, N" to 2 decimals. */
export const formatBox = (b: DrawnBox): string => b.map((v) => v.toFixed(2)).join(', ');

/** What each action would meet: null when allowed, else the reason in the service's words. */
export interface BoxVerdicts {
  /** The signals filter takes any valid box (no area limit), not one across 180°. */
  filter: string | null;
  order: string | null;
  monitoring: string | null;
}

export function boxVerdicts(b: DrawnBox): BoxVerdicts {
  let filter: string | null = null;
  try {
    checkBBox(b, 'bbox');
  } catch (e) {
    if (!(e instanceof BBoxError)) throw e;
    filter = e.message;
  }
  return {
    filter,
    order: areaRefusal('standing-order', b),
    monitoring: areaRefusal('monitoring-area', b),
  };
}

/** The box as the contract takes it (only for a box the checks above let through). */
export const asBBox = (b: DrawnBox): BBox => checkBBox(b, 'bbox');

export const sameBox = (a: readonly number[] | null | undefined, b: readonly number[] | null | undefined) =>
  !!a && !!b && a.length === b.length && a.every((v, i) => v === b[i]);
