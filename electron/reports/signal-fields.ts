// What a report needs to know of one cached signal, in either profile (spec: main "Signal";
// alternate "Signal (alternate profile)").
import { isPlottable, type CachedSignal } from '../cache';
import { placeAndCountry } from '../../shared/place-text';
import { countryName } from '../../shared/country-codes';

export { isPlottable };

/** The point to draw, or null for a country-level signal (its coordinates are a country's centre). */
export function pointOf(s: CachedSignal): [lng: number, lat: number] | null {
  return isPlottable(s) && typeof s.lng === 'number' && typeof s.lat === 'number' ? [s.lng, s.lat] : null;
}

export interface Band {
  key: 'critical' | 'high' | 'elevated' | 'low' | 'unknown';
  label: string;
  colour: string;
}

const BANDS: Band[] = [
  { key: 'critical', label: 'severity band 9–10', colour: '#b30000' },
  { key: 'high', label: 'severity band 6–8', colour: '#e34a33' },
  { key: 'elevated', label: 'severity band 4–5', colour: '#fc8d59' },
  { key: 'low', label: 'severity band 1–3', colour: '#fdcc8a' },
  { key: 'unknown', label: 'severity unknown', colour: '#888888' },
];
export const SEVERITY_BANDS: readonly Band[] = BANDS;

/**
 * The severity group a signal is drawn in, cut where the service filters (min_severity_band
 * 4, 6, 9). Alternate signals carry no band: their 0–10 severity_score stands in for it,
 * as `watchfloor signals --min-severity-band` does.
 */
export function bandOf(s: CachedSignal): Band {
  const v =
    typeof s.severity_band === 'number'
      ? s.severity_band
      : typeof s.severity_score === 'number'
        ? s.severity_score
        : null;
  if (v === null) return BANDS[4]!;
  if (v >= 9) return BANDS[0]!;
  if (v >= 6) return BANDS[1]!;
  if (v >= 4) return BANDS[2]!;
  return BANDS[3]!;
}

const text = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';

/** When it happened: occurred_at (main) or event_date (alternate). */
export const whenOf = (s: CachedSignal): string => text(s.occurred_at) || text(s.event_date);

/** The same, short for a table: "2026-11-27 22:00" (UTC) or the alternate profile's date. */
export function whenShort(s: CachedSignal): string {
  const t = whenOf(s);
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(t);
  return m ? `${m[1]} ${m[2]}` : t;
}

/**
 * Where it happened, in words: the place and its country, the country once when the place is
 * the country ("Yemen", not "Yemen, Yemen") or already names it.
 */
export function placeOf(s: CachedSignal): string {
  const place = text(s.location) || text(s.place);
  const country = text(s.country) || (text(s.country_code) ? countryName(text(s.country_code)) : '');
  return placeAndCountry(place, country);
}

/** A category as words: "maritime_incident" → "maritime incident". */
export const categoryWords = (v: unknown): string => text(v).replace(/_/g, ' ');

/** Ids in a printed table: a uuid's first 8 characters (whole ids are in the GeoJSON and CSV). */
export const shortId = (v: unknown): string => {
  const id = text(v);
  return /^[0-9a-f]{8}-[0-9a-f-]{27}$/i.test(id) ? id.slice(0, 8) : id;
};

/** The order of "most severe": the band (main) or the 0–10 score (alternate); -1 when neither. */
export function severityKey(s: CachedSignal): number {
  return typeof s.severity_score === 'number'
    ? s.severity_score
    : typeof s.severity_band === 'number'
      ? s.severity_band
      : -1;
}

/** A count as a reader writes it: 10,089. */
export const count = (n: number): string => n.toLocaleString('en-US');

/** "1 signal", "2,307 signals". */
export const counted = (n: number, one: string, many = `${one}s`): string =>
  `${count(n)} ${n === 1 ? one : many}`;
export const severityOf = (s: CachedSignal): string =>
  [
    s.severity_band !== undefined && s.severity_band !== null ? `band ${text(s.severity_band)}` : '',
    s.severity_score !== undefined && s.severity_score !== null ? `score ${text(s.severity_score)}` : '',
  ]
    .filter(Boolean)
    .join(', ');
export { text as fieldText };

/** A cached value as text, escaped for HTML (the report's page and the PDF's header and footer). */
export const esc = (v: unknown): string =>
  text(v).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
