// The demo's signals, threads and re-reads are faithful to both documents, through the typed
// client: unknown casualties stay null, a thread is as precise as its signal, linked_to matches
// registry ids, measured events are signals, observability_status has three buckets, and the
// alternate re-read reports folds and retractions as the main document's states table says.
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

const WINDOW = { start_date: '2026-09-23', end_date: '2026-11-20' };
/** The fields these tests read (the client's schema is looser about some of them). */
interface MainSignal {
  id: string;
  category?: string | null;
  location?: string | null;
  location_level?: string | null;
  stage?: string | null;
  casualties?: { killed: number | null; injured: number | null } | null;
  measured?: boolean | null;
  measured_kind?: string | null;
}
const rowsOf = (r: { data: { signals: unknown[] } }) => r.data.signals as MainSignal[];

async function allMain(params: Parameters<MainClient['signals']>[0]): Promise<MainSignal[]> {
  const out: MainSignal[] = [];
  let cursor: string | undefined;
  do {
    const r = await main.client.signals({ ...params, limit: 500, ...(cursor ? { cursor } : {}) });
    out.push(...rowsOf(r));
    cursor = r.data.meta.next_cursor ?? undefined;
  } while (cursor);
  return out;
}
async function allAlt(params: Parameters<AlternateClient['signals']>[0]): Promise<number[]> {
  const out: number[] = [];
  let cursor: string | undefined;
  do {
    const r = await alt.client.signals({ ...params, limit: 500, ...(cursor ? { cursor } : {}) });
    out.push(...r.data.signals.map((s) => s.id));
    cursor = r.data.meta.next_cursor ?? undefined;
  } while (cursor);
  return out;
}

describe('signals and threads', () => {
  it('an unknown casualty count stays null in the signal and in both profiles’ threads, never 0', async () => {
    const signals = rowsOf(
      await main.client.signals({ start_date: '2026-11-15', end_date: '2026-11-19', limit: 200 }),
    );
    const unknown = signals.filter((s) => s.casualties?.killed === null);
    expect(unknown.length).toBeGreaterThan(0);
    expect(signals.some((s) => s.casualties?.injured === null)).toBe(true);
    const thread = await main.client.thread({ eventId: unknown[0]!.id });
    expect(thread.data.canonical_event).toMatchObject({ casualties: { killed: null } });

    const e = alt.demo.world.listed().find((x) => x.killed === null && x.measuredKind === undefined)!;
    const altThread = await alt.client.thread({ eventId: e.intId });
    expect(altThread.data.canonical_event).toHaveProperty('casualties_killed', null);
  });

  it('a thread’s location is as precise as its signal’s (location, location_level, stage)', async () => {
    const signals = await allMain({ start_date: '2026-11-10', end_date: '2026-11-19' });
    for (const stage of ['reported', 'localized', 'pinpointed']) {
      const s = signals.find((x) => x.stage === stage && !x.measured)!;
      expect(s, stage).toBeDefined();
      const t = await main.client.thread({ eventId: s.id });
      expect(t.data.canonical_event, stage).toMatchObject({
        location: s.location,
        location_level: s.location_level,
        stage: s.stage,
      });
    }
  });

  it('linked_to=facility:<entity_id> matches the registry id, not the facility name', async () => {
    const found = await main.client.entities({ q: 'port' });
    const facility = found.data.entities[0]!;
    const history = await main.client.entity({ entityId: String(facility.id) });
    const historyIds = (history.data.events as { event_id: string }[]).map((x) => x.event_id);
    expect(historyIds.length).toBeGreaterThan(0);

    const linked = await allMain({ ...WINDOW, linked_to: `facility:${String(facility.id)}` });
    expect(linked.length).toBeGreaterThan(0);
    for (const s of linked) expect(s.location).toBe(facility.canonical);
    for (const id of historyIds) expect(linked.map((s) => s.id)).toContain(id);
    expect(await allMain({ ...WINDOW, linked_to: `facility:${String(facility.canonical)}` })).toEqual([]);
  });

  it('measured events are signals with measured: true and measured_kind; the rest carry measured: false', async () => {
    const all = await allMain(WINDOW);
    const kinds: Record<string, string> = {
      thermal_anomaly: 'thermal_anomaly',
      transit_anomaly: 'transit_anomaly',
      nightlight_anomaly: 'nightlight',
      so2_anomaly: 'so2',
      quake_exposure: 'quake_exposure',
      cyclone_exposure: 'cyclone_exposure',
    };
    const measured = all.filter((s) => s.category! in kinds);
    expect(new Set(measured.map((s) => s.category))).toEqual(new Set(Object.keys(kinds)));
    for (const s of measured) expect(s).toMatchObject({ measured: true, measured_kind: kinds[s.category!] });
    const reported = all.filter((s) => !(s.category! in kinds));
    expect(reported.length).toBeGreaterThan(0);
    for (const s of reported) {
      expect(s.measured).toBe(false);
      expect(s).not.toHaveProperty('measured_kind');
    }
    // The thermal record and its signal are one event: the list's event_id is a signal id.
    const thermal = await main.client.thermalAnomalies({ start_date: '2026-11-01', end_date: '2026-11-19' });
    const ids = new Set(measured.map((s) => s.id));
    const records = (thermal.data as { thermal_anomalies: { event_id: string }[] }).thermal_anomalies;
    expect(records.length).toBeGreaterThan(0);
    for (const r of records) expect(ids.has(r.event_id)).toBe(true);
  });
});

