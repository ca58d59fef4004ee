// Connecting elsewhere swaps the whole account (architecture doc, "Account"): base URL,
// profile, cache file and runtime change together, and the old account is closed. Driven
// through the contract, as the window does, against demo services on this machine.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInfo, KeyStatusResult, SyncStatusResult } from '../../../shared/contract';
import { openCacheReadOnly, readCacheMeta } from '../../../electron/cache';
import { createAppServices, type AppServices } from '../../../electron/contract/services';
import { startDemoService, type DemoService } from '../../../electron/demo';
import type { Keychain } from '../../../electron/keychain';
import { readSettings } from '../../../electron/settings';
import { DEMO_KEY, DEMO_NOW } from '../../helpers/demo';

const memoryKeychain = (): Keychain => {
  const store = new Map<string, string>();
  return {
    get: async (u) => store.get(u) ?? null,
    set: async (u, k) => void store.set(u, k),
    clear: async (u) => store.delete(u),
  };
};

let a: DemoService;
let b: DemoService;
let c: DemoService;
let services: AppServices;
let dir: string;

beforeAll(async () => {
  [a, b, c] = await Promise.all([
    startDemoService({ profile: 'main', now: DEMO_NOW, signalsPerDay: 3 }),
    startDemoService({ profile: 'alternate', now: DEMO_NOW, signalsPerDay: 3 }),
    startDemoService({ profile: 'alternate', now: DEMO_NOW, signalsPerDay: 3 }),
  ]);
  dir = mkdtempSync(path.join(os.tmpdir(), 'wf-accounts-'));
  services = createAppServices({
    transport: 'serve',
    dbPath: path.join(dir, 'watchfloor.db'),
    settingsFile: path.join(dir, 'settings.json'),
    keychain: memoryKeychain(),
    env: {},
  });
}, 60_000);
afterAll(async () => {
  await services?.close();
  await Promise.all([a, b, c].map((d) => d?.close()));
}, 60_000);

async function call<T>(channel: string, input: unknown = {}): Promise<T> {
  const outcome = await services.dispatch(channel, input);
  if (!outcome.ok) throw new Error(`${channel}: ${outcome.error.message}`);
  return outcome.result as T;
}

/** The base URL and profile a cache file records. */
function cacheOwner(file: string): { baseUrl: string; profile: string } | null {
  const db = openCacheReadOnly(file);
  try {
    const meta = readCacheMeta(db);
    return meta && { baseUrl: meta.baseUrl, profile: meta.profile };
  } finally {
    db.close();
  }
}

const syncRequests = (d: DemoService) => d.requests.length;

describe('one account per connected service', { timeout: 60_000 }, () => {
  it('setup.connect to another service switches base URL, profile, cache file and runtime together', async () => {
    const first = await call<AppInfo>('setup.connect', { baseUrl: a.url, profile: 'main', key: DEMO_KEY });
    expect(first).toMatchObject({ mode: 'live', baseUrl: a.url, profile: 'main' });
    expect(first.dbPath).toBe(path.join(dir, 'watchfloor.db'));
    const synced = await call<SyncStatusResult>('sync.now');
    expect(synced.lastOutcome?.complete).toBe(true);
    const oldAccount = services.accounts.current()!;

    const second = await call<AppInfo>('setup.connect', {
      baseUrl: b.url,
      profile: 'alternate',
      key: DEMO_KEY,
    });
    expect(second).toMatchObject({ mode: 'live', baseUrl: b.url, profile: 'alternate' });
    // The first file records the first service: the second gets its own file beside it.
    expect(second.dbPath).not.toBe(first.dbPath);
    expect(path.dirname(second.dbPath!)).toBe(dir);
    // The old account is closed: its cache connection and its runtime with it.
    expect(oldAccount.db.open).toBe(false);
    expect(oldAccount.runtime.scheduler.state.nextRunAt).toBeNull();

    const aBefore = syncRequests(a);
    const status = await call<SyncStatusResult>('sync.now');
    expect(status.lastOutcome?.complete).toBe(true);
    expect(syncRequests(a)).toBe(aBefore);
    expect(b.requests.some((r) => r.path === '/api/v1/watches')).toBe(true);
    expect(cacheOwner(first.dbPath!)).toEqual({ baseUrl: a.url, profile: 'main' });
    expect(cacheOwner(second.dbPath!)).toEqual({ baseUrl: b.url, profile: 'alternate' });
    expect(readSettings(path.join(dir, 'settings.json'))).toMatchObject({
      baseUrl: b.url,
      profile: 'alternate',
    });
  });

  it('key.set for another service switches the whole account too, keeping the profile', async () => {
    const before = services.accounts.current()!;
    const key = await call<KeyStatusResult>('key.set', { baseUrl: `${c.url}/`, key: DEMO_KEY });
    expect(key).toMatchObject({ set: true, source: 'keychain' });
    const info = await call<AppInfo>('app.info');
    expect(info).toMatchObject({ mode: 'live', baseUrl: c.url, profile: 'alternate' });
    expect(info.dbPath).not.toBe(before.dbPath);
    expect(before.db.open).toBe(false);

    const bBefore = syncRequests(b);
    const cBefore = syncRequests(c);
    expect((await call<SyncStatusResult>('sync.now')).lastOutcome?.complete).toBe(true);
    expect(syncRequests(b)).toBe(bBefore);
    expect(syncRequests(c)).toBeGreaterThan(cBefore);
    expect(cacheOwner(info.dbPath!)).toEqual({ baseUrl: c.url, profile: 'alternate' });

    // A new key for the service already connected keeps the account as it is.
    const same = services.accounts.current();
    await call('key.set', { baseUrl: c.url, key: 'another-demo-key' });
    expect(services.accounts.current()).toBe(same);
  });

  it('coming back to a service finds its cache again', async () => {
    const info = await call<AppInfo>('setup.connect', { baseUrl: a.url, profile: 'main', key: DEMO_KEY });
    expect(info.dbPath).toBe(path.join(dir, 'watchfloor.db'));
  });

  it('a refused key changes nothing', async () => {
    const before = services.accounts.current();
    const outcome = await services.dispatch('setup.connect', {
      baseUrl: b.url,
      profile: 'alternate',
      key: 'not-the-demo-key',
    });
    expect(outcome).toMatchObject({ ok: false, error: { message: expect.stringMatching(/401/) } });
    expect(services.accounts.current()).toBe(before);
    expect(before?.db.open).toBe(true);
  });
});
