// Bounding boxes: minLon,minLat,maxLon,maxLat (spec: main profile, "Conventions").
// Pure: used by the client (checks before sending), the demo service and the cache.

export type BBox = readonly [west: number, south: number, east: number, north: number];

/** Mean Earth radius (IUGG), km. */
const EARTH_RADIUS_KM = 6371.0088;

export class BBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BBoxError';
  }
}

/** Checks order and ranges; returns the box or throws a BBoxError saying what is wrong. */
export function checkBBox(values: readonly number[], label = 'bbox'): BBox {
  if (values.length !== 4)
    throw new BBoxError(`${label} needs 4 numbers (west,south,east,north), got ${values.length}`);
  const [w, s, e, n] = values as [number, number, number, number];
  if (![w, s, e, n].every(Number.isFinite)) throw new BBoxError(`${label} has a value that is not a number`);
  if (w < -180 || e > 180) throw new BBoxError(`${label} longitudes must be within -180..180`);
  if (s < -90 || n > 90) throw new BBoxError(`${label} latitudes must be within -90..90`);
  if (w >= e) throw new BBoxError(`${label} west (${w}) must be less than east (${e})`);
  if (s >= n) throw new BBoxError(`${label} south (${s}) must be less than north (${n})`);
  return [w, s, e, n];
}

/** Parses "W,S,E,N" (the query-parameter form). */
export function parseBBox(text: string, label = 'bbox'): BBox {
  const parts = text.split(',').map((p) => p.trim());
  if (parts.some((p) => p === '' || !/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(p)))
    throw new BBoxError(`${label} must be four comma-separated numbers west,south,east,north: "${text}"`);
  return checkBBox(parts.map(Number), label);
}

export const formatBBox = (b: BBox): string => b.join(',');

/** Area of the box on the sphere, km² (exact for a lat/lon rectangle on a sphere). */
export function bboxAreaKm2(b: BBox): number {
  const rad = Math.PI / 180;
  const [w, s, e, n] = b;
  return EARTH_RADIUS_KM ** 2 * (e - w) * rad * Math.abs(Math.sin(n * rad) - Math.sin(s * rad));
}

export const bboxCentre = (b: BBox): { lat: number; lon: number } => ({
  lon: (b[0] + b[2]) / 2,
  lat: (b[1] + b[3]) / 2,
});

export const pointInBBox = (lon: number, lat: number, b: BBox): boolean =>
  lon >= b[0] && lon <= b[2] && lat >= b[1] && lat <= b[3];

export const bboxesIntersect = (a: BBox, b: BBox): boolean =>
  a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];

/** Great-circle distance between two points, km (haversine, mean Earth radius). */
export function distanceKm(aLng: number, aLat: number, bLng: number, bLat: number): number {
  const rad = Math.PI / 180;
  const dLat = (bLat - aLat) * rad;
  const dLng = (bLng - aLng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * rad) * Math.cos(bLat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
