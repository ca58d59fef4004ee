// Every endpoint of the main profile, through the typed client, against the demo service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MainClient } from '../../../electron/api';
import type { DemoService } from '../../../electron/demo';
import { demoWithClient } from '../../helpers/demo';

let demo: DemoService;
let client: MainClient;
beforeAll(async () => ({ demo, client } = await demoWithClient('main')));
afterAll(() => demo.close());

const lastCharge = () => demo.requests.at(-1)!.charged;

describe('main profile: every endpoint', () => {
  let eventId = '';

  it('GET /signals pages with cursors, charges 3 per page and reports the balance', async () => {
    const first = await client.signals({ start_date: '2026-11-10', end_date: '2026-11-19', limit: 50 });
    expect(first.data.signals).toHaveLength(50);
    expect(first.data.meta.has_more).toBe(true);
    expect(first.tokens).toEqual({ charged: 3, remaining: demo.tokens() });
    const second = await client.signals({
      start_date: '2026-11-10',
      end_date: '2026-11-19',
      limit: 50,
      cursor: first.data.meta.next_cursor!,
    });
    const ids = new Set(first.data.signals.map((s) => s.id));
    expect(second.data.signals.some((s) => ids.has(s.id))).toBe(false);
    expect(first.rateLimit?.limit).toBe(600);
    eventId = first.data.signals[0]!.id;
    // Unknown fields are kept, not stripped (the cache stores the whole payload).
    expect(first.data.signals[0]).toHaveProperty('reporting.member_count');
  });

  it('GET /signals/{id} re-reads for 1 token', async () => {
    const r = await client.signal({ id: eventId });
    expect(r.data.signal.id).toBe(eventId);
    expect(r.data.meta.merged_from_request).toBe(false);
    expect(r.tokens?.charged).toBe(1);
  });

  it('GET /developments pages with offset up to total_count', async () => {
    const r = await client.developments({
      start_date: '2026-11-01',
      end_date: '2026-11-19',
      limit: 20,
      offset: 20,
    });
    expect(r.data.meta.total_count).toBeGreaterThan(40);
    expect(r.data.developments).toHaveLength(20);
  });

  it('GET /events/{id}/thread is free', async () => {
    const r = await client.thread({ eventId });
    expect(r.data.canonical_event.event_id).toBe(eventId);
    expect(r.data.timeline.length).toBeGreaterThan(0);
    expect(lastCharge()).toBe(0);
  });

  it('measured lists and transit cost 3 per page', async () => {
    for (const list of [
      client.thermalAnomalies,
      client.nightlightAnomalies,
      client.so2Anomalies,
      client.quakeExposures,
      client.cycloneExposures,
    ]) {
      const r = await list({ start_date: '2026-10-20', end_date: '2026-11-19', limit: 5 });
      expect(r.tokens?.charged).toBe(3);
      expect(Object.values(r.data).some((v) => Array.isArray(v) && v.length > 0)).toBe(true);
    }
    const t = await client.transitAnomalies({});
    expect(t.data.places).toHaveLength(28);
    expect(t.tokens?.charged).toBe(3);
  });

  it('imagery, collection plan/priority/observability and passes at their prices', async () => {
    const img = await client.imagery({
      bbox: '36,49.8,36.4,50.1',
      start_date: '2026-11-01',
      end_date: '2026-11-19',
      event_date: '2026-11-10',
    });
    expect(img.tokens?.charged).toBe(2);
    expect(img.data.scenes.length).toBeGreaterThan(0);
    const plan = await client.collectionPlan({ event_id: eventId, analysis_goal: 'damage_assessment' });
    expect(plan.tokens?.charged).toBe(4);
    const pri = await client.collectionPriority({
      start_date: '2026-11-10',
      end_date: '2026-11-19',
      top_n: 5,
    });
    expect(pri.data.priority.top_priorities).toHaveLength(5);
    expect(pri.tokens?.charged).toBe(1);
    const obs = await client.collectionObservability({
      sensor: 'sentinel-1',
      start_date: '2026-11-10',
      end_date: '2026-11-19',
    });
    expect(obs.tokens?.charged).toBe(1);
    const passes = await client.passes({ lat: 50, lon: 36.2, satellites: ['sentinel-1', 'iceye'] });
    expect(passes.tokens?.charged).toBe(2);
    expect(passes.data.retrieval_ok).toBe(true);
    expect(new Set(passes.data.passes.map((p) => p.family_key))).toEqual(new Set(['sentinel-1', 'iceye']));
  });

  it('elevation (GET and POST), terrain, index-series, ships', async () => {
    const point = await client.elevation({ lat: 50, lon: 36.2 });
    expect(point.data.mode).toBe('point');
    const area = await client.elevationOfArea({
      polygon: [
        [36, 50],
        [36.1, 50],
        [36.1, 50.1],
      ],
    });
    expect(area.data.mode).toBe('polygon');
    const t = await client.terrain({ operation: 'sar_geometry', bbox: '36,50,36.1,50.1', incidence_deg: 35 });
    expect(t.data.operation).toBe('sar_geometry');
    const est = await client.indexSeries({
      bbox: [36, 50, 36.1, 50.1],
      index: 'ndvi',
      start: '2026-01-01',
      end: '2026-06-01',
      estimate_only: true,
    });
    expect(est.data).toHaveProperty('estimate.estimated_tokens');
    expect(lastCharge()).toBe(0);
    const ships = await client.ships({
      collection: 'sentinel-1-grd',
      item_id: 'S1A_IW_GRDH_X',
      bbox: [30.6, 46.3, 30.9, 46.6],
    });
    expect(ships.tokens?.charged).toBe(ships.data.count * 5);
  });

  it('brief, assess (cached the second time) and analyst with 202 polling', async () => {
    const b = await client.brief({});
    expect(b.data.status).toBe('available');
    const a1 = await client.assess({ eventId, kind: 'quick' });
    expect(a1.tokens?.charged).toBe(5);
    const a2 = await client.assess({ eventId, kind: 'quick' });
    expect(a2.data.cached).toBe(true);
    expect(a2.tokens?.charged).toBe(0);
    const progress: number[] = [];
    const before = demo.tokens();
    const run = await client.analyst(
      { question: 'Why did fighting move north?', mode: 'deep' },
      { pollIntervalMs: 10, onProgress: (p) => progress.push(p.completed ?? -1) },
    );
    expect(run.data).toHaveProperty('brief.findings');
    expect(progress).toEqual([1, 2, 3]);
    const charged = before - demo.tokens();
    expect(charged).toBeGreaterThan(0);
    // Same Idempotency-Key again: the same run, no second charge.
    const again = await client.analyst(
      { question: 'Why did fighting move north?', mode: 'deep' },
      { idempotencyKey: run.idempotencyKey, pollIntervalMs: 10 },
    );
    expect(again.data).toHaveProperty('brief');
    expect(before - demo.tokens()).toBe(charged);
    const posts = demo.requests.filter((r) => r.path === '/api/v1/analyst');
    expect(posts).toHaveLength(2);
  });

  it('standing orders, monitoring and entities', async () => {
    const created = await client.createStandingOrder({ bbox: [30.6, 46.3, 30.9, 46.6], name: 'Odesa port' });
    expect(created.data.watch_id).toBeTruthy();
    const orders = await client.standingOrders({});
    expect(orders.data.orders.map((o) => o.id)).toContain(created.data.order.id);
    const area = await client.createMonitoringArea({
      bbox: [30.6, 46.4, 30.8, 46.5],
      metric: 'ship_detection',
    });
    const list = await client.monitoring({});
    expect(list.data.areas.map((a) => a.area_id)).toContain(area.data.area.area_id);
    const detail = await client.monitoringArea({ areaId: list.data.areas[0]!.area_id });
    expect(detail.data.metrics?.[0]?.series?.length).toBeGreaterThan(0);
    const found = await client.entities({ q: 'port' });
    expect(found.tokens?.charged).toBe(1);
    const hist = await client.entity({ entityId: String(found.data.entities[0]!.id) });
    expect(hist.data.entity).toBeTruthy();
  });
});
