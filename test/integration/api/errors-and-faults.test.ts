// What an analyst on a bad link or a small plan meets: each error status as a distinct,
// actionable error; Retry-After honoured; retries after a dropped connection; clamps as data;
// input refused before anything is sent; a malformed payload named by its field.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createClient,
  InputError,
  type AlternateClient as AltC,
  type MainClient as MainC,
} from '../../../electron/api';
import type { DemoService } from '../../../electron/demo';
import { DEMO_KEY, demoWithClient } from '../../helpers/demo';
import { caught } from '../../helpers/errors';

let demo: DemoService | undefined;
afterEach(async () => {
  await demo?.close();
  demo = undefined;
});

describe('error statuses', () => {
  it('401: a wrong key is refused with words a user can act on, and the key is never in the message', async () => {
    const d = await demoWithClient('main');
    demo = d.demo;
    const secret = 'sk-live-very-secret-key-1234';
    const bad = createClient({ baseUrl: demo.url, profile: 'main', apiKey: secret });
    const e = await caught(bad.signals({}));
    expect(e).toMatchObject({
      kind: 'unauthorized',
      status: 401,
      code: 'UNAUTHORIZED',
      endpoint: 'GET /signals',
    });
    expect(e.message).toContain('the service rejected the API key (401)');
    expect(e.requestId).toMatch(/^req_/);
    expect(JSON.stringify({ ...e, message: e.message, stack: e.stack })).not.toContain(secret);
  });

  it('402 when the wallet is short, before any work is charged', async () => {
    const d = await demoWithClient('main', { tokens: 2 });
    demo = d.demo;
    const e = await caught(d.client.signals({}));
    expect(e).toMatchObject({ kind: 'insufficient_tokens', status: 402 });
    expect(demo.tokens()).toBe(2);
    // A free call still works.
    await expect(d.client.standingOrders({})).resolves.toBeTruthy();
  });

  it('403, 404 and 410 (naming the replacement) are distinct', async () => {
    const d = await demoWithClient('main');
    demo = d.demo;
    demo.forbid(['/api/v1/passes']);
    expect(await caught(d.client.passes({ lat: 1, lon: 1 }))).toMatchObject({
      kind: 'forbidden',
      status: 403,
    });
    const nf = await caught(d.client.signal({ id: '00000000-0000-4000-8000-000000000000' }));
    expect(nf).toMatchObject({ kind: 'not_found', status: 404 });
    demo.retire('/api/v1/brief', '/api/v1/briefs');
    const gone = await caught(d.client.brief({}));
    expect(gone).toMatchObject({ kind: 'retired', status: 410, replacement: '/api/v1/briefs' });
    expect(gone.message).toContain('/api/v1/briefs');
  });

  it('400 from the service carries its message (an unknown axis is never an empty result)', async () => {
    const d = await demoWithClient('main');
    demo = d.demo;
    const e = await caught(d.client.developments({ axes: ['no_such_axis'] }));
    expect(e).toMatchObject({ kind: 'invalid', status: 400, code: 'INVALID_PARAMETERS' });
    expect(e.message).toContain('no_such_axis');
  });
});

/** Lifts the rate limit once the client has met a 429 (not after a guessed delay: a busy machine). */
async function liftAfterFirst429(d: DemoService): Promise<void> {
  while (!d.requests.some((x) => x.status === 429)) await new Promise((r) => setTimeout(r, 2));
  d.setFaults({});
}

