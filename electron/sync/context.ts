// What every sync stream shares: the cache, the client, the token budget, the run summary
// (the `watchfloor sync --json` shape, docs/sync.md) and the rule for each kind of failure.
import type { Profile, SyncStream } from '../../shared/contract';
import type Database from 'better-sqlite3';
import { ApiError, type ApiResult, type Client } from '../api';
import { inlineWriter, type CacheWriter } from '../cache';
import { clampKeepingWriter } from './clamp-writes';
import type { SyncLine } from '../../shared/sync-line';
import { lineState, type LineState } from './line-state';
import { BULK_AFTER_PAGES, GROUP_MS, GROUP_PAGES } from './page-groups';
import { Pacer, type SavedLine } from './pacing';

export interface StreamStats {
  requests: number;
  received: number;
  stored: number;
}
export interface SyncSummary {
  profile: Profile;
  base_url: string;
  complete: boolean;
  streams: Partial<Record<SyncStream, StreamStats>>;
  tokens: { charged: number; remaining: number | null };
  clamps: { stream: string; kind: string; detail: unknown; required_plans?: string[] }[];
  errors: { stream: string; kind: string; status?: number; message: string }[];
  /**
   * Cached events the lists no longer carry whose re-read (--full) answered 404: gone, or not
   * this key's to read. Kept as cached and never flagged retracted (a 404 is not a retraction).
   */
  gone?: string[];
  /** Why the run stopped early (budget, 402, link lost); absent when it ran to the end. */
  stopped?: { reason: 'budget' | 'insufficient_tokens' | 'link' | 'disk_full'; message: string };
  /** The line as the run found it, and what was planned before it began (docs/cli.md "sync"). */
  line?: LineSummary;
}

/** `line` of the summary: the window's SyncLine in the CLI's snake_case, and the plan shown first. */
export interface LineSummary {
  bytes_per_second: number | null;
  first_byte_ms: number | null;
  encoding: string | null;
  compression_ratio: number | null;
  page_limit: number;
  adapted: boolean;
  tokens_per_1000_signals: number;
  /** Before the run: a first sync or not, the page size it starts with and what that costs. */
  planned: { first_sync: boolean; page_limit: number; tokens_per_1000_signals: number };
  last_error: string | null;
}

export interface SyncProgress {
  stream: string;
  message: string;
  /** Items done and expected, when known (pages, records). */
  done?: number;
  total?: number;
  /** The line, the page in flight and a first sync's estimates. */
  line?: SyncLine;
  /** The stream has nothing more to do in this run. */
  finished?: true;
  /** Streams whose data was committed since they were last named here: the window may re-read them. */
  changed?: SyncStream[];
}

/** The run must stop now but the next run continues from the checkpoints (exit 3). */
export class SyncStopped extends Error {
  constructor(
    readonly reason: NonNullable<SyncSummary['stopped']>['reason'],
    message: string,
  ) {
    super(message);
    this.name = 'SyncStopped';
  }
}

export interface SyncContext {
  /** Every read and write of the run goes through the writer (a worker thread for a file). */
  cache: CacheWriter;
  /** Reads the checkpoint of a stream through the writer. */
  checkpoint<T>(stream: string): Promise<T | null>;
  client: Client;
  profile: Profile;
  summary: SyncSummary;
  /** Today's date (UTC) as the window end. */
  today: string;
  now: () => Date;
  progress: (p: SyncProgress) => void;
  /**
   * Pages of `stream` were committed: said to the window (progress `changed`) at once when
   * `now`, else at most every CHANGED_EVERY_MS, so a long first sync shows as it fills.
   */
  changed(stream: SyncStream, now?: boolean): void;
  /** Sends one call within the budget, counting it and keeping its clamps. */
  call<T>(stream: SyncStream, price: number, send: () => Promise<ApiResult<T>>): Promise<ApiResult<T>>;
  stats(stream: SyncStream): StreamStats;
  /** When a long pass commits its pages in groups, and how big (sync/page-groups.ts). */
  groupCommit: GroupCommit;
  /** Sizes signals pages to the line (pacing.ts). */
  pacer: Pacer;
  /** The line as the window sees it (line-state.ts). */
  line: LineState;
}

export interface GroupCommit {
  /** Pages a pass stores one by one before it groups them. */
  afterPages: number;
  /** Pages a group holds at most. */
  pages: number;
  /** How old a group may get (ms) before it is committed. */
  ms: number;
}

