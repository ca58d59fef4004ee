// Launches the real electron/main.ts against the stand-in (./stand-in/electron.ts), a fresh
// module instance per launch (vi.resetModules + dynamic import), in a fresh HOME: the per-user
// folder, the cache (WATCHFLOOR_DB) and the settings all live in a temporary folder, and D-Bus
// points nowhere so no keychain of the machine's user is reached.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { vi } from 'vitest';
import type { DemoService } from '../../electron/demo';
import type { WatchfloorApi } from '../../shared/contract';
import { DEMO_KEY } from '../helpers/demo';
import type * as StandIn from './stand-in/electron';

export type ElectronStandIn = typeof StandIn;
export type Harness = ElectronStandIn['harness'];

export interface LaunchOptions {
  /** What `app.requestSingleInstanceLock()` answers (false: another instance holds it). */
  singleInstanceLock?: boolean;
  /** More environment for this launch (a service to connect to, its key). */
  env?: Record<string, string>;
  /** settings.json in the per-user folder before the launch (the remembered service). */
  settings?: Record<string, unknown>;
  /** A demo service the test started (its clock pinned): main connects to it at launch as the
   * remembered service, as it would to a real one (WATCHFLOOR_BASE_URL, the key in the env). */
  service?: DemoService;
}

export interface LaunchedApp {
  electron: ElectronStandIn;
  h: Harness;
  home: string;
  /** The cache file main was told to use (WATCHFLOOR_DB). */
  dbPath: string;
  /** The app's window (the first one main opened). */
  win(): StandIn.BrowserWindow;
  /** What the preload exposed in the window's page: window.watchfloor. */
  bridge(): WatchfloorApi;
  /** app.quit() as the File menu's Quit does it; resolves with the exit code once the process ends. */
  quit(): Promise<number>;
  /** Quits if still running, closes the stand-in's browser, restores the environment. */
  close(): Promise<void>;
}

const ENV_KEYS = [
  'HOME',
  'XDG_CONFIG_HOME',
  'XDG_DATA_HOME',
  'XDG_CACHE_HOME',
  'WATCHFLOOR_DB',
  'WATCHFLOOR_BASE_URL',
  'WATCHFLOOR_API_KEY',
  'WATCHFLOOR_EXPORT_DIR',
  'DBUS_SESSION_BUS_ADDRESS',
];

/** Polls until `check` gives a value (not undefined/null/false), or fails after `ms`. */
export async function until<T>(
  what: string,
  check: () => T | undefined | null | false,
  ms = 20_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    p,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`timed out: ${what}`)), ms).unref()),
  ]);
}

export async function launchApp(opts: LaunchOptions = {}): Promise<LaunchedApp> {
  const saved = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));
  const home = mkdtempSync(path.join(os.tmpdir(), 'wf-desktop-'));
  const config = path.join(home, '.config');
  const dbPath = path.join(home, 'cache', 'watchfloor.db');
  Object.assign(process.env, {
    HOME: home,
    XDG_CONFIG_HOME: config,
    XDG_DATA_HOME: path.join(home, '.local', 'share'),
    XDG_CACHE_HOME: path.join(home, '.cache'),
    WATCHFLOOR_DB: dbPath,
    WATCHFLOOR_BASE_URL: '',
    WATCHFLOOR_API_KEY: '',
    WATCHFLOOR_EXPORT_DIR: path.join(home, 'exports'),
    DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/watchfloor-desktop-test',
    ...(opts.service ? { WATCHFLOOR_BASE_URL: opts.service.url, WATCHFLOOR_API_KEY: DEMO_KEY } : {}),
    ...opts.env,
  });
  const settings = { ...(opts.service ? { profile: opts.service.profile } : {}), ...opts.settings };
  if (Object.keys(settings).length > 0) {
    mkdirSync(path.join(config, 'Watchfloor'), { recursive: true });
    writeFileSync(path.join(config, 'Watchfloor', 'settings.json'), JSON.stringify(settings));
  }

  const restore = () => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    rmSync(home, { recursive: true, force: true });
  };

  vi.resetModules();
  const electron = await import('./stand-in/electron');
  const h = electron.harness;
  const quit = async () => {
    electron.app.quit();
    return withTimeout(h.exited, 30_000, 'the app to exit after quit');
  };
  const close = async () => {
    try {
      if (h.exitCode() === null) await quit().catch(() => electron.app.exit(1));
    } finally {
      await h.dispose();
      restore();
    }
  };
  const win = () => {
    const first = h.windows()[0];
    if (!first) throw new Error('main opened no window');
    return first;
  };
  const bridge = () => {
    const api = h.mainWorld(win().webContents.mainFrame).watchfloor;
    if (!api) throw new Error('the preload exposed no `watchfloor` in the window');
    return api as WatchfloorApi;
  };

  try {
    h.configure({ singleInstanceLock: opts.singleInstanceLock ?? true });
    await import('../../electron/main');
    await h.emitReady();
    // The window's page loads and its preload runs (when main opened one).
    if (h.windows().length > 0)
      await until('the window to load', () => h.mainWorld(win().webContents.mainFrame).watchfloor);
    // Connected to the remembered service (main connects after ready, in the background).
    if (opts.service) {
      const end = Date.now() + 20_000;
      while ((await bridge()['app.info']({})).baseUrl === null) {
        if (Date.now() > end) throw new Error('main did not connect to the service in 20 s');
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  } catch (err) {
    await close();
    throw err;
  }
  return { electron, h, home, dbPath, win, bridge, quit, close };
}
