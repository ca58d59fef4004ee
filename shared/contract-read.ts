// The read rows of the contract: what the window asks the local cache (signals for the list and
// the map, developments, measured lists, transit, the brief, what each sync stream covers).
// Every answer comes from the cache alone, so it works offline; `asOf` says when the stream it
// reads last stored data. Records the service sent are typed from shared/service.
import { isRealDateOrTime } from './dates';
import { z } from 'zod';
import type { Profile } from './profile';
import { BBoxError, checkBBox } from './bbox';
import { Q_MAX_LENGTH } from './q';
import type * as A from './service/alternate';
import type * as C from './service/common';
import type * as M from './service/main';
import { DEVELOPMENT_SOURCES, STAGES, type Stage } from './service/values';
import { MEASURED_LIST_KINDS, type MeasuredListKind } from './contract-values';
export { MEASURED_LIST_KINDS, POINT_FLAGS, type MeasuredListKind } from './contract-values';

export type { Stage };
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

const DATE_OR_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;
/** YYYY-MM-DD (the whole day) or an ISO 8601 time with its zone. */
export const dateOrTime = z
  .string()
  .regex(DATE_OR_TIME, 'must be a date YYYY-MM-DD or an ISO 8601 time with a zone')
  .refine(isRealDateOrTime, 'is not a day or time that exists');

export const bboxSchema = z
  .array(z.number().finite())
  .length(4)
  .superRefine((v, ctx) => {
    try {
      checkBBox(v);
    } catch (e) {
      ctx.addIssue({ code: 'custom', message: e instanceof BBoxError ? e.message : String(e) });
    }
  })
  .transform((v) => v as unknown as [number, number, number, number]);

const shortList = z.array(z.string().trim().min(1).max(100)).max(50);

/** The shared filter of signals.query, signals.points and signals.countryCounts. */
export const signalFilterShape = {
  bbox: bboxSchema.optional(),
  start: dateOrTime.optional(),
  end: dateOrTime.optional(),
  /** The service's q rules (shared/q.ts). */
  q: z.string().max(Q_MAX_LENGTH).optional(),
  categories: shortList.optional(),
  stages: z.array(z.enum(STAGES)).max(3).optional(),
  minSeverityBand: z.union([z.literal(4), z.literal(6), z.literal(9)]).optional(),
  markets: shortList.optional(),
  /** reporting.distinct_hosts (alternate: num_sources) at least this. */
  minPublishers: z.number().int().min(0).max(100_000).optional(),
  measured: z.boolean().optional(),
  includeRetracted: z.boolean().optional(),
};
const startBeforeEnd = (f: { start?: string | undefined; end?: string | undefined }) =>
  f.start === undefined || f.end === undefined || f.start.slice(0, 10) <= f.end.slice(0, 10);
const ORDER = { message: 'start is after end', path: ['start'] };

export const signalFilterSchema = z.strictObject(signalFilterShape).refine(startBeforeEnd, ORDER);
export type SignalFilter = z.input<typeof signalFilterSchema>;

export const SIGNAL_SORTS = ['latest', 'oldest', 'severity'] as const;
export const signalQuerySchema = z
  .strictObject({
    ...signalFilterShape,
    sort: z.enum(SIGNAL_SORTS).optional(),
    limit: z.number().int().min(1).max(1000).optional(),
    offset: z.number().int().min(0).max(10_000_000).optional(),
  })
  .refine(startBeforeEnd, ORDER);
export type SignalQueryInput = z.input<typeof signalQuerySchema>;

/** A narrowing the service reported when a stream last synced, and what it means here. */
export interface ClampNote {
  stream: string;
  kind: 'window_clamp' | 'filter_clamp' | 'plan_lock';
  detail: JsonValue;
  requiredPlans: string[] | null;
  /** One sentence for the analyst (the same words `watchfloor signals` prints). */
  wording: string;
}

export interface SignalRow {
  id: string;
  title: string;
  category: string;
  occurredAt: string | null;
  stage: Stage | null;
  severityBand: number | null;
  severityScore: number | null;
  lat: number | null;
  lng: number | null;
  /** A point the map may draw (main plottable; alternate search_ready / geo_verified) with coordinates. */
  plottable: boolean;
  location: string | null;
  country: string | null;
  countryCode: string | null;
  measured: boolean;
  measuredKind: string | null;
  retracted: boolean;
  publishers: number | null;
  markets: string[];
}

