// One handler per contract row. Everything that belongs to the connected service comes from
// the current account (read at each call, never copied), so a swap changes base URL,
// profile, cache, runtime and outbox together. Electron main, `serve` and tests run the
// very same code.
import type {
  AppInfo,
  AppNotification,
  KeyStatusResult,
  OutboxItem,
  Profile,
  PushedResource,
  SyncStatusResult,
} from '../../shared/contract';
import { BaseUrlError, checkBaseUrl, isLoopbackHost } from '../../shared/base-url';
import type { Account, Accounts } from '../account';
import { sameService } from '../account';
import { ApiError, createClient } from '../api';
import { keychainAccount, keyStatus, KeychainUnavailableError, type Keychain } from '../keychain';
import type { OutboxRow } from '../outbox/outbox';
import * as writes from '../outbox/writes';
import { ContractError, type Handlers } from './dispatch';
import { createLocalNotesHandlers } from './local-notes-handlers';
import { createPassesHandlers } from './passes-handlers';
import { createReadHandlers } from './read-handlers';
import { mergeNotifications } from '../notify/diff';
import { cachedNotifications } from '../runtime/snapshot';
import { createToolsHandlers } from './tools-handlers';
import { createReportsHandlers, type ReportsDeps } from './reports-handlers';

export interface HandlerDeps {
  version: string;
  transport: AppInfo['transport'];
  accounts: Accounts;
  keychain: Keychain;
  env: NodeJS.ProcessEnv;
  notifications: () => AppNotification[];
  /** Opens a parsed http(s) URL in the system browser (Electron: shell.openExternal). */
  openExternal: ((url: string) => Promise<void>) | null;
  /** Tells the window what a write changed in the cache (cache.changed); absent: nobody listens. */
  cacheChanged?: (resources: PushedResource[]) => void;
  /** Where Export writes and who prints a PDF (reports-handlers.ts). */
  reports: Omit<ReportsDeps, 'account'>;
}

const NO_SERVICE = 'no service is configured: enter a base URL and key, or use demo mode';

/** The address checked (shared/base-url.ts), its refusal in the analyst's words. */
function checkedUrl(baseUrl: string, insecureHttp?: boolean): string {
  try {
    return checkBaseUrl(baseUrl, { insecureHttp }).url;
  } catch (e) {
    if (e instanceof BaseUrlError) throw new ContractError(e.message, 'invalid_input');
    throw e;
  }
}

function info(deps: HandlerDeps): AppInfo {
  const account = deps.accounts.current();
  return {
    version: deps.version,
    mode: account?.mode ?? 'offline',
    profile: account?.profile ?? null,
    baseUrl: account?.baseUrl ?? null,
    dbPath: account?.dbPath ?? null,
    transport: deps.transport,
    insecureHttp: account?.mode === 'live' && isInsecure(account.baseUrl),
  };
}

/** http:// to another machine: the key crosses the network in clear text. */
function isInsecure(baseUrl: string): boolean {
  try {
    const u = new URL(baseUrl);
    return u.protocol === 'http:' && !isLoopbackHost(u.hostname);
  } catch {
    return false;
  }
}

/** Checks a key with a free call (the standing-order list) before anything is stored. */
async function checkKey(baseUrl: string, profile: Profile, key: string): Promise<void> {
  const client = createClient({ baseUrl, profile, apiKey: key, retries: 1, timeoutMs: 15_000 });
  try {
    await client.standingOrders({});
  } catch (e) {
    if (e instanceof ApiError) throw new ContractError(e.message);
    throw e;
  }
}

/** The keychain's refusal is a message for the analyst, not a crash. */
async function storeKey(keychain: Keychain, baseUrl: string, key: string): Promise<void> {
  try {
    await keychain.set(baseUrl, key);
  } catch (err) {
    if (err instanceof KeychainUnavailableError) throw new ContractError(err.message);
    throw err;
  }
}

const item = (r: OutboxRow): OutboxItem => ({
  localId: r.localId,
  op: r.op,
  state: r.state,
  payload: r.payload,
  error: r.error,
  createdAt: r.createdAt,
});

function account(deps: HandlerDeps): Account {
  const current = deps.accounts.current();
  if (!current) throw new ContractError(NO_SERVICE);
  return current;
}

function syncStatus(deps: HandlerDeps): SyncStatusResult {
  const current = deps.accounts.current();
  if (!current)
    return {
      configured: false,
      line: null,
      firstSyncPending: false,
      running: false,
      online: false,
      lastRunAt: null,
      nextRunAt: null,
      spentToday: 0,
      lastOutcome: null,
      lastSummary: null,
    };
  const st = current.runtime.scheduler.state;
  return {
    configured: true,
    ...current.runtime.line(),
    running: st.running,
    // What the calls met, the same state `link.status` pushes.
    online: current.link.online,
    lastRunAt: st.lastRunAt,
    nextRunAt: st.nextRunAt,
    spentToday: st.spentToday,
    lastOutcome: st.lastOutcome,
    lastSummary: current.runtime.lastSummary(),
  };
}

async function statusOf(deps: HandlerDeps): Promise<KeyStatusResult> {
  const current = deps.accounts.current();
  // The demo needs no key: the keychain is not asked, so it has nothing to say about it.
  if (!current || current.mode === 'demo') return { set: false, hint: null, source: null, unavailable: null };
  const baseUrl = current.baseUrl;
  try {
    return { ...(await keyStatus(baseUrl, deps.keychain, deps.env)), unavailable: null };
  } catch (err) {
    if (err instanceof KeychainUnavailableError)
      return {
        set: Boolean(deps.env.WATCHFLOOR_API_KEY),
        hint: null,
        source: null,
        unavailable: err.message,
      };
    throw err;
  }
}

