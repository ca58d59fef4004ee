// One handler per contract row. Handlers take their capabilities from the AppContext, so
// Electron main, `serve` and tests run the very same code.
import type {
  AppInfo,
  AppNotification,
  KeyStatusResult,
  Profile,
  SyncStatusResult,
} from '../../shared/contract';
import type { SyncRuntime } from '../runtime/sync-runtime';
import type { OutboxItem } from '../../shared/contract';
import type { OutboxRow } from '../outbox/outbox';
import * as writes from '../outbox/writes';
import { ApiError, createClient } from '../api';
import { keyStatus, KeychainUnavailableError, type Keychain } from '../keychain';
import { ContractError, type Handlers } from './dispatch';

export interface AppContext {
  version: string;
  mode: AppInfo['mode'];
  transport: AppInfo['transport'];
  profile: Profile | null;
  baseUrl: string | null;
  dbPath: string | null;
  keychain: Keychain;
  env: NodeJS.ProcessEnv;
  notifications: () => AppNotification[];
  /** Opens a parsed http(s) URL in the system browser (Electron: shell.openExternal). */
  openExternal: ((url: string) => Promise<void>) | null;
  /** Background sync, once a service (or the demo) is configured. */
  sync: SyncRuntime | null;
  /** The first-run choice: connect to a service, or demo mode (provided by the host). */
  setup: {
    connect(baseUrl: string, profile: Profile): Promise<void>;
    demo(profile: Profile): Promise<void>;
  } | null;
}

const info = (ctx: AppContext): AppInfo => ({
  version: ctx.version,
  mode: ctx.mode,
  profile: ctx.profile,
  baseUrl: ctx.baseUrl,
  dbPath: ctx.dbPath,
  transport: ctx.transport,
});

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

const item = (r: OutboxRow): OutboxItem => ({
  localId: r.localId,
  op: r.op,
  state: r.state,
  payload: r.payload,
  error: r.error,
  createdAt: r.createdAt,
});

function runtime(ctx: AppContext): SyncRuntime {
  if (!ctx.sync)
    throw new ContractError('no service is configured: enter a base URL and key, or use demo mode');
  return ctx.sync;
}

function syncStatus(ctx: AppContext): SyncStatusResult {
  const rt = ctx.sync;
  if (!rt)
    return {
      configured: false,
      running: false,
      online: false,
      lastRunAt: null,
      nextRunAt: null,
      spentToday: 0,
      lastOutcome: null,
      lastSummary: null,
    };
  const st = rt.scheduler.state;
  return {
    configured: true,
    running: st.running,
    online: st.online,
    lastRunAt: st.lastRunAt,
    nextRunAt: st.nextRunAt,
    spentToday: st.spentToday,
    lastOutcome: st.lastOutcome,
    lastSummary: rt.lastSummary(),
  };
}

async function statusOf(ctx: AppContext): Promise<KeyStatusResult> {
  if (!ctx.baseUrl) return { set: false, hint: null, source: null, unavailable: null };
  try {
    return { ...(await keyStatus(ctx.baseUrl, ctx.keychain, ctx.env)), unavailable: null };
  } catch (err) {
    if (err instanceof KeychainUnavailableError)
      return { set: Boolean(ctx.env.WATCHFLOOR_API_KEY), hint: null, source: null, unavailable: err.message };
    throw err;
  }
}

export function createHandlers(ctx: AppContext): Handlers {
  return {
    'app.info': () => info(ctx),
    'setup.connect': async ({ baseUrl, profile, key }) => {
      if (!ctx.setup) throw new ContractError('this window cannot change the service');
      const url = baseUrl.replace(/\/+$/, '');
      await checkKey(url, profile, key);
      try {
        await ctx.keychain.set(url, key);
      } catch (err) {
        if (err instanceof KeychainUnavailableError) throw new ContractError(err.message);
        throw err;
      }
      await ctx.setup.connect(url, profile);
      return info(ctx);
    },
    'setup.demo': async ({ profile }) => {
      if (!ctx.setup) throw new ContractError('this window cannot change the service');
      await ctx.setup.demo(profile);
      return info(ctx);
    },
    'key.status': () => statusOf(ctx),
    'key.set': async ({ baseUrl, key }) => {
      await ctx.keychain.set(baseUrl, key);
      ctx.baseUrl = baseUrl;
      return statusOf(ctx);
    },
    'key.clear': async () => {
      if (!ctx.baseUrl) throw new ContractError('no service is configured, so there is no key to clear');
      await ctx.keychain.clear(ctx.baseUrl);
      return statusOf(ctx);
    },
    'notifications.list': ({ limit }) => ctx.notifications().slice(0, limit ?? 100),
    'sync.now': async () => {
      if (!ctx.sync)
        throw new ContractError('no service is configured: enter a base URL and key, or use demo mode');
      await ctx.sync.runNow('manual');
      return syncStatus(ctx);
    },
    'sync.status': () => syncStatus(ctx),
    'link.report': ({ online }) => {
      ctx.sync?.scheduler.setOnline(online);
      return syncStatus(ctx);
    },
    'sync.configure': ({ intervalMinutes, dailyTokenBudget }) => {
      if (!ctx.sync) throw new ContractError('no service is configured');
      if (intervalMinutes !== undefined) ctx.sync.scheduler.setInterval(intervalMinutes);
      if (dailyTokenBudget !== undefined) ctx.sync.scheduler.setDailyBudget(dailyTokenBudget);
      return syncStatus(ctx);
    },
    'notes.add': (input) => item(runtime(ctx).write((o) => writes.addNote(o, input))),
    'notes.delete': ({ watchId, noteId }) =>
      item(runtime(ctx).write((o) => writes.deleteNoteLater(o, watchId, noteId))),
    'watches.create': (input) => item(runtime(ctx).write((o) => writes.createWatch(o, input))),
    'watches.update': ({ watchId, ...changes }) =>
      item(runtime(ctx).write((o) => writes.updateWatch(o, watchId, changes))),
    'watches.delete': ({ watchId }) => item(runtime(ctx).write((o) => writes.deleteWatchLater(o, watchId))),
    'orders.create': (input) => item(runtime(ctx).write((o) => writes.createOrder(o, input))),
    'orders.setActive': ({ orderId, active }) =>
      item(runtime(ctx).write((o) => writes.setOrderActive(o, orderId, active))),
    'orders.delete': ({ orderId }) => item(runtime(ctx).write((o) => writes.deleteOrderLater(o, orderId))),
    'monitoring.create': (input) => item(runtime(ctx).write((o) => writes.createMonitoringArea(o, input))),
    'events.thread': ({ eventId }) => runtime(ctx).thread(String(eventId)),
    'outbox.list': () => runtime(ctx).withOutbox((o) => o.open().map(item)),
    'outbox.retry': ({ localId }) => item(runtime(ctx).withOutbox((o) => o.retry(localId))),
    'outbox.edit': ({ localId, payload }) => item(runtime(ctx).withOutbox((o) => o.edit(localId, payload))),
    'outbox.discard': ({ localId }) => {
      runtime(ctx).withOutbox((o) => o.discard(localId));
      return { discarded: true as const };
    },
    'outbox.flush': () => runtime(ctx).flush(),
    'external.open': async ({ url }) => {
      if (!ctx.openExternal) return { opened: false };
      await ctx.openExternal(new URL(url).toString());
      return { opened: true };
    },
  };
}
