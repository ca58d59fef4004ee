// Only what a document says the service refuses is refused before sending. A window a
// document calls capped, a family key it writes as a placeholder, a length it does not give
// are sent, and the service's answer (its clamp, or its own 400) is what the analyst sees.
// And the analyst call is given the wait the document allows it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createClient,
  InputError,
  type AlternateClient as AltC,
  type MainClient as MainC,
} from '../../../electron/api';
import { ANALYST_TIMEOUT_MS } from '../../../electron/api/analyst';
import type { DemoService } from '../../../electron/demo';
import { DEMO_KEY, demoWithClient } from '../../helpers/demo';
import { caught } from '../../helpers/errors';

let demo: DemoService | undefined;
afterEach(async () => {
  await demo?.close();
  demo = undefined;
});

describe('sent, not refused: what only the service can judge', () => {
  const sent = async (
    demoService: DemoService,
    call: Promise<unknown>,
  ): Promise<{ answer: unknown; error: unknown }> => {
    const outcome = await call.then(
      (answer) => ({ answer, error: undefined }),
      (error: unknown) => ({ answer: undefined, error }),
    );
    expect(outcome.error).not.toBeInstanceOf(InputError);
    // Sent (a read the service failed with a 5xx is retried: at least once, then).
    expect(demoService.requests.length).toBeGreaterThan(0);
    return outcome;
  };

  it.each([
    [
      'imagery window over 30 days ("at most 30 days"; no refusal stated)',
      (c: MainC) => c.imagery({ bbox: '0,0,1,1', start_date: '2026-09-23', end_date: '2026-11-20' }),
    ],
    [
      'collection priority over 30 days ("window capped at 30 days")',
      (c: MainC) => c.collectionPriority({ start_date: '2026-09-23', end_date: '2026-11-20' }),
    ],
    [
      'observability over 30 days ("cap 30 days")',
      (c: MainC) => c.collectionObservability({ start_date: '2026-09-23', end_date: '2026-11-20' }),
    ],
    [
      'a passes family key Watchfloor does not know (the commercial keys are placeholders)',
      (c: MainC) => c.passes({ lat: 50, lon: 30, satellites: ['sentinel-1', 'commercial-x'] }),
    ],
    [
      'a standing-order name longer than any limit the document gives',
      (c: MainC) => c.createStandingOrder({ bbox: [30.6, 46.3, 30.9, 46.6], name: 'n'.repeat(400) }),
    ],
    ['an entity query over 300 characters', (c: MainC) => c.entities({ q: 'port '.repeat(80) })],
    [
      'a terrain observer height the document gives no range for',
      (c: MainC) =>
        c.terrain({
          operation: 'profile',
          lat: 46.4,
          lon: 30.7,
          to_lat: 46.5,
          to_lon: 30.8,
          observer_height_m: -5,
        }),
    ],
  ])('main: %s', async (_label, call) => {
    const d = await demoWithClient('main');
    demo = d.demo;
    await sent(demo, call(d.client));
  });

  it.each([
    [
      'collection priority over 30 days',
      (c: AltC) => c.collectionPriority({ start_date: '2026-09-23', end_date: '2026-11-20' }),
    ],
    [
      'observability over 30 days',
      (c: AltC) => c.collectionObservability({ start_date: '2026-09-23', end_date: '2026-11-20' }),
    ],
    [
      'a watch question of any length',
      (c: AltC) => c.updateWatch({ watchId: 'w', question: 'q'.repeat(600) }),
    ],
  ])('alternate: %s', async (_label, call) => {
    const d = await demoWithClient('alternate');
    demo = d.demo;
    await sent(demo, call(d.client));
  });

  it('passes past the 7-day horizon: sent as asked, and the capped window is shown as a clamp', async () => {
    const d = await demoWithClient('main');
    demo = d.demo;
    const { answer } = await sent(
      demo,
      d.client.passes({ lat: 50, lon: 30, start_date: '2026-11-20', end_date: '2026-12-05' }),
    );
    const r = answer as Awaited<ReturnType<MainC['passes']>>;
    expect(demo.requests[0]!.query).toMatchObject({ start_date: '2026-11-20', end_date: '2026-12-05' });
    expect(r.data.meta.window).toMatchObject({ start: '2026-11-20', end: '2026-11-27' });
    const clamp = r.clamps.find((c) => c.kind === 'window_clamp');
    expect(clamp?.detail).toMatchObject({
      requested: { end_date: '2026-12-05' },
      applied: { end_date: '2026-11-27' },
    });
    // A window within the horizon is not marked narrowed.
    const within = await d.client.passes({
      lat: 50,
      lon: 30,
      start_date: '2026-11-20',
      end_date: '2026-11-25',
    });
    expect(within.clamps).toEqual([]);
  });
});

describe('the analyst call waits as long as the document says it may', () => {
  it('POST /analyst outlasts the client timeout that other calls keep (about 95 s documented)', async () => {
    expect(ANALYST_TIMEOUT_MS).toBeGreaterThan(95_000);
    // A service that takes 400 ms over every call, against a client whose timeout is 150 ms:
    // the ordinary read times out, the analyst run is waited for.
    const server = http.createServer((req, res) => {
      setTimeout(() => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(
          req.url?.startsWith('/api/v1/analyst')
            ? JSON.stringify({ brief: { summary: 'done' }, meta: { tokens: { charged: 5 } } })
            : JSON.stringify({ orders: [], limits: {} }),
        );
      }, 400);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const c = createClient({
        baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        profile: 'main',
        apiKey: DEMO_KEY,
        timeoutMs: 150,
        retries: 0,
      });
      const run = await c.analyst({ question: 'What changed at Odesa port?' });
      expect(run.status).toBe(200);
      expect(run.data).toMatchObject({ brief: { summary: 'done' } });
      expect((await caught(c.standingOrders({}))).kind).toBe('timeout');
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
