// The demo service behaves as the documents say, so tests of sync can trust it as the truth.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, type AlternateClient, type MainClient } from '../../../electron/api';
import type { DemoService } from '../../../electron/demo';
import { demoWithClient } from '../../helpers/demo';

let main: { demo: DemoService; client: MainClient };
let alt: { demo: DemoService; client: AlternateClient };
beforeAll(async () => {
  main = await demoWithClient('main', { seed: 7 });
  alt = await demoWithClient('alternate', { seed: 7 });
});
afterAll(async () => {
  await main.demo.close();
  await alt.demo.close();
});

const WINDOW = { start_date: '2026-09-23', end_date: '2026-11-20' };

async function allMain(params: Parameters<MainClient['signals']>[0]) {
  const out = [];
  let cursor: string | undefined;
  do {
    const r = await main.client.signals({ ...params, limit: 500, ...(cursor ? { cursor } : {}) });
    out.push(...r.data.signals);
    cursor = r.data.meta.next_cursor ?? undefined;
  } while (cursor);
  return out;
}

describe('demo service semantics', () => {
  it('is deterministic for a seed', () => {
    expect(main.demo.world.events.length).toBe(alt.demo.world.events.length);
    expect(main.demo.world.events[10]!.title).toBe(alt.demo.world.events[10]!.title);
  });

  it('a cursor replayed with other parameters is a 400', async () => {
    const r = await main.client.signals({ ...WINDOW, limit: 10 });
    await expect(
      main.client.signals({
        ...WINDOW,
        limit: 10,
        categories: ['airstrike'],
        cursor: r.data.meta.next_cursor!,
      }),
    ).rejects.toMatchObject({
      kind: 'invalid',
      status: 400,
    });
  });

  it('paging by cursor lists every signal of the window exactly once', async () => {
    const all = await allMain(WINDOW);
    expect(new Set(all.map((s) => s.id)).size).toBe(all.length);
    expect(all.length).toBe(main.demo.world.listed().length);
  });

  it('q: every word, quoted phrase in order, leading minus excludes', async () => {
    const strike = await allMain({ ...WINDOW, q: 'drone strike' });
    expect(strike.length).toBeGreaterThan(0);
    for (const s of strike)
      expect(`${s.title} ${s.summary}`.toLowerCase()).toMatch(/drone.*strike|strike.*drone/);
    const phrase = await allMain({ ...WINDOW, q: '"strike hits"' });
    expect(phrase.every((s) => s.title!.toLowerCase().includes('strike hits'))).toBe(true);
    const minus = await allMain({ ...WINDOW, q: 'strike -drone' });
    expect(minus.length).toBeGreaterThan(0);
    expect(minus.some((s) => /drone/i.test(`${s.title} ${s.summary}`))).toBe(false);
  });

  it('bbox: points inside; country-level events in country_level_signals (first 10, counted)', async () => {
    const r = await main.client.signals({ ...WINDOW, bbox: '22,44,40.5,52.5', limit: 500 });
    for (const s of r.data.signals) {
      expect(s.plottable).toBe(true);
      expect(s.lng!).toBeGreaterThanOrEqual(22);
      expect(s.lat!).toBeLessThanOrEqual(52.5);
    }
    expect(r.data.country_level_signals!.length).toBe(Math.min(10, r.data.country_level_signals!.length));
    expect(r.data.meta.country_level).toBe(r.data.country_level_signals!.length);
    expect(r.data.country_level_signals!.every((s) => s.plottable === false && s.country_code === 'UA')).toBe(
      true,
    );
  });

  it('main updated_since: refolded at or after it, and inside the date window', async () => {
    const w = main.demo.world;
    const since = w.now().toISOString();
    const old = w.listed().find((e) => e.occurredAt < '2026-10-01')!;
    const recent = w.listed().filter((e) => e.occurredAt > '2026-11-15')[0]!;
    w.advanceClock(60_000);
    w.refold([old, recent]);
    const narrow = await allMain({ start_date: '2026-11-10', end_date: '2026-11-20', updated_since: since });
    expect(narrow.map((s) => s.id)).toEqual([recent.uuid]);
    const wide = await allMain({ ...WINDOW, updated_since: since });
    expect(wide.map((s) => s.id).sort()).toEqual([old.uuid, recent.uuid].sort());
  });

  it('alternate updated_since ignores the date window', async () => {
    const w = alt.demo.world;
    const since = w.now().toISOString();
    const old = w.listed().find((e) => e.occurredAt < '2026-10-01')!;
    w.advanceClock(60_000);
    w.refold([old]);
    const r = await alt.client.signals({ date: '2026-11-20', days: 1, updated_since: since });
    expect(r.data.signals.map((s) => s.id)).toEqual([old.intId]);
  });

  it('a folded id resolves to its survivor (merged_from_request); a retracted event leaves the lists', async () => {
    const w = main.demo.world;
    const [a, b, c] = w.listed().slice(-3);
    w.fold(a!, b!);
    const reread = await main.client.signal({ id: a!.uuid });
    expect(reread.data.meta).toMatchObject({
      event_id: b!.uuid,
      merged_from_request: true,
      retracted_at: null,
    });
    const thread = await main.client.thread({ eventId: a!.uuid });
    expect(thread.data.canonical_event).toMatchObject({ event_id: b!.uuid, merged_from_request: true });
    w.retract(c!);
    const gone = await main.client.signal({ id: c!.uuid });
    expect(gone.data.meta.retracted_at).toBeTruthy();
    const listed = new Set((await allMain(WINDOW)).map((s) => s.id));
    expect(listed.has(a!.uuid)).toBe(false);
    expect(listed.has(c!.uuid)).toBe(false);
    expect(listed.has(b!.uuid)).toBe(true);
  });

  it('alternate: a folded id re-reads as its cluster; a retracted one still answers, with retracted_at', async () => {
    const w = alt.demo.world;
    const [a, b, c] = w.listed().slice(-3);
    w.fold(a!, b!);
    expect((await alt.client.signal({ id: a!.intId })).data.signal.id).toBe(b!.intId);
    w.retract(c!);
    // The main document's states table holds for both profiles: 404 only means gone or not yours.
    const retracted = await alt.client.signal({ id: c!.intId });
    expect(retracted.data.meta).toMatchObject({ event_id: c!.intId, retracted_at: w.now().toISOString() });
    await expect(alt.client.signal({ id: 999_999_999 })).rejects.toBeInstanceOf(ApiError);
  });

  it('an order firing moves its watch to needs_attention and shows in the order list', async () => {
    const w = alt.demo.world;
    const order = w.orders[1]!;
    const before = order.totalRuns;
    const since = w.now().toISOString();
    w.advanceClock(60_000);
    w.fireOrder(order);
    const orders = await alt.client.standingOrders({});
    expect(orders.data.orders.find((o) => o.id === order.id)!.total_runs).toBe(before + 1);
    const changed = await alt.client.watches({ updated_since: since });
    expect(changed.data.watches.map((x) => [x.id, x.bucket])).toEqual([[order.watchId, 'needs_attention']]);
  });

  it('a cursor from a different updated_since is rejected (watches)', async () => {
    const r = await alt.client.watches({ limit: 2 });
    await expect(
      alt.client.watches({ limit: 2, updated_since: '2026-11-01T00:00:00Z', cursor: r.data.next_cursor! }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('new signals appear at the head of the list', async () => {
    const w = main.demo.world;
    const [fresh] = w.addSignals(1);
    const r = await main.client.signals({ ...WINDOW, limit: 5 });
    expect(r.data.signals.map((s) => s.id)).toContain(fresh!.uuid);
  });
});
