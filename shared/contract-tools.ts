// The online tools (issue 14): endpoints the window calls on the analyst's demand rather than
// through sync (imagery, collection, assess, analyst, registry, terrain, the alternate
// profile's stats, hotspots, claims and discriminators, brief periods). Each call is stored
// in the account's cache with its request, time, answer, what it charged and what the service
// narrowed, so every answer can be found again offline (docs/architecture.md, "Online tools").
//
// A tool's input is the endpoint's documented parameters (both profiles' together: the API
// client refuses, before sending, a parameter the connected profile does not document). Its
// answer type is the endpoint's response type from shared/service.
import { isCalendarDate, isRealDateOrTime } from './dates';
import { z } from 'zod';
import type { ClampNote, JsonValue } from './contract-read';
import type { Profile } from './profile';
import type * as A from './service/alternate';
import type * as C from './service/common';
import type * as M from './service/main';
import { ANALYSIS_GOALS, INDEXES } from './service/values';

/** Every online tool, named as the views and the history name them. */
export const TOOL_NAMES = [
  'imagery',
  'collection.plan',
  'collection.priority',
  'collection.observability',
  'assess',
  'analyst',
  'elevation',
  'terrain',
  'brief',
  'entities.search',
  'entities.detail',
  'index.series',
  'ships',
  'stats',
  'hotspots',
  'refine.location',
  'claims',
  'discriminators',
  // GET /signals?linked_to=facility:<entity_id>: the Registry view's "signals linked to this
  // entity" (main profile only; a plan without linked_to drops it, filter_clamp says which plan).
  'signals.linked',
  // GET /passes: the service's own pass list for a place (the Passes view's "Ask the service",
  // beside the prediction computed offline from orbital elements).
  'passes',
] as const;
export type ToolName = (typeof TOOL_NAMES)[number];
export const toolNameSchema = z.enum(TOOL_NAMES);

/** Tools only the alternate profile's service has (the main profile's views say it has none). */
export const ALTERNATE_ONLY_TOOLS: readonly ToolName[] = [
  'stats',
  'hotspots',
  'refine.location',
  'claims',
  'discriminators',
];
/** Tools only the main profile's service has (its signal list alone documents linked_to). */
export const MAIN_ONLY_TOOLS: readonly ToolName[] = ['signals.linked'];
export const toolInProfile = (tool: ToolName, profile: Profile): boolean =>
  profile === 'alternate' ? !MAIN_ONLY_TOOLS.includes(tool) : !ALTERNATE_ONLY_TOOLS.includes(tool);

/** The collections the Imagery view offers (the service takes others; these are the documented ones). */
export const IMAGERY_COLLECTIONS = [
  { id: 'sentinel-2-l2a', label: 'Sentinel-2 L2A' },
  { id: 'sentinel-1-grd', label: 'Sentinel-1 GRD' },
  { id: 'nisar-l-band', label: 'NISAR' },
] as const;
/** GET /imagery's window is at most 30 days (the document's words; the window keeps to it). */
export const IMAGERY_MAX_DAYS = 30;

// ---- parameter building blocks ---------------------------------------------------------

const lon = z.number().finite().min(-180).max(180);
const lat = z.number().finite().min(-90).max(90);
const bbox = z
  .tuple([lon, lat, lon, lat])
  .refine(([w, s, e, n]) => w < e && s < n, 'west must be less than east and south less than north');
const point = z.tuple([lon, lat]);
const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine(isCalendarDate, 'is not a day that exists');
const timestamp = z
  .string()
  .max(40)
  .refine(
    (s) => !Number.isNaN(Date.parse(s)) && isRealDateOrTime(s),
    'must be an ISO 8601 timestamp that exists',
  );
const text = (min: number, max: number) => z.string().trim().min(min).max(max);
/** An event's id: a uuid on the main profile, an integer on the alternate one. */
const eventId = z.union([text(1, 100), z.number().int().nonnegative()]);
const list = z.array(text(1, 100)).min(1).max(50);
const polygon = z.array(point).min(3).max(1000);

/** The main profile's window (start/end dates) and the alternate one's (date + days). */
const windows = {
  start_date: date.optional(),
  end_date: date.optional(),
  date: date.optional(),
  days: z.number().int().min(1).max(30).optional(),
};
const survey = {
  bbox: bbox.optional(),
  start_date: date.optional(),
  end_date: date.optional(),
  categories: list.optional(),
  min_geoint_score: z.number().min(0).max(10).optional(),
  top_n: z.number().int().min(1).max(50).optional(),
};

