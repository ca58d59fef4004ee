// One sync run: every stream in turn, cheapest and most urgent first, within the token budget.
// A stream that fails for a reason of its own (403 on a plan, a malformed payload) is recorded
// and the others go on; a wrong key stops everything (exit 1); a budget, a 402 or a lost link
// stop the run cleanly, resumable from the checkpoints (exit 3). docs/sync.md.
import type Database from 'better-sqlite3';
import { ApiError, type AlternateClient, type Client } from '../api';
import { inlineWriter, type CacheWriter, type OpCall } from '../cache';
import type { SyncStream } from '../../shared/contract';
import { tokensPer1000 } from '../../shared/sync-line';
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
import { firstSyncPending } from './line-state';
import { FIRST_PAGE_LIMIT } from './pacing';
import { reconcile } from './reconcile';
import { PAGE, syncSignals, type SignalsCheckpoint } from './signals';

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
  /** How long a signals page should take on the line (sync/pacing.ts has the default). */
  pageTargetMs?: number;
}

export type { LineSummary, SyncProgress, SyncSummary } from './context';
export { firstSyncPending, idleLine } from './line-state';

/** The 50 threads most recently fetched: the events the analyst opened or watches. */
function openedThreads(ctx: SyncContext): Promise<string[]> {
  return ctx.cache.one('recentThreadIds', { limit: 50 });
}
export { SyncStopped } from './context';

/** A stream's name, its run, and whether it is its last part in this run (a 'done' push after it). */
type Stream = readonly [SyncStream, (c: SyncContext) => Promise<void>, boolean?];

/**
 * What matters first (docs/sync.md, "Slow links"): the standing orders, the latest days of
 * signals (a first sync) or what changed (an incremental one), and the watches, one after the
 * other; then three lanes side by side, so the round trips of one are spent while another's
 * answer streams: the past of a first sync; the developments; monitoring, the brief, transit,
 * measured and threads (small answers, mostly round trips). Then the reconciliation of --full.
 */
export async function runSync(opts: SyncOptions): Promise<SyncSummary> {
  const cache = opts.writer ?? inlineWriter(opts.db);
  const saved = (await cache.one('getCheckpoint', 'signals')) as SignalsCheckpoint | null;
  const ctx = createContext({ ...opts, writer: cache, savedLine: saved?.line ?? null });
  const firstSync = firstSyncPending(saved);
  const planned = firstSync ? ctx.pacer.next(FIRST_PAGE_LIMIT) : PAGE;
  ctx.progress({
    stream: 'signals',
    message: firstSync
      ? `first sync: pages of ${planned} signals, ${tokensPer1000(planned)} tokens per 1,000 (3 a page whatever its size)`
      : `pages of ${planned} signals`,
    line: ctx.line.snapshot(),
  });
  const first: Stream[] = [
    ['standing_orders', syncStandingOrders],
    // A first sync's past comes later, beside the other streams.
    ['signals', (c) => syncSignals(c, 'recent'), !firstSync],
    ...(ctx.client.profile === 'alternate'
      ? ([['watches', (c: SyncContext) => syncWatches(c, c.client as AlternateClient)]] as const)
      : []),
  ];
  const history: Stream[] = firstSync ? [['signals', (c) => syncSignals(c, 'history')]] : [];
  const developments: Stream[] = [['developments', syncDevelopments]];
  const rest: Stream[] = [
    ['monitoring', syncMonitoring],
    ['brief', syncBrief],
    ['transit', syncTransit],
    ['measured', syncMeasured],
    // Threads the analyst opened (cached) are kept fresh; they are free.
    ['threads', async (c) => syncThreads(c, opts.threads ?? (await openedThreads(c)))],
  ];
  await runStreams(ctx, first);
  if (!ctx.summary.stopped) {
    // Both lanes end before a failure is thrown: neither is left working on a closing cache.
    const lanes = await Promise.allSettled(
      [history, developments, rest].map((streams) => runStreams(ctx, streams)),
    );
    for (const l of lanes) if (l.status === 'rejected') throw l.reason;
  }
  if (!ctx.summary.stopped && opts.full) await runStreams(ctx, [['reconcile', reconcile]]);
  ctx.summary.clamps = dedupe(ctx.summary.clamps);
  // On a full disk even this may fail: each stream's clamps went in with its data already.
  await recordClamps(ctx).catch((e: unknown) => {
    if (!(e instanceof Error && e.name === 'DiskFullError')) throw e;
  });
  // A 403 means the plan does not include that endpoint: said in `errors`, not a failure of
  // the run (everything the plan allows was synced).
  ctx.summary.complete =
    !ctx.summary.stopped && ctx.summary.errors.every((e) => e.kind === 'truncated' || e.kind === 'forbidden');
  const line = ctx.line.snapshot();
  ctx.summary.line = {
    bytes_per_second: line.bytesPerSecond,
    first_byte_ms: line.firstByteMs,
    encoding: line.encoding,
    compression_ratio: line.compressionRatio,
    page_limit: line.pageLimit,
    adapted: line.adapted,
    tokens_per_1000_signals: line.tokensPer1000,
    planned: { first_sync: firstSync, page_limit: planned, tokens_per_1000_signals: tokensPer1000(planned) },
    last_error: line.lastError,
  };
  return ctx.summary;
}

/**
 * Runs streams in turn. A stream's own failure is recorded and the next goes on; a stop (budget,
 * 402, link) ends this lane, and the context stops the others at their next call; a wrong key
 * is thrown once every lane has ended.
 */
async function runStreams(ctx: SyncContext, streams: readonly Stream[]): Promise<void> {
  for (const [name, run, last = true] of streams) {
    try {
      await run(ctx);
      if (last) ctx.progress({ stream: name, message: 'done', finished: true, changed: [name] });
    } catch (e) {
      if (e instanceof SyncStopped) {
        ctx.summary.stopped ??= { reason: e.reason, message: e.message };
        return;
      }
      // The cache's disk is full (the writer says what the sync needs): every stream after
      // would fail the same way; the run stops, resumable once there is room.
      if (e instanceof Error && e.name === 'DiskFullError') {
        ctx.summary.stopped ??= { reason: 'disk_full', message: e.message };
        return;
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
