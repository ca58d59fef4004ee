// The one contract between the window and the main process (architecture doc: "One
// contract, three transports"). Every capability the renderer may call is one row here:
// channel -> input schema -> result type; every push event main sends is one row below.
// Main registers all handlers from this table in one place (electron/contract/), the
// preload exposes exactly this table, `serve` exposes it over loopback HTTP, and the
// renderer's client is typed from it. Adding a capability = one row + one handler.
import { z } from 'zod';
import { syncLineSchema, type SyncLine } from './sync-line';
import {
  briefGetSchema,
  developmentsListSchema,
  localNotesAddSchema,
  localNotesDeleteSchema,
  localNotesListSchema,
  measuredListSchema,
  packagesGetSchema,
  packagesRevisionsSchema,
  signalFilterSchema,
  signalQuerySchema,
  type BriefResult,
  type CountryCount,
  type DevelopmentsListResult,
  type EventThreadResult,
  type LocalNoteRow,
  type LocalNotesListResult,
  type MeasuredListResult,
  type MonitoringListResult,
  type MonitoringSeriesResult,
  type OrderFiredResult,
  type OrdersListResult,
  type PackageGetResult,
  type PackagesRevisionsResult,
  type SignalGetResult,
  type SignalCategory,
  type SignalPoints,
  type SignalsQueryResult,
  type SyncRunSummary,
  type SyncStreamState,
  type TransitResult,
  type WatchDetailResult,
  type WatchesListResult,
} from './contract-read';
import {
  elementsImportSchema,
  passesPredictSchema,
  passesSoonestSchema,
  passesTrackSchema,
  type ElementsImportResult,
  type ElementsRefreshResult,
  type ElementsStatus,
  type PassesPredictResult,
  type PassesSoonestResult,
  type PassTrackResult,
} from './contract-passes';
import { reportsExportSchema, type ReportsExportResult } from './contract-reports';
import { ANY_RESOURCE, PUSHED_RESOURCES } from './contract-resources';
import { profileSchema, type Profile } from './profile';
import {
  toolsAnswerSchema,
  toolsConfigureSchema,
  toolsHistorySchema,
  toolsRunSchema,
  type StoredAnswer,
  type ToolsHistoryResult,
  type ToolsWallet,
} from './contract-tools';

export * from './contract-read';
export * from './contract-passes';
export * from './contract-reports';
export * from './contract-tools';
export * from './contract-resources';

/** A row: the input schema is checked in main; the result type is carried for the client. */
interface Row<I extends z.ZodType, R> {
  readonly input: I;
  readonly result?: R;
}
const row =
  <R>() =>
  <I extends z.ZodType>(input: I): Row<I, R> => ({ input });

const empty = z.strictObject({});
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).max(2048);

export { PROFILES, profileSchema, type Profile } from './profile';

export interface AppInfo {
  version: string;
  mode: 'live' | 'demo' | 'offline';
  profile: Profile | null;
  baseUrl: string | null;
  dbPath: string | null;
  transport: 'electron' | 'serve';
  /** The service is reached over http:// to another machine (the analyst allowed it): the key crosses the network in clear text. */
  insecureHttp: boolean;
}
export interface KeyStatusResult {
  set: boolean;
  hint: string | null;
  source: 'env' | 'keychain' | null;
  /** Set when the keychain cannot be used: what is missing and how to fix it. */
  unavailable: string | null;
}
export interface AppNotification {
  id: string;
  at: string;
  kind: 'order_fired' | 'watch_needs_attention' | 'notable_development' | 'summary';
  title: string;
  body: string;
  /** What clicking opens. */
  target: { type: 'order' | 'watch' | 'signal'; id: string } | null;
}

export interface SyncStatusResult {
  configured: boolean;
  /**
   * The line (shared/sync-line.ts): while a run works, as its last page left it; between runs,
   * what the last run saw and the page size the next starts with.
   */
  line: SyncLine | null;
  /** No first sync has completed yet: the next run lists the latest days, then the past. */
  firstSyncPending: boolean;
  running: boolean;
  online: boolean;
  lastRunAt: string | null;
  nextRunAt: string | null;
  spentToday: number;
  lastOutcome: { complete: boolean; tokensCharged: number; linkLost: boolean; error?: string } | null;
  /** The last run's summary per stream (docs/cli.md "sync" --json shape), clamps included. */
  lastSummary: SyncRunSummary | null;
}

