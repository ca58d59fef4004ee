// Every endpoint of the alternate profile, through the typed client, against the demo service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlternateClient } from '../../../electron/api';
import type { DemoService } from '../../../electron/demo';
import { demoWithClient } from '../../helpers/demo';

let demo: DemoService;
let client: AlternateClient;
beforeAll(async () => ({ demo, client } = await demoWithClient('alternate')));
afterAll(() => demo.close());

const lastRequest = () => demo.requests.at(-1)!;

describe('alternate profile: every endpoint', () => {
  let eventId = 0;
  it('GET /signals takes date + days, integer ids, cursors', async () => {
    const r = await client.signals({ date: '2026-11-19', days: 5, limit: 40 });
    expect(r.data.signals).toHaveLength(40);
    expect(typeof r.data.signals[0]!.id).toBe('number');
    expect(r.data.meta.start_date).toBe('2026-11-15');
    expect(lastRequest().query).toEqual({ date: '2026-11-19', days: '5', limit: '40' });
    const next = await client.signals({
      date: '2026-11-19',
      days: 5,
      limit: 40,
      cursor: r.data.meta.next_cursor!,
    });
    expect(next.data.signals[0]!.id).not.toBe(r.data.signals[0]!.id);
    eventId = r.data.signals[0]!.id;
  });

  it('re-read, stats, hotspots, refine-location', async () => {
    const one = await client.signal({ id: eventId });
    expect(one.data.signal.id).toBe(eventId);
    expect(one.tokens?.charged).toBe(1);
    const stats = await client.signalStats({ days: 7 });
    expect(stats.data.stats.by_day.length).toBeGreaterThan(0);
    expect(stats.tokens?.charged).toBe(1);
    const hot = await client.hotspots({ days: 7, precision: 1 });
    expect(hot.data.hotspots[0]!.count).toBeGreaterThan(0);
    const refined = await client.refineLocation({ id: eventId });
    expect(typeof refined.data.result.improved).toBe('boolean');
    // 3 to 29 tokens, 0 when the location does not improve.
    if (refined.data.result.improved) expect(refined.tokens!.charged).toBeGreaterThanOrEqual(3);
    else expect(refined.tokens!.charged).toBe(0);
  });

  it('developments (date + days, development_types) and thread', async () => {
    const d = await client.developments({
      date: '2026-11-19',
      days: 7,
      limit: 10,
      development_types: ['casualty_count_raised'],
    });
    expect(d.data.developments.every((x) => x.development_type === 'casualty_count_raised')).toBe(true);
    const t = await client.thread({ eventId });
    expect(t.data.sources[0]!.event_id).toBe(eventId);
    expect(lastRequest().charged).toBe(0);
  });

  it('imagery, collection, brief, assess, analyst', async () => {
    const img = await client.imagery({ bbox: '36,49.8,36.4,50.1', date: '2026-11-19', days: 10 });
    expect(img.data.meta.start_date).toBe('2026-11-10');
    const plan = await client.collectionPlan({ event_id: eventId, analysis_goal: 'flood_mapping' });
    expect(plan.data.meta.event_id).toBe(eventId);
    const pri = await client.collectionPriority({ top_n: 3 });
    expect(pri.data.priority.top?.length).toBeLessThanOrEqual(3);
    const obs = await client.collectionObservability({});
    expect(obs.data.survey).toBeTruthy();
    const brief = await client.brief({});
    expect(brief.data.brief.headline).toBeTruthy();
    const a = await client.assess({ eventId, kind: 'deep' });
    expect(a.tokens?.charged).toBe(15);
    const run = await client.analyst({ question: 'What changed at Odesa port?' }, { pollIntervalMs: 10 });
    expect(run.status).toBe(200);
    expect(run.data).toHaveProperty('brief.findings.0.global_event_id');
  });

  it('claims and discriminators', async () => {
    const c = await client.claims({ limit: 5 });
    expect(c.data.claims).toHaveLength(5);
    const d = await client.discriminators({
      hypotheses: ['The depot burned', 'The depot was emptied before'],
    });
    expect(d.data.meta).toMatchObject({ hypothesis_count: 2 });
    expect(d.tokens?.charged).toBe(3);
    expect(lastRequest().query.hypotheses).toBe('The depot burned|The depot was emptied before');
  });

  it('standing orders: create, pause, resume, delete', async () => {
    const o = await client.createStandingOrder({
      bbox: [30.6, 46.3, 30.9, 46.6],
      question: 'Any new damage?',
      cadence: 'daily',
    });
    expect(o.data.projected_monthly_tokens_typical).toBeGreaterThan(0);
    const id = o.data.order.id;
    expect((await client.setStandingOrderActive({ orderId: id, active: false })).data.order.active).toBe(
      false,
    );
    expect((await client.setStandingOrderActive({ orderId: id, active: true })).data.order.active).toBe(true);
    expect((await client.standingOrders({})).data.orders.some((x) => x.id === id)).toBe(true);
    expect((await client.deleteStandingOrder({ orderId: id })).data.deleted).toBe(id);
  });

  it('monitoring, entities, transit, measured, passes, elevation, terrain, index series, ships', async () => {
    const area = await client.createMonitoringArea({ bbox: [30.6, 46.4, 30.8, 46.5], metric: 'ships' });
    expect((await client.monitoringArea({ areaId: area.data.area.area_id })).data.area_id).toBe(
      area.data.area.area_id,
    );
    expect((await client.monitoring({})).data.areas.length).toBeGreaterThan(0);
    const e = await client.entities({ q: 'port', subtypes: ['port_facility'] });
    expect((await client.entity({ entityId: String(e.data.entities[0]!.id) })).data).toHaveProperty(
      'event_count',
    );
    expect((await client.transitAnomalies({})).data.places.length).toBe(28);
    for (const list of [
      client.thermalAnomalies,
      client.nightlightAnomalies,
      client.so2Anomalies,
      client.quakeExposures,
      client.cycloneExposures,
    ]) {
      const r = await list({ start_date: '2026-11-01', end_date: '2026-11-19', limit: 3 });
      expect(r.tokens?.charged).toBe(3);
      expect(Object.values(r.data).some((v) => Array.isArray(v) && v.length > 0)).toBe(true);
    }
    expect((await client.passes({ bbox: '30,46,31,47' })).data.note).toMatch(/scheduled acquisitions/);
    expect((await client.elevation({ bbox: '36,50,36.1,50.1' })).data.mode).toBe('bbox');
    expect((await client.elevationOfArea({ bbox: [36, 50, 36.1, 50.1] })).data.mode).toBe('polygon');
    expect(
      (await client.terrain({ operation: 'sar_geometry', bbox: '36,50,36.1,50.1', incidence_deg: 40 })).data,
    ).toHaveProperty('sar_geometry');
    const series = await client.indexSeries({
      bbox: [36, 50, 36.1, 50.1],
      index: 'nbr',
      start: '2026-06-01',
      end: '2026-09-01',
      max_scenes: 4,
    });
    expect(series.tokens?.charged).toBe(2);
    expect(
      (await client.ships({ collection: 'nisar-l-band', item_id: 'NISAR_X', bbox: [30.6, 46.3, 30.9, 46.6] }))
        .data.caveats?.length,
    ).toBe(1);
  });

  it('watches: list with cursor, create, detail, decision package, patch, notes, delete', async () => {
    const all = await client.watches({ limit: 4 });
    expect(all.data.watches).toHaveLength(4);
    expect(all.data.buckets).toHaveProperty('needs_attention');
    const rest = await client.watches({ limit: 4, cursor: all.data.next_cursor! });
    expect(rest.data.watches.length).toBeGreaterThan(0);
    const created = await client.createWatch({ target_type: 'event', event_id: eventId });
    expect(created.data.already_existed).toBe(false);
    expect((await client.createWatch({ target_type: 'event', event_id: eventId })).data.already_existed).toBe(
      true,
    );
    const id = created.data.watch.id;
    const detail = await client.watch({ watchId: id });
    expect(detail.data.thread).toBeTruthy();
    expect(lastRequest().charged).toBe(0);
    await client.watch({ watchId: id, include_passes: true });
    expect(lastRequest().charged).toBe(2); // priced as /passes
    const pkg = await client.decisionPackage({ watchId: all.data.watches[0]!.id });
    expect(pkg.data.negative_evidence?.[0]).toMatchObject({ status: 'inconclusive' });
    expect(pkg.tokens?.charged).toBe(5);
    expect(
      (await client.updateWatch({ watchId: id, status: 'paused', question: '' })).data.watch.status,
    ).toBe('paused');
    const thread = await client.addNote({
      watchId: id,
      note: 'Smoke seen on two feeds.',
      title: 'Smoke',
      confidence: 'moderate',
      likelihood: 'likely',
      gaps: ['no imagery yet'],
    });
    const reply = await client.addNote({
      watchId: id,
      note: 'Imagery ordered.',
      parent_id: thread.data.note.id,
    });
    expect(reply.data.note).toMatchObject({ parent_id: thread.data.note.id });
    await client.deleteNote({ watchId: id, noteId: reply.data.note.id });
    const gone = await client.deleteWatch({ watchId: id });
    expect(gone.data.deleted).toBe(id);
  });
});
