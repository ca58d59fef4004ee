// The basemap's countries read straight from the shipped TopoJSON into OpenLayers geometries on
// flat coordinate arrays: each shared border (arc) decoded once, rings joined from arcs as
// topojson-client joins them, the few rings that cross the 180th meridian or circle a pole made
// drawable by antimeridian.ts, then projected in place. The same outlines as topojson-client's
// GeoJSON read by OpenLayers' GeoJSON format (a test holds every country to it), without the
// ~80,000 coordinate arrays that path built and dropped (measured cold, in-process: 43–49 ms
// against 62–70 ms).
import Feature from 'ol/Feature';
import MultiPolygon from 'ol/geom/MultiPolygon';
import Polygon from 'ol/geom/Polygon';
import type { Position } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { planarizePolygon, POLAR } from './antimeridian';

export type CountriesTopology = Topology<{ countries: GeometryCollection<{ name: string }> }>;

/** Every arc's points as [lon, lat, lon, lat, …], decoded once (they are delta-encoded). */
function decodeArcs(topology: CountriesTopology): Float64Array[] {
  const t = topology.transform;
  const [kx, ky] = t ? t.scale : [1, 1];
  const [dx, dy] = t ? t.translate : [0, 0];
  return topology.arcs.map((arc) => {
    const out = new Float64Array(arc.length * 2);
    let x0 = 0;
    let y0 = 0;
    for (let k = 0; k < arc.length; k++) {
      const p = arc[k]!;
      if (t) {
        // As topojson-client's transform, to the last bit.
        out[2 * k] = (x0 += p[0]!) * kx + dx;
        out[2 * k + 1] = (y0 += p[1]!) * ky + dy;
      } else {
        out[2 * k] = p[0]!;
        out[2 * k + 1] = p[1]!;
      }
    }
    return out;
  });
}

/**
 * A ring joined from its arcs (a negative index is the arc reversed), appended to `flat` as
 * [lon, lat, …]: each arc starts where the last ended, that point taken once.
 */
function appendRing(flat: number[], arcs: Float64Array[], indices: number[]): void {
  const start = flat.length;
  for (const i of indices) {
    const arc = arcs[i < 0 ? ~i : i]!;
    if (flat.length > start) flat.length -= 2;
    const n = arc.length / 2;
    if (i >= 0) for (let k = 0; k < 2 * n; k++) flat.push(arc[k]!);
    else for (let k = n - 1; k >= 0; k--) flat.push(arc[2 * k]!, arc[2 * k + 1]!);
  }
  // topojson-client pads a ring to four points (an arc of two points can make one).
  const first = [flat[start]!, flat[start + 1]!];
  if (flat.length - start < 4) flat.push(...first);
  while (flat.length - start < 8) flat.push(...first);
}

/** Whether flat[from..to) needs antimeridian.ts: it goes round a pole or jumps across ±180. */
function crossesOrCircles(flat: number[], from: number, to: number): boolean {
  let polar = true;
  for (let i = from; i < to; i += 2) {
    const pole = Math.abs(flat[i + 1]!) >= POLAR;
    if (!pole) polar = false;
    if (i > from && !(pole && Math.abs(flat[i - 1]!) >= POLAR) && Math.abs(flat[i]! - flat[i - 2]!) > 180)
      return true;
  }
  return polar;
}

function positions(flat: number[], from: number, to: number): Position[] {
  const out: Position[] = [];
  for (let i = from; i < to; i += 2) out.push([flat[i]!, flat[i + 1]!]);
  return out;
}

/**
 * A polygon's rings appended to `flat`, their ends returned; the rare polygon with a ring
 * across ±180 or around a pole made drawable on a plane (planarizePolygon).
 */
function appendPolygon(flat: number[], arcs: Float64Array[], rings: number[][]): number[] {
  const start = flat.length;
  const ends: number[] = [];
  let crossing = false;
  for (const r of rings) {
    const from = flat.length;
    appendRing(flat, arcs, r);
    ends.push(flat.length);
    crossing ||= crossesOrCircles(flat, from, flat.length);
  }
  if (!crossing) return ends;
  const planar = planarizePolygon(ends.map((end, k) => positions(flat, k ? ends[k - 1]! : start, end)));
  flat.length = start;
  ends.length = 0;
  for (const ring of planar) {
    for (const p of ring) flat.push(p[0]!, p[1]!);
    ends.push(flat.length);
  }
  return ends;
}

/** The countries as features on the map's projection, each with its name (and id). */
export function countryFeatures(topology: CountriesTopology): Feature[] {
  const arcs = decodeArcs(topology);
  const out: Feature[] = [];
  for (const g of topology.objects.countries.geometries) {
    let geometry: Polygon | MultiPolygon | undefined;
    const flat: number[] = [];
    if (g.type === 'Polygon') {
      const ends = appendPolygon(flat, arcs, g.arcs);
      geometry = new Polygon(flat, 'XY', ends);
    } else if (g.type === 'MultiPolygon') {
      const endss: number[][] = [];
      for (const polygon of g.arcs) {
        const ends = appendPolygon(flat, arcs, polygon);
        if (ends.length) endss.push(ends);
      }
      geometry = new MultiPolygon(flat, 'XY', endss);
    }
    geometry?.transform('EPSG:4326', 'EPSG:3857');
    const f = new Feature({ ...(geometry ? { geometry } : {}), ...(g.properties ?? {}) });
    if (g.id !== undefined) f.setId(g.id);
    out.push(f);
  }
  return out;
}
