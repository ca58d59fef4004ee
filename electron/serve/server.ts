// `watchfloor serve`: the contract over loopback HTTP (+ an event stream for push events), for
// tests and machines without a desktop. Guarded like a local app server should be: bound to
// 127.0.0.1, a fresh secret per launch, the Host header checked (DNS rebinding), Origin checked
// on calls, no CORS. The secret travels in the printed URL's fragment, which a browser never
// sends; the window keeps it in the page and sends it as a header on every call and on the
// event stream. Never a cookie: a browser sends a host's cookies to every port on it, so a
// cookie would reach any other local server the analyst visits (and a second serve's would
// overwrite the first's). The window's files are the app's code, not data: they are served
// to anyone on this machine, but nothing answers without the secret.
import http from 'node:http';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { ContractErrorBody } from '../../shared/contract';
import type { Dispatcher, PushBus } from '../contract/dispatch';
import type { ServeDownloads } from './downloads';
import { rendererFile, rendererHeaders } from '../hosts-common/renderer-files';
import {
  CHANGES_HEADER,
  COLUMNS_CONTENT_TYPE,
  SECRET_HEADER,
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
  /** The reports Export offered to the window (downloads.ts), each handed over once. */
  downloads?: ServeDownloads;
}

export interface ServeHandle {
  /** The one URL to open: it carries the per-launch secret. */
  url: string;
  origin: string;
  port: number;
  secret: string;
  close(): Promise<void>;
}

const MAX_BODY = 1 << 20;

/** A request the server refuses with a status of its own (never a 500). */
class RequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The HTTP status of a contract refusal: the caller's mistake is 4xx, never a 500. */
function statusOf(code: string): number {
  switch (code) {
    case 'unknown_channel':
    case 'not_found':
      return 404;
    case 'invalid_input':
      return 400;
    case 'forbidden':
      return 403;
    default:
      // The call was understood and refused or could not be done (no service, link lost):
      // said in words in the body.
      return 422;
  }
}
function sameSecret(given: string | undefined, secret: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
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

/** A refusal in the shape of a contract answer, so the window reads every one the same way. */
function refuse(
  res: http.ServerResponse,
  status: number,
  code: ContractErrorBody['code'],
  message: string,
  headers: http.OutgoingHttpHeaders = {},
): void {
  send(res, status, { ok: false, error: { code, message } }, headers);
}

const TOO_LARGE = `request body over ${MAX_BODY} bytes`;

async function readBody(req: http.IncomingMessage): Promise<string> {
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY) throw new RequestError(413, TOO_LARGE);
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new RequestError(413, TOO_LARGE);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A path segment decoded, or a 400 for a malformed %-escape. */
function decodeSegment(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new RequestError(400, `malformed %-escape in ${JSON.stringify(text)}`);
  }
}

