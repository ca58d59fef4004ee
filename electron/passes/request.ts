// The inputs of a pass query, read as the service reads them (spec: main profile,
// "GET /api/v1/passes"): lat/lon or a bbox centre; start_date default today, end_date
// default start + 2 days, "capped to a 7-day horizon" (a longer window is narrowed to
// start + 7 days, as the service would, and the narrowing is reported, never silent);
// max_passes 1-100. The nine commercial family keys are placeholders in the document, so a
// key the local catalog does not know is reported, not refused.
import { bboxCentre, parseBBox } from '../../shared/bbox';
import { FAMILY_KEYS, type FamilyKey } from './families';

export const MAX_WINDOW_DAYS = 7;
export const DEFAULT_WINDOW_DAYS = 2;
export const DEFAULT_MAX_PASSES = 40;
const DAY_MS = 86_400_000;

export class PassRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PassRequestError';
  }
}

export interface PassRequest {
  target: { lat: number; lon: number };
  /** Dates as given (YYYY-MM-DD, UTC); the window runs from start 00:00 to the end of end. */
  window: { start: string; end: string };
  startMs: number;
  endMs: number;
  families: FamilyKey[];
  maxPasses: number;
  /** Set when the asked window was longer than the 7-day horizon: what was asked, what is searched. */
  windowClamp?: WindowClamp;
  /** Family keys asked for that the local catalog does not know (their timing is unavailable). */
  unknownFamilies: string[];
}

export interface WindowClamp {
  requested: { start_date: string; end_date: string };
  applied: { start_date: string; end_date: string };
  reason: string;
}

export interface RawPassRequest {
  lat?: string | number;
  lon?: string | number;
  bbox?: string;
  startDate?: string;
  endDate?: string;
  satellites?: string;
  maxPasses?: string | number;
}

function number(value: string | number, label: string, min: number, max: number): number {
  const n =
    typeof value === 'number' ? value : /^\s*[-+]?(\d+\.?\d*|\.\d+)\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isFinite(n)) throw new PassRequestError(`${label} must be a number, got "${value}"`);
  if (n < min || n > max) throw new PassRequestError(`${label} must be within ${min}..${max}, got ${n}`);
  return n;
}

function date(text: string, label: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  const ms = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
  if (!m || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== text.trim())
    throw new PassRequestError(`${label} must be a date YYYY-MM-DD, got "${text}"`);
  return ms;
}

const isoDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Checks and normalises a request; throws PassRequestError saying what is wrong. */
export function parsePassRequest(raw: RawPassRequest, now: Date): PassRequest {
  let target: { lat: number; lon: number };
  const hasLat = raw.lat !== undefined;
  const hasLon = raw.lon !== undefined;
  if (hasLat !== hasLon) throw new PassRequestError('give both --lat and --lon (or --bbox W,S,E,N)');
  if (hasLat && hasLon) {
    target = { lat: number(raw.lat!, 'lat', -90, 90), lon: number(raw.lon!, 'lon', -180, 180) };
  } else if (raw.bbox !== undefined) {
    try {
      target = bboxCentre(parseBBox(raw.bbox));
    } catch (err) {
      throw new PassRequestError((err as Error).message);
    }
  } else
    throw new PassRequestError('say where: --lat X --lon Y, or --bbox W,S,E,N (its centre is the target)');

  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const start = raw.startDate !== undefined ? date(raw.startDate, 'start date') : today;
  const end =
    raw.endDate !== undefined ? date(raw.endDate, 'end date') : start + DEFAULT_WINDOW_DAYS * DAY_MS;
  if (end < start)
    throw new PassRequestError(`the end date ${isoDate(end)} is before the start date ${isoDate(start)}`);
  // The service caps end_date to a 7-day horizon; the same cap here, stated in the answer.
  const horizon = start + MAX_WINDOW_DAYS * DAY_MS;
  const applied = Math.min(end, horizon);
  const windowClamp: WindowClamp | undefined =
    applied < end
      ? {
          requested: { start_date: isoDate(start), end_date: isoDate(end) },
          applied: { start_date: isoDate(start), end_date: isoDate(applied) },
          reason: `end_date is capped to a ${MAX_WINDOW_DAYS}-day horizon after start_date, as the service's /passes caps it`,
        }
      : undefined;

  const { families, unknown } = familyKeys(raw.satellites);
  let maxPasses = DEFAULT_MAX_PASSES;
  if (raw.maxPasses !== undefined) {
    maxPasses = number(raw.maxPasses, 'max passes', 1, 100);
    if (!Number.isInteger(maxPasses))
      throw new PassRequestError(`max passes must be a whole number, got ${maxPasses}`);
  }
  return {
    target,
    window: { start: isoDate(start), end: isoDate(applied) },
    startMs: start,
    // The end date is inclusive: its whole UTC day is searched (as the service's date ranges).
    endMs: applied + DAY_MS,
    families,
    maxPasses,
    ...(windowClamp ? { windowClamp } : {}),
    unknownFamilies: unknown,
  };
}

/**
 * "k1,k2" (the --satellites option; omitted = all thirteen): the keys the catalog knows, and
 * the others. Only known keys can be computed offline; an unknown one is not a usage error
 * (the document's commercial keys are placeholders) and never widens the query to all.
 */
export function familyKeys(text: string | undefined): { families: FamilyKey[]; unknown: string[] } {
  if (text === undefined) return { families: [...FAMILY_KEYS], unknown: [] };
  const keys = [
    ...new Set(
      text
        .split(',')
        .map((k) => k.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  if (keys.length === 0) throw new PassRequestError('--satellites needs at least one family key');
  const known = (k: string): k is FamilyKey => (FAMILY_KEYS as readonly string[]).includes(k);
  return { families: keys.filter(known), unknown: keys.filter((k) => !known(k)) };
}
