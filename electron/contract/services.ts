// What a host (Electron main, `serve`) builds once at launch: the push bus, the account
// holder and the dispatcher over the handlers. The host then connects the account it
// remembers (or none: the window offers the first-run choice) and carries dispatch and
// the bus to its window.
import path from 'node:path';
import pkg from '../../package.json';
import type { AppInfo, AppNotification } from '../../shared/contract';
import { createAccounts, type Accounts } from '../account';
import { createKeychain, type Keychain } from '../keychain';
import { createPushBus, type PushBus } from '../runtime/push-bus';
import { createDispatcher, type Dispatcher } from './dispatch';
import { createHandlers } from './handlers';
import type { ReportsDeps } from './reports-handlers';

/** The in-app list keeps this many; older ones are in the window's history only. */
const KEEP_NOTIFICATIONS = 500;

export interface AppServices {
  dispatch: Dispatcher;
  bus: PushBus;
  accounts: Accounts;
  /** Closes the account (its runtime stops, its cache closes). */
  close(): Promise<void>;
}

export interface AppServicesOptions {
  transport: AppInfo['transport'];
  /** The account cache asked for (--db, $WATCHFLOOR_DB or the per-user file). */
  dbPath: string;
  /** Where the service and schedule are remembered (null: this launch only). */
  settingsFile: string | null;
  keychain?: Keychain;
  env?: NodeJS.ProcessEnv;
  openExternal?: (url: string) => Promise<void>;
  /** Shows desktop notifications (Electron adapter). */
  desktop?: (n: AppNotification) => void;
  log?: (line: string) => void;
  now?: () => Date;
  /** The network under every API call (tests). */
  fetch?: typeof fetch;
  /**
   * Export's save dialog and PDF printer (the desktop app's adapters), or the browser's downloads
   * (`serve`); neither: the exports folder.
   */
  reports?: Pick<ReportsDeps, 'chooseSavePath' | 'printPdf' | 'browserDownloads'>;
}

/** Export's folder when there is no save dialog: $WATCHFLOOR_EXPORT_DIR, else `exports` beside the cache. */
export function exportDirFor(dbPath: string, env: NodeJS.ProcessEnv): string {
  return path.resolve(env.WATCHFLOOR_EXPORT_DIR || path.join(path.dirname(dbPath), 'exports'));
}

export function createAppServices(opts: AppServicesOptions): AppServices {
  const env = opts.env ?? process.env;
  const keychain = opts.keychain ?? createKeychain();
  const bus = createPushBus();
  const notifications: AppNotification[] = [];
  bus.subscribe((event, payload) => {
    if (event !== 'notification') return;
    notifications.unshift(payload as AppNotification);
    notifications.length = Math.min(notifications.length, KEEP_NOTIFICATIONS);
  });
  // No account yet: no call has reached any service.
  bus.emit('link.status', { online: false, since: (opts.now?.() ?? new Date()).toISOString() });
  const accounts = createAccounts({
    bus,
    keychain,
    env,
    dbPath: opts.dbPath,
    settingsFile: opts.settingsFile,
    holder: opts.transport === 'serve' ? 'watchfloor serve --demo' : 'the Watchfloor desktop app (demo)',
    ...(opts.desktop ? { desktop: opts.desktop } : {}),
    ...(opts.log ? { log: opts.log } : {}),
    ...(opts.now ? { now: opts.now } : {}),
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
  });
  const handlers = createHandlers({
    version: pkg.version,
    transport: opts.transport,
    accounts,
    keychain,
    env,
    notifications: () => notifications,
    openExternal: opts.openExternal ?? null,
    cacheChanged: (resources) => bus.emit('cache.changed', { resources }),
    reports: { exportDir: exportDirFor(opts.dbPath, env), ...(opts.reports ?? {}) },
  });
  return { dispatch: createDispatcher(handlers, opts.log), bus, accounts, close: () => accounts.close() };
}