export interface SignalsQueryResult {
  rows: SignalRow[];
  total: number;
  clamps: ClampNote[];
  asOf: string | null;
  profile: Profile;
  demo: boolean;
}

/** The map's points, one column per field (typed arrays cross IPC and `serve` whole). */
export interface SignalPoints {
  count: number;
  ids: string[];
  lng: Float32Array;
  lat: Float32Array;
  /** Severity band (alternate: the 0–10 score, truncated); 0 = unknown. */
  band: Uint8Array;
  /** bit0 measured, bit1 retracted, bit2 escalating. */
  flags: Uint8Array;
  /** Index into `categories`. */
  category: Uint8Array;
  categories: string[];
  /** Occurred time, ms since 1970; NaN when unknown. */
  time: Float64Array;
  asOf: string | null;
}

/** A category the cache holds, and whether its signals are measured (signals.categories). */
export interface SignalCategory {
  name: string;
  measured: boolean;
}

export interface CountryCount {
  countryCode: string;
  country: string | null;
  count: number;
  maxBand: number | null;
}

/**
 * A record as one profile's service sends it, tagged by that profile: `result.profile` tells
 * which shape `result[key]` has (the renderer reads them through renderer/src/data/records.ts).
 */
export type ByProfile<K extends string, Main, Alternate> =
  ({ profile: 'main' } & { [P in K]: Main }) | ({ profile: 'alternate' } & { [P in K]: Alternate });

/**
 * A stored record tagged by the profile of the service that sent it (each account's cache holds
 * one profile's records, checked by the client when they came).
 */
export function byProfile<K extends string, Main, Alternate>(
  profile: Profile,
  key: K,
  value: unknown,
): ByProfile<K, Main, Alternate> {
  return { profile, [key]: value } as ByProfile<K, Main, Alternate>;
}

export type SignalGetResult = ByProfile<'signal', M.Signal, A.Signal> & {
  retracted: boolean;
  /** The folded id asked for, when it led to this survivor. */
  resolvedFrom: string | null;
  mergedIds: string[];
  asOf: string | null;
};

export type EventThreadResult = ByProfile<'thread', M.Thread, A.Thread> & {
  fromCache: boolean;
  note: string | null;
  asOf: string | null;
};

export const developmentsListSchema = z
  .strictObject({
    start: dateOrTime.optional(),
    end: dateOrTime.optional(),
    notableOnly: z.boolean().optional(),
    axes: shortList.optional(),
    sources: z.array(z.enum(DEVELOPMENT_SOURCES)).max(2).optional(),
    /** Newest first (the default), or notable ones first, then newest (the Developments view). */
    order: z.enum(['latest', 'notable']).optional(),
    limit: z.number().int().min(1).max(500).optional(),
    offset: z.number().int().min(0).max(10_000_000).optional(),
  })
  .refine(startBeforeEnd, ORDER);

export interface DevelopmentRow {
  eventId: string;
  /** Main axis; alternate development_type. */
  axis: string;
  source: 'world' | 'measurement';
  previousState: string | null;
  currentState: string | null;
  basis: string | null;
  notable: boolean;
  observedAt: string | null;
  title: string | null;
  /** From the cached signal, for "jump to". */
  lat: number | null;
  lng: number | null;
  raw: M.Development | A.Development;
}

export interface DevelopmentsListResult {
  rows: DevelopmentRow[];
  total: number;
  byAxis: Record<string, number>;
  bySource: Record<string, number>;
  asOf: string | null;
}

export interface MeasuredRecordOf {
  thermal: C.ThermalAnomaly;
  nightlight: C.NightlightAnomaly;
  so2: C.So2Anomaly;
  quake: C.QuakeExposure;
  cyclone: C.CycloneExposure;
}
export const measuredListSchema = z
  .strictObject({
    kind: z.enum(MEASURED_LIST_KINDS),
    bbox: bboxSchema.optional(),
    start: dateOrTime.optional(),
    end: dateOrTime.optional(),
    limit: z.number().int().min(1).max(1000).optional(),
  })
  .refine(startBeforeEnd, ORDER);
