// The account a host is connected to, swapped as a whole (architecture doc, "Account"):
// connecting elsewhere (setup.connect, key.set for another service, demo mode) opens the
// new account — its own cache file, runtime, outbox and link state — and closes the old one.
// Swaps run one at a time, so two clicks never leave two runtimes syncing.
import { rmSync } from 'node:fs';
import { checkBaseUrl } from '../../shared/base-url';
import type { AppNotification, Profile } from '../../shared/contract';
import { holdCacheFile, normalizeBaseUrl } from '../cache';
import type { DemoService } from '../demo';
import { DEMO_API_KEY, demoDbPath, demoPaceMs, startDemo } from '../demo/session';
import type { Keychain } from '../keychain';
import { importDemoElements } from '../passes/demo-elements';
import type { PushBus } from '../runtime/push-bus';
import type { Schedule } from '../runtime/sync-runtime';
import { readSettings, writeSettings } from '../settings';
import { openAccount, type Account, type AccountDeps } from './account';

export interface AccountsOptions {
  bus: PushBus;
  keychain: Keychain;
  env?: NodeJS.ProcessEnv;
  /** The account cache asked for (the demo cache is derived from it). */
  dbPath: string;
  /** settings.json: the service and schedule are remembered there (null: kept in memory only). */
  settingsFile: string | null;
  desktop?: (n: AppNotification) => void;
  log?: (line: string) => void;
  now?: () => Date;
  fetch?: typeof fetch;
  /** How another process's refusal names this one while it holds the demo cache. */
  holder?: string;
}

export interface Accounts {
  /** The connected account, or null before the first connect (the window offers the choice). */
  current(): Account | null;
  /** Connects to a service (its key is already in the keychain or env) and remembers it. */
  /** Refuses (BaseUrlError, before anything opens) an address that is not a URL, or http:// to another machine unless allowed. */
  connect(baseUrl: string, profile: Profile, opts?: { insecureHttp?: boolean }): Promise<Account>;
  /** The built-in demo service, with demo data in its own fresh cache. */
  demo(profile: Profile): Promise<Account>;
  /** The sync schedule every account runs on (remembered in settings.json). */
  schedule(): Schedule;
  /** Changes the schedule: remembered, and applied to the running account at once. */
  configure(changes: Partial<Schedule>): Schedule;
  /**
   * Calls `listener` with each account once it is open and started (a restart's remembered
   * one included): work the account left running, such as an analyst job, resumes at once
   * rather than at the window's next call. Returns a function that stops listening.
   */
  onOpen(listener: (account: Account) => void): () => void;
  close(): Promise<void>;
}

export const sameService = (a: string, b: string): boolean => normalizeBaseUrl(a) === normalizeBaseUrl(b);

/**
 * The demo account syncs as often as its world moves (a step every 2 minutes by default, in
 * whole minutes; a world quicker than a minute, as tests run it, at its own pace down to the
 * scheduler's 5 s floor), so what arrives is seen within minutes; its tokens are the demo
 * wallet's, so the day's budget is no tighter than that wallet's million.
 */
export function demoSchedule(schedule: Schedule, paceMs: number | null): Schedule {
  if (paceMs === null) return schedule;
  const minutes = paceMs < 60_000 ? paceMs / 60_000 : Math.round(paceMs / 60_000);
  return {
    intervalMinutes: Math.min(schedule.intervalMinutes, minutes),
    dailyTokenBudget: Math.max(schedule.dailyTokenBudget, 100_000),
  };
}

