// Demo mode (`serve --demo`, and the desktop app's first-run choice): the built-in demo
// service on 127.0.0.1, synced into its own cache file so demo data never mixes with an
// account's. Everything shown is marked as demo (app.info mode 'demo').
import path from 'node:path';
import { createClient } from '../api';
import { openCache } from '../cache';
import type { PushBus } from '../contract/dispatch';
import { runSync } from '../sync';
import { startDemoService, type DemoService, type Profile } from './index';

export const DEMO_API_KEY = 'demo-key';

export interface DemoSession {
  service: DemoService;
  dbPath: string;
  close(): Promise<void>;
}

/** The demo cache sits beside the real one: watchfloor.db → watchfloor-demo.db. */
export const demoDbPath = (dbPath: string) =>
  path.join(path.dirname(dbPath), `${path.basename(dbPath, '.db')}-demo.db`);

export async function startDemoSession(opts: {
  profile: Profile;
  dbPath: string;
  bus?: PushBus;
  log?: (line: string) => void;
}): Promise<DemoSession> {
  // The demo service listens on a new port each launch and the cache records its base URL:
  // callers hand a fresh demo cache file each launch (demo data is never kept).
  const service = await startDemoService({ profile: opts.profile, signalsPerDay: 40 });
  const session: DemoSession = {
    service,
    dbPath: opts.dbPath,
    close: () => service.close(),
  };
  void firstSync(session, opts).catch((e: unknown) =>
    opts.log?.(`demo sync failed: ${e instanceof Error ? e.message : String(e)}`),
  );
  return session;
}

async function firstSync(
  session: DemoSession,
  opts: { profile: Profile; bus?: PushBus; log?: (line: string) => void },
) {
  const db = openCache(session.dbPath, { baseUrl: session.service.url, profile: opts.profile });
  try {
    const client = createClient({
      baseUrl: session.service.url,
      profile: opts.profile,
      apiKey: DEMO_API_KEY,
    });
    const summary = await runSync({
      db,
      client,
      baseUrl: session.service.url,
      onProgress: (p) =>
        opts.bus?.emit('sync.progress', {
          stream: p.stream,
          phase: 'page',
          received: p.done ?? 0,
          message: p.message,
        }),
    });
    opts.bus?.emit('cache.changed', { resources: Object.keys(summary.streams) });
    opts.log?.(
      `demo sync: ${Object.values(summary.streams).reduce((n, s) => n + s.stored, 0)} records cached`,
    );
  } finally {
    db.close();
  }
}