/** One kind's records (the union is over kinds, so `kind` tells which record type `rows` holds). */
export type MeasuredListResult = {
  [K in MeasuredListKind]: { kind: K; rows: MeasuredRecordOf[K][]; total: number; asOf: string | null };
}[MeasuredListKind];

export interface TransitResult {
  record: C.TransitAnomalies | null;
  asOf: string | null;
}

/** One of the analyst's own records as cached: what the service sent, or the write still in the outbox. */
export interface OwnRecord<R> {
  id: string;
  /** Written here; the outbox has not sent it yet (its shape is the write's, fields may be missing). */
  pending: boolean;
  record: R;
}
/** Watches (alternate profile; the main profile has none), with their area's box when they have one. */
export interface WatchesListResult {
  rows: OwnRecord<A.Watch>[];
  asOf: string | null;
}
/** One note on a watch as cached: the service's record, or the analyst's still in the outbox. */
export interface WatchNoteRow {
  id: string;
  /** Written here; the outbox has not sent it yet (its id is then the write's local id). */
  pending: boolean;
  /** When the service took the analyst's delete: the note is kept as the record of it. */
  deletedAt: string | null;
  note: A.Note;
}
/** One cached watch with what its detail carried (contract watches.get). */
export interface WatchDetailResult {
  watch: OwnRecord<A.Watch> | null;
  /** The thread of its event as the detail carried it; null for an area watch or no detail. */
  thread: A.Thread | null;
  /** A detail (GET /watches/{id}) is cached: without one, thread and notes are not known. */
  detailCached: boolean;
  notes: WatchNoteRow[];
  /** Revisions of its decision package in the cache. */
  packageRevisions: number;
  /** When the cache last stored this watch. */
  asOf: string | null;
}
export interface OrdersListResult {
  rows: OwnRecord<C.StandingOrder>[];
  asOf: string | null;
}
export interface MonitoringListResult {
  rows: OwnRecord<C.MonitoringArea>[];
  asOf: string | null;
}

/**
 * What a standing order's last run can be explained by. The service does not list the events
 * a check found: these are the cached events in the order's box that occurred in the order's
 * period (a day or a week, by its cadence) before it ran.
 */
export interface OrderFiredResult {
  orderId: string;
  /** When it last ran (fired); null: it has not fired, and `events` is empty. */
  firedAt: string | null;
  /** Start of the span looked at (the cadence's period before `firedAt`). */
  since: string | null;
  events: SignalRow[];
  /** How many cached events match (`events` holds at most 50). */
  total: number;
  asOf: string | null;
}

export interface MonitoringSeriesPoint {
  date: string | null;
  value: number | null;
  anomaly: boolean;
}
export interface MonitoringSeriesMetric {
  polygonId: string | null;
  metric: string | null;
  label: string | null;
  /** Oldest first, as cached from the area's detail read. */
  points: MonitoringSeriesPoint[];
}
/** A monitoring area's cached series, metric by metric (none before its detail was synced). */
export interface MonitoringSeriesResult {
  areaId: string;
  pending: boolean;
  metrics: MonitoringSeriesMetric[];
  asOf: string | null;
}

/** A watch's decision package: every revision the cache has kept (docs/cache.md), by watch. */
export const packagesRevisionsSchema = z.strictObject({ watchId: z.string().trim().min(1).max(200) });
export const packagesGetSchema = z.strictObject({
  watchId: z.string().trim().min(1).max(200),
  /** A kept revision; absent: the one fetched last. */
  revision: z.string().trim().min(1).max(200).optional(),
});
export interface PackageRevision {
  revision: string;
  /** When sync stored this revision (first fetched). */
  fetchedAt: string;
  schemaVersion: string | null;
  packageId: string | null;
}
export interface PackagesRevisionsResult {
  watchId: string;
  /** Oldest first, in the order sync fetched them. */
  revisions: PackageRevision[];
  /** When the watches stream (which fetches the packages) last stored data. */
  asOf: string | null;
}
/**
 * One revision of a watch's package, tagged by profile: the alternate service's package
 * (A.DecisionPackage); the main service has no watches and no packages (its document names
 * none), so a main account's is always null.
 */
