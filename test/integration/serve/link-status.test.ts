// The window's link indicator tells the truth, seen through `serve`: online once a call
// reached the service, offline once calls fail on the network (the service is gone), online
// again when it answers again.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel, PushPayload } from '../../../shared/contract';
import { startDemoService, type DemoService } from '../../../electron/demo';
import { DEMO_KEY, DEMO_NOW } from '../../helpers/demo';
import {
  contractCall,
  followPushes,
  startServeProcess,
  type InputArg,
  type ServeProcess,
} from '../../helpers/serve';

let demo: DemoService;
let serve: ServeProcess;
const links: PushPayload<'link.status'>[] = [];
const changes: PushPayload<'cache.changed'>[] = [];
let stopPushes: () => void;

beforeAll(async () => {
  demo = await startDemoService({ profile: 'main', now: DEMO_NOW, signalsPerDay: 3 });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wf-link-'));
  serve = await startServeProcess(
    ['--base-url', demo.url, '--profile', 'main', '--db', path.join(dir, 'cache.db')],
    { ...process.env, HOME: dir, WATCHFLOOR_API_KEY: DEMO_KEY },
  );
  stopPushes = await followPushes(serve, (event, data) => {
    if (event === 'link.status') links.push(data as PushPayload<'link.status'>);
    if (event === 'cache.changed') changes.push(data as PushPayload<'cache.changed'>);
  });
});

afterAll(async () => {
  stopPushes?.();
  await serve?.stop();
  await demo?.close();
});

const call = <C extends Channel>(channel: C, ...input: InputArg<C>) => contractCall(serve, channel, ...input);

const shown = () => links.at(-1)?.online;

describe('link status through serve', () => {
  it('online after the service answered, offline once it is gone, online when it is back', async () => {
    const synced = await call('sync.now');
    expect(synced.lastOutcome?.complete).toBe(true);
    await expect.poll(shown).toBe(true);
    expect(synced.online).toBe(true);

    // The service stops: the next calls meet a refused connection.
    const port = new URL(demo.url).port;
    await demo.close();
    const failed = await call('sync.now');
    expect(failed.lastOutcome?.linkLost).toBe(true);
    await expect.poll(shown).toBe(false);
    expect(failed.online).toBe(false);
    // One push per change, not one per failed call.
    const offlineAt = links.length;

    // A write made now waits in the outbox; the next run's send is stopped by the link, and
    // the window is told the outbox changed (its write reads pending again, not "sending").
    changes.length = 0;
    await call('orders.create', { bbox: [30, 46, 30.5, 46.5], name: 'Offline order' });
    // The write's own push, and its first try at sending (stopped too), arrive first.
    await expect.poll(() => changes.filter((c) => c.resources.includes('outbox')).length).toBe(2);
    changes.length = 0;
    await call('sync.now');
    await expect.poll(() => changes.some((c) => c.resources.includes('outbox'))).toBe(true);

    // It comes back on the same address: the next call that reaches it says so.
    demo = await startDemoService({ profile: 'main', now: DEMO_NOW, signalsPerDay: 3, port: Number(port) });
    const back = await call('sync.now');
    expect(back.lastOutcome?.linkLost).toBe(false);
    await expect.poll(shown).toBe(true);
    expect(links.length).toBe(offlineAt + 1);
    // Every push is a change.
    links.slice(1).forEach((l, i) => expect(l.online).not.toBe(links[i]!.online));
  });
});
