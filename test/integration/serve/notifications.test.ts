// After a background sync, a standing order that fired becomes exactly one notification on
// the push channel, seen through `serve`.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppNotification, Channel } from '../../../shared/contract';
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
const events: { event: string; data: unknown }[] = [];
let stopPushes: () => void;

beforeAll(async () => {
  demo = await startDemoService({ profile: 'alternate', now: DEMO_NOW, signalsPerDay: 10 });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wf-notify-'));
  serve = await startServeProcess(
    ['--base-url', demo.url, '--profile', 'alternate', '--db', path.join(dir, 'cache.db')],
    {
      ...process.env,
      HOME: dir,
      WATCHFLOOR_API_KEY: DEMO_KEY,
    },
  );
  stopPushes = await followPushes(serve, (event, data) => events.push({ event, data }));
});

afterAll(async () => {
  stopPushes();
  await serve.stop();
  await demo.close();
});

const call = <C extends Channel>(channel: C, ...input: InputArg<C>) => contractCall(serve, channel, ...input);

const notifications = () =>
  events.filter((e) => e.event === 'notification').map((e) => e.data as AppNotification);

describe('notifications through serve', () => {
  it('the first sync raises none; an order firing raises exactly one, naming the order', async () => {
    const first = await call('sync.now');
    expect(first.configured).toBe(true);
    expect(first.lastOutcome?.complete).toBe(true);
    expect(events.some((e) => e.event === 'sync.progress')).toBe(true);
    expect(notifications()).toEqual([]);

    // Its watch already needs attention, so the order firing is the one change.
    const order = demo.world.orders[0]!;
    demo.world.advanceClock(3_600_000);
    demo.world.fireOrder(order);
    await call('sync.now');
    await expect.poll(() => notifications().length).toBe(1);
    expect(notifications()[0]).toMatchObject({
      kind: 'order_fired',
      target: { type: 'order', id: order.id },
    });

    // Nothing changed: no new notification; the in-app list keeps the one, first, once (the
    // cache's record of the same run is the same notification), beside the watches the cache
    // records as needing attention since the first sync.
    await call('sync.now');
    expect(notifications()).toHaveLength(1);
    const listed = await call('notifications.list', {});
    expect(listed[0]).toEqual(notifications()[0]);
    expect(listed.filter((n) => n.kind === 'order_fired').map((n) => n.target?.id)).toEqual([order.id]);
    const attention = (await call('watches.list')).rows.filter(
      (r) => (r.record as { bucket?: string }).bucket === 'needs_attention',
    );
    expect(attention.length).toBeGreaterThan(0);
    expect(
      listed
        .filter((n) => n.kind === 'watch_needs_attention')
        .map((n) => n.target?.id)
        .sort(),
    ).toEqual(attention.map((r) => r.id).sort());
  });

  it('an event the analyst opens is fetched fresh, then kept fresh by each sync', async () => {
    const event = demo.world.listed().at(-5)!;
    const opened = await call('events.thread', { eventId: event.intId });
    expect(opened.fromCache).toBe(false);
    expect(opened.thread.canonical_event.title).toBe(event.title);
    const status = await call('sync.now');
    const summary = status.lastSummary as { streams: Record<string, { requests: number }> };
    expect(summary.streams.threads!.requests).toBeGreaterThanOrEqual(1);
    expect(demo.requests.filter((r) => r.path === `/api/v1/events/${event.intId}/thread`).length).toBe(2);
  });
});
