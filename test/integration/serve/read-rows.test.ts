// The read rows of the contract through `watchfloor serve`, as the window calls them: after a
// sync from the demo service, with that service stopped, every row answers from the cache; the
// list agrees with `watchfloor signals` on the same cache, the map's points arrive as typed
// arrays in one binary body and match the list's drawable rows, and country-level signals are
// counted per country instead.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel, Input, Result, SignalRow } from '../../../shared/contract';
import { COLUMNS_CONTENT_TYPE, decodeColumns } from '../../../shared/wire';
import { createClient, type AlternateClient, type MainClient } from '../../../electron/api';
import { startDemoService, type DemoService } from '../../../electron/demo';
import { runWatchfloor } from '../../helpers/cli';
import { DEMO_KEY, DEMO_NOW } from '../../helpers/demo';
import { startServeProcess, type ServeProcess } from '../../helpers/serve';

let demo: DemoService | null = null;
let serve: ServeProcess;
let dbFile: string;
let env: NodeJS.ProcessEnv;
let openedEvent: string;
/** What the service listed of the analyst's own things, asked directly before it went away. */
let listed: { orders: { id: string; bbox: unknown }[]; areas: { id: string; bbox: unknown }[] };

const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);

async function post(channel: string, input: unknown): Promise<Response> {
  return fetch(`${serve.origin}/api/contract/${channel}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Watchfloor-Token': serve.secret },
    body: JSON.stringify(input),
  });
}

async function call<C extends Channel>(channel: C, input: Input<C>): Promise<Result<C>> {
  const res = await post(channel, input);
  const binary = (res.headers.get('Content-Type') ?? '').startsWith(COLUMNS_CONTENT_TYPE);
  const body = (binary ? decodeColumns(await res.arrayBuffer()) : await res.json()) as
    { ok: true; result: Result<C> } | { ok: false; error: { message: string } };
  if (!body.ok) throw new Error(`${channel}: ${body.error.message}`);
  return body.result;
}

/** Every row the list gives for a filter, page by page. */
async function allRows(filter: Input<'signals.query'>): Promise<{ rows: SignalRow[]; total: number }> {
  const first = await call('signals.query', { ...filter, limit: 1000 });
  const rows = [...first.rows];
  while (rows.length < first.total) {
    const page = await call('signals.query', { ...filter, limit: 1000, offset: rows.length });
    if (!page.rows.length) break;
    rows.push(...page.rows);
  }
  return { rows, total: first.total };
}

beforeAll(async () => {
  demo = await startDemoService({ profile: 'main', now: DEMO_NOW, signalsPerDay: 12 });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wf-read-'));
  dbFile = path.join(dir, 'cache.db');
  env = { ...process.env, HOME: dir, WATCHFLOOR_API_KEY: DEMO_KEY };
  serve = await startServeProcess(['--base-url', demo.url, '--profile', 'main', '--db', dbFile], env);
  const synced = await call('sync.now', {});
  expect(synced.lastOutcome?.complete).toBe(true);
  // An event the analyst opened while online: its thread is cached for later.
  openedEvent = (await call('signals.query', { limit: 1 })).rows[0]!.id;
  expect((await call('events.thread', { eventId: openedEvent })).fromCache).toBe(false);
  const direct = createClient({ baseUrl: demo.url, profile: 'main', apiKey: DEMO_KEY }) as MainClient;
  listed = {
    orders: (await direct.standingOrders({})).data.orders.map((o) => ({ id: o.id, bbox: o.bbox })),
    areas: (await direct.monitoring({})).data.areas.map((a) => ({ id: a.area_id, bbox: a.bbox })),
  };
  // From here on the service is gone: every answer comes from the cache.
  await demo.close();
  demo = null;
});

afterAll(async () => {
  await serve?.stop();
  await demo?.close();
});

describe('read rows through serve, offline', () => {
  it('signals.query with q counts what `watchfloor signals --q` lists from the same cache', async () => {
    const first = (await call('signals.query', { limit: 50 })).rows;
    const word = first.flatMap((r) => r.title.split(/\W+/)).find((w) => w.length > 4 && /^[a-z]+$/i.test(w))!;
    expect(word).toBeTruthy();
    const page = await call('signals.query', { q: word, limit: 1000 });
    const cli = await runWatchfloor(['signals', '--db', dbFile, '--q', word, '--format', 'json'], { env });
    expect(cli.code, cli.stderr).toBe(0);
    const listed = JSON.parse(cli.stdout) as { id: string }[];
    expect(page.total).toBe(listed.length);
    expect(page.total).toBeGreaterThan(0);
    expect(page.rows.map((r) => r.id)).toEqual(listed.map((s) => String(s.id)));
    expect(page).toMatchObject({ profile: 'main', demo: false });
    expect(page.asOf).not.toBeNull();
  });

  it('signals.points arrive as typed arrays, one per drawable row of the list', async () => {
    const res = await post('signals.points', {});
    expect(res.headers.get('Content-Type')).toBe(COLUMNS_CONTENT_TYPE);
    const points = await call('signals.points', {});
    expect(points.lng).toBeInstanceOf(Float32Array);
    expect(points.lat).toBeInstanceOf(Float32Array);
    expect(points.band).toBeInstanceOf(Uint8Array);
    expect(points.time).toBeInstanceOf(Float64Array);
    const { rows, total } = await allRows({});
    expect(rows).toHaveLength(total);
    const drawable = rows.filter((r) => r.plottable);
    expect(points.count).toBe(drawable.length);
    expect([...points.ids].sort()).toEqual(drawable.map((r) => r.id).sort());
    const byId = new Map(drawable.map((r) => [r.id, r]));
    points.ids.forEach((id, i) => {
      expect(points.lat[i]).toBeCloseTo(byId.get(id)!.lat!, 3);
      expect(points.categories[points.category[i]!]).toBe(byId.get(id)!.category);
    });
  });

  it('signals.countryCounts sums to the list rows that have no point to draw', async () => {
    const { rows } = await allRows({});
    const countryLevel = rows.filter((r) => !r.plottable && r.countryCode !== null);
    expect(countryLevel.length).toBeGreaterThan(0);
    const { countries } = await call('signals.countryCounts', {});
    expect(countries.reduce((n, c) => n + c.count, 0)).toBe(countryLevel.length);
    for (const c of countries)
      expect(c.count).toBe(countryLevel.filter((r) => r.countryCode === c.countryCode).length);
  });

  it('signals.countryCounts follows a time window and a box, as the points do', async () => {
    const { rows } = await allRows({});
    const countryLevel = rows.filter((r) => !r.plottable && r.countryCode !== null && r.occurredAt !== null);
    const sum = (list: { count: number }[]) => list.reduce((n, c) => n + c.count, 0);
    // The later half of the country-level signals' times (whole seconds, as the map asks).
    const times = countryLevel.map((r) => Math.floor(Date.parse(r.occurredAt!) / 1000)).sort((a, b) => a - b);
    const from = times[Math.floor(times.length / 2)]!;
    const start = new Date(from * 1000).toISOString();
    const later = countryLevel.filter((r) => Math.floor(Date.parse(r.occurredAt!) / 1000) >= from);
    expect(later.length).toBeLessThan(countryLevel.length);
    expect(sum((await call('signals.countryCounts', { start })).countries)).toBe(later.length);

    // A small box round a placed signal of a country with country-level ones: that country's,
    // not the world's.
    const code = countryLevel.find((c) =>
      rows.some((r) => r.plottable && r.countryCode === c.countryCode),
    )!.countryCode!;
    const at = rows.find((r) => r.plottable && r.countryCode === code)!;
    const bbox: [number, number, number, number] = [
      at.lng! - 0.25,
      at.lat! - 0.25,
      at.lng! + 0.25,
      at.lat! + 0.25,
    ];
    const inBox = (await call('signals.countryCounts', { bbox })).countries;
    expect(inBox.find((c) => c.countryCode === code)?.count).toBe(
      countryLevel.filter((r) => r.countryCode === code).length,
    );
    expect(sum(inBox)).toBeLessThan(countryLevel.length);
  });

  it('signals.categories names every category the cache holds, measured ones marked', async () => {
    const { rows } = await allRows({});
    const { categories } = await call('signals.categories', {});
    expect(categories.map((c) => c.name)).toEqual(
      [...new Set(rows.map((r) => r.category).filter(Boolean))].sort(),
    );
    for (const c of categories)
      expect(c.measured).toBe(rows.some((r) => r.category === c.name && r.measured));
    expect(categories.some((c) => c.measured)).toBe(true);
  });

  it('every other read row answers from the cache', async () => {
    const got = await call('signals.get', { id: openedEvent });
    expect(got.signal.id).toBe(openedEvent);
    expect(got.profile).toBe('main');
    const thread = await call('events.thread', { eventId: openedEvent });
    expect(thread.fromCache).toBe(true);
    expect(thread.asOf).not.toBeNull();
    const developments = await call('developments.list', { limit: 5 });
    expect(developments.total).toBeGreaterThanOrEqual(developments.rows.length);
    expect(Object.values(developments.bySource).reduce((a, b) => a + b, 0)).toBe(developments.total);
    for (const kind of ['thermal', 'nightlight', 'so2', 'quake', 'cyclone'] as const) {
      const list = await call('measured.list', { kind });
      expect(list.kind).toBe(kind);
      expect(list.total).toBeGreaterThanOrEqual(list.rows.length);
    }
    const transit = await call('transit.get', {});
    expect(transit.record?.places.length).toBeGreaterThan(0);
    const brief = await call('brief.get', {});
    expect(brief.brief).not.toBeNull();
    expect(brief.asOf).not.toBeNull();
    const { streams } = await call('sync.streams', {});
    const signals = streams.find((s) => s.name === 'signals')!;
    expect(signals.asOf).toBe((await call('signals.query', { limit: 1 })).asOf);
    const status = await call('sync.status', {});
    expect(status.lastSummary?.streams.signals?.received).toBeGreaterThan(0);
  });

  it('watches.list, orders.list and monitoring.list give the records the service listed, with their boxes', async () => {
    expect(listed.orders.length).toBeGreaterThan(0);
    expect(listed.areas.length).toBeGreaterThan(0);
    const orders = await call('orders.list', {});
    expect(orders.rows.map((r) => ({ id: r.record.id, bbox: r.record.bbox })).sort(byId)).toEqual(
      [...listed.orders].sort(byId),
    );
    expect(orders.rows.every((r) => !r.pending && r.id === r.record.id)).toBe(true);
    expect(orders.asOf).not.toBeNull();
    const areas = await call('monitoring.list', {});
    expect(areas.rows.map((r) => ({ id: r.record.area_id, bbox: r.record.bbox })).sort(byId)).toEqual(
      [...listed.areas].sort(byId),
    );
    expect(areas.rows.every((r) => !r.pending && r.id === r.record.area_id)).toBe(true);
    expect(areas.asOf).not.toBeNull();
    // Watches are the alternate profile's: this main-profile cache has none, and says so plainly.
    expect(await call('watches.list', {})).toEqual({ rows: [], asOf: null });
  });

  it('refuses bad input clearly and says when an event is not cached', async () => {
    const bad = await post('signals.query', { limit: 0, bbox: [10, 5, 0, 6] });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('invalid_input');
    expect(body.error.message).toMatch(/limit/);
    expect(body.error.message).toMatch(/west/);
    await expect(call('signals.get', { id: 'not-an-event' })).rejects.toThrow(/not in the cache/);
    // An id the cache does not hold is a 404, said in words; never a 500.
    const unknown = await post('signals.get', { id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('not_found');
    await expect(call('measured.list', { kind: 'volcano' as 'so2' })).rejects.toThrow(/kind/);
  });
});

describe('watches.list on an alternate-profile cache', () => {
  it('gives each watch the service listed, with its area box, from the cache', async () => {
    const alt = await startDemoService({ profile: 'alternate', now: DEMO_NOW, signalsPerDay: 4 });
    const dir = mkdtempSync(path.join(os.tmpdir(), 'wf-read-alt-'));
    const altEnv = { ...process.env, HOME: dir, WATCHFLOOR_API_KEY: DEMO_KEY };
    const own = await startServeProcess(
      ['--base-url', alt.url, '--profile', 'alternate', '--db', path.join(dir, 'cache.db')],
      altEnv,
    );
    try {
      const at = async <C extends Channel>(channel: C, input: Input<C>): Promise<Result<C>> => {
        const res = await fetch(`${own.origin}/api/contract/${channel}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Watchfloor-Token': own.secret },
          body: JSON.stringify(input),
        });
        const body = (await res.json()) as { ok: true; result: Result<C> } | { ok: false; error: unknown };
        if (!body.ok) throw new Error(JSON.stringify(body.error));
        return body.result;
      };
      expect((await at('sync.now', {})).lastOutcome?.complete).toBe(true);
      const direct = createClient({ baseUrl: alt.url, profile: 'alternate', apiKey: DEMO_KEY });
      const service = (await (direct as AlternateClient).watches({ limit: 500 })).data.watches;
      expect(service.length).toBeGreaterThan(0);
      const cached = await at('watches.list', {});
      expect(cached.rows.map((r) => ({ id: r.id, bbox: r.record.area?.bbox })).sort(byId)).toEqual(
        service.map((w) => ({ id: w.id, bbox: w.area?.bbox })).sort(byId),
      );
      expect(cached.rows.every((r) => !r.pending && r.record.id === r.id)).toBe(true);
      expect(cached.asOf).not.toBeNull();
    } finally {
      await own.stop();
      await alt.close();
    }
  });
});

