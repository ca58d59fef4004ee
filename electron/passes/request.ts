// The inputs of a pass query, checked as the service checks them (spec: main profile,
// "GET /api/v1/passes"): lat/lon or a bbox centre; start_date default today, end_date
// default start + 2 days, at most 7 days after the start (the service caps, the CLI refuses:
// a silently narrowed window would look like "no passes" after the cap); max_passes 1-100.
import { bboxCentre, parseBBox } from '../../shared/bbox';
import { FAMILY_KEYS, parseFamilyList, type FamilyKey } from './families';

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
  if (end - start > MAX_WINDOW_DAYS * DAY_MS)
    throw new PassRequestError(
      `the window is at most ${MAX_WINDOW_DAYS} days: ${isoDate(start)} to ${isoDate(end)} is ${(end - start) / DAY_MS}; ` +
        `use an end date no later than ${isoDate(start + MAX_WINDOW_DAYS * DAY_MS)}`,
    );

  let families: FamilyKey[];
  try {
    families = parseFamilyList(raw.satellites);
  } catch (err) {
    throw new PassRequestError((err as Error).message);
  }
  let maxPasses = DEFAULT_MAX_PASSES;
  if (raw.maxPasses !== undefined) {
    maxPasses = number(raw.maxPasses, 'max passes', 1, 100);
    if (!Number.isInteger(maxPasses))
      throw new PassRequestError(`max passes must be a whole number, got ${maxPasses}`);
  }
  return {
    target,
    window: { start: isoDate(start), end: isoDate(end) },
    startMs: start,
    // The end date is inclusive: its whole UTC day is searched (as the service's date ranges).
    endMs: end + DAY_MS,
    families: families.length ? families : [...FAMILY_KEYS],
    maxPasses,
  };
}
