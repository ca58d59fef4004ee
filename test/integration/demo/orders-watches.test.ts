// Standing orders and watches in the demo, through the typed client: main GET /signals watch_id
// is a uuid naming the events linked to the watch (not merely inside its box), alternate order
// filters decide whether a check fires, pausing a watch pauses its orders, and the alternate
// POST /monitoring refuses a satellite (its document lists none).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, InputError, type AlternateClient, type MainClient } from '../../../electron/api';
import type { DemoService } from '../../../electron/demo';
import type { DemoEvent } from '../../../electron/demo/world';
import { DEMO_KEY, demoWithClient } from '../../helpers/demo';

let main: { demo: DemoService; client: MainClient };
let alt: { demo: DemoService; client: AlternateClient };
beforeAll(async () => {
  main = await demoWithClient('main');
  alt = await demoWithClient('alternate');
});
afterAll(async () => {
  await main.demo.close();
  await alt.demo.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const WINDOW = { start_date: '2026-09-23', end_date: '2026-11-20' };
const MINUTE = 60_000;

/** A located, reported (not measured) event, and a box of ±0.3° around its place. */
function anchor(events: DemoEvent[]) {
  const e = events.find(
    (x) => x.stage !== 'reported' && x.measuredKind === undefined && x.occurredAt > '2026-11-01',
  )!;
  const box: [number, number, number, number] = [
    e.place.lng - 0.3,
    e.place.lat - 0.3,
    e.place.lng + 0.3,
    e.place.lat + 0.3,
  ];
  return { e, box };
}

describe('main GET /signals watch_id', () => {
  it('is a uuid, and lists the events linked to the watch, not every event inside its box', async () => {
    const w = main.demo.world;
    const { e, box } = anchor(w.listed());
    const created = await main.client.createStandingOrder({ bbox: box, name: 'Around the anchor' });
    const watchId = created.data.watch_id!;
    expect(watchId).toMatch(UUID);

    const inBox = await main.client.signals({ ...WINDOW, bbox: box.join(','), limit: 500 });
    expect(inBox.data.signals.map((s) => s.id)).toContain(e.uuid);
    const before = await main.client.signals({ ...WINDOW, watch_id: watchId, limit: 500 });
    expect(before.data.signals).toEqual([]);
    expect(before.data.meta.watch_linked_events).toBe(0);

    // The order's check finds new events over the bar in its box: those are linked to the watch.
    w.advanceClock(MINUTE);
    const fresh = w.addSignals(3, undefined, { near: e, geointScore: 8 });
    const order = w.orders.find((o) => o.id === created.data.order.id)!;
    expect(w.checkOrder(order).fired).toBe(true);
    const after = await main.client.signals({ ...WINDOW, watch_id: watchId, limit: 500 });
    expect(after.data.signals.map((s) => s.id).sort()).toEqual(fresh.map((x) => x.uuid).sort());
    expect(after.data.meta.watch_linked_events).toBe(3);
    const nowInBox = await main.client.signals({ ...WINDOW, bbox: box.join(','), limit: 500 });
    expect(nowInBox.data.signals.length).toBeGreaterThan(after.data.signals.length);
  });

  it('a watch_id that is not a uuid is a 400; an unknown one a 404', async () => {
    const bad = main.demo.world.watches[0]!.id.replace(/-/g, '');
    await expect(main.client.signals({ watch_id: bad })).rejects.toMatchObject({ status: 400 });
    await expect(
      main.client.signals({ watch_id: '00000000-0000-4000-8000-000000000000' }),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe('alternate standing orders', () => {
  it('categories, min_geoint_score and min_new_events decide whether a check fires', async () => {
    const w = alt.demo.world;
    const { e, box } = anchor(w.listed());
    const created = await alt.client.createStandingOrder({
      bbox: box,
      cadence: 'daily',
      categories: ['airstrike'],
      min_geoint_score: 7,
      min_new_events: 2,
    });
    const id = created.data.order.id;
    const order = w.orders.find((o) => o.id === id)!;
    const row = async () => (await alt.client.standingOrders({})).data.orders.find((o) => o.id === id)!;
    const checkAfter = (count: number, category: string, geointScore: number) => {
      w.advanceClock(MINUTE);
      w.addSignals(count, undefined, { near: e, category, geointScore });
      w.advanceClock(MINUTE);
      return w.checkOrder(order);
    };

    expect(checkAfter(3, 'airstrike', 5).fired).toBe(false); // under the bar
    expect(checkAfter(3, 'civil_unrest', 9).fired).toBe(false); // another category
    expect(checkAfter(1, 'airstrike', 9).fired).toBe(false); // fewer than min_new_events
    expect(await row()).toMatchObject({ total_runs: 0, quiet_checks: 3, last_run_at: null });

    expect(checkAfter(2, 'airstrike', 9).fired).toBe(true);
    expect(await row()).toMatchObject({ total_runs: 1, quiet_checks: 0, last_run_at: w.now().toISOString() });
  });

  it('pausing a watch pauses its standing orders; resuming resumes them from now', async () => {
    const w = alt.demo.world;
    const order = w.orders[0]!;
    const watchId = order.watchId;
    const active = async () =>
      (await alt.client.standingOrders({})).data.orders.find((o) => o.id === order.id)!.active;
    expect(await active()).toBe(true);

    await alt.client.updateWatch({ watchId, status: 'paused' });
    expect(await active()).toBe(false);
    const near = w.listed().find((x) => x.n === w.watches.find((y) => y.id === watchId)!.eventN)!;
    w.advanceClock(MINUTE);
    w.addSignals(2, undefined, { near, geointScore: 9 });
    w.advanceClock(MINUTE);
    expect(w.checkOrder(order).checked).toBe(false); // a paused order is not checked

    await alt.client.updateWatch({ watchId, status: 'active' });
    expect(await active()).toBe(true);
    w.advanceClock(MINUTE);
    // Resumed from now: what arrived while paused is not replayed.
    expect(w.checkOrder(order)).toMatchObject({ checked: true, fired: false });
  });
});

describe('alternate POST /monitoring', () => {
  it('refuses a satellite with 400 INVALID_PARAMETERS, and creates nothing', async () => {
    // The alternate client does not send it at all; a client set to the main profile does.
    await expect(
      alt.client.createMonitoringArea({
        bbox: [30.6, 46.4, 30.8, 46.5],
        metric: 'ships',
        satellite: 'sentinel-1',
      } as Parameters<AlternateClient['createMonitoringArea']>[0]),
    ).rejects.toBeInstanceOf(InputError);
    const asMain = createClient({ baseUrl: alt.demo.url, profile: 'main', apiKey: DEMO_KEY, backoffMs: 20 });
    const before = (await alt.client.monitoring({})).data.areas.length;
    await expect(
      asMain.createMonitoringArea({
        bbox: [30.6, 46.4, 30.8, 46.5],
        metric: 'ships',
        satellite: 'sentinel-1',
      }),
    ).rejects.toMatchObject({
      kind: 'invalid',
      status: 400,
      code: 'INVALID_PARAMETERS',
      message: expect.stringContaining('satellite'),
    });
    expect((await alt.client.monitoring({})).data.areas.length).toBe(before);
    await asMain.createMonitoringArea({ bbox: [30.6, 46.4, 30.8, 46.5], metric: 'ships' });
    expect((await alt.client.monitoring({})).data.areas.length).toBe(before + 1);
  });
});
