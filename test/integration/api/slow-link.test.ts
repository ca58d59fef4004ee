// Time limits that follow progress (issue 22): a call is given up when no byte has come for the
// client's idle limit, or at its ceiling, never while its answer still flows; compression is
// asked for, decoded and measured; an uncompressed service works the same.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient, type ApiError } from '../../../electron/api';
import type { DemoService } from '../../../electron/demo';
import { DEMO_KEY, demoWithClient } from '../../helpers/demo';

let server: http.Server | undefined;
let demo: DemoService | undefined;
afterEach(async () => {
  if (server) await new Promise<void>((r) => server!.close(() => r()));
  server = undefined;
  await demo?.close();
  demo = undefined;
});

/** A service that answers GET /standing-orders with `body`, written by `write`. */
async function serve(
  write: (res: http.ServerResponse, body: Buffer, req: http.IncomingMessage) => void,
): Promise<string> {
  const body = Buffer.from(JSON.stringify({ orders: [], limits: {}, pad: 'x'.repeat(4000) }));
  server = http.createServer((req, res) => write(res, body, req));
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const client = (baseUrl: string, opts: { timeoutMs?: number; ceilingMs?: number } = {}) =>
  createClient({ baseUrl, profile: 'main', apiKey: DEMO_KEY, retries: 0, ...opts });

const caught = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e as ApiError,
  );

describe('time limits follow progress', () => {
  it('an idle line (no byte for the idle limit, mid-body) is given up and says so', async () => {
    const url = await serve((res, body) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(body.length) });
      res.write(body.subarray(0, 1000)); // then nothing more
    });
    const t0 = performance.now();
    const e = await caught(client(url, { timeoutMs: 400 }).standingOrders({}));
    expect(e.kind).toBe('timeout');
    expect(e.message).toMatch(/no byte for 400 ms after 1\.\d kB of the answer/);
    // Given up after the quiet period, not at once and not much later.
    expect(performance.now() - t0).toBeGreaterThan(350);
    expect(performance.now() - t0).toBeLessThan(3000);
  });

  it('a slow but flowing answer, far longer than the idle limit, is kept whole', async () => {
    const url = await serve((res, body) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(body.length) });
      let at = 0;
      const step = Math.ceil(body.length / 15);
      const tick = setInterval(() => {
        res.write(body.subarray(at, at + step));
        at += step;
        if (at >= body.length) {
          clearInterval(tick);
          res.end();
        }
      }, 120); // ~1.8 s in all, a chunk every 120 ms
    });
    const seen: number[] = [];
    const c = client(url, { timeoutMs: 400 });
    const r = await c.standingOrders({}, { onBody: (p) => seen.push(p.bodyBytes) });
    expect(r.data.orders).toEqual([]);
    expect(r.transfer.totalMs).toBeGreaterThan(1500);
    // Its progress was seen as it came, and the line meter counted it.
    expect(seen.length).toBeGreaterThan(5);
    expect(c.line.snapshot().totalWireBytes).toBeGreaterThan(4000);
  });

  it('an answer that still flows at the ceiling is given up there', async () => {
    const url = await serve((res, body) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(body.length) });
      let at = 0;
      const tick = setInterval(() => {
        if (at >= body.length - 10) return clearInterval(tick);
        res.write(body.subarray(at, at + 10));
        at += 10;
      }, 50);
      res.on('close', () => clearInterval(tick));
    });
    const e = await caught(client(url, { timeoutMs: 400, ceilingMs: 900 }).standingOrders({}));
    expect(e.kind).toBe('timeout');
    expect(e.message).toContain('the ceiling');
  });
});

describe('compression', () => {
  it('asks for it, decodes gzip and brotli, and measures the bytes on the line', async () => {
    for (const compress of ['gzip', 'br'] as const) {
      const d = await demoWithClient('main', { compress });
      demo = d.demo;
      const r = await d.client.signals({ start_date: '2026-11-01', end_date: '2026-11-19', limit: 200 });
      expect(r.data.signals).toHaveLength(200);
      expect(r.transfer.encoding).toBe(compress);
      // JSON of signals compresses several times over: the line carried a fraction of the body.
      expect(r.transfer.wireBytes).toBeLessThan(r.transfer.bodyBytes / 4);
      expect(d.client.line.snapshot()).toMatchObject({ encoding: compress });
      await demo.close();
      demo = undefined;
    }
  });

  it('an uncompressed service works the same', async () => {
    const d = await demoWithClient('main', { compress: false });
    demo = d.demo;
    const r = await d.client.signals({ start_date: '2026-11-01', end_date: '2026-11-19', limit: 200 });
    expect(r.data.signals).toHaveLength(200);
    expect(r.transfer.encoding).toBeNull();
    expect(r.transfer.wireBytes).toBeGreaterThan(r.transfer.bodyBytes);
  });

  it('sends Accept-Encoding, and reads a body the service compressed on its own', async () => {
    let asked: string | undefined;
    const url = await serve((res, body, req) => {
      asked = req.headers['accept-encoding'];
      const gz = zlib.gzipSync(body);
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
      res.end(gz); // chunked: no Content-Length
    });
    const r = await client(url).standingOrders({});
    expect(asked).toMatch(/gzip/);
    expect(r.transfer.encoding).toBe('gzip');
    expect(r.data.orders).toEqual([]);
  });
});