describe('alternate observability_status', () => {
  const window = { date: '2026-11-20', days: 30 } as const;
  it('has three buckets; the binary observability filter drops insufficient_detail from both sides', async () => {
    const all = await allAlt(window);
    const status = {
      observable: await allAlt({ ...window, observability_status: 'observable' }),
      not_observable: await allAlt({ ...window, observability_status: 'not_observable' }),
      insufficient_detail: await allAlt({ ...window, observability_status: 'insufficient_detail' }),
    };
    expect(status.insufficient_detail.length).toBeGreaterThan(0);
    expect([...status.observable, ...status.not_observable, ...status.insufficient_detail].sort()).toEqual(
      [...all].sort(),
    );
    const binaryYes = await allAlt({ ...window, observability: 'observable' });
    const binaryNo = await allAlt({ ...window, observability: 'not_observable' });
    expect(binaryYes.sort()).toEqual([...status.observable].sort());
    expect(binaryNo.sort()).toEqual([...status.not_observable].sort());
    const binary = new Set([...binaryYes, ...binaryNo]);
    expect(status.insufficient_detail.some((id) => binary.has(id))).toBe(false);
    await expect(
      alt.client.signals({ ...window, observability: 'insufficient_detail' }),
    ).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('observability_status'),
    });
  });
});

describe('alternate re-read: the states table holds for both profiles', () => {
  it('a folded id names its survivor; a retracted event answers 200 with retracted_at; 404 is gone', async () => {
    const w = alt.demo.world;
    const [a, b, c, d] = w
      .listed()
      .filter((e) => e.measuredKind === undefined)
      .slice(-4);
    const plain = await alt.client.signal({ id: d!.intId });
    expect(plain.data.meta).toMatchObject({
      event_id: d!.intId,
      merged_from_request: false,
      retracted_at: null,
    });

    w.fold(a!, b!);
    const folded = await alt.client.signal({ id: a!.intId });
    expect(folded.data.signal.id).toBe(b!.intId);
    expect(folded.data.meta).toMatchObject({ event_id: b!.intId, merged_from_request: true });

    w.advanceClock(60_000);
    w.retract(c!);
    const retracted = await alt.client.signal({ id: c!.intId });
    expect(retracted.status).toBe(200);
    expect(retracted.data.meta).toMatchObject({
      event_id: c!.intId,
      merged_from_request: false,
      retracted_at: w.now().toISOString(),
    });
    await expect(alt.client.signal({ id: 999_999_999 })).rejects.toMatchObject({ status: 404 });
  });
});