/** One of the analyst's writes as the window shows it: pending until sent, or why it was refused. */
export interface OutboxItem {
  localId: string;
  op: string;
  state: 'pending' | 'sending' | 'sent' | 'rejected' | 'blocked' | 'discarded';
  payload: Record<string, unknown>;
  error: { status: number | null; message: string } | null;
  createdAt: string;
}

const id = z.string().min(1).max(200);
const bboxArray = z.array(z.number().finite()).length(4);
const text = (max: number) => z.string().trim().min(1).max(max);
/** What the analyst writes in a note (spec: alternate POST …/notes), as notes.add and notes.edit take it. */
const noteFields = {
  note: text(20_000),
  title: text(300).optional(),
  confidence: text(50).optional(),
  likelihood: text(50).optional(),
  gaps: z.array(text(500)).max(20).optional(),
  nextCheck: text(200).optional(),
};

export const capabilities = {
  'app.info': row<AppInfo>()(empty),
  'key.status': row<KeyStatusResult>()(empty),
  /** The analyst's key goes to main once, into the keychain; it never comes back. */
  'key.set': row<KeyStatusResult>()(
    z.strictObject({
      baseUrl: httpUrl,
      key: z.string().min(8).max(512).regex(/^\S+$/, 'must not contain white space'),
    }),
  ),
  'key.clear': row<KeyStatusResult>()(empty),
  /** First run: a service and key, checked with a free call (401 says so) before it is kept. */
  'setup.connect': row<AppInfo>()(
    z.strictObject({
      baseUrl: httpUrl,
      profile: profileSchema,
      key: z.string().min(8).max(512).regex(/^\S+$/, 'must not contain white space'),
      /** http:// to another machine is refused unless the analyst allows it (shared/base-url.ts). */
      insecureHttp: z.boolean().optional(),
    }),
  ),
  /** First run: the built-in demo service, its data marked as demo everywhere. */
  'setup.demo': row<AppInfo>()(z.strictObject({ profile: profileSchema })),
  'notifications.list': row<AppNotification[]>()(
    z.strictObject({ limit: z.number().int().min(1).max(500).optional() }),
  ),
  'external.open': row<{ opened: boolean }>()(z.strictObject({ url: httpUrl })),
  /** Runs a sync now (one at a time; a run already going is awaited instead). */
  'sync.now': row<SyncStatusResult>()(empty),
  'sync.status': row<SyncStatusResult>()(empty),
  /** The window's view of the network (navigator online/offline): a link back triggers a sync. */
  'link.report': row<SyncStatusResult>()(z.strictObject({ online: z.boolean() })),
  /** An event's thread (event, timeline, sources): fresh when online, else from the cache. */
  'events.thread': row<EventThreadResult>()(
    z.strictObject({ eventId: z.union([z.string().min(1).max(100), z.number().int().nonnegative()]) }),
  ),
  // The analyst's writes: stored at once as pending and queued (outbox), sent when the link allows.
  'notes.add': row<OutboxItem>()(z.strictObject({ watchId: id, parentId: id.optional(), ...noteFields })),
  /** Rewrites a note the service does not have yet (pending or refused); its watch and thread stay. */
  'notes.edit': row<OutboxItem>()(z.strictObject({ localId: id, ...noteFields })),
  /** Deletes a note the service has; the cache keeps the note as the record of its deletion. */
  'notes.delete': row<OutboxItem>()(z.strictObject({ watchId: id, noteId: id })),
  'watches.create': row<OutboxItem>()(
    z.strictObject({
      target_type: z.enum(['event', 'area']),
      event_id: z.number().int().nonnegative().optional(),
      bbox: bboxArray.optional(),
      name: text(200).optional(),
    }),
  ),
  'watches.update': row<OutboxItem>()(
    z.strictObject({
      watchId: id,
      name: text(200).optional(),
      status: z.enum(['active', 'paused', 'saved']).optional(),
      question: z.string().max(500).optional(),
      notify_email: z.boolean().optional(),
    }),
  ),
  'watches.delete': row<OutboxItem>()(z.strictObject({ watchId: id })),
  'orders.create': row<OutboxItem>()(
    z.strictObject({
      bbox: bboxArray,
      name: text(200).optional(),
      question: text(500).optional(),
      cadence: text(30).optional(),
      notify_email: z.boolean().optional(),
    }),
  ),
  'orders.setActive': row<OutboxItem>()(z.strictObject({ orderId: id, active: z.boolean() })),
  'orders.delete': row<OutboxItem>()(z.strictObject({ orderId: id })),
  'monitoring.create': row<OutboxItem>()(
    z.strictObject({ bbox: bboxArray, metric: text(50), name: text(200).optional() }),
  ),
  // The analyst's local-only notes (main profile): written straight to the cache, never queued
  // or sent, since the service keeps no notes. A delete takes a thread's replies along.
  'localNotes.list': row<LocalNotesListResult>()(localNotesListSchema),
  'localNotes.add': row<LocalNoteRow>()(localNotesAddSchema),
  'localNotes.delete': row<{ deleted: number }>()(localNotesDeleteSchema),
  'outbox.list': row<OutboxItem[]>()(empty),
  'outbox.retry': row<OutboxItem>()(z.strictObject({ localId: id })),
  'outbox.edit': row<OutboxItem>()(
    z.strictObject({ localId: id, payload: z.record(z.string(), z.unknown()) }),
  ),
  'outbox.discard': row<{ discarded: true }>()(z.strictObject({ localId: id })),
  'outbox.flush': row<{ sent: number; rejected: number; blocked: number; stoppedByLink: boolean }>()(empty),
  /** The analyst's schedule: minutes between runs and tokens per day for automatic runs. */
  'sync.configure': row<SyncStatusResult>()(
    z.strictObject({
      intervalMinutes: z
        .number()
        .int()
        .min(5)
        .max(24 * 60)
        .optional(),
      dailyTokenBudget: z.number().int().min(0).max(1_000_000).optional(),
    }),
  ),
  // Reads of the local cache (shared/contract-read.ts): they work offline.
  /** A page of signals for the list, the total matching, and what the plan narrowed. */
  'signals.query': row<SignalsQueryResult>()(signalQuerySchema),
  /** Every matching drawable point, as columns, for the map. */
  'signals.points': row<SignalPoints>()(signalFilterSchema),
  /**
   * Country-level signals (no point to draw) per country, in the filter's time window; with a
   * box, the countries that overlap it (the service's rule for country-level signals).
   */
  'signals.countryCounts': row<{ countries: CountryCount[] }>()(signalFilterSchema),
  /** Every category the cache holds, measured ones marked: what the filter menus offer. */
  'signals.categories': row<{ categories: SignalCategory[] }>()(empty),
  /** One cached event; a folded id resolves to its survivor and says so. */
  'signals.get': row<SignalGetResult>()(
    z.strictObject({ id: z.union([z.string().trim().min(1).max(100), z.number().int().nonnegative()]) }),
  ),
  'developments.list': row<DevelopmentsListResult>()(developmentsListSchema),
  'measured.list': row<MeasuredListResult>()(measuredListSchema),
  'transit.get': row<TransitResult>()(empty),
  /** The analyst's watches, standing orders and monitoring areas as cached (the map outlines their boxes). */
  'watches.list': row<WatchesListResult>()(empty),
  /** One cached watch: its record, its event's thread, its notes (pending ones too). */
  'watches.get': row<WatchDetailResult>()(z.strictObject({ watchId: id })),
  'orders.list': row<OrdersListResult>()(empty),
  'monitoring.list': row<MonitoringListResult>()(empty),
  /** The cached events that can explain a standing order's last run (the Orders view). */
  'orders.fired': row<OrderFiredResult>()(z.strictObject({ orderId: id })),
  /** A monitoring area's cached series with its anomalies (the Orders view's chart). */
  'monitoring.series': row<MonitoringSeriesResult>()(z.strictObject({ areaId: id })),
  /** A watch's decision-package revisions as cached (every one sync fetched is kept). */
  'packages.revisions': row<PackagesRevisionsResult>()(packagesRevisionsSchema),
  /** One cached revision of a watch's decision package (the latest when none is named). */
  'packages.get': row<PackageGetResult>()(packagesGetSchema),
  'brief.get': row<BriefResult>()(briefGetSchema),
  'sync.streams': row<{ streams: SyncStreamState[] }>()(empty),
  // Satellite passes, predicted in main from the cached orbital elements (shared/contract-passes.ts).
  'passes.predict': row<PassesPredictResult>()(passesPredictSchema),
  'passes.track': row<PassTrackResult>()(passesTrackSchema),
  'passes.soonest': row<PassesSoonestResult>()(passesSoonestSchema),
  'elements.status': row<ElementsStatus>()(empty),
  /** An element file's text (TLE, 3LE, OMM JSON/CSV): all its sets are stored, or none. */
  'elements.import': row<ElementsImportResult>()(elementsImportSchema),
  /** CelesTrak GP, at most once per two hours (a sooner ask answers too-soon). */
  'elements.refresh': row<ElementsRefreshResult>()(empty),
  /** A local report of a watch, a box or the map's view, written whole (shared/contract-reports.ts). */
  'reports.export': row<ReportsExportResult>()(reportsExportSchema),
  // The online tools (shared/contract-tools.ts): asked now with the key in main, every answer
  // (and every refusal by the service) stored in the cache and read back offline.
  /** Asks the service now and stores request, answer, time, charge and clamps; returns the row. */
  'tools.run': row<StoredAnswer>()(toolsRunSchema),
  /** Stored answers newest first (of one tool or all), from the cache. */
  'tools.history': row<ToolsHistoryResult>()(toolsHistorySchema),
  /** One stored answer, from the cache. */
  'tools.answer': row<StoredAnswer>()(toolsAnswerSchema),
  /** The last stated balance, today's spend and the confirmation threshold. */
  'tools.wallet': row<ToolsWallet>()(empty),
  /** The analyst's confirmation threshold (tokens), kept in the account's cache. */
  'tools.configure': row<ToolsWallet>()(toolsConfigureSchema),
} as const;

