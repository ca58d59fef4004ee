// The desktop app's background sync (issue: desktop shell, "Background sync"): the scheduler
// runs the sync engine; each run's progress goes to the push channel, and afterwards the
// notifier compares the cache before and after (a fired order, a watch needing attention,
// a notable development on a watched event) → the in-app list, the push channel, and the
// desktop (coalesced when many). The key is read per run from the keychain (or env) and
// never leaves this function.
import type { AppNotification } from '../../shared/contract';
import { ApiError, createClient } from '../api';
import { getThread, openCache, storeThread } from '../cache';
import type { PushBus } from '../contract/dispatch';
import { resolveApiKey, type Keychain } from '../keychain';
import { diffForNotifications } from '../notify/diff';
import { classifySendError, createExecutors } from '../outbox/executors';
import { Outbox, type FlushReport, type OutboxRow } from '../outbox/outbox';
import { SyncScheduler, type RunOutcome, type RunReason } from '../scheduler/scheduler';
import { runSync, type SyncSummary } from '../sync';
import { notifySnapshot } from './snapshot';

export interface SyncRuntimeOptions {
  baseUrl: string;
  profile: 'main' | 'alternate';
  dbPath: string;
  keychain: Keychain;
  env?: NodeJS.ProcessEnv;
  bus: PushBus;
  /** Shows desktop notifications (Electron adapter); absent under `serve` and in tests. */
  desktop?: (n: AppNotification) => void;
  intervalMinutes?: number;
  dailyTokenBudget?: number;
  now?: () => Date;
  /** Test hook: a fixed key instead of the keychain (demo mode's built-in demo key). */
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
  runNow(reason?: RunReason): Promise<RunOutcome | null>;
  stop(): Promise<void>;
}

export function createSyncRuntime(opts: SyncRuntimeOptions): SyncRuntime {
  let last: SyncSummary | null = null;
  const now = opts.now ?? (() => new Date());

  const open = () => openCache(opts.dbPath, { baseUrl: opts.baseUrl, profile: opts.profile });
  // Queuing needs no key: the executors' names are enough until a flush sends.
  const queueExecutors = createExecutors(
    createClient({ baseUrl: opts.baseUrl, profile: opts.profile, apiKey: 'queue-only' }),
  );
  function withOutbox<T>(fn: (outbox: Outbox) => T): T {
    const db = open();
    try {
      return fn(new Outbox(db, queueExecutors, classifySendError));
    } finally {
      db.close();
    }
  }
  // One flush at a time across the runtime: two would send the same row twice.
  let flushing: Promise<FlushReport> | null = null;
  function flushWith(key: string): Promise<FlushReport> {
    flushing ??= flushOnce(key).finally(() => (flushing = null));
    return flushing;
  }
  async function flushOnce(key: string): Promise<FlushReport> {
    const client = createClient({ baseUrl: opts.baseUrl, profile: opts.profile, apiKey: key });
    const db = open();
    try {
      const report = await new Outbox(db, createExecutors(client), classifySendError).flush();
      if (report.sent || report.rejected) opts.bus.emit('cache.changed', { resources: ['outbox'] });
      return report;
    } finally {
      db.close();
    }
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
    const client = createClient({ baseUrl: opts.baseUrl, profile: opts.profile, apiKey: found.key });
    const db = open();
    try {
      const before = notifySnapshot(db, opts.profile);
      opts.bus.emit('sync.progress', { stream: 'sync', phase: 'started', received: 0 });
      const summary = await runSync({
        db,
        client,
        baseUrl: opts.baseUrl,
        maxTokens: Number.isFinite(maxTokens) ? maxTokens : undefined,
        now,
        onProgress: (p) => {
          if (signal.aborted) throw new Error('sync cancelled');
          opts.bus.emit('sync.progress', {
            stream: p.stream,
            phase: 'page',
            received: p.done ?? 0,
            message: p.message,
          });
        },
      });
      last = summary;
      const result = diffForNotifications(before, notifySnapshot(db, opts.profile), now());
      for (const item of result.items) opts.bus.emit('notification', item);
      for (const item of result.desktop) opts.desktop?.(item);
      opts.bus.emit('cache.changed', { resources: Object.keys(summary.streams) });
      opts.bus.emit('sync.progress', {
        stream: 'sync',
        phase: 'done',
        received: Object.values(summary.streams).reduce((a, s) => a + s.received, 0),
      });
      if (summary.stopped?.reason === 'link')
        opts.bus.emit('link.status', { online: false, since: now().toISOString() });
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
      opts.bus.emit('sync.progress', { stream: 'sync', phase: 'error', received: 0, message });
      opts.log?.(`sync failed: ${message}`);
      return {
        tokensCharged: 0,
        linkLost: e instanceof ApiError && e.transient,
        complete: false,
        error: message,
      };
    } finally {
      db.close();
    }
  }

  const scheduler = new SyncScheduler({
    run,
    intervalMinutes: opts.intervalMinutes ?? 15,
    dailyTokenBudget: opts.dailyTokenBudget ?? 500,
    now,
  });
  return {
    scheduler,
    write: (fn) => {
      const row = withOutbox(fn);
      opts.bus.emit('cache.changed', { resources: ['outbox'] });
      // Try to send at once; a failed link leaves it queued for the next run.
      void keyOrNull()
        .then((k) => (k ? flushWith(k.key) : null))
        .catch(() => undefined);
      return row;
    },
    withOutbox,
    flush: async () => {
      const k = await keyOrNull();
      if (!k) throw new Error(`no API key for ${opts.baseUrl}`);
      return flushWith(k.key);
    },
    async thread(eventId) {
      const cached = () => {
        const db = open();
        try {
          return getThread(db, eventId);
        } finally {
          db.close();
        }
      };
      const k = await keyOrNull();
      if (k) {
        const client = createClient({
          baseUrl: opts.baseUrl,
          profile: opts.profile,
          apiKey: k.key,
          retries: 1,
          timeoutMs: 20_000,
        });
        try {
          const res =
            client.profile === 'main'
              ? await client.thread({ eventId })
              : await client.thread({ eventId: Number(eventId) });
          const db = open();
          try {
            storeThread(db, { eventId, thread: res.data });
          } finally {
            db.close();
          }
          return { thread: res.data, fromCache: false, note: null };
        } catch (e) {
          const thread = cached();
          if (thread)
            return {
              thread,
              fromCache: true,
              note: `shown from the cache: ${e instanceof Error ? e.message : String(e)}`,
            };
          throw e;
        }
      }
      const thread = cached();
      if (!thread) throw new Error(`no cached thread for ${eventId}, and no key to fetch it`);
      return { thread, fromCache: true, note: 'shown from the cache (no key set)' };
    },
    lastSummary: () => last,
    runNow: (reason = 'manual') => scheduler.trigger(reason),
    stop: () => scheduler.stop(),
  };
}