export interface ContextOptions {
  db: Database.Database;
  /** Where the run's database work goes; without one it runs inline on `db`. */
  writer?: CacheWriter | undefined;
  client: Client;
  baseUrl: string;
  maxTokens?: number | undefined;
  now?: () => Date;
  onProgress?: (p: SyncProgress) => void;
  /** Group commit sizes; the defaults are page-groups.ts's (tests use small ones). */
  groupCommit?: Partial<GroupCommit> | undefined;
  /** What the last run saw of the line (the signals checkpoint keeps it). */
  savedLine?: SavedLine | null;
  /** How long a signals page should take (pacing.ts's default). */
  pageTargetMs?: number | undefined;
}

/** How often a long stream tells the window it has stored more (ctx.changed). */
export const CHANGED_EVERY_MS = 10_000;

export function createContext(opts: ContextOptions): SyncContext {
  const now = opts.now ?? (() => new Date());
  const summary: SyncSummary = {
    profile: opts.client.profile,
    base_url: opts.baseUrl,
    complete: false,
    streams: {},
    tokens: { charged: 0, remaining: null },
    clamps: [],
    errors: [],
  };
  const stats = (stream: SyncStream) => (summary.streams[stream] ??= { requests: 0, received: 0, stored: 0 });
  // An answer's clamps are written with its data (sync/clamp-writes.ts).
  const clampKeeping = clampKeepingWriter(opts.writer ?? inlineWriter(opts.db), now);
  const cache = clampKeeping.cache;
  const pacer = new Pacer(opts.client.line, opts.savedLine ?? null, opts.pageTargetMs);
  // Streams may run side by side (index.ts): tokens of calls in flight are held against the
  // budget, and a stop met by one (budget, 402, the link) stops the others at their next call.
  let reserved = 0;
  let stop: Error | null = null;
  const stopWith = (e: Error) => (stop ??= e);
  const line = lineState(opts.client.line, pacer);
  const progress = opts.onProgress ?? (() => {});
  const saidChanged = new Map<string, number>();
  return {
    cache,
    checkpoint: async <T>(stream: string) => (await cache.one('getCheckpoint', stream)) as T | null,
    client: opts.client,
    profile: opts.client.profile,
    summary,
    today: now().toISOString().slice(0, 10),
    now,
    progress,
    changed(stream, at = false) {
      const t = performance.now();
      if (!at && t - (saidChanged.get(stream) ?? -Infinity) < CHANGED_EVERY_MS) return;
      saidChanged.set(stream, t);
      progress({ stream, message: 'stored', done: stats(stream).received, changed: [stream] });
    },
    stats,
    groupCommit: { afterPages: BULK_AFTER_PAGES, pages: GROUP_PAGES, ms: GROUP_MS, ...opts.groupCommit },
    pacer,
    line,
    async call<T>(
      stream: SyncStream,
      price: number,
      send: () => Promise<ApiResult<T>>,
    ): Promise<ApiResult<T>> {
      if (stop) throw stop;
      // Never spend more than --max-tokens: a call that could pass it is not sent.
      if (opts.maxTokens !== undefined && summary.tokens.charged + reserved + price > opts.maxTokens)
        throw stopWith(
          new SyncStopped(
            'budget',
            `stopped at the token budget (${summary.tokens.charged} of ${opts.maxTokens} spent; the next call costs ${price}); run sync again to continue`,
          ),
        );
      stats(stream).requests++;
      let res: ApiResult<T>;
      reserved += price;
      try {
        res = await send();
      } catch (e) {
        if (e instanceof ApiError && e.kind === 'insufficient_tokens')
          throw stopWith(
            new SyncStopped('insufficient_tokens', `${e.message}; run sync again once the balance allows`),
          );
        // What the line did is said with the failure: its rate and what it carried.
        if (e instanceof ApiError && e.transient)
          throw stopWith(new SyncStopped('link', `${e.message}; ${line.report()}`));
        // A wrong key stops every stream of the run.
        if (e instanceof ApiError && e.kind === 'unauthorized') throw stopWith(e);
        throw e;
      } finally {
        reserved -= price;
      }
      summary.tokens.charged += res.tokens?.charged ?? 0;
      if (res.tokens?.remaining !== undefined) summary.tokens.remaining = res.tokens.remaining;
      const clamps = res.clamps.map((c) => ({
        stream,
        kind: c.kind,
        detail: c.detail,
        ...(c.requiredPlans ? { required_plans: c.requiredPlans } : {}),
      }));
      summary.clamps.push(...clamps);
      clampKeeping.hold(clamps);
      return res;
    },
  };
}
