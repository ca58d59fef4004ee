// One object per connected service (an account): its base URL and profile, the ONE cache
// connection (opened and migrated once, for the account's whole life), the sync runtime and
// the outbox that work on it, and the link state of that service. Nothing of it changes
// after it is opened: connecting elsewhere opens another account and closes this one.
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import type { AppInfo, AppNotification, Profile } from '../../shared/contract';
import { lineFetch } from '../api';
import { CacheMismatchError, normalizeBaseUrl, openCache, warmSignalPoints } from '../cache';
import type { DemoService } from '../demo';
import type { Keychain } from '../keychain';
import { createLinkMonitor, type LinkMonitor } from '../runtime/link';
import type { PushBus } from '../runtime/push-bus';
import { createSyncRuntime, type Schedule, type SyncRuntime } from '../runtime/sync-runtime';

export interface AccountSpec {
  mode: Exclude<AppInfo['mode'], 'offline'>;
  baseUrl: string;
  profile: Profile;
  /** The cache file asked for; another service's cache there sends this one to a sibling file. */
  dbPath: string;
  /** Demo mode: the demo service's own key, and the service itself (closed with the account). */
  apiKey?: string;
  demo?: DemoService;
  /** Let go when the account closes: the hold on a demo cache (cache/lock.ts). */
  release?: () => Promise<void>;
}

export interface AccountDeps {
  bus: PushBus;
  keychain: Keychain;
  env?: NodeJS.ProcessEnv;
  schedule: Schedule;
  desktop?: (n: AppNotification) => void;
  log?: (line: string) => void;
  now?: () => Date;
  /** The network below the link monitor (tests). */
  fetch?: typeof fetch;
}

export interface Account {
  readonly mode: AccountSpec['mode'];
  readonly baseUrl: string;
  readonly profile: Profile;
  /** The cache file this account opened (the one asked for, or its sibling for this service). */
  readonly dbPath: string;
  readonly db: Database.Database;
  readonly runtime: SyncRuntime;
  readonly link: LinkMonitor;
  /** Starts the background sync (on start, then on the schedule). */
  start(): void;
  /** Stops the runtime, closes the cache and, in demo mode, the demo service. Idempotent. */
  close(): Promise<void>;
}

/**
 * The file for a service whose cache cannot be the one asked for (that file records another
 * service): beside it, named after this service, so switching back finds its cache again.
 */
export function siblingCacheFile(dbPath: string, baseUrl: string, profile: Profile): string {
  const url = normalizeBaseUrl(baseUrl);
  const host = new URL(url).host.replace(/[^a-z0-9.-]+/gi, '_');
  const digest = createHash('sha256').update(`${url}\n${profile}`).digest('hex').slice(0, 8);
  return path.join(path.dirname(dbPath), `${path.basename(dbPath, '.db')}-${host}-${profile}-${digest}.db`);
}

/** Opens (creating and migrating once) the account's cache: the file asked for, or its sibling. */
function openAccountCache(spec: AccountSpec): { db: Database.Database; file: string } {
  mkdirSync(path.dirname(spec.dbPath), { recursive: true });
  const identity = { baseUrl: spec.baseUrl, profile: spec.profile, demo: spec.mode === 'demo' };
  try {
    return { db: openCache(spec.dbPath, identity), file: spec.dbPath };
  } catch (err) {
    if (!(err instanceof CacheMismatchError)) throw err;
    const file = siblingCacheFile(spec.dbPath, spec.baseUrl, spec.profile);
    return { db: openCache(file, identity), file };
  }
}

/**
 * The network of one account: closing the account cuts its calls in flight, so a swap never
 * waits for the old service's timeouts and retries (a slow link can hold a call 30 s).
 */
function closableFetch(base: typeof fetch, closing: AbortSignal): typeof fetch {
  return (input, init) => {
    if (closing.aborted) return Promise.reject(new Error('the account was closed'));
    const signal = init?.signal ? AbortSignal.any([init.signal, closing]) : closing;
    return base(input, { ...init, signal });
  };
}

export function openAccount(spec: AccountSpec, deps: AccountDeps): Account {
  const { db, file } = openAccountCache(spec);
  try {
    const closing = new AbortController();
    const link = createLinkMonitor({
      bus: deps.bus,
      // The client's own fetch: asks for compression and counts the bytes on the line (docs/sync.md).
      fetch: closableFetch(deps.fetch ?? lineFetch, closing.signal),
      ...(deps.now ? { now: deps.now } : {}),
    });
    const runtime = createSyncRuntime({
      baseUrl: spec.baseUrl,
      profile: spec.profile,
      db,
      keychain: deps.keychain,
      env: deps.env ?? process.env,
      bus: deps.bus,
      link,
      schedule: deps.schedule,
      ...(spec.apiKey ? { apiKey: spec.apiKey } : {}),
      ...(deps.desktop ? { desktop: deps.desktop } : {}),
      ...(deps.log ? { log: deps.log } : {}),
      ...(deps.now ? { now: deps.now } : {}),
    });
    let closed: Promise<void> | null = null;
    return {
      mode: spec.mode,
      baseUrl: spec.baseUrl,
      profile: spec.profile,
      dbPath: file,
      db,
      runtime,
      link,
      start: () => {
        // The map's points, read before its window asks (from the next turn on, a slice at a
        // time: whoever opened the account gets on first, and the window's files and calls are
        // answered while they are read). A cache closed meanwhile has nothing to warm.
        setImmediate(() => {
          if (db.open && !closed) void warmSignalPoints(db);
        });
        runtime.scheduler.start();
      },
      close: () =>
        (closed ??= (async () => {
          link.close();
          closing.abort();
          await runtime.stop();
          db.close();
          await spec.demo?.close();
          await spec.release?.();
        })()),
    };
  } catch (err) {
    db.close();
    throw err;
  }
}