describe('slow and flaky links', () => {
  it('429: waits Retry-After, then sends the same request again', async () => {
    const d = await demoWithClient('main', { faults: { rateLimitEveryNth: 1, retryAfterSeconds: 0.4 } });
    demo = d.demo;
    const t0 = performance.now();
    const pending = d.client.signals({ limit: 5 });
    await liftAfterFirst429(demo); // the limit lifts while the client waits
    const r = await pending;
    const waited = performance.now() - t0;
    expect(r.data.signals.length).toBeGreaterThan(0);
    expect(waited).toBeGreaterThanOrEqual(380);
    const statuses = demo.requests.map((x) => x.status);
    expect(statuses).toEqual([429, 200]);
    expect(demo.requests[0]!.query).toEqual(demo.requests[1]!.query);
  });

  it('one shared back-off: concurrent calls wait out the same Retry-After instead of hammering', async () => {
    const d = await demoWithClient('main', { faults: { rateLimitEveryNth: 1, retryAfterSeconds: 0.3 } });
    demo = d.demo;
    const first = d.client.standingOrders({});
    await liftAfterFirst429(demo);
    const t0 = performance.now();
    await Promise.all([
      first,
      d.client.monitoring({}),
      d.client.standingOrders({}),
      d.client.transitAnomalies({}),
    ]);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(200);
    // Only the first call met the 429; the others waited for the back-off, never sent early.
    expect(demo.requests.filter((x) => x.status === 429)).toHaveLength(1);
    expect(demo.requests).toHaveLength(5);
  });

  it('gives up after a bounded number of 429s with a rate_limited error', async () => {
    const d = await demoWithClient('main', { faults: { rateLimitEveryNth: 1, retryAfterSeconds: 0.01 } });
    demo = d.demo;
    const e = await caught(d.client.signals({}));
    expect(e.kind).toBe('rate_limited');
    expect(demo.requests).toHaveLength(6); // first try + 5 waits
  });

  it('a connection dropped halfway through the body is retried for reads', async () => {
    const d = await demoWithClient('main', { faults: { dropEveryNth: 2 } });
    demo = d.demo;
    const a = await d.client.signals({ limit: 200, start_date: '2026-11-01', end_date: '2026-11-19' }); // request 1 ok
    const b = await d.client.signals({
      limit: 200,
      start_date: '2026-11-01',
      end_date: '2026-11-19',
      cursor: a.data.meta.next_cursor!,
    }); // 2 dropped, 3 ok
    expect(b.data.signals).toHaveLength(200);
    expect(demo.requests.map((x) => x.fault ?? x.status)).toEqual([200, 'dropped', 200]);
  });

  it('a POST without an Idempotency-Key is not resent after a lost answer (unknown outcome)', async () => {
    const d = await demoWithClient('main', { faults: { dropEveryNth: 1 } });
    demo = d.demo;
    const e = await caught(d.client.createStandingOrder({ bbox: [30.6, 46.3, 30.9, 46.6] }));
    expect(e.kind).toBe('network');
    expect(demo.requests).toHaveLength(1);
  });

  it('times out a stalled answer and says so', async () => {
    const d = await demoWithClient('main', { faults: { latencyMs: 400 } }, { timeoutMs: 100, retries: 1 });
    demo = d.demo;
    const e = await caught(d.client.standingOrders({}));
    expect(e.kind).toBe('timeout');
    expect(e.message).toContain('did not answer in time');
  });

  it('a bandwidth cap slows the body but the answer arrives whole', async () => {
    const d = await demoWithClient('main', { faults: { bytesPerSecond: 200_000 } });
    demo = d.demo;
    const t0 = performance.now();
    const r = await d.client.signals({ limit: 100, start_date: '2026-11-01', end_date: '2026-11-19' });
    expect(r.data.signals).toHaveLength(100);
    expect(performance.now() - t0).toBeGreaterThan(100); // ~250 kB at 200 kB/s
  });
});

describe('clamps are returned as data', () => {
  it('free plan: window_clamp, filter_clamp with required_plans, plan_lock', async () => {
    const d = await demoWithClient('main', { plan: 'free' });
    demo = d.demo;
    const r = await d.client.signals({
      start_date: '2026-09-23',
      end_date: '2026-11-20',
      linked_to: 'actor:militia',
      sort: 'geoint',
    });
    const kinds = r.clamps.map((c) => c.kind).sort();
    expect(kinds).toEqual(['filter_clamp', 'plan_lock', 'window_clamp']);
    expect(r.clamps.find((c) => c.kind === 'filter_clamp')!.requiredPlans).toContain('pro');
    expect(r.data.meta.start_date).not.toBe('2026-09-23');
    expect(r.data.signals[0]).not.toHaveProperty('geoint_score');
  });

  it('pro plan: no clamps', async () => {
    const d = await demoWithClient('main', { plan: 'pro' });
    demo = d.demo;
    const r = await d.client.signals({ start_date: '2026-09-23', end_date: '2026-11-20' });
    expect(r.clamps).toEqual([]);
  });
});

