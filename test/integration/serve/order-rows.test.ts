// The Orders view's detail rows through `watchfloor serve`, after a sync from the demo service
// and with that service gone: orders.fired gives a fired order's run and the cached events in
// its box from its period before the run (an event planted in the box is among them), nothing
// for an order that never ran; monitoring.series gives an area's series point for point as the
// service's detail read sent it, anomalies included.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel, Input, Result } from '../../../shared/contract';
import { createClient, type MainClient } from '../../../electron/api';
import { startDemoService, type DemoService } from '../../../electron/demo';
import { DEMO_KEY, DEMO_NOW } from '../../helpers/demo';
import { startServeProcess, type ServeProcess } from '../../helpers/serve';

let demo: DemoService | null = null;
let serve: ServeProcess;
let firedId: string;
let quietId: string;
let planted: string;
let firedBox: number[];
let areaDetail: { id: string; series: { date: string; value: number; is_anomaly: boolean }[] };

async function post(channel: string, input: unknown): Promise<Response> {
  return fetch(`${serve.origin}/api/contract/${channel}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Watchfloor-Token': serve.secret },
    body: JSON.stringify(input),
  });
}
async function call<C extends Channel>(channel: C, input: Input<C>): Promise<Result<C>> {
  const body = (await (await post(channel, input)).json()) as
    { ok: true; result: Result<C> } | { ok: false; error: { message: string } };
  if (!body.ok) throw new Error(`${channel}: ${body.error.message}`);
  return body.result;
}

beforeAll(async () => {
  demo = await startDemoService({ profile: 'main', now: DEMO_NOW, signalsPerDay: 12 });
  const w = demo.world;
  // A weekly order around an event that occurred two days ago, fired now: that event is news to it.
  const now = w.now().getTime();
  const event = w
    .listed()
    .find((e) => e.stage !== 'reported' && now - Date.parse(e.occurredAt) < 2 * 86_400_000)!;
  expect(event).toBeDefined();
  planted = event.uuid;
  const order = w.orders.find((o) => o.cadence === 'weekly')!;
  order.bbox = [event.lng - 0.5, event.lat - 0.5, event.lng + 0.5, event.lat + 0.5];
  firedBox = order.bbox;
  w.advanceClock(60_000);
  w.fireOrder(order);
  firedId = order.id;
  quietId = w.orders.find((o) => o.lastRunAt === null)!.id;
  const direct = createClient({ baseUrl: demo.url, profile: 'main', apiKey: DEMO_KEY }) as MainClient;
  const area = (await direct.monitoring({})).data.areas[0]!;
  const detail = (await direct.monitoringArea({ areaId: area.area_id })).data;
  areaDetail = {
    id: area.area_id,
    series: (detail.metrics?.[0]?.series ?? []) as typeof areaDetail.series,
  };
  expect(areaDetail.series.some((p) => p.is_anomaly)).toBe(true);

  const dir = mkdtempSync(path.join(os.tmpdir(), 'wf-order-rows-'));
  serve = await startServeProcess(
    ['--base-url', demo.url, '--profile', 'main', '--db', path.join(dir, 'c.db')],
    {
      ...process.env,
      HOME: dir,
      WATCHFLOOR_API_KEY: DEMO_KEY,
    },
  );
  expect((await call('sync.now', {})).lastOutcome?.complete).toBe(true);
  await demo.close();
  demo = null;
});

afterAll(async () => {
  await serve?.stop();
  await demo?.close();
});

describe('the Orders view rows (serve, cache only)', () => {
  it('orders.fired: the run, and the cached events in the box from the week before it', async () => {
    const fired = await call('orders.fired', { orderId: firedId });
    expect(fired.firedAt).not.toBeNull();
    const ran = Date.parse(fired.firedAt!);
    expect(ran - Date.parse(fired.since!)).toBe(7 * 86_400_000);
    expect(fired.events.map((e) => e.id)).toContain(planted);
    const [w, s, e, n] = firedBox as [number, number, number, number];
    for (const ev of fired.events) {
      expect(ev.lng!).toBeGreaterThanOrEqual(w);
      expect(ev.lng!).toBeLessThanOrEqual(e);
      expect(ev.lat!).toBeGreaterThanOrEqual(s);
      expect(ev.lat!).toBeLessThanOrEqual(n);
      const at = Date.parse(ev.occurredAt!);
      expect(at).toBeGreaterThanOrEqual(Date.parse(fired.since!) - 1000);
      expect(at).toBeLessThanOrEqual(ran + 1000);
    }
    expect(fired.total).toBeGreaterThanOrEqual(fired.events.length);
    expect(fired.asOf).not.toBeNull();
  });

  it('orders.fired: an order that never ran has no run and no events; an unknown one is said plainly', async () => {
    const quiet = await call('orders.fired', { orderId: quietId });
    expect(quiet).toMatchObject({ firedAt: null, since: null, events: [], total: 0 });
    await expect(call('orders.fired', { orderId: 'no-such-order' })).rejects.toThrow(/not in the cache/);
  });

  it('monitoring.series: the area’s series as the service sent it, anomalies where it marked them', async () => {
    const got = await call('monitoring.series', { areaId: areaDetail.id });
    expect(got.pending).toBe(false);
    expect(got.metrics).toHaveLength(1);
    expect(got.metrics[0]!.points).toEqual(
      areaDetail.series.map((p) => ({ date: p.date, value: p.value, anomaly: p.is_anomaly })),
    );
    await expect(call('monitoring.series', { areaId: 'no-such-area' })).rejects.toThrow(/not in the cache/);
  });
});
