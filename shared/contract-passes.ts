// The Passes rows of the contract: satellite passes predicted offline in main from the orbital
// elements kept in the local cache (electron/passes/, docs/passes.md), the ground track of one
// pass, the soonest passes over many places, and the elements themselves (their age, a
// CelesTrak refresh, a file import). Nothing here asks the service: it all works offline.
import { isCalendarDate } from './dates';
import { z } from 'zod';
import type { FamilyKey } from './service/values';

/** A prediction is stale when its element set is more than this many days from the peak. */
export const PASSES_STALE_AFTER_DAYS = 3;
/** The window is capped to this many days after its start, as the service's /passes caps it. */
export const PASSES_MAX_WINDOW_DAYS = 7;
/**
 * The largest element file the window sends to main (the loopback transport's request limit
 * is 1 MiB; a CelesTrak group of the families is about 60 kB). A larger file is refused with
 * this said, before anything is sent.
 */
export const ELEMENTS_TEXT_MAX = 900_000;

const ymd = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine(isCalendarDate, 'is not a day that exists');
const lat = z.number().finite().min(-90).max(90);
const lon = z.number().finite().min(-180).max(180);

export const passesPredictSchema = z.strictObject({
  lat,
  lon,
  /** First UTC day (default today). */
  startDate: ymd.optional(),
  /** Last UTC day, included (default start + 2); capped to start + 7 and the cap is reported. */
  endDate: ymd.optional(),
  /** Family keys (default all thirteen); unknown keys are reported, not refused. */
  families: z.array(z.string().trim().min(1).max(40)).min(1).max(40).optional(),
  /** At most this many passes, soonest first (the timeline wants them all; default 2000). */
  limit: z.number().int().min(1).max(5000).optional(),
});

export const passesTrackSchema = z.strictObject({
  noradId: z.number().int().positive(),
  /** The pass's peak (ISO 8601 UTC): the track runs either side of it. */
  peak: z.iso.datetime(),
  /** Minutes either side of the peak (default 10). */
  minutes: z.number().int().min(1).max(60).optional(),
});

export const passesSoonestSchema = z.strictObject({
  places: z.array(z.strictObject({ id: z.string().min(1).max(200), lat, lon })).max(500),
  /** Hours from now (default 48). */
  hours: z.number().int().min(1).max(168).optional(),
});

export const elementsImportSchema = z.strictObject({
  /** The file's name, for the messages and the sets' source. */
  name: z.string().trim().min(1).max(300),
  text: z.string().max(ELEMENTS_TEXT_MAX, `is larger than ${ELEMENTS_TEXT_MAX} characters`),
});

/** One pass as docs/passes.md defines it (the service's Pass, with norad_id and elevation). */
export interface PassRow {
  satellite: string;
  norad_id: number;
  family_key: FamilyKey;
  sensor: 'optical' | 'sar';
  collection_mode: 'systematic' | 'taskable';
  /** Whole second of culmination, UTC. */
  peak: string;
  off_nadir_deg: number;
  elevation_deg: number;
  direction: 'ascending' | 'descending';
  sunlit: boolean;
  /** Peak minus the element set's epoch, days. */
  tle_age_days: number;
  is_past: boolean;
}

/** A family of the local catalog (resources/families.json) with how many satellites have elements. */
export interface PassFamily {
  key: FamilyKey;
  label: string;
  sensor: 'optical' | 'sar';
  collectionMode: 'systematic' | 'taskable';
  offNadirDeg: { min: number; max: number };
  /** Satellites of the family with an element set in the cache. */
  satellites: number;
}

export interface PassesWindowClamp {
  requested: { start_date: string; end_date: string };
  applied: { start_date: string; end_date: string };
  reason: string;
}

export interface PassesPredictResult {
  target: { lat: number; lon: number };
  /** The window searched: whole UTC days, end included. */
  window: { start: string; end: string };
  /** Set when the asked window was longer than the 7-day horizon: never narrowed silently. */
  windowClamp: PassesWindowClamp | null;
  families: PassFamily[];
  /** Asked-for keys the local catalog does not know: their timing is unavailable. */
  unknownFamilies: string[];
  /** Families with no usable elements: their timing is unavailable (not "no passes"). */
  familiesWithoutElements: FamilyKey[];
  passes: PassRow[];
  passesFound: number;
  limit: number;
  freshness: { maxTleAgeDays: number | null; stale: boolean; staleAfterDays: number };
  retrievalOk: boolean;
  failures: { noradId: number; name: string; reason: string }[];
  note: string;
  attribution: string;
  generatedAt: string;
}

export interface PassTrackResult {
  noradId: number;
  satellite: string;
  peak: string;
  /** The element set used (the newest cached). */
  epoch: string;
  /** Sub-satellite points [lon, lat] in time order, every 20 s; empty where SGP4 failed. */
  points: [number, number][];
  start: string;
  end: string;
}

export interface SoonestPlace {
  id: string;
  lat: number;
  lon: number;
  /** The soonest sunlit optical pass, or null when none (or no optical family has elements). */
  optical: PassRow | null;
  /** The soonest SAR pass, or null. */
  sar: PassRow | null;
}

export interface PassesSoonestResult {
  window: { start: string; end: string };
  places: SoonestPlace[];
  familiesWithoutElements: FamilyKey[];
  /** The oldest element set searched, days from the window's far edge (null: none searched). */
  maxTleAgeDays: number | null;
  stale: boolean;
}

export interface ElementsStatus {
  /** Satellites of the families with an element set. */
  satellites: number;
  /** Element sets of any satellite kept in the cache (newest per satellite). */
  sets: number;
  newestEpoch: string | null;
  oldestEpoch: string | null;
  /** Where the sets came from (a CelesTrak URL, file:NAME), newest fetch first. */
  sources: { source: string; sets: number; fetchedAt: string }[];
  /** The last CelesTrak request, and when the two-hour rule allows the next. */
  refresh: { url: string; checkedAt: string; status: number; nextAllowedAt: string } | null;
  families: PassFamily[];
}

export interface ElementsImportResult {
  name: string;
  format: 'tle' | 'omm-json' | 'omm-csv';
  read: number;
  imported: number;
  added: number;
  known: number;
}

export type ElementsRefreshResult =
  | { status: 'too-soon'; url: string; checkedAt: string; nextAllowedAt: string }
  | { status: 'not-modified'; url: string; checkedAt: string }
  | { status: 'updated'; url: string; checkedAt: string; received: number; kept: number; added: number };