export const pushEvents = {
  'link.status': z.strictObject({ online: z.boolean(), since: z.string() }),
  'sync.progress': z.strictObject({
    stream: z.string(),
    phase: z.enum(['started', 'page', 'done', 'error']),
    received: z.number().int(),
    message: z.string().optional(),
    /** The line, the signals page in flight and a first sync's estimates (shared/sync-line.ts). */
    line: syncLineSchema.optional(),
  }),
  /**
   * The cache resources that changed (shared/contract-resources.ts: the sync streams, 'outbox',
   * …); ANY_RESOURCE: any may have.
   */
  'cache.changed': z.strictObject({ resources: z.array(z.enum([ANY_RESOURCE, ...PUSHED_RESOURCES])) }),
  notification: z.custom<AppNotification>(),
} as const;

export type Channel = keyof typeof capabilities;
export type PushEvent = keyof typeof pushEvents;
export type Input<C extends Channel> = z.input<(typeof capabilities)[C]['input']>;
export type ParsedInput<C extends Channel> = z.output<(typeof capabilities)[C]['input']>;
export type Result<C extends Channel> = NonNullable<(typeof capabilities)[C]['result']>;
export type PushPayload<E extends PushEvent> = z.output<(typeof pushEvents)[E]>;

export const channels = Object.keys(capabilities) as Channel[];
export const pushEventNames = Object.keys(pushEvents) as PushEvent[];

/** What the renderer sees as `window.watchfloor`: one function per row, one subscriber per event. */
export type WatchfloorApi = { [C in Channel]: (input: Input<C>) => Promise<Result<C>> } & {
  on: { [E in PushEvent]: (listener: (payload: PushPayload<E>) => void) => () => void };
};

/** Errors crossing the contract carry a code the renderer can act on, and a message. */
export interface ContractErrorBody {
  /** not_found: the call names a record (an id) the cache does not hold. */
  code: 'unknown_channel' | 'invalid_input' | 'failed' | 'forbidden' | 'not_found';
  message: string;
  issues?: { path: string; message: string }[];
}
