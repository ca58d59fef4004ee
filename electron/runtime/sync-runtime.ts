// The desktop app's background sync (issue: desktop shell, "Background sync"): the scheduler
// runs the sync engine; each run's progress goes to the push channel, and afterwards the
// notifier compares the cache before and after (a fired order, a watch needing attention,
// a notable development on a watched event) → the in-app list, the push channel, and the
// desktop (coalesced when many). The key is read per run from the keychain (or env) and
// never leaves this function.
import type { AppNotification } from '../../shared/contract';
import { ApiError, createClient } from '../api';
import { openCache } from '../cache';
import type { PushBus } from '../contract/dispatch';
import { resolveApiKey, type Keychain } from '../keychain';
import { diffForNotifications } from '../notify/diff';
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
  lastSummary(): SyncSummary | null;
  runNow(reason?: RunReason): Promise<RunOutcome | null>;
  stop(): Promise<void>;
}

export function createSyncRuntime(opts: SyncRuntimeOptions): SyncRuntime {
  let last: SyncSummary | null = null;
  const now = opts.now ?? (() => new Date());

  async function run({
    maxTokens,
    signal,
  }: {
    maxTokens: number;
    reason: RunReason;
    signal: AbortSignal;
  }): Promise<RunOutcome> {
    const found = opts.apiKey
      ? { key: opts.apiKey }
      : await resolveApiKey(opts.baseUrl, opts.keychain, opts.env);
    if (!found)
      return { tokensCharged: 0, linkLost: false, complete: false, error: `no API key for ${opts.baseUrl}` };
    const client = createClient({ baseUrl: opts.baseUrl, profile: opts.profile, apiKey: found.key });
    const db = openCache(opts.dbPath, { baseUrl: opts.baseUrl, profile: opts.profile });
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
    lastSummary: () => last,
    runNow: (reason = 'manual') => scheduler.trigger(reason),
    stop: () => scheduler.stop(),
  };
}
