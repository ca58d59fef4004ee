// The offline basemap (resources/basemap/README.md: Natural Earth 1:50m countries as
// TopoJSON) for reports: which countries an area overlaps, and a static SVG map of the area
// with the plottable signals as points. Nothing is fetched: the file ships with the app.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { feature } from 'topojson-client';
import type { Topology, GeometryCollection } from 'topojson-specification';
import type { BBox } from '../../shared/bbox';
import { bboxesIntersect } from '../../shared/bbox';
import { codeOfBasemapName } from '../../shared/country-codes';
import { packageRoot } from '../paths';

type Ring = number[][];
interface Country {
  name: string;
  polygons: Ring[][];
  bbox: BBox;
}

let loaded: Country[] | null = null;

function ringsBBox(polygons: Ring[][]): BBox {
  let w = 180,
    s = 90,
    e = -180,
    n = -90;
  for (const poly of polygons)
    for (const [x, y] of poly[0] ?? []) {
      if (x! < w) w = x!;
      if (x! > e) e = x!;
      if (y! < s) s = y!;
      if (y! > n) n = y!;
    }
  return [w, s, e, n];
}

/** The basemap's countries (read once; ~0.7 MB of TopoJSON). */
export function basemapCountries(): Country[] {
  if (loaded) return loaded;
  const file = path.join(packageRoot(import.meta.dirname), 'resources/basemap/countries-50m.json');
  const topology = JSON.parse(readFileSync(file, 'utf8')) as Topology;
  const fc = feature(topology, topology.objects.countries as GeometryCollection<{ name: string }>);
  loaded = fc.features.flatMap((f) => {
    const g = f.geometry;
    const polygons: Ring[][] =
      g?.type === 'Polygon' ? [g.coordinates] : g?.type === 'MultiPolygon' ? g.coordinates : [];
    return polygons.length ? [{ name: f.properties?.name ?? '', polygons, bbox: ringsBBox(polygons) }] : [];
  });
  return loaded;
}

const norm = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '');

function pointInRing(x: number, y: number, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi! > y !== yj! > y && x < ((xj! - xi!) * (y - yi!)) / (yj! - yi!) + xi!) inside = !inside;
  }
  return inside;
}

/** The basemap's country of this name (its short forms: "Dem. Rep. Congo") or two-letter code. */
function findCountry(who: { name?: string | null; code?: string | null }): Country | undefined {
  const countries = basemapCountries();
  const wanted = who.name ? norm(who.name) : null;
  const byName = wanted ? countries.find((c) => norm(c.name) === wanted) : undefined;
  if (byName || !who.code) return byName;
  const code = who.code.toUpperCase();
  return countries.find((c) => codeOfBasemapName(c.name) === code);
}

/**
 * Whether the basemap's country of this name or code (an alternate-profile signal carries
 * only `country_code`) overlaps the box: a vertex inside the box, or the box's centre inside
 * the country (a box wholly within it). Null when the basemap knows neither.
 */
export function countryOverlaps(
  who: { name?: string | null; code?: string | null },
  box: BBox,
): boolean | null {
  const country = findCountry(who);
  if (!country) return null;
  if (!bboxesIntersect(country.bbox, box)) return false;
  const [w, s, e, n] = box;
  const cx = (w + e) / 2;
  const cy = (s + n) / 2;
  return country.polygons.some(
    (poly) =>
      poly.some((ring) => ring.some(([x, y]) => x! >= w && x! <= e && y! >= s && y! <= n)) ||
      pointInRing(cx, cy, poly[0] ?? []),
  );
}

export interface MapPoint {
  lng: number;
  lat: number;
  colour: string;
  label: string;
}

const WIDTH = 760;
const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * An inline SVG of the area (padded by a tenth on each side): countries from the basemap,
 * an equirectangular projection corrected for the area's mid latitude, the points on top.
 */
export function mapSvg(area: BBox, points: readonly MapPoint[], outline?: BBox): string {
  const padX = Math.max((area[2] - area[0]) * 0.1, 0.05);
  const padY = Math.max((area[3] - area[1]) * 0.1, 0.05);
  const view: BBox = [
    Math.max(-180, area[0] - padX),
    Math.max(-85, area[1] - padY),
    Math.min(180, area[2] + padX),
    Math.min(85, area[3] + padY),
  ];
  const cosLat = Math.max(0.2, Math.cos((((view[1] + view[3]) / 2) * Math.PI) / 180));
  const k = WIDTH / ((view[2] - view[0]) * cosLat);
  const height = Math.min(900, Math.max(200, Math.round((view[3] - view[1]) * k)));
  const ky = height / (view[3] - view[1]);
  const px = (lng: number) => (lng - view[0]) * cosLat * k;
  const py = (lat: number) => (view[3] - lat) * ky;
  const paths: string[] = [];
  for (const c of basemapCountries()) {
    if (!bboxesIntersect(c.bbox, view)) continue;
    const d: string[] = [];
    for (const poly of c.polygons)
      for (const ring of poly) {
        let last: [number, number] | null = null;
        const pts: string[] = [];
        for (const [lng, lat] of ring) {
          const x = px(lng!);
          const y = py(lat!);
          // Vertices closer than half a pixel add bytes, not shape.
          if (last && Math.abs(x - last[0]) < 0.5 && Math.abs(y - last[1]) < 0.5) continue;
          pts.push(`${x.toFixed(1)},${y.toFixed(1)}`);
          last = [x, y];
        }
        if (pts.length > 2) d.push(`M${pts.join('L')}Z`);
      }
    if (d.length) paths.push(`<path d="${d.join('')}"><title>${esc(c.name)}</title></path>`);
  }
  const box = outline ?? area;
  const rect = `<rect class="scope" x="${px(box[0]).toFixed(1)}" y="${py(box[3]).toFixed(1)}" width="${(px(box[2]) - px(box[0])).toFixed(1)}" height="${(py(box[1]) - py(box[3])).toFixed(1)}"/>`;
  const dots = points
    .map(
      (p) =>
        `<circle cx="${px(p.lng).toFixed(1)}" cy="${py(p.lat).toFixed(1)}" r="3" fill="${p.colour}"><title>${esc(p.label)}</title></circle>`,
    )
    .join('');
  const corner = (lng: number, lat: number) =>
    `${Math.abs(lat).toFixed(2)}°${lat < 0 ? 'S' : 'N'} ${Math.abs(lng).toFixed(2)}°${lng < 0 ? 'W' : 'E'}`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" class="map" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" role="img" aria-label="Map of the report's area with ${points.length} signals">` +
    `<clipPath id="view"><rect width="${WIDTH}" height="${height}"/></clipPath>` +
    `<rect class="sea" width="${WIDTH}" height="${height}"/>` +
    `<g class="land" clip-path="url(#view)">${paths.join('')}</g>${rect}` +
    `<g class="points" clip-path="url(#view)">${dots}</g>` +
    `<text class="corner" x="4" y="12">${corner(view[0], view[3])}</text>` +
    `<text class="corner" x="${WIDTH - 4}" y="${height - 4}" text-anchor="end">${corner(view[2], view[1])}</text>` +
    `</svg>`
  );
}