export type PackageGetResult = ByProfile<'package', null, A.DecisionPackage | null> & {
  watchId: string;
  /** Null when no package (or not that revision) of the watch is cached. */
  revision: PackageRevision | null;
  asOf: string | null;
};

export const BRIEF_PERIODS = ['daily', 'weekly', 'monthly'] as const;
export const briefGetSchema = z.strictObject({
  period: z.enum(BRIEF_PERIODS).optional(),
  date: z.iso.date().optional(),
});
export type BriefResult = ByProfile<'brief', M.Brief | null, A.Brief | null> & {
  period: (typeof BRIEF_PERIODS)[number];
  asOf: string | null;
};

export interface SyncStreamState {
  name: string;
  /** When a sync run last worked on this stream. */
  lastSyncAt: string | null;
  /** When the data it holds was last stored. */
  asOf: string | null;
  clamps: ClampNote[];
  /** What went wrong on this stream in the last run (this launch), if anything. */
  error: string | null;
}

/** The last run's summary (the `watchfloor sync --json` shape). */
export interface SyncRunSummary {
  profile: Profile;
  base_url: string;
  complete: boolean;
  streams: Record<string, { requests: number; received: number; stored: number }>;
  tokens: { charged: number; remaining: number | null };
  clamps: { stream: string; kind: string; detail: unknown; required_plans?: string[] }[];
  errors: { stream: string; kind: string; status?: number; message: string }[];
  gone?: string[];
  stopped?: { reason: 'budget' | 'insufficient_tokens' | 'link' | 'disk_full'; message: string };
}

// ---- the analyst's local-only notes (main profile: its service keeps no notes) ------------
// Written straight to the account's cache, never to the outbox: they are never sent.

/** What a local note is about: a signal (an event) by its id. */
export const LOCAL_NOTE_SUBJECTS = ['signal'] as const;
export type LocalNoteSubject = (typeof LOCAL_NOTE_SUBJECTS)[number];

export interface LocalNoteRow {
  id: string;
  subjectKind: LocalNoteSubject;
  subjectId: string;
  /** The subject's title as seen when the note was written. */
  subjectLabel: string | null;
  /** The titled note a reply sits under (one level deep); null for a thread's first note. */
  parentId: string | null;
  title: string | null;
  note: string;
  confidence: string | null;
  likelihood: string | null;
  gaps: string[];
  nextCheck: string | null;
  createdAt: string;
  updatedAt: string;
  /** Always: kept on this computer, never sent to the service. */
  localOnly: true;
}

export interface LocalNotesListResult {
  notes: LocalNoteRow[];
}

const localNoteText = (max: number) => z.string().trim().min(1).max(max);
const localNoteRef = z.string().trim().min(1).max(200);

export const localNotesListSchema = z.strictObject({ subjectId: localNoteRef.optional() });

export const localNotesAddSchema = z.strictObject({
  /** Kept when given (a note carried over from the window's old storage keeps its id, so a
   * repeated import adds nothing twice); else main makes one. */
  id: z
    .string()
    .regex(/^local-note:[A-Za-z0-9-]{1,100}$/, 'must look like local-note:<letters, digits, dashes>')
    .optional(),
  subjectKind: z.enum(LOCAL_NOTE_SUBJECTS).optional(),
  subjectId: localNoteRef,
  subjectLabel: localNoteText(300).optional(),
  parentId: localNoteRef.optional(),
  title: localNoteText(300).optional(),
  note: localNoteText(20_000),
  confidence: localNoteText(50).optional(),
  likelihood: localNoteText(50).optional(),
  gaps: z.array(localNoteText(500)).max(20).optional(),
  nextCheck: localNoteText(200).optional(),
  /** When it was written, for a note carried over from the old storage (default now). */
  createdAt: z.iso.datetime({ offset: true }).optional(),
});

export const localNotesDeleteSchema = z.strictObject({ noteId: localNoteRef });
