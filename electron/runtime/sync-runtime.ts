// The desktop app's background sync: the scheduler
// runs the sync engine; each run's progress goes to the push channel, and afterwards the
// notifier compares the cache before and after (a fired order, a watch needing attention,
// a notable development on a watched event) → the in-app list, the push channel, and the
// desktop (coalesced when many). It works on the account's one cache connection (opened by
// the account, never here) and its one outbox. The key is read per run from the keychain
// (or env) and never leaves this function.
import type Database from 'better-sqlite3';
import {
  ANY_RESOURCE,
  isSyncStream,
  type AppNotification,
  type Profile,
  type PushPayload,
} from '../../shared/contract';
import { ApiError, createClient, type Client } from '../api';
import { getThread, storeThread, workerWriter } from '../cache';
import { resolveApiKey, type Keychain } from '../keychain';
import { diffForNotifications } from '../notify/diff';
import { classifySendError, createExecutors } from '../outbox/executors';
import { Outbox, type FlushReport, type OutboxRow } from '../outbox/outbox';
import { SyncScheduler, type RunOutcome, type RunReason } from '../scheduler/scheduler';
import { idleLine, runSync, type SyncSummary } from '../sync';
import type { SyncLine } from '../../shared/sync-line';
import type { LinkMonitor } from './link';
import type { PushBus } from './push-bus';
import { notifySnapshot } from './snapshot';

export interface Schedule {
  intervalMinutes: number;
  /** Tokens per UTC day that automatic (and manual) runs may spend. */
  dailyTokenBudget: number;
}

export interface SyncRuntimeOptions {
  baseUrl: string;
  profile: Profile;
  /** The account's cache connection; the runtime never opens or closes it. */
  db: Database.Database;
  keychain: Keychain;
  env?: NodeJS.ProcessEnv;
  bus: PushBus;
  /** Every client the runtime makes calls through it, so the link state is what calls met. */
  link: LinkMonitor;
  schedule: Schedule;
  /** Shows desktop notifications (Electron adapter); absent under `serve` and in tests. */
  desktop?: (n: AppNotification) => void;
  now?: () => Date;
  /** A fixed key instead of the keychain (demo mode's built-in demo key). */
  apiKey?: string;
  log?: (line: string) => void;
}

export interface SyncRuntime {
  scheduler: SyncScheduler;
  /** Runs one write against the outbox (cache + outbox row in one transaction). */
  write(fn: (outbox: Outbox) => OutboxRow): OutboxRow;
  /** Any other outbox operation (list, retry, edit, discard). */
  withOutbox<T>(fn: (outbox: Outbox) => T): T;
  /** Sends what is queued, in order, now. */
  flush(): Promise<FlushReport>;
  /** An event's thread: fresh from the service when the link allows, else the cached one. */
  thread(eventId: string): Promise<{ thread: unknown; fromCache: boolean; note: string | null }>;
  lastSummary(): SyncSummary | null;
  /**
   * The line: during a run, as its last push left it; between runs, what the last run saw and
   * the page size the next one starts with (shared/sync-line.ts). With whether no first sync
   * has completed yet.
   */
  line(): { line: SyncLine | null; firstSyncPending: boolean };
  /**
   * One online call on the analyst's demand (the tools): made with the account's key, which
   * stays here, through the link monitor, so the link state is what this call met too.
   */
  online<T>(fn: (client: Client) => Promise<T>): Promise<T>;
  runNow(reason?: RunReason): Promise<RunOutcome | null>;
  /** Stops the scheduler and waits for a run or a flush in progress (the cache stays open). */
  stop(): Promise<void>;
}

