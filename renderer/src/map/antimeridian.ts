// The shipped TopoJSON follows spherical conventions a flat map does not: rings that cross
// the 180th meridian jump from +180 to −180 (a band drawn across the whole map: Russia,
// Fiji), and Antarctica is a ring around the pole with a degenerate "outer" ring along it.
// These functions make each ring drawable on a plane, before OpenLayers reads it.
import type { Feature, Geometry, Position } from 'geojson';

export const POLAR = 89.9;

const isPolarRing = (ring: Position[]) => ring.every((p) => Math.abs(p[1]!) >= POLAR);

/** Indices i where the step from i−1 to i jumps across the antimeridian (not a polar edge). */
function jumps(ring: Position[]): number[] {
  const out: number[] = [];
  for (let i = 1; i < ring.length; i++) {
    const [a, b] = [ring[i - 1]!, ring[i]!];
    const polar = Math.abs(a[1]!) >= POLAR && Math.abs(b[1]!) >= POLAR;
    if (!polar && Math.abs(b[0]! - a[0]!) > 180) out.push(i);
  }
  return out;
}

/** A ring that crosses and comes back: continue past ±180 instead of jumping (181°, 190°…). */
function unwrap(ring: Position[]): Position[] {
  let offset = 0;
  const out = ring.map((p, i) => {
    if (i > 0) {
      const d = p[0]! - ring[i - 1]![0]!;
      if (Math.abs(d) > 180 && !(Math.abs(p[1]!) >= POLAR && Math.abs(ring[i - 1]![1]!) >= POLAR))
        offset -= Math.sign(d) * 360;
    }
    return [p[0]! + offset, p[1]!];
  });
  // A ring that would not close again is left as it was rather than drawn wrong.
  return offset === 0 ? out : ring;
}

/** A ring that goes once around a pole: cut at the antimeridian and closed along the pole. */
function closeAroundPole(ring: Position[], jump: number): Position[] {
  const closed = ring.length > 1 && ring[0]![0] === ring.at(-1)![0] && ring[0]![1] === ring.at(-1)![1];
  const open = closed ? ring.slice(0, -1) : ring;
  const at = jump % open.length;
  const seq = [...open.slice(at), ...open.slice(0, at)];
  const meanLat = seq.reduce((s, p) => s + p[1]!, 0) / seq.length;
  const pole = Math.sign(meanLat) * POLAR;
  const first = seq[0]!;
  const last = seq.at(-1)!;
  return [...seq, [last[0]!, pole], [first[0]!, pole], first];
}

export function planarizePolygon(rings: Position[][]): Position[][] {
  return rings
    .filter((r) => !isPolarRing(r))
    .map((r) => {
      const js = jumps(r);
      if (js.length === 0) return r;
      return js.length % 2 === 0 ? unwrap(r) : closeAroundPole(r, js[0]!);
    })
    .filter((r) => r.length >= 4);
}

export function planarizeGeometry(geometry: Geometry | null): Geometry | null {
  if (!geometry) return geometry;
  if (geometry.type === 'Polygon')
    return { ...geometry, coordinates: planarizePolygon(geometry.coordinates) };
  if (geometry.type === 'MultiPolygon')
    return {
      ...geometry,
      coordinates: geometry.coordinates.map(planarizePolygon).filter((p) => p.length > 0),
    };
  return geometry;
}

export const planarizeFeature = <F extends Feature>(f: F): F => ({
  ...f,
  geometry: planarizeGeometry(f.geometry),
});
