// `watchfloor serve`: the contract over loopback HTTP (+ SSE for push events), for tests and
// machines without a desktop. Guarded like a local app server should be: bound to
// 127.0.0.1, a fresh secret per launch (in the printed URL, then an HttpOnly SameSite=Strict
// cookie), the Host header checked (DNS rebinding), Origin checked on calls, no CORS.
import http from 'node:http';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Dispatcher, PushBus } from '../contract/dispatch';
import { rendererFile, rendererHeaders } from '../hosts-common/renderer-files';
import {
  CHANGES_HEADER,
  COLUMNS_CONTENT_TYPE,
  encodeColumnChunks,
  holdsTypedArrays,
  STREAM_HELLO,
} from '../../shared/wire';

export interface ServeOptions {
  dispatch: Dispatcher;
  bus: PushBus;
  /** The built renderer (dist/renderer). */
  staticDir: string;
  port?: number;
  secret?: string;
}

export interface ServeHandle {
  /** The one URL to open: it carries the per-launch secret. */
  url: string;
  origin: string;
  port: number;
  secret: string;
  close(): Promise<void>;
}

const COOKIE = 'wf_token';
const MAX_BODY = 1 << 20;
function sameSecret(given: string | undefined, secret: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

function cookieOf(req: http.IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
}

function send(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: http.OutgoingHttpHeaders = {},
): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  res.end(text);
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new Error('request body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function startServe(opts: ServeOptions): Promise<ServeHandle> {
  const secret = opts.secret ?? randomBytes(32).toString('base64url');
  let origin = '';
  let allowedHosts = new Set<string>();

  // How many cache changes main has pushed. Each contract answer says the count when it was
  // asked, and the event stream says it when it opens: the window can tell whether a change
  // was pushed while it was not listening, and read again only then.
  let changes = 0;
  const stopCounting = opts.bus.subscribe((event) => {
    if (event === 'cache.changed') changes++;
  });

  const server = http.createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) send(res, 500, { code: 'failed', message: (err as Error).message });
      else res.destroy();
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    // DNS rebinding: a page on evil.example resolved to 127.0.0.1 still sends its own Host.
    if (!allowedHosts.has(String(req.headers.host ?? '').toLowerCase()))
      return send(res, 403, { code: 'forbidden', message: 'host not allowed' });
    const url = new URL(req.url ?? '/', origin);

    // First visit: the secret in the URL becomes a cookie, and the URL is cleaned.
    if (req.method === 'GET' && url.pathname === '/' && url.searchParams.has('token')) {
      if (!sameSecret(url.searchParams.get('token') ?? undefined, secret))
        return send(
          res,
          401,
          'Watchfloor: this link is not valid for this launch; use the URL serve printed.',
        );
      return send(res, 303, '', {
        Location: '/',
        'Set-Cookie': `${COOKIE}=${secret}; HttpOnly; SameSite=Strict; Path=/`,
      });
    }
    const authorised =
      sameSecret(cookieOf(req, COOKIE), secret) ||
      sameSecret(req.headers['x-watchfloor-token'] as string, secret);
    if (!authorised)
      return send(res, 401, {
        code: 'forbidden',
        message: 'missing or wrong secret: open the URL serve printed',
      });

    if (url.pathname.startsWith('/api/contract/')) {
      if (req.method !== 'POST')
        return send(res, 405, { code: 'failed', message: 'use POST' }, { Allow: 'POST' });
      const reqOrigin = req.headers.origin;
      if (reqOrigin !== undefined && reqOrigin !== origin)
        return send(res, 403, { code: 'forbidden', message: 'cross-origin call refused' });
      if (!String(req.headers['content-type'] ?? '').startsWith('application/json'))
        return send(res, 415, { code: 'invalid_input', message: 'send application/json' });
      let input: unknown;
      try {
        const text = await readBody(req);
        input = text ? JSON.parse(text) : {};
      } catch (err) {
        return send(res, 400, {
          code: 'invalid_input',
          message: `not valid JSON: ${(err as Error).message}`,
        });
      }
      const asked = String(changes);
      const outcome = await opts.dispatch(
        decodeURIComponent(url.pathname.slice('/api/contract/'.length)),
        input,
      );
      const status = outcome.ok
        ? 200
        : outcome.error.code === 'unknown_channel'
          ? 404
          : outcome.error.code === 'invalid_input'
            ? 400
            : 500;
      // Columns (the map's points) travel as one binary body (shared/wire.ts), not as JSON.
      if (outcome.ok && holdsTypedArrays(outcome.result)) {
        // Written piece by piece: the arrays go out as they are, never copied into one body.
        const chunks = encodeColumnChunks(outcome);
        res.writeHead(200, {
          'Content-Type': COLUMNS_CONTENT_TYPE,
          'Content-Length': chunks.reduce((n, c) => n + c.byteLength, 0),
          'Cache-Control': 'no-store',
          'X-Content-Type-Options': 'nosniff',
          [CHANGES_HEADER]: asked,
        });
        res.cork();
        for (const c of chunks) res.write(c);
        res.uncork();
        return void res.end();
      }
      return send(res, status, outcome, { [CHANGES_HEADER]: asked });
    }

    if (url.pathname === '/api/events' && req.method === 'GET') return streamEvents(req, res);
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return send(res, 405, { code: 'failed', message: 'GET only' });
    return serveStatic(url.pathname, res);
  }

  function streamEvents(req: http.IncomingMessage, res: http.ServerResponse): void {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Content-Type-Options': 'nosniff',
    });
    const write = (event: string, payload: unknown) =>
      res.write(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`);
    write(STREAM_HELLO, { changes });
    const link = opts.bus.latest('link.status');
    if (link) write('link.status', link);
    const unsubscribe = opts.bus.subscribe(write);
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
    req.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
    });
  }

  async function serveStatic(pathname: string, res: http.ServerResponse): Promise<void> {
    const file = rendererFile(opts.staticDir, pathname);
    let body: Buffer;
    try {
      if (!file) throw new Error('outside the renderer');
      body = await readFile(file);
    } catch {
      return send(res, 404, { code: 'failed', message: 'not found' });
    }
    res.writeHead(200, {
      ...rendererHeaders(file),
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-store',
    });
    res.end(body);
  }

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      origin = `http://127.0.0.1:${port}`;
      allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
      resolve({
        url: `${origin}/?token=${secret}`,
        origin,
        port,
        secret,
        close: () =>
          new Promise<void>((done) => {
            stopCounting();
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
