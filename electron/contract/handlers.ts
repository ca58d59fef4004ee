// One handler per contract row. Handlers take their capabilities from the AppContext, so
// Electron main, `serve` and tests run the very same code.
import type { AppInfo, AppNotification, KeyStatusResult, Profile } from '../../shared/contract';
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
    'app.info': () => ({
      version: ctx.version,
      mode: ctx.mode,
      profile: ctx.profile,
      baseUrl: ctx.baseUrl,
      dbPath: ctx.dbPath,
      transport: ctx.transport,
    }),
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
    'external.open': async ({ url }) => {
      if (!ctx.openExternal) return { opened: false };
      await ctx.openExternal(new URL(url).toString());
      return { opened: true };
    },
  };
}
