// Collection surveys, passes, the registry and the brief in the demo, through the typed client:
// the alternate priority/observability read start_date/end_date, commercial pass families are
// marked as demo names, `subtypes` filters entities, and a brief period the plan lacks is
// clamped to the daily brief (reported in meta.filter_clamp), never a 403.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlternateClient, MainClient } from '../../../electron/api';
import type { DemoService } from '../../../electron/demo';
import { demoWithClient } from '../../helpers/demo';

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

describe('alternate collection priority and observability', () => {
  it('read start_date/end_date, as in the main document', async () => {
    const window = { start_date: '2026-11-01', end_date: '2026-11-05' };
    const pri = await alt.client.collectionPriority({ ...window, top_n: 50 });
    expect(pri.data.meta).toMatchObject(window);
    const top = pri.data.priority.top ?? [];
    expect(top.length).toBeGreaterThan(0);
    for (const row of top) {
      const day = alt.demo.world.byInt(row.event_id)!.occurredAt.slice(0, 10);
      expect(day >= window.start_date && day <= window.end_date, `${row.event_id} on ${day}`).toBe(true);
    }
    const obs = await alt.client.collectionObservability({ ...window, top_n: 50 });
    expect(obs.data.meta).toMatchObject(window);
    for (const row of obs.data.survey.top ?? []) {
      const day = alt.demo.world.byInt(row.event_id)!.occurredAt.slice(0, 10);
      expect(day >= window.start_date && day <= window.end_date).toBe(true);
    }
  });
});

describe('passes: commercial family keys are demo names', () => {
  it('every pass of a commercial family says demo_name; the public four do not', async () => {
    const r = await main.client.passes({
      lat: 50,
      lon: 36.2,
      satellites: ['sentinel-1', 'landsat', 'iceye', 'planet'],
    });
    const passes = r.data.passes as { family_key: string; demo_name?: boolean }[];
    const commercial = passes.filter((p) => ['iceye', 'planet'].includes(p.family_key));
    const public_ = passes.filter((p) => ['sentinel-1', 'landsat'].includes(p.family_key));
    expect(commercial.length).toBeGreaterThan(0);
    expect(public_.length).toBeGreaterThan(0);
    for (const p of commercial) expect(p.demo_name, p.family_key).toBe(true);
    for (const p of public_) expect(p).not.toHaveProperty('demo_name');
    const note = (r.data.meta as { demo_names?: { family_keys: string[]; note: string } }).demo_names;
    expect(new Set(note?.family_keys)).toEqual(new Set(commercial.map((p) => p.family_key)));
    expect(note?.note).toMatch(/placeholder/i);
  });

  it('a watch’s collection outlook marks its commercial operators as demo names', async () => {
    const watchId = alt.demo.world.watches[0]!.id;
    const r = await alt.client.watch({ watchId, include_passes: true });
    const outlook = (r.data.watch as { collection_outlook?: { operators: string[]; demo_names: string[] } })
      .collection_outlook!;
    const commercial = outlook.operators.filter(
      (o) => !['sentinel-1', 'sentinel-2', 'landsat', 'nisar'].includes(o),
    );
    expect(commercial.length).toBeGreaterThan(0);
    expect(outlook.demo_names).toEqual(commercial);
  });
});

describe('GET /entities subtypes', () => {
  it.each(['main', 'alternate'] as const)('filters the entities (%s profile)', async (profile) => {
    const client = profile === 'main' ? main.client : alt.client;
    const all = (await client.entities({ q: 'er', limit: 50 })).data.entities;
    expect(all.length).toBeLessThan(50); // every match, not a page of them
    const kinds = [...new Set(all.map((x) => x.subtype as string))];
    expect(kinds.length).toBeGreaterThan(1);
    for (const kind of kinds) {
      const only = (await client.entities({ q: 'er', subtypes: [kind as 'port_facility'], limit: 50 })).data
        .entities;
      expect(only.map((x) => x.id)).toEqual(all.filter((x) => x.subtype === kind).map((x) => x.id));
    }
  });
});

describe('GET /brief on every plan', () => {
  it('a weekly brief on a plan without it answers the daily brief, with meta.filter_clamp; never 403', async () => {
    const { demo, client } = await demoWithClient('main', { plan: 'free' });
    try {
      const daily = await client.brief({ date: '2026-11-18' });
      const weekly = await client.brief({ period: 'weekly', date: '2026-11-18' });
      expect(weekly.status).toBe(200);
      expect(weekly.data.period).toMatchObject({ type: 'daily', start: '2026-11-18', end: '2026-11-18' });
      expect(weekly.data.brief).toEqual(daily.data.brief);
      const clamp = weekly.clamps.find((c) => c.kind === 'filter_clamp');
      expect(clamp?.requiredPlans?.length).toBeGreaterThan(0);
      expect(daily.clamps).toEqual([]);

      demo.setPlan('pro');
      const full = await client.brief({ period: 'weekly', date: '2026-11-18' });
      expect(full.data.period).toMatchObject({ type: 'weekly', end: '2026-11-18' });
      expect(full.clamps).toEqual([]);
    } finally {
      await demo.close();
    }
  });
});
