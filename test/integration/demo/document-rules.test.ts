// The demo service keeps the documents' rules (issue 23's table, rules 1-8; rule 9 is the
// window's, test/renderer/monitoring-price.test.tsx). Each test quotes the words it holds the
// demo to, from the service's two documents (test/fixtures/spec/service-main-profile.md and
// service-alternate-profile.md, copied from the brief).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startDemoService, type DemoService } from '../../../electron/demo';
import { addDays } from '../../../electron/demo/params';
import { DEMO_NOW } from '../../helpers/demo';

const SPEC_DIR = new URL('../../fixtures/spec/', import.meta.url);
const MAIN_DOC = readFileSync(new URL('service-main-profile.md', SPEC_DIR), 'utf8');
const ALT_DOC = readFileSync(new URL('service-alternate-profile.md', SPEC_DIR), 'utf8');
/** The words a test holds the demo to, checked to be the document's own. */
function quote(doc: 'main' | 'alternate', words: string): string {
  expect((doc === 'main' ? MAIN_DOC : ALT_DOC).replace(/\s+/g, ' ')).toContain(words);
  return words;
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
let main: DemoService;
let alt: DemoService;
const TODAY = DEMO_NOW.toISOString().slice(0, 10);
const YESTERDAY = addDays(TODAY, -1);

async function get(demo: DemoService, path: string, params: Record<string, string> = {}): Promise<Json> {
  const qs = new URLSearchParams(params).toString();
  const res = await fetch(`${demo.url}/api/v1${path}${qs ? `?${qs}` : ''}`, {
    headers: { authorization: 'Bearer demo-key' },
  });
  const body = (await res.json()) as Json;
  if (res.status !== 200) throw new Error(`${path} ${res.status}: ${JSON.stringify(body)}`);
  return body;
}
async function post(demo: DemoService, path: string): Promise<Json> {
  const res = await fetch(`${demo.url}/api/v1${path}`, {
    method: 'POST',
    headers: { authorization: 'Bearer demo-key', 'content-type': 'application/json' },
    body: '{}',
  });
  return (await res.json()) as Json;
}
/** Every row of an alternate /signals query (all pages). */
async function allSignals(demo: DemoService, params: Record<string, string>): Promise<Json[]> {
  const rows: Json[] = [];
  let cursor: string | null = null;
  do {
    const body = await get(demo, '/signals', { limit: '500', ...params, ...(cursor ? { cursor } : {}) });
    rows.push(...body.signals);
    cursor = body.meta.has_more ? body.meta.next_cursor : null;
  } while (cursor);
  return rows;
}

beforeAll(async () => {
  main = await startDemoService({ profile: 'main', now: DEMO_NOW, signalsPerDay: 30 });
  alt = await startDemoService({ profile: 'alternate', now: DEMO_NOW, signalsPerDay: 30 });
});
afterAll(async () => {
  await main.close();
  await alt.close();
});
beforeEach(() => {
  main.setPlan('pro');
  alt.setPlan('pro');
});

describe('the demo keeps the documents’ rules', () => {
  it('1. alternate observability: insufficient_detail is dropped from both sides', async () => {
    quote(
      'alternate',
      'observable, not_observable or insufficient_detail (exposes the bucket the binary filter drops from both sides)',
    );
    const window = { start_date: addDays(TODAY, -6), end_date: TODAY };
    const survey = (await get(alt, '/collection/observability', window)).survey;
    const byStatus = async (status: string) =>
      (await allSignals(alt, { date: TODAY, days: '7', observability_status: status })).length;
    const [observable, notObservable, insufficient] = await Promise.all(
      ['observable', 'not_observable', 'insufficient_detail'].map(byStatus),
    );
    expect(insufficient).toBeGreaterThan(0); // country-level events: neither side
    expect([survey.observable_count, survey.not_observable_count]).toEqual([observable, notObservable]);
  });

  it('2. priority and observability windows are capped at 30 days: narrowed, and the clamp says so', async () => {
    quote('main', 'meta.window_clamp says what was narrowed; window capped at 30 days');
    quote('alternate', 'Windows are capped at 30 days.');
    const asked = { start_date: addDays(TODAY, -44), end_date: TODAY };
    for (const demo of [main, alt])
      for (const path of ['/collection/priority', '/collection/observability']) {
        const { meta } = await get(demo, path, asked);
        expect([meta.start_date, meta.end_date]).toEqual([addDays(TODAY, -30), TODAY]);
        expect(meta.window_clamp).toEqual({
          requested: asked,
          applied: { start_date: addDays(TODAY, -30), end_date: TODAY },
          reason: 'window_capped',
        });
      }
  });

  it('3. alternate updated_since ignores the date window, but never reaches before the plan’s history floor', async () => {
    quote('alternate', 'signals (re)enriched at or after it; ignores the date window');
    quote(
      'main',
      "it never starts before the plan's history floor. meta.window_clamp states what was narrowed.",
    );
    // An event of October, refolded now (later reporting): updated since an hour ago.
    const old = alt.world.listed().find((e) => e.occurredAt < '2026-10-15' && e.measuredKind === undefined)!;
    alt.world.refold([old]);
    const since = new Date(DEMO_NOW.getTime() - 3_600_000).toISOString();
    const asked = { date: TODAY, days: '1', updated_since: since };
    const pro = await get(alt, '/signals', { ...asked, limit: '500' });
    expect(pro.signals.map((s: Json) => s.id)).toContain(old.intId);
    expect(pro.meta.window_clamp).toBeUndefined(); // nothing was narrowed
    // The free plan reads 14 days back: the October event is past its floor, and the clamp
    // speaks of what was asked (updated_since), not of a date window it did not apply.
    alt.setPlan('free');
    const free = await get(alt, '/signals', { ...asked, limit: '500' });
    const floor = addDays(TODAY, -14);
    expect(free.signals.map((s: Json) => s.id)).not.toContain(old.intId);
    expect(free.signals.every((s: Json) => s.event_date >= floor)).toBe(true);
    expect(free.meta.window_clamp.requested).toEqual({ updated_since: since });
    expect(free.meta.window_clamp.reason).toContain('plan_history_floor');
  });

  it('4. refine-location charges 3 to 29 only when the location improves, and it does improve', async () => {
    quote(
      'alternate',
      'POST /api/v1/signals/{id}/refine-location - 3 to 29 tok, 0 if the location does not improve',
    );
    const e = alt.world.listed().find((x) => x.stage === 'reported' && x.place.facilities?.length)!;
    const steps: { improved: boolean; charged: number; before: string; after: string }[] = [];
    for (let i = 0; i < 4; i++) {
      const { result } = await post(alt, `/signals/${e.intId}/refine-location`);
      steps.push({
        improved: result.improved,
        charged: result.tokens.charged,
        before: result.before.granularity,
        after: result.after.granularity,
      });
    }
    // Country → town → facility, then nothing finer: charged twice, then 0.
    expect(steps.map((s) => [s.before, s.after, s.improved])).toEqual([
      ['country', 'locality', true],
      ['locality', 'facility', true],
      ['facility', 'facility', false],
      ['facility', 'facility', false],
    ]);
    for (const s of steps.slice(0, 2)) expect(s.charged).toBeGreaterThanOrEqual(3);
    for (const s of steps.slice(0, 2)) expect(s.charged).toBeLessThanOrEqual(29);
    expect(steps.slice(2).map((s) => s.charged)).toEqual([0, 0]);
    // The event keeps its new place: pinpointed at the facility the sources named.
    expect([e.stage, e.facility?.name]).toEqual(['pinpointed', e.place.facilities![0]!.name]);
  });

  it('5. claims about an event are matched by its own record and by its facility’s, over the whole record', async () => {
    quote(
      'alternate',
      "matched by the claim's own recorded event and by the registry facilities the event is linked to",
    );
    const events = alt.world.listed().filter((x) => x.measuredKind === undefined);
    // The oldest event at a facility another event also names: older than the latest 200 claims.
    const atFacility = (f: unknown) => events.filter((x) => x.facility === f);
    const first = events.find((x) => x.facility !== undefined && atFacility(x.facility).length > 1)!;
    expect(events.indexOf(first)).toBeLessThan(events.length - 200);
    const body = await get(alt, '/claims', { event_id: String(first.intId), limit: '200' });
    const ids = body.claims.map((c: Json) => c.claim_id);
    expect(ids).toContain(`c-${first.intId}`);
    for (const other of atFacility(first.facility)) expect(ids).toContain(`c-${other.intId}`);
    expect(body.event_link).toMatchObject({ linked: true, by_event: 1 });
    expect(body.event_link.by_facility).toBe(atFacility(first.facility).length - 1);
  });

  it('6. commercial family keys are placeholders: a key the demo does not know is not refused', async () => {
    quote(
      'main',
      'nine commercial-operator keys (optical and radar operators; written <commercial_key_1> to <commercial_key_9>)',
    );
    quote('main', 'retrieval_ok (boolean; false means timing is unavailable, not that there are no passes)');
    const body = await get(main, '/passes', {
      lat: '46.48',
      lon: '30.72',
      satellites: 'sentinel-2,worldview',
    });
    expect(body.meta.unknown_families).toEqual(['worldview']);
    expect(body.retrieval_ok).toBe(false);
    expect(body.passes.length).toBeGreaterThan(0);
    expect(new Set(body.passes.map((p: Json) => p.family_key))).toEqual(new Set(['sentinel-2']));
  });

  it('7. window_clamp states what was narrowed: never a start after its end, every reason, the free plan’s last day', async () => {
    quote('main', 'without real-time the range ends yesterday');
    quote('main', 'meta.window_clamp states what was narrowed');
    main.setPlan('free');
    const floor = addDays(TODAY, -14);
    // Wholly before the floor: nothing readable, and said so.
    const before = await get(main, '/signals', { start_date: '2026-10-01', end_date: '2026-10-05' });
    expect(before.signals).toEqual([]);
    expect(before.meta.start_date <= before.meta.end_date).toBe(true);
    expect(before.meta.window_clamp).toMatchObject({
      requested: { start_date: '2026-10-01', end_date: '2026-10-05' },
      applied: null,
      reason: 'plan_history_floor',
    });
    // Both ends narrowed: both reasons.
    const both = await get(main, '/signals', { start_date: '2026-10-01', end_date: TODAY });
    expect(both.meta.window_clamp).toEqual({
      requested: { start_date: '2026-10-01', end_date: TODAY },
      applied: { start_date: floor, end_date: YESTERDAY },
      reason: ['plan_without_real_time', 'plan_history_floor'],
    });
    // The default window of a plan without real-time ends on its latest readable day.
    const recent = await get(main, '/signals');
    expect(recent.meta.end_date).toBe(YESTERDAY);
    expect(recent.signals.every((s: Json) => s.occurred_at < `${TODAY}T00:00:00`)).toBe(true);
  });

  it('8. measured detail is withheld by plan, and said so (detail_withheld, detail_included, plan_lock)', async () => {
    quote(
      'main',
      'a filter, time window or level of detail the plan lacks is reported in the response (meta.filter_clamp, meta.window_clamp, plan_lock) and is never applied silently',
    );
    const window = { start_date: addDays(TODAY, -30), end_date: YESTERDAY };
    const pro = await get(main, '/thermal-anomalies', window);
    expect(pro.thermal_anomalies.length).toBeGreaterThan(0);
    expect(pro.meta.detail_included).toBe(true);
    expect(pro.plan_lock).toBeUndefined();
    for (const r of pro.thermal_anomalies)
      expect([r.detail_withheld, typeof r.frp_mw]).toEqual([false, 'number']);

    main.setPlan('free');
    const free = await get(main, '/thermal-anomalies', {
      start_date: addDays(TODAY, -14),
      end_date: YESTERDAY,
    });
    expect(free.thermal_anomalies.length).toBeGreaterThan(0);
    expect(free.meta.detail_included).toBe(false);
    expect(free.plan_lock).toEqual({
      withheld: ['frp_mw', 'baseline_max_mw', 'times_baseline'],
      required_plans: ['analyst', 'pro'],
    });
    // Withheld is left out, never a zero.
    for (const r of free.thermal_anomalies) {
      expect(r.detail_withheld).toBe(true);
      expect('frp_mw' in r).toBe(false);
    }
    main.setPlan('analyst');
    const transit = await get(main, '/transit-anomalies');
    expect(transit.meta.detail_included).toBe(false);
    expect(transit.plan_lock).toEqual({ withheld: ['tanker_index'], required_plans: ['pro'] });
    for (const p of transit.places)
      expect([p.detail_withheld, 'tanker_index' in p.level]).toEqual([true, false]);
  });
});