export function startServe(opts: ServeOptions): Promise<ServeHandle> {
  const secret = opts.secret ?? randomBytes(32).toString('base64url');
  let origin = '';
  let allowedHosts = new Set<string>();
  // The window may be opened as 127.0.0.1 or localhost: its calls come from either origin.
  let allowedOrigins = new Set<string>();

  // How many cache changes main has pushed. Each contract answer says the count when it was
  // asked, and the event stream says it when it opens: the window can tell whether a change
  // was pushed while it was not listening, and read again only then.
  let changes = 0;
  const stopCounting = opts.bus.subscribe((event) => {
    if (event === 'cache.changed') changes++;
  });

  const server = http.createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => {
      if (res.headersSent) return void res.destroy();
      if (err instanceof RequestError) {
        // A body refused part way is not read to its end: the connection closes after the answer.
        refuse(res, err.status, 'invalid_input', err.message, { Connection: 'close' });
        return;
      }
      refuse(res, 500, 'failed', (err as Error).message);
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    // DNS rebinding: a page on evil.example resolved to 127.0.0.1 still sends its own Host.
    if (!allowedHosts.has(String(req.headers.host ?? '').toLowerCase()))
      return refuse(res, 403, 'forbidden', 'host not allowed');
    const url = new URL(req.url ?? '/', origin);

    // The window's files need no secret (the fragment that carries it is never sent); the
    // calls and the event stream do.
    if (!url.pathname.startsWith('/api/')) {
      if (req.method !== 'GET' && req.method !== 'HEAD')
        return refuse(res, 405, 'failed', 'GET only', { Allow: 'GET, HEAD' });
      return serveStatic(url.pathname, res);
    }
    if (!sameSecret(req.headers[SECRET_HEADER.toLowerCase()] as string | undefined, secret))
      return refuse(res, 401, 'forbidden', 'missing or wrong secret: open the URL serve printed');

    if (url.pathname.startsWith('/api/contract/')) {
      if (req.method !== 'POST') return refuse(res, 405, 'failed', 'use POST', { Allow: 'POST' });
      const reqOrigin = req.headers.origin;
      if (reqOrigin !== undefined && !allowedOrigins.has(reqOrigin))
        return refuse(res, 403, 'forbidden', 'cross-origin call refused');
      if (!String(req.headers['content-type'] ?? '').startsWith('application/json'))
        return refuse(res, 415, 'invalid_input', 'send application/json');
      const channel = decodeSegment(url.pathname.slice('/api/contract/'.length));
      const text = await readBody(req);
      let input: unknown;
      try {
        input = text ? JSON.parse(text) : {};
      } catch (err) {
        return refuse(res, 400, 'invalid_input', `not valid JSON: ${(err as Error).message}`);
      }
      const asked = String(changes);
      const outcome = await opts.dispatch(channel, input);
      const status = outcome.ok ? 200 : statusOf(outcome.error.code);
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

    if (url.pathname.startsWith('/api/download/')) {
      if (req.method !== 'GET') return refuse(res, 405, 'failed', 'GET only', { Allow: 'GET' });
      return sendDownload(decodeSegment(url.pathname.slice('/api/download/'.length)), res);
    }

    if (url.pathname === '/api/events') {
      if (req.method !== 'GET') return refuse(res, 405, 'failed', 'GET only', { Allow: 'GET' });
      return streamEvents(req, res);
    }
    return refuse(res, 404, 'not_found', `no such path: ${url.pathname}`);
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

  /** An exported report, once: the browser saves it as its name (an attachment, never shown here). */
  async function sendDownload(id: string, res: http.ServerResponse): Promise<void> {
    const offered = opts.downloads?.take(id);
    if (!offered)
      return refuse(
        res,
        404,
        'not_found',
        'no such report: each is downloaded once, within 10 minutes of its export',
      );
    let body: Buffer;
    try {
      body = await readFile(offered.file);
    } finally {
      opts.downloads!.done(offered);
    }
    const ascii = offered.name.replace(/[^A-Za-z0-9._-]/g, '_');
    res.writeHead(200, {
      'Content-Type': offered.contentType,
      'Content-Length': body.length,
      'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(offered.name)}`,
      // Never rendered as a page of this origin, whatever it holds.
      'Content-Security-Policy': 'sandbox',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    res.end(body);
  }

  async function serveStatic(pathname: string, res: http.ServerResponse): Promise<void> {
    decodeSegment(pathname);
    const file = rendererFile(opts.staticDir, pathname);
    let body: Buffer;
    try {
      if (!file) throw new Error('outside the renderer');
      body = await readFile(file);
    } catch {
      return refuse(res, 404, 'not_found', 'not found');
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
      allowedOrigins = new Set([origin, `http://localhost:${port}`]);
      resolve({
        url: `${origin}/#token=${secret}`,
        origin,
        port,
        secret,
        close: () =>
          new Promise<void>((done) => {
            stopCounting();
            opts.downloads?.close();
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
