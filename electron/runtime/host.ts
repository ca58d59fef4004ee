// What a host (Electron main or `serve`) does once it knows which service to talk to: start
// the background sync for it, or for the built-in demo service (demo data in its own cache).
// Shared so both hosts behave the same, including the first-run choice.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { AppNotification, Profile } from '../../shared/contract';
import type { AppServices } from '../app-context';
import type { DemoService } from '../demo';
import { DEMO_API_KEY, demoDbPath, startDemo } from '../demo/session';
import { writeSettings } from '../settings';
import { createSyncRuntime } from './sync-runtime';

export interface HostOptions {
  services: AppServices;
  /** The account cache (the demo cache is derived from it). */
  dbPath: string;
  /** Where settings.json lives (null: do not remember choices, e.g. tests with --db). */
  settingsDir: string | null;
  desktop?: (n: AppNotification) => void;
  log?: (line: string) => void;
}

export interface Host {
  connect(baseUrl: string, profile: Profile): Promise<void>;
  demo(profile: Profile): Promise<void>;
  close(): Promise<void>;
}

export function createHost(opts: HostOptions): Host {
  const { services } = opts;
  let demo: DemoService | null = null;

  async function stopCurrent() {
    await services.ctx.sync?.stop();
    services.ctx.sync = null;
    await demo?.close();
    demo = null;
  }

  function attach(baseUrl: string, profile: Profile, dbPath: string, apiKey?: string) {
    const ctx = services.ctx;
    ctx.baseUrl = baseUrl;
    ctx.profile = profile;
    ctx.dbPath = dbPath;
    ctx.sync = createSyncRuntime({
      baseUrl,
      profile,
      dbPath,
      keychain: ctx.keychain,
      env: ctx.env,
      bus: services.bus,
      ...(apiKey ? { apiKey } : {}),
      ...(opts.desktop ? { desktop: opts.desktop } : {}),
      ...(opts.log ? { log: opts.log } : {}),
    });
    ctx.sync.scheduler.start();
  }

  const host: Host = {
    async connect(baseUrl, profile) {
      await stopCurrent();
      services.ctx.mode = 'live';
      mkdirSync(path.dirname(opts.dbPath), { recursive: true });
      attach(baseUrl, profile, opts.dbPath);
      if (opts.settingsDir) writeSettings(opts.settingsDir, { baseUrl, profile });
    },
    async demo(profile) {
      await stopCurrent();
      // Demo data lives in its own file, fresh each time, never in the account's cache.
      const dbPath = demoDbPath(opts.dbPath);
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${dbPath}${suffix}`, { force: true });
      mkdirSync(path.dirname(dbPath), { recursive: true });
      demo = await startDemo(profile);
      services.ctx.mode = 'demo';
      attach(demo.url, profile, dbPath, DEMO_API_KEY);
      opts.log?.(`demo service at ${demo.url} (demo data, clearly marked)`);
    },
    close: stopCurrent,
  };
  services.ctx.setup = host;
  return host;
}
