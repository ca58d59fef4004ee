// The offline basemap (resources/basemap/README.md: Natural Earth countries as TopoJSON) for
// reports: which countries an area overlaps, and whether a point is on land. The map itself is
// drawn in report-map.ts. Nothing is fetched: the files ship with the app.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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

/**
 * Natural Earth at two scales: 1:50m (resources/basemap/, the window's too) for overlaps and
 * wide views, 1:10m (the npm package `world-atlas`, 3.6 MB) read only for a map of a small
 * area, where 1:50m puts a coastal city's signals in the sea (Beirut's headland is missing).
 */
export type Detail = '50m' | '10m';
const loaded = new Map<Detail, Country[]>();

function readCountries(file: string): Country[] {
  const topology = JSON.parse(readFileSync(file, 'utf8')) as Topology;
  const fc = feature(topology, topology.objects.countries as GeometryCollection<{ name: string }>);
  return fc.features.flatMap((f) => {
    const g = f.geometry;
    const polygons: Ring[][] =
      g?.type === 'Polygon' ? [g.coordinates] : g?.type === 'MultiPolygon' ? g.coordinates : [];
    return polygons.length ? [{ name: f.properties?.name ?? '', polygons, bbox: ringsBBox(polygons) }] : [];
  });
}

/** The basemap's countries at a scale (each read once per process). */
export function basemapCountries(detail: Detail = '50m'): Country[] {
  let countries = loaded.get(detail);
  if (!countries) {
    countries = readCountries(
      detail === '50m'
        ? path.join(packageRoot(import.meta.dirname), 'resources/basemap/countries-50m.json')
        : createRequire(import.meta.url).resolve('world-atlas/countries-10m.json'),
    );
    loaded.set(detail, countries);
  }
  return countries;
}

/** A view narrower than this (degrees of longitude or latitude) is drawn at 1:10m. */
export const FINE_VIEW_DEG = 12;

/** Whether a point lies on land in the basemap at this scale (any country's outline). */
export function onLand(lng: number, lat: number, detail: Detail = '50m'): boolean {
  return basemapCountries(detail).some(
    (c) =>
      lng >= c.bbox[0] &&
      lng <= c.bbox[2] &&
      lat >= c.bbox[1] &&
      lat <= c.bbox[3] &&
      c.polygons.some((poly) => pointInPolygon(lng, lat, poly)),
  );
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

/** Inside the outer ring and outside every hole. */
const pointInPolygon = (x: number, y: number, poly: Ring[]): boolean =>
  pointInRing(x, y, poly[0] ?? []) && !poly.slice(1).some((hole) => pointInRing(x, y, hole));

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
