// What a report needs to know of one cached signal, in either profile (spec: main "Signal";
// alternate "Signal (alternate profile)").
import { isPlottable, type CachedSignal } from '../cache';

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
export const placeOf = (s: CachedSignal): string =>
  [text(s.location), text(s.country) || text(s.country_code)].filter(Boolean).join(', ');
export const severityOf = (s: CachedSignal): string =>
  [
    s.severity_band !== undefined && s.severity_band !== null ? `band ${text(s.severity_band)}` : '',
    s.severity_score !== undefined && s.severity_score !== null ? `score ${text(s.severity_score)}` : '',
  ]
    .filter(Boolean)
    .join(', ');
export { text as fieldText };
