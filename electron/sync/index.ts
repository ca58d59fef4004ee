// One sync run: every stream in turn, cheapest and most urgent first, within the token budget.
// A stream that fails for a reason of its own (403 on a plan, a malformed payload) is recorded
// and the others go on; a wrong key stops everything (exit 1); a budget, a 402 or a lost link
// stop the run cleanly, resumable from the checkpoints (exit 3). docs/sync.md.
import type Database from 'better-sqlite3';
import { ApiError, type AlternateClient, type Client } from '../api';
import type { CacheWriter, OpCall } from '../cache';
import { syncMonitoring, syncStandingOrders, syncThreads, syncWatches } from './account';
import {
  createContext,
  SyncStopped,
  type GroupCommit,
  type SyncContext,
  type SyncProgress,
  type SyncSummary,
} from './context';
import { syncBrief, syncDevelopments, syncMeasured, syncTransit } from './feeds';
import { reconcile } from './reconcile';
import { syncSignals } from './signals';

export interface SyncOptions {
  db: Database.Database;
  /**
   * Where the run's reads and writes go (`workerWriter(db)`: a worker thread, so the window's
   * thread never waits on a commit). Without one they run inline on `db`.
   */
  writer?: CacheWriter;
  client: Client;
  baseUrl: string;
  maxTokens?: number | undefined;
  full?: boolean;
  now?: () => Date;
  onProgress?: (p: SyncProgress) => void;
  /** Event ids whose threads to keep fresh (opened in the app). */
  threads?: readonly string[];
  /** Group commit sizes for a long pass (sync/page-groups.ts has the defaults). */
  groupCommit?: Partial<GroupCommit>;
}

export type { SyncProgress, SyncSummary } from './context';

/** The 50 threads most recently fetched: the events the analyst opened or watches. */
function openedThreads(ctx: SyncContext): Promise<string[]> {
  return ctx.cache.one('recentThreadIds', { limit: 50 });
}
export { SyncStopped } from './context';

export async function runSync(opts: SyncOptions): Promise<SyncSummary> {
  const ctx = createContext(opts);
  const streams: (readonly [string, (c: SyncContext) => Promise<void>])[] = [
    ['standing_orders', syncStandingOrders],
    ['signals', (c) => syncSignals(c)],
    ...(ctx.client.profile === 'alternate'
      ? ([['watches', (c: SyncContext) => syncWatches(c, c.client as AlternateClient)]] as const)
      : []),
    ['monitoring', syncMonitoring],
    ['brief', syncBrief],
    ['developments', syncDevelopments],
    ['measured', syncMeasured],
    ['transit', syncTransit],
    // Threads the analyst opened (cached) are kept fresh; they are free.
    ['threads', async (c) => syncThreads(c, opts.threads ?? (await openedThreads(c)))],
    ...(opts.full ? ([['reconcile', reconcile]] as const) : []),
  ];
  for (const [name, run] of streams) {
    try {
      await run(ctx);
    } catch (e) {
      if (e instanceof SyncStopped) {
        ctx.summary.stopped = { reason: e.reason, message: e.message };
        break;
      }
      // The cache's disk is full (the writer says what the sync needs): every stream after
      // would fail the same way; the run stops, resumable once there is room.
      if (e instanceof Error && e.name === 'DiskFullError') {
        ctx.summary.stopped = { reason: 'disk_full', message: e.message };
        break;
      }
      if (e instanceof ApiError && e.kind === 'unauthorized') throw e;
      ctx.summary.errors.push({
        stream: name,
        kind: e instanceof ApiError ? e.kind : 'error',
        ...(e instanceof ApiError && e.status ? { status: e.status } : {}),
        message: e instanceof Error ? e.message : String(e),
      });
    }
  }
  ctx.summary.clamps = dedupe(ctx.summary.clamps);
  // On a full disk even this may fail: each stream's clamps went in with its data already.
  await recordClamps(ctx).catch((e: unknown) => {
    if (!(e instanceof Error && e.name === 'DiskFullError')) throw e;
  });
  // A 403 means the plan does not include that endpoint: said in `errors`, not a failure of
  // the run (everything the plan allows was synced).
  ctx.summary.complete =
    !ctx.summary.stopped && ctx.summary.errors.every((e) => e.kind === 'truncated' || e.kind === 'forbidden');
  return ctx.summary;
}

/**
 * Keeps what each stream that called the service was told about narrowing, so offline
 * answers can say what the cache does not cover (`watchfloor signals`). A run cut short
 * records the clamps it saw but clears none: the calls that would have reported them
 * may not have been made.
 */
async function recordClamps(ctx: SyncContext): Promise<void> {
  const at = ctx.now().toISOString();
  const calls: OpCall[] = [];
  for (const [stream, stats] of Object.entries(ctx.summary.streams)) {
    const clamps = ctx.summary.clamps.filter((c) => c.stream === stream);
    if (stats.requests > 0 && (clamps.length > 0 || !ctx.summary.stopped))
      calls.push(['setStreamClamps', stream, clamps, at]);
  }
  await ctx.cache.tx(calls);
}

function dedupe<T extends { stream: string; kind: string; detail: unknown }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((c) => {
    const k = `${c.stream}|${c.kind}|${JSON.stringify(c.detail)}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