export const toolParamsSchemas = {
  imagery: z.strictObject({
    bbox,
    collection: text(1, 100).optional(),
    ...windows,
    // The event's own parameters, passed on unchanged from the signal (or an assessment's handoff).
    event_date: date.optional(),
    event_point: point.optional(),
    event_aoi: bbox.optional(),
    event_timestamp: timestamp.optional(),
    cloud_cover_max: z.number().min(0).max(100).optional(),
    limit: z.number().int().min(1).max(100).optional(),
  }),
  'collection.plan': z.strictObject({
    event_id: eventId,
    analysis_goal: z.enum(ANALYSIS_GOALS),
    event_date: date.optional(),
  }),
  'collection.priority': z.strictObject(survey),
  'collection.observability': z.strictObject({
    sensor: z.enum(['sentinel-2', 'sentinel-1']).optional(),
    ...survey,
  }),
  assess: z.strictObject({ eventId, kind: z.enum(['quick', 'deep']).optional() }),
  analyst: z.strictObject({
    question: text(1, 500),
    bbox: bbox.optional(),
    mode: z.enum(['fast', 'deep']).optional(),
  }),
  /** A point (lat+lon), a box, or a polygon (POST /elevation). */
  elevation: z.strictObject({
    lat: lat.optional(),
    lon: lon.optional(),
    bbox: bbox.optional(),
    polygon: polygon.optional(),
  }),
  terrain: z.strictObject({
    operation: text(1, 50),
    bbox: bbox.optional(),
    incidence_deg: z.number().min(10).max(80).optional(),
    look_azimuth_deg: z.number().min(0).max(360).optional(),
    lat: lat.optional(),
    lon: lon.optional(),
    to_lat: lat.optional(),
    to_lon: lon.optional(),
    observer_height_m: z.number().finite().optional(),
  }),
  /** period is the main profile's; the alternate brief takes a date only. */
  brief: z.strictObject({
    period: z.enum(['daily', 'weekly', 'monthly']).optional(),
    date: date.optional(),
  }),
  'entities.search': z.strictObject({
    q: text(2, 200),
    subtypes: list.optional(),
    limit: z.number().int().min(1).max(50).optional(),
  }),
  'entities.detail': z.strictObject({ entityId: eventId }),
  'index.series': z.strictObject({
    bbox: bbox.optional(),
    polygon: polygon.optional(),
    index: z.enum(INDEXES),
    start: date,
    end: date,
    max_scenes: z.number().int().min(1).max(24).optional(),
    max_cloud_cover: z.number().min(1).max(100).optional(),
    estimate_only: z.boolean().optional(),
  }),
  ships: z.strictObject({
    collection: text(1, 100),
    item_id: text(1, 300),
    bbox: bbox.optional(),
    algorithm_version: text(1, 50).optional(),
  }),
  stats: z.strictObject({ bbox: bbox.optional(), ...windows, categories: list.optional() }),
  hotspots: z.strictObject({
    bbox: bbox.optional(),
    date: date.optional(),
    days: z.number().int().min(1).max(30).optional(),
    categories: list.optional(),
    precision: z.number().min(0.1).max(5).optional(),
    min_severity: z.number().min(0).max(10).optional(),
    limit: z.number().int().min(1).max(500).optional(),
  }),
  'refine.location': z.strictObject({ id: z.number().int().nonnegative() }),
  claims: z.strictObject({
    since: text(4, 40).optional(),
    evidence_class: text(1, 100).optional(),
    restated_only: z.boolean().optional(),
    downgraded_only: z.boolean().optional(),
    event_id: z.number().int().nonnegative().optional(),
    limit: z.number().int().min(1).max(200).optional(),
  }),
  discriminators: z.strictObject({
    hypotheses: z.array(text(1, 500)).min(2).max(8).optional(),
    mode: z.enum(['competing', 'joint']).optional(),
    event_id: z.number().int().nonnegative().optional(),
  }),
  'signals.linked': z.strictObject({
    linked_to: z
      .string()
      .trim()
      .max(300)
      .regex(/^(facility|place|actor):.+/i, 'linked_to is facility:<entity_id>, place:<key> or actor:<name>'),
    start_date: date.optional(),
    end_date: date.optional(),
    limit: z.number().int().min(1).max(500).optional(),
  }),
  /**
   * A point (lat+lon) or a box; end_date is capped by the service to a 7-day horizon (the
   * window it searched comes back in meta.window, shown as a window_clamp when narrower).
   */
  passes: z.strictObject({
    lat: lat.optional(),
    lon: lon.optional(),
    bbox: bbox.optional(),
    start_date: date.optional(),
    end_date: date.optional(),
    satellites: list.optional(),
    max_passes: z.number().int().min(1).max(100).optional(),
  }),
} satisfies Record<ToolName, z.ZodType>;

export type ToolParams<T extends ToolName> = z.output<(typeof toolParamsSchemas)[T]>;