export function createHandlers(deps: HandlerDeps): Handlers {
  const { accounts } = deps;
  const runtime = () => account(deps).runtime;
  return {
    'app.info': () => info(deps),
    'setup.connect': async ({ baseUrl, profile, key, insecureHttp }) => {
      // Before the key is sent anywhere: http:// to another machine only when allowed.
      const url = keychainAccount(checkedUrl(baseUrl, insecureHttp));
      await checkKey(url, profile, key);
      await storeKey(deps.keychain, url, key);
      await accounts.connect(url, profile, { insecureHttp });
      return info(deps);
    },
    'setup.demo': async ({ profile }) => {
      await accounts.demo(profile);
      return info(deps);
    },
    'key.status': () => statusOf(deps),
    // A key for another service means working with that service: the whole account switches
    // (its own cache, runtime and outbox), keeping the profile the analyst works in.
    'key.set': async ({ baseUrl, key }) => {
      const url = keychainAccount(baseUrl);
      const current = accounts.current();
      const elsewhere = !current || current.mode !== 'live' || !sameService(current.baseUrl, url);
      // A key for another service connects to it: its address checked as setup.connect checks it.
      if (elsewhere) checkedUrl(url);
      await storeKey(deps.keychain, url, key);
      if (elsewhere) await accounts.connect(url, current?.profile ?? 'main');
      return statusOf(deps);
    },
    'key.clear': async () => {
      const current = accounts.current();
      if (!current) throw new ContractError('no service is configured, so there is no key to clear');
      await deps.keychain.clear(current.baseUrl);
      return statusOf(deps);
    },
    // What was pushed while main ran, with what the cache records (an order that fired, a watch
    // that needs attention) however long ago: the window lists both, whenever it opened.
    'notifications.list': ({ limit }) => {
      const db = accounts.current()?.db;
      const cached = db ? cachedNotifications(db) : [];
      return mergeNotifications(deps.notifications(), cached).slice(0, limit ?? 100);
    },
    'sync.now': async () => {
      await runtime().runNow('manual');
      return syncStatus(deps);
    },
    'sync.status': () => syncStatus(deps),
    'link.report': ({ online }) => {
      const current = accounts.current();
      current?.runtime.scheduler.setOnline(online);
      // The OS knows the network is gone; that the service is back, only a call can tell.
      if (!online) current?.link.lost();
      return syncStatus(deps);
    },
    'sync.configure': ({ intervalMinutes, dailyTokenBudget }) => {
      account(deps);
      accounts.configure({
        ...(intervalMinutes !== undefined ? { intervalMinutes } : {}),
        ...(dailyTokenBudget !== undefined ? { dailyTokenBudget } : {}),
      });
      return syncStatus(deps);
    },
    'notes.add': (input) => item(runtime().write((o) => writes.addNote(o, input))),
    'notes.edit': ({ localId, ...input }) => item(runtime().write((o) => writes.editNote(o, localId, input))),
    'notes.delete': ({ watchId, noteId }) =>
      item(runtime().write((o) => writes.deleteNoteLater(o, watchId, noteId))),
    'watches.create': (input) => item(runtime().write((o) => writes.createWatch(o, input))),
    'watches.update': ({ watchId, ...changes }) =>
      item(runtime().write((o) => writes.updateWatch(o, watchId, changes))),
    'watches.delete': ({ watchId }) => item(runtime().write((o) => writes.deleteWatchLater(o, watchId))),
    'orders.create': (input) => item(runtime().write((o) => writes.createOrder(o, input))),
    'orders.setActive': ({ orderId, active }) =>
      item(runtime().write((o) => writes.setOrderActive(o, orderId, active))),
    'orders.delete': ({ orderId }) => item(runtime().write((o) => writes.deleteOrderLater(o, orderId))),
    'monitoring.create': (input) => item(runtime().write((o) => writes.createMonitoringArea(o, input))),
    'outbox.list': () => runtime().withOutbox((o) => o.open().map(item)),
    'outbox.retry': ({ localId }) => item(runtime().withOutbox((o) => o.retry(localId))),
    'outbox.edit': ({ localId, payload }) => item(runtime().withOutbox((o) => o.edit(localId, payload))),
    'outbox.discard': ({ localId }) => {
      runtime().withOutbox((o) => o.discard(localId));
      return { discarded: true as const };
    },
    'outbox.flush': () => runtime().flush(),
    // The cache reads (signals, developments, measured, transit, brief, streams, threads).
    ...createReadHandlers(
      () => account(deps),
      () => deps.accounts.current(),
    ),
    // The analyst's local-only notes, written straight to the cache (never sent).
    ...createLocalNotesHandlers({
      account: () => account(deps),
      changed: (resources) => deps.cacheChanged?.(resources),
    }),
    // Satellite passes and orbital elements, computed offline from the cache.
    ...createPassesHandlers({ account: () => account(deps), env: deps.env }),
    // The online tools: asked now (key in main), every answer stored and read back offline.
    ...createToolsHandlers({
      account: () => account(deps),
      changed: (resources) => deps.cacheChanged?.(resources),
      onAccountOpen: (listener) => deps.accounts.onOpen(listener),
    }),
    // Export: the report `watchfloor report` writes, to a save dialog or the exports folder.
    ...createReportsHandlers({ ...deps.reports, account: () => account(deps) }),
    'external.open': async ({ url }) => {
      if (!deps.openExternal) return { opened: false };
      await deps.openExternal(new URL(url).toString());
      return { opened: true };
    },
  };
}
