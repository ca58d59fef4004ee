// Builds what the contract handlers need, the same way for Electron main and `serve`.
import pkg from '../package.json';
import type { AppNotification, Profile } from '../shared/contract';
import { createDispatcher, createPushBus, type Dispatcher, type PushBus } from './contract/dispatch';
import { createHandlers, type AppContext } from './contract/handlers';
import { createKeychain, type Keychain } from './keychain';

export interface AppServices {
  ctx: AppContext;
  dispatch: Dispatcher;
  bus: PushBus;
}

export function createAppServices(opts: {
  transport: AppContext['transport'];
  mode?: AppContext['mode'];
  baseUrl?: string | null;
  profile?: Profile | null;
  dbPath?: string | null;
  keychain?: Keychain;
  openExternal?: AppContext['openExternal'];
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}): AppServices {
  const notifications: AppNotification[] = [];
  const ctx: AppContext = {
    version: pkg.version,
    mode: opts.mode ?? (opts.baseUrl ? 'live' : 'offline'),
    transport: opts.transport,
    profile: opts.profile ?? null,
    baseUrl: opts.baseUrl ?? null,
    dbPath: opts.dbPath ?? null,
    keychain: opts.keychain ?? createKeychain(),
    env: opts.env ?? process.env,
    notifications: () => notifications,
    openExternal: opts.openExternal ?? null,
    sync: null,
    setup: null,
  };
  const bus = createPushBus();
  bus.subscribe((event, payload) => {
    if (event === 'notification') notifications.unshift(payload as AppNotification);
  });
  bus.emit('link.status', { online: ctx.mode !== 'offline', since: new Date().toISOString() });
  return { ctx, dispatch: createDispatcher(createHandlers(ctx), opts.log), bus };
}
