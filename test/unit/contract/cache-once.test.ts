// The account opens its cache once — creating, migrating and tuning it — and every contract
// call and sync run after that works on that one connection (reopening per call migrated and
// re-analysed the file each time the window asked for its outbox).
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OutboxItem, SyncStatusResult } from '../../../shared/contract';
import * as cache from '../../../electron/cache';
import { createAppServices, type AppServices } from '../../../electron/contract/services';
import { startDemoService, type DemoService } from '../../../electron/demo';
import { DEMO_KEY, DEMO_NOW } from '../../helpers/demo';

vi.mock('../../../electron/cache', async (importOriginal) => {
  const original = await importOriginal<typeof cache>();
  return { ...original, openCache: vi.fn(original.openCache) };
});

let demo: DemoService;
let services: AppServices;
beforeAll(async () => {
  demo = await startDemoService({ profile: 'alternate', now: DEMO_NOW, signalsPerDay: 3 });
  services = createAppServices({
    transport: 'serve',
    dbPath: path.join(mkdtempSync(path.join(os.tmpdir(), 'wf-cache-once-')), 'watchfloor.db'),
    settingsFile: null,
    env: { WATCHFLOOR_API_KEY: DEMO_KEY },
  });
}, 60_000);
afterAll(async () => {
  await services?.close();
  await demo?.close();
}, 60_000);

async function call<T>(channel: string, input: unknown = {}): Promise<T> {
  const outcome = await services.dispatch(channel, input);
  if (!outcome.ok) throw new Error(`${channel}: ${outcome.error.message}`);
  return outcome.result as T;
}

describe('the account cache', { timeout: 60_000 }, () => {
  it('is opened once across sync runs, writes, outbox reads and threads', async () => {
    const openCache = vi.mocked(cache.openCache);
    openCache.mockClear();
    await services.accounts.connect(demo.url, 'alternate');
    expect((await call<SyncStatusResult>('sync.now')).lastOutcome?.complete).toBe(true);

    const watch = demo.world.watches[0]!;
    const note = await call<OutboxItem>('notes.add', { watchId: watch.id, note: 'Convoy seen at dawn.' });
    expect(note.state).toBe('pending');
    for (let i = 0; i < 5; i++) await call<OutboxItem[]>('outbox.list');
    await call('outbox.flush');
    await call('events.thread', { eventId: demo.world.listed()[0]!.intId });
    await call('sync.now');
    await call('sync.status');

    expect(openCache).toHaveBeenCalledTimes(1);
    expect(services.accounts.current()?.db.open).toBe(true);
  });
});