export function createAccounts(opts: AccountsOptions): Accounts {
  let current: Account | null = null;
  let closed = false;
  const opened = new Set<(account: Account) => void>();
  const initial = opts.settingsFile ? readSettings(opts.settingsFile) : null;
  let schedule: Schedule = {
    intervalMinutes: initial?.intervalMinutes ?? 15,
    dailyTokenBudget: initial?.dailyTokenBudget ?? 500,
  };
  const deps = (): AccountDeps => ({
    bus: opts.bus,
    keychain: opts.keychain,
    schedule,
    ...(opts.env ? { env: opts.env } : {}),
    ...(opts.desktop ? { desktop: opts.desktop } : {}),
    ...(opts.log ? { log: opts.log } : {}),
    ...(opts.now ? { now: opts.now } : {}),
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
  });

  // One swap at a time; a failed one leaves the queue usable.
  let queue: Promise<unknown> = Promise.resolve();
  function serial<T>(task: () => Promise<T>): Promise<T> {
    const next = queue.then(task);
    queue = next.catch(() => undefined);
    return next;
  }

  /**
   * Opens the next account, then closes the old one. When both would use the same cache file
   * (the same service again, or demo after demo) the old one closes first: one file, one
   * connection. Otherwise the old account keeps working if the new one cannot be opened.
   */
  async function swap(sameFile: boolean, open: () => Promise<Account>): Promise<Account> {
    if (closed) throw new Error('the application is shutting down');
    const old = current;
    if (sameFile && old) {
      current = null;
      await old.close();
    }
    const next = await open();
    current = next;
    if (!sameFile) await old?.close();
    next.start();
    for (const listener of opened) {
      try {
        listener(next);
      } catch (err) {
        // A listener's failure must not undo the swap: the account is open and syncing.
        opts.log?.(`on account open: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    return next;
  }

  return {
    current: () => current,
    connect: (baseUrl, profile, connectOpts = {}) =>
      serial(async () => {
        const { url, insecure } = checkBaseUrl(baseUrl, connectOpts);
        const same =
          current?.mode === 'live' && sameService(current.baseUrl, url) && current.profile === profile;
        const account = await swap(same, async () =>
          openAccount({ mode: 'live', baseUrl: url, profile, dbPath: opts.dbPath }, deps()),
        );
        if (opts.settingsFile)
          writeSettings(opts.settingsFile, { baseUrl: url, profile, insecureHttp: insecure });
        return account;
      }),
    demo: (profile) =>
      serial(() =>
        swap(current?.mode === 'demo', async () => {
          // Demo data lives in its own file, fresh each time, never in the account's cache.
          const dbPath = demoDbPath(opts.dbPath);
          // Held for the account's life, so another `serve --demo` or `sync --demo` never
          // deletes it under this one (and this one never deletes theirs).
          const release = await holdCacheFile(dbPath, opts.holder ?? 'Watchfloor (demo)', opts.log);
          let demo: DemoService | null = null;
          try {
            for (const suffix of ['', '-wal', '-shm', '.points'])
              rmSync(`${dbPath}${suffix}`, { force: true });
            demo = await startDemo(profile);
            const account = openAccount(
              { mode: 'demo', baseUrl: demo.url, profile, dbPath, apiKey: DEMO_API_KEY, demo, release },
              { ...deps(), schedule: demoSchedule(schedule, demoPaceMs()) },
            );
            // Passes work at once: the orbital elements the demo ships, each at its true age.
            importDemoElements(account.db);
            opts.log?.(`demo service at ${demo.url} (demo data, clearly marked)`);
            return account;
          } catch (err) {
            await demo?.close();
            await release();
            throw err;
          }
        }),
      ),
    schedule: () => ({ ...schedule }),
    configure(changes) {
      schedule = { ...schedule, ...changes };
      if (opts.settingsFile) writeSettings(opts.settingsFile, changes);
      const scheduler = current?.runtime.scheduler;
      if (changes.intervalMinutes !== undefined) scheduler?.setInterval(changes.intervalMinutes);
      if (changes.dailyTokenBudget !== undefined) scheduler?.setDailyBudget(changes.dailyTokenBudget);
      return { ...schedule };
    },
    onOpen(listener) {
      opened.add(listener);
      return () => opened.delete(listener);
    },
    close: () =>
      serial(async () => {
        closed = true;
        const old = current;
        current = null;
        await old?.close();
      }),
  };
}