/** Each tool's answer: the endpoint's response type (either profile's where they differ). */
export interface ToolAnswers {
  imagery: C.ImageryResult;
  'collection.plan': M.CollectionPlan | A.CollectionPlan;
  'collection.priority': M.CollectionPriority | A.CollectionPriority;
  'collection.observability': M.ObservabilitySurvey | A.ObservabilitySurvey;
  assess: C.Assessment;
  /** The 200 brief, the 202 job while it runs, then the finished job (its brief inside). */
  analyst: C.AnalystAnswer | C.AnalystJob;
  elevation: C.Elevation;
  terrain: C.Terrain;
  brief: M.Brief | A.Brief;
  'entities.search': C.EntitySearch;
  'entities.detail': C.EntityHistory;
  'index.series': C.IndexSeries;
  ships: C.ShipDetection;
  stats: A.Stats;
  hotspots: A.Hotspots;
  'refine.location': A.RefineLocation;
  claims: A.ClaimList;
  discriminators: A.DiscriminatorResult;
  'signals.linked': M.SignalsList;
  passes: C.PassesResponse;
}
export type ToolAnswer<T extends ToolName> = ToolAnswers[T];

// ---- the stored answer -----------------------------------------------------------------

export type ToolStatus = 'done' | 'running' | 'failed';

/** A 202 analyst job: polled by main (GET /analyst/{jobId}, free), resumed after a restart. */
export interface ToolJob {
  jobId: string;
  /** Sent with the POST and kept: a resend after a lost answer is the same run, never charged twice. */
  idempotencyKey: string;
  stage: string | null;
  completed: number | null;
  total: number | null;
  polledAt: string | null;
}

/** Why a call failed, in the service's words (402: tokens ran out; 403: the plan lacks it). */
export interface ToolError {
  /** The client's kind (insufficient_tokens, forbidden, network...) or the service's code. */
  code: string;
  status: number | null;
  message: string;
}

interface StoredAnswerBase<T extends ToolName> {
  id: string;
  tool: T;
  profile: Profile;
  /** Demo data (the built-in demo service), marked wherever it is shown. */
  demo: boolean;
  /** The typed input as sent; "Run again" sends it again. */
  request: ToolParams<T>;
  askedAt: string;
  /** When the answer (or the failure) came; null while a job runs. */
  answeredAt: string | null;
  status: ToolStatus;
  answer: ToolAnswer<T> | null;
  /** meta.tokens as the service stated them; null when it stated none (a free call). */
  charged: number | null;
  remaining: number | null;
  /** What the service narrowed (window_clamp, filter_clamp, plan_lock), kept with the answer. */
  clamps: ClampNote[];
  /** The answer's plan_lock as given. */
  planLock: JsonValue | null;
  /** The answer's own withheld marks (detail_withheld...) as given. */
  withheld: JsonValue | null;
  error: ToolError | null;
  job: ToolJob | null;
}

/** One stored call, typed per tool (discriminated by `tool`). */
export type StoredAnswer = { [T in ToolName]: StoredAnswerBase<T> }[ToolName];
export type StoredAnswerOf<T extends ToolName> = Extract<StoredAnswer, { tool: T }>;

// ---- the rows' inputs and results --------------------------------------------------------

const runMember = <T extends ToolName>(tool: T) =>
  z.strictObject({
    tool: z.literal(tool),
    params: toolParamsSchemas[tool],
    /** The analyst confirmed a call whose price may exceed their threshold. */
    confirmed: z.boolean().optional(),
  });
/** tools.run: one member per tool, so each tool's params are checked against its own schema. */
export const toolsRunSchema = z.discriminatedUnion('tool', [
  runMember('imagery'),
  runMember('collection.plan'),
  runMember('collection.priority'),
  runMember('collection.observability'),
  runMember('assess'),
  runMember('analyst'),
  runMember('elevation'),
  runMember('terrain'),
  runMember('brief'),
  runMember('entities.search'),
  runMember('entities.detail'),
  runMember('index.series'),
  runMember('ships'),
  runMember('stats'),
  runMember('hotspots'),
  runMember('refine.location'),
  runMember('claims'),
  runMember('discriminators'),
  runMember('signals.linked'),
  runMember('passes'),
]);
/** What the window sends for one call (typed per tool). */
export type ToolRunInput = {
  [T in ToolName]: { tool: T; params: z.input<(typeof toolParamsSchemas)[T]>; confirmed?: boolean };
}[ToolName];

export const toolsHistorySchema = z.strictObject({
  tool: toolNameSchema.optional(),
  limit: z.number().int().min(1).max(500).optional(),
});
export interface ToolsHistoryResult {
  answers: StoredAnswer[];
}

export const toolsAnswerSchema = z.strictObject({ id: text(1, 200) });

/** The analyst's token view before a call. */
export interface ToolsWallet {
  /** The last balance a call stated (a tool or a sync), and when; null before any. */
  remaining: number | null;
  remainingAsOf: string | null;
  /** Tokens charged today (UTC) by tools and by sync together. */
  spentToday: number;
  toolsSpentToday: number;
  /** A call whose price may exceed this many tokens asks for confirmation first. */
  confirmAbove: number;
}
export const DEFAULT_CONFIRM_ABOVE = 10;

export const toolsConfigureSchema = z.strictObject({
  confirmAbove: z.number().int().min(0).max(1_000_000),
});
