// What every sync stream shares: the cache, the client, the token budget, the run summary
// (the `watchfloor sync --json` shape, docs/sync.md) and the rule for each kind of failure.
import type { Profile } from '../../shared/contract';
import type Database from 'better-sqlite3';
import { ApiError, type ApiResult, type Client } from '../api';
import { inlineWriter, type CacheWriter } from '../cache';
import { clampKeepingWriter } from './clamp-writes';
import { BULK_AFTER_PAGES, GROUP_MS, GROUP_PAGES } from './page-groups';

export interface StreamStats {
  requests: number;
  received: number;
  stored: number;
}
export interface SyncSummary {
  profile: Profile;
  base_url: string;
  complete: boolean;
  streams: Record<string, StreamStats>;
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
}

export interface SyncProgress {
  stream: string;
  message: string;
  /** Items done and expected, when known (pages, records). */
  done?: number;
  total?: number;
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
  /** Sends one call within the budget, counting it and keeping its clamps. */
  call<T>(stream: string, price: number, send: () => Promise<ApiResult<T>>): Promise<ApiResult<T>>;
  stats(stream: string): StreamStats;
  /** When a long pass commits its pages in groups, and how big (sync/page-groups.ts). */
  groupCommit: GroupCommit;
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
}

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
  const stats = (stream: string) => (summary.streams[stream] ??= { requests: 0, received: 0, stored: 0 });
  // An answer's clamps are written with its data (sync/clamp-writes.ts).
  const clampKeeping = clampKeepingWriter(opts.writer ?? inlineWriter(opts.db), now);
  const cache = clampKeeping.cache;
  return {
    cache,
    checkpoint: async <T>(stream: string) => (await cache.one('getCheckpoint', stream)) as T | null,
    client: opts.client,
    profile: opts.client.profile,
    summary,
    today: now().toISOString().slice(0, 10),
    now,
    progress: opts.onProgress ?? (() => {}),
    stats,
    groupCommit: { afterPages: BULK_AFTER_PAGES, pages: GROUP_PAGES, ms: GROUP_MS, ...opts.groupCommit },
    async call<T>(stream: string, price: number, send: () => Promise<ApiResult<T>>): Promise<ApiResult<T>> {
      // Never spend more than --max-tokens: a call that could pass it is not sent.
      if (opts.maxTokens !== undefined && summary.tokens.charged + price > opts.maxTokens)
        throw new SyncStopped(
          'budget',
          `stopped at the token budget (${summary.tokens.charged} of ${opts.maxTokens} spent; the next call costs ${price}); run sync again to continue`,
        );
      stats(stream).requests++;
      let res: ApiResult<T>;
      try {
        res = await send();
      } catch (e) {
        if (e instanceof ApiError && e.kind === 'insufficient_tokens')
          throw new SyncStopped(
            'insufficient_tokens',
            `${e.message}; run sync again once the balance allows`,
          );
        if (e instanceof ApiError && e.transient)
          throw new SyncStopped('link', `${e.message}; run sync again to continue`);
        throw e;
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