describe('input refused before sending (no request, no token)', () => {
  it.each([
    ['limit out of range', (c: MainC) => c.signals({ limit: 501 })],
    ['one date without the other', (c: MainC) => c.signals({ start_date: '2026-11-01' })],
    ['q over 300 characters', (c: MainC) => c.signals({ q: 'x'.repeat(301) })],
    ['bbox out of order', (c: MainC) => c.signals({ bbox: '10,5,0,0' })],
    ['bbox latitude out of range', (c: MainC) => c.signals({ bbox: '0,-91,1,1' })],
    ['min_severity_band not 4/6/9', (c: MainC) => c.signals({ min_severity_band: 5 as 4 })],
    ['standing order over 100,000 km²', (c: MainC) => c.createStandingOrder({ bbox: [0, 0, 5, 5] })],
    [
      'monitoring bbox ≥ 5,000 km²',
      (c: MainC) => c.createMonitoringArea({ bbox: [0, 0, 1, 1], metric: 'ships' }),
    ],
    [
      'ships bbox ≥ 120,000 km²',
      (c: MainC) => c.ships({ collection: 'sentinel-1-grd', item_id: 'x', bbox: [0, 0, 4, 4] }),
    ],
    ['question over 500 characters', (c: MainC) => c.analyst({ question: 'q'.repeat(501) })],
    [
      'unknown index',
      (c: MainC) =>
        c.indexSeries({
          bbox: [0, 0, 0.1, 0.1],
          index: 'ndxx' as 'ndvi',
          start: '2026-01-01',
          end: '2026-02-01',
        }),
    ],
    [
      'unknown analysis_goal',
      (c: MainC) =>
        c.collectionPlan({
          event_id: '00000000-0000-4000-8000-000000000000',
          analysis_goal: 'x' as 'flood_mapping',
        }),
    ],
    ['an id that is not a uuid', (c: MainC) => c.signal({ id: '12345' })],
    ['a parameter of the other profile', (c: MainC) => c.signals({ days: 3 } as never)],
  ])('main: %s', async (_label, call) => {
    const d = await demoWithClient('main');
    demo = d.demo;
    await expect(call(d.client)).rejects.toBeInstanceOf(InputError);
    expect(demo.requests).toHaveLength(0);
  });

  it.each([
    ['days over 30', (c: AltC) => c.signals({ days: 31 })],
    ['one hypothesis', (c: AltC) => c.discriminators({ hypotheses: 'only one' })],
    [
      'nine hypotheses',
      (c: AltC) => c.discriminators({ hypotheses: Array.from({ length: 9 }, (_, i) => `h${i}`) }),
    ],
    [
      'a hypothesis over 500 characters',
      (c: AltC) => c.discriminators({ hypotheses: ['a', 'b'.repeat(501)] }),
    ],
    ['a non-integer event id', (c: AltC) => c.thread({ eventId: 'abc' })],
    [
      'start_date/end_date on alternate signals',
      (c: AltC) => c.signals({ start_date: '2026-11-01' } as never),
    ],
    ['an event watch without event_id', (c: AltC) => c.createWatch({ target_type: 'event' })],
    ['a titled reply', (c: AltC) => c.addNote({ watchId: 'w', note: 'x', title: 't', parent_id: 'n' })],
  ])('alternate: %s', async (_label, call) => {
    const d = await demoWithClient('alternate');
    demo = d.demo;
    await expect(call(d.client)).rejects.toBeInstanceOf(InputError);
    expect(demo.requests).toHaveLength(0);
  });
});

describe('malformed payloads', () => {
  async function fakeService(body: string) {
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(body);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { url, close: () => new Promise<void>((r) => server.close(() => r())) };
  }

  it('names the endpoint and the field, keeps the raw body, never crashes', async () => {
    const fake = await fakeService(
      JSON.stringify({ meta: { next_cursor: null }, signals: [{ id: 'a' }, { title: 'no id' }] }),
    );
    try {
      const c = createClient({ baseUrl: fake.url, profile: 'main', apiKey: DEMO_KEY });
      const e = await caught(c.signals({}));
      expect(e.kind).toBe('malformed');
      expect(e.field).toBe('signals[1].id');
      expect(e.message).toContain('GET /signals');
      expect(e.message).toContain('signals[1].id');
      expect(e.body).toHaveProperty('signals');
    } finally {
      await fake.close();
    }
  });

  it('a body that is not JSON is a malformed error, not an exception from JSON.parse', async () => {
    const fake = await fakeService('<html>proxy error</html>');
    try {
      const c = createClient({ baseUrl: fake.url, profile: 'alternate', apiKey: DEMO_KEY });
      const e = await caught(c.watches({}));
      expect(e).toMatchObject({ kind: 'malformed', endpoint: 'GET /watches' });
    } finally {
      await fake.close();
    }
  });
});