describe('read rows through `serve --demo`', () => {
  it('lists what `watchfloor signals --demo` lists from the demo cache, marked as demo', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'wf-read-demo-'));
    const demoEnv: NodeJS.ProcessEnv = { ...process.env, HOME: dir };
    delete demoEnv.WATCHFLOOR_DB;
    const own = await startServeProcess(['--demo'], demoEnv);
    try {
      const at = async <C extends Channel>(channel: C, input: Input<C>): Promise<Result<C>> => {
        const res = await fetch(`${own.origin}/api/contract/${channel}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Watchfloor-Token': own.secret },
          body: JSON.stringify(input),
        });
        const body = (await res.json()) as { ok: true; result: Result<C> } | { ok: false; error: unknown };
        if (!body.ok) throw new Error(JSON.stringify(body.error));
        return body.result;
      };
      await at('sync.now', {});
      const word = (await at('signals.query', { limit: 20 })).rows
        .flatMap((r) => r.title.split(/\W+/))
        .find((w) => w.length > 4 && /^[a-z]+$/i.test(w))!;
      const page = await at('signals.query', { q: word, limit: 1000 });
      expect(page.demo).toBe(true);
      const cli = await runWatchfloor(['signals', '--demo', '--q', word, '--format', 'json'], {
        env: demoEnv,
      });
      expect(cli.code, cli.stderr).toBe(0);
      expect(page.total).toBe((JSON.parse(cli.stdout) as unknown[]).length);
      expect(page.total).toBeGreaterThan(0);
    } finally {
      await own.stop();
    }
  });
});
