// Shapes on the sphere for the measured and area layers: a quake's radius and a cyclone's
// wind radii are distances on the ground, so they are drawn as geodesic rings (a circle of
// 50 km is taller than wide on the Web Mercator map far from the equator), and each ring's
// longitudes stay continuous across the 180th meridian instead of jumping to the far side.
import type { Coordinate } from 'ol/coordinate';
import { fromLonLat } from 'ol/proj';

const EARTH_RADIUS_M = 6_371_008.8;
export const METRES_PER_NM = 1852;
const rad = (d: number) => (d * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** [lng, lat] when both are real numbers on the globe, else null (nothing is drawn). */
export function lonLat(lng: unknown, lat: unknown): [number, number] | null {
  return finite(lng) && finite(lat) && Math.abs(lat) <= 90 && Math.abs(lng) <= 540 ? [lng, lat] : null;
}

/** The point `metres` from [lon, lat] along the initial bearing (degrees from north). */
export function destination(lon: number, lat: number, bearing: number, metres: number): [number, number] {
  const d = metres / EARTH_RADIUS_M;
  const [φ1, λ1, θ] = [rad(lat), rad(lon), rad(bearing)];
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(d) + Math.cos(φ1) * Math.sin(d) * Math.cos(θ));
  const λ2 =
    λ1 + Math.atan2(Math.sin(θ) * Math.sin(d) * Math.cos(φ1), Math.cos(d) - Math.sin(φ1) * Math.sin(φ2));
  // Kept beside the centre's longitude (181° rather than −179°) so the ring stays one piece.
  let lon2 = deg(λ2);
  while (lon2 - lon > 180) lon2 -= 360;
  while (lon2 - lon < -180) lon2 += 360;
  return [lon2, deg(φ2)];
}

/** A closed geodesic circle, in map coordinates. */
export function geodesicCircle(lon: number, lat: number, metres: number, steps = 96): Coordinate[] {
  const ring: Coordinate[] = [];
  for (let i = 0; i <= steps; i++) ring.push(fromLonLat(destination(lon, lat, (360 * i) / steps, metres)));
  return ring;
}

export type Quadrant = 'NE' | 'SE' | 'SW' | 'NW';
export const QUADRANTS: readonly Quadrant[] = ['NE', 'SE', 'SW', 'NW'];

/**
 * The outline of wind radii given per quadrant (NE spans bearings 0–90°, SE 90–180°…), in map
 * coordinates: each quadrant's arc at its own radius, joined by a radial step where two
 * quadrants differ. A quadrant without a radius is not guessed: the outline goes back to the
 * centre across it. Null when no quadrant has one.
 */
export function quadrantRing(
  lon: number,
  lat: number,
  radiiMetres: Partial<Record<Quadrant, number | null | undefined>>,
  stepsPerQuadrant = 24,
): Coordinate[] | null {
  const centre = fromLonLat([lon, lat]);
  const ring: Coordinate[] = [];
  let any = false;
  QUADRANTS.forEach((q, i) => {
    const r = radiiMetres[q];
    if (!finite(r) || r <= 0) {
      ring.push(centre);
      return;
    }
    any = true;
    for (let s = 0; s <= stepsPerQuadrant; s++)
      ring.push(fromLonLat(destination(lon, lat, 90 * i + (90 * s) / stepsPerQuadrant, r)));
  });
  if (!any) return null;
  ring.push(ring[0]!);
  return ring;
}

/**
 * A box [west, south, east, north] in degrees as a closed ring in map coordinates, or null for
 * anything that is not one. A box whose east is less than its west crosses the 180th meridian.
 */
export function boxRing(bbox: unknown): Coordinate[] | null {
  if (!Array.isArray(bbox) || bbox.length !== 4 || !bbox.every(finite)) return null;
  const [w, s, e0, n] = bbox as [number, number, number, number];
  const e = e0 < w ? e0 + 360 : e0;
  if (s >= n || e === w || Math.abs(s) > 90 || Math.abs(n) > 90) return null;
  // Edges along parallels are straight on this map; meridians too: four corners suffice.
  return [
    [w, s],
    [e, s],
    [e, n],
    [w, n],
    [w, s],
  ].map((c) => fromLonLat(c));
}