export function createSyncRuntime(opts: SyncRuntimeOptions): SyncRuntime {
  const { db } = opts;
  let last: SyncSummary | null = null;
  // The line as the run in progress last pushed it (null between runs).
  let liveLine: SyncLine | null = null;
  // A run's end is pushed once the scheduler has recorded it (running false, last run set),
  // so a window that refreshes its status on that push reads the finished state.
  let runEnd: PushPayload<'sync.progress'> | null = null;
  const now = opts.now ?? (() => new Date());
  const clientWith = (apiKey: string, extra: { retries?: number; timeoutMs?: number } = {}): Client =>
    createClient({
      baseUrl: opts.baseUrl,
      profile: opts.profile,
      apiKey,
      fetch: opts.link.fetch,
      // A retried call says why in the log (a run that seems stuck is often waiting out a retry).
      onAttempt: ({ endpoint, attempt, reason }) => {
        if (reason) opts.log?.(`${endpoint}: attempt ${attempt}: ${reason}`);
      },
      ...extra,
    });

  // Queuing needs no key: the executors' names are enough until a flush sends.
  const outbox = new Outbox(db, createExecutors(clientWith('queue-only')), classifySendError);

  // One flush at a time across the runtime: two would send the same row twice.
  let flushing: Promise<FlushReport> | null = null;
  function flushWith(key: string): Promise<FlushReport> {
    flushing ??= flushOnce(key).finally(() => (flushing = null));
    return flushing;
  }
  async function flushOnce(key: string): Promise<FlushReport> {
    const report = await new Outbox(db, createExecutors(clientWith(key)), classifySendError).flush();
    // A write stopped by the link changed state too (sending → pending): the window re-reads it.
    if (report.sent || report.rejected || report.stoppedByLink)
      opts.bus.emit('cache.changed', { resources: ['outbox'] });
    return report;
  }
  async function keyOrNull(): Promise<{ key: string } | null> {
    return opts.apiKey ? { key: opts.apiKey } : await resolveApiKey(opts.baseUrl, opts.keychain, opts.env);
  }

  async function run({
    maxTokens,
    signal,
  }: {
    maxTokens: number;
    reason: RunReason;
    signal: AbortSignal;
  }): Promise<RunOutcome> {
    const found = await keyOrNull();
    if (!found)
      return { tokensCharged: 0, linkLost: false, complete: false, error: `no API key for ${opts.baseUrl}` };
    // The analyst's writes go out first, so the sync that follows reads them back.
    await flushWith(found.key).catch((e: unknown) =>
      opts.log?.(`outbox: ${e instanceof Error ? e.message : String(e)}`),
    );
    // The run's database work goes to a worker thread: the window's thread only reads.
    const writer = workerWriter(db);
    try {
      const before = notifySnapshot(db, opts.profile);
      opts.bus.emit('sync.progress', { stream: 'sync', phase: 'started', received: 0 });
      const summary = await runSync({
        db,
        writer,
        client: clientWith(found.key),
        baseUrl: opts.baseUrl,
        maxTokens: Number.isFinite(maxTokens) ? maxTokens : undefined,
        now,
        onProgress: (p) => {
          if (signal.aborted) throw new Error('sync cancelled');
          if (p.line) liveLine = p.line;
          // What a long run has stored so far is shown as it comes (today's signals first).
          if (p.changed) opts.bus.emit('cache.changed', { resources: p.changed });
          if (p.changed && !p.finished) return;
          opts.bus.emit('sync.progress', {
            stream: p.stream,
            phase: p.finished ? 'done' : 'page',
            received: p.done ?? 0,
            message: p.message,
            ...(p.line ? { line: p.line } : {}),
          });
        },
      });
      last = summary;
      const result = diffForNotifications(before, notifySnapshot(db, opts.profile), now());
      for (const item of result.items) opts.bus.emit('notification', item);
      for (const item of result.desktop) opts.desktop?.(item);
      opts.bus.emit('cache.changed', { resources: Object.keys(summary.streams).filter(isSyncStream) });
      runEnd = {
        stream: 'sync',
        phase: 'done',
        received: Object.values(summary.streams).reduce((a, s) => a + s.received, 0),
      };
      return {
        tokensCharged: summary.tokens.charged,
        linkLost: summary.stopped?.reason === 'link',
        complete: summary.complete,
        ...(summary.stopped
          ? { error: summary.stopped.message }
          : summary.errors.length
            ? { error: summary.errors[0]!.message }
            : {}),
      };
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      runEnd = { stream: 'sync', phase: 'error', received: 0, message };
      opts.log?.(`sync failed: ${message}`);
      // Pages stored before the failure stay (each committed whole): the window re-reads.
      opts.bus.emit('cache.changed', { resources: [ANY_RESOURCE] });
      return {
        tokensCharged: 0,
        linkLost: e instanceof ApiError && e.transient,
        complete: false,
        error: message,
      };
    } finally {
      liveLine = null;
      await writer.close();
    }
  }

  const scheduler = new SyncScheduler({
    run,
    intervalMinutes: opts.schedule.intervalMinutes,
    dailyTokenBudget: opts.schedule.dailyTokenBudget,
    now,
    onState: (state) => {
      if (state.running || !runEnd) return;
      const end = runEnd;
      runEnd = null;
      opts.bus.emit('sync.progress', end);
    },
  });
  // A call that reaches the service while the scheduler waits out a lost link: sync now.
  opts.link.onChange((online) => {
    if (online && !scheduler.state.online) scheduler.setOnline(true);
  });

  return {
    scheduler,
    write: (fn) => {
      const row = fn(outbox);
      opts.bus.emit('cache.changed', { resources: ['outbox'] });
      // Try to send at once; a failed link leaves it queued for the next run.
      void keyOrNull()
        .then((k) => (k ? flushWith(k.key) : null))
        .catch(() => undefined);
      return row;
    },
    withOutbox: (fn) => fn(outbox),
    flush: async () => {
      const k = await keyOrNull();
      if (!k) throw new Error(`no API key for ${opts.baseUrl}`);
      return flushWith(k.key);
    },
    async thread(eventId) {
      const k = await keyOrNull();
      if (k) {
        const client = clientWith(k.key, { retries: 1, timeoutMs: 20_000 });
        try {
          const res =
            client.profile === 'main'
              ? await client.thread({ eventId })
              : await client.thread({ eventId: Number(eventId) });
          storeThread(db, { eventId, thread: res.data });
          return { thread: res.data, fromCache: false, note: null };
        } catch (e) {
          const thread = getThread(db, eventId);
          if (thread)
            return {
              thread,
              fromCache: true,
              note: `shown from the cache: ${e instanceof Error ? e.message : String(e)}`,
            };
          throw e;
        }
      }
      const thread = getThread(db, eventId);
      if (!thread) throw new Error(`no cached thread for ${eventId}, and no key to fetch it`);
      return { thread, fromCache: true, note: 'shown from the cache (no key set)' };
    },
    lastSummary: () => last,
    line: () => {
      const idle = idleLine(db);
      return { line: liveLine ?? idle.line, firstSyncPending: idle.firstSyncPending };
    },
    async online(fn) {
      const k = await keyOrNull();
      if (!k) throw new Error(`no API key for ${opts.baseUrl}: set one with \`watchfloor key set\``);
      // One retry at most: the analyst is waiting, and a re-run is one click away.
      return fn(clientWith(k.key, { retries: 1, timeoutMs: 30_000 }));
    },
    runNow: (reason = 'manual') => scheduler.trigger(reason),
    async stop() {
      await scheduler.stop();
      await flushing?.catch(() => undefined);
    },
  };
}
