// The client's own fetch, on node:http(s): it asks for a compressed answer (Accept-Encoding),
// decodes gzip, deflate and brotli, and counts the bytes the line really carried (headers and
// the body as sent, before decoding), which a WHATWG fetch hides. Connections are kept alive
// (a slow link pays a round trip for every new one), within the server's Keep-Alive hint.
// What it returns is a standard Response, so the link monitor and the account can wrap it as
// any fetch; `wireOf(res)` gives the count. docs/sync.md, "Slow links".
import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';

/** What the line carried for one answer, live while its body streams. */
export interface Wire {
  /** Bytes read from the socket for this answer so far: status line, headers and body as sent. */
  bytes(): number;
  /** The answer's Content-Encoding ('gzip', 'br', 'deflate'), or null when it came uncompressed. */
  encoding: string | null;
}

const wires = new WeakMap<Response, Wire>();

/** The line's count for an answer of `lineFetch` (undefined for another fetch's answer). */
export function wireOf(res: Response): Wire | undefined {
  return wires.get(res);
}

/** What the client asks for: the encodings Node decodes, brotli first (the smallest on JSON). */
export const ACCEPT_ENCODING = 'br, gzip, deflate';

const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 6 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 6 }),
};

function decoder(encoding: string | null): NodeJS.ReadWriteStream | null {
  switch (encoding) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      return null;
  }
}

function headerPairs(init: ConstructorParameters<typeof Headers>[0]): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(init).forEach((v, k) => (out[k] = v));
  return out;
}

/** A network failure as fetch reports it: a TypeError whose cause carries the socket's code. */
const fetchFailed = (cause: unknown) => new TypeError('fetch failed', { cause });

export const lineFetch: typeof fetch = (input, init = {}) => send(input, init, false);

/**
 * A kept-alive connection the service closed while idle (its timer runs from when it wrote its
 * last answer, which on a slow line is long before that answer has crossed it) resets the next
 * request before the service reads it: that request goes again, once, on a new connection.
 */
const STALE = new Set(['ECONNRESET', 'EPIPE']);

function send(input: Parameters<typeof fetch>[0], init: RequestInit, retried: boolean): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const mod = url.protocol === 'https:' ? https : url.protocol === 'http:' ? http : null;
    if (!mod) return reject(fetchFailed(new Error(`unsupported protocol ${url.protocol}`)));
    const signal = init.signal ?? undefined;
    if (signal?.aborted) return reject(signal.reason);
    const headers = headerPairs(init.headers);
    headers['accept-encoding'] ??= ACCEPT_ENCODING;
    const body = typeof init.body === 'string' || init.body instanceof Uint8Array ? init.body : undefined;
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    const req = mod.request(url, {
      method: init.method ?? 'GET',
      headers,
      agent: agents[url.protocol as 'http:' | 'https:'],
    });
    let startBytes = 0;
    let socket: Socket | null = null;
    req.on('socket', (s) => {
      socket = s;
      startBytes = s.bytesRead;
    });
    const onAbort = () => req.destroy(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
    signal?.addEventListener('abort', onAbort, { once: true });
    let answered = false;
    req.on('error', (e) => {
      signal?.removeEventListener('abort', onAbort);
      if (signal?.aborted) return reject(signal.reason);
      const code = (e as { code?: string }).code ?? '';
      if (!answered && !retried && req.reusedSocket && STALE.has(code))
        return resolve(send(input, { ...init, headers }, true));
      reject(fetchFailed(e));
    });
    req.on('response', (res) => {
      answered = true;
      const encodingHeader = res.headers['content-encoding']?.trim().toLowerCase() ?? null;
      const decode = decoder(encodingHeader);
      // The socket's own count, so headers and chunk framing are the line's too.
      const wire: Wire = {
        encoding: decode ? encodingHeader : null,
        bytes: () => (socket ? socket.bytesRead - startBytes : 0),
      };
      let done = false;
      res.on('end', () => {
        done = true;
        signal?.removeEventListener('abort', onAbort);
      });
      // A socket closed before the body ended is a network failure, not a short answer.
      res.on('close', () => {
        if (!done && !res.errored) res.destroy(fetchFailed(new Error('the connection closed mid-body')));
      });
      let stream: Readable = res;
      if (decode) {
        stream = res.pipe(decode) as unknown as Readable;
        res.on('error', (e) => (decode as unknown as Readable).destroy(e));
      }
      stream.on('error', () => signal?.removeEventListener('abort', onAbort));
      const noBody = res.statusCode === 204 || res.statusCode === 304 || init.method === 'HEAD';
      const out = new Response(noBody ? null : (Readable.toWeb(stream) as ReadableStream<Uint8Array>), {
        status: res.statusCode ?? 0,
        statusText: res.statusMessage ?? '',
        headers: Object.entries(res.headers).flatMap(([k, v]) =>
          v === undefined ? [] : Array.isArray(v) ? v.map((x): [string, string] => [k, x]) : [[k, v]],
        ),
      });
      if (noBody) res.resume();
      wires.set(out, wire);
      resolve(out);
    });
    req.end(body);
  });
}

/**
 * A whole answer read under the same limits as the API client's (transport.ts): given up when
 * no byte has come for `idleMs` (before the answer starts too) or at `ceilingMs`, never while
 * it still flows. For calls outside the API client (the orbital elements' GP file).
 */
export async function fetchText(
  fetchImpl: (url: string, init: RequestInit) => Promise<Response>,
  url: string,
  init: RequestInit = {},
  limits: { idleMs?: number; ceilingMs?: number } = {},
): Promise<{ res: Response; text: string }> {
  const idleMs = limits.idleMs ?? 30_000;
  const ctrl = new AbortController();
  const giveUp = (why: string) => ctrl.abort(new DOMException(why, 'TimeoutError'));
  let idle = setTimeout(() => giveUp(`no answer within ${idleMs} ms`), idleMs);
  const kick = () => {
    clearTimeout(idle);
    idle = setTimeout(() => giveUp(`no byte for ${idleMs} ms`), idleMs);
  };
  const ceilingMs = limits.ceilingMs ?? 600_000;
  const ceiling = setTimeout(
    () => giveUp(`still unfinished after ${Math.round(ceilingMs / 1000)} s`),
    ceilingMs,
  );
  const signal = init.signal ? AbortSignal.any([ctrl.signal, init.signal]) : ctrl.signal;
  try {
    const res = await fetchImpl(url, { ...init, signal });
    kick();
    return { res, text: await readBody(res, kick) };
  } catch (e) {
    throw ctrl.signal.aborted && ctrl.signal.reason instanceof Error ? ctrl.signal.reason : e;
  } finally {
    clearTimeout(idle);
    clearTimeout(ceiling);
  }
}

/** An answer's body read as it streams, `onChunk` told of each piece; its text (UTF-8). */
export async function readBody(res: Response, onChunk: (chunk: Uint8Array) => void): Promise<string> {
  const chunks: Uint8Array[] = [];
  const reader = res.body?.getReader();
  for (;;) {
    const part = reader ? await reader.read() : { done: true as const, value: undefined };
    if (part.done) break;
    chunks.push(part.value);
    onChunk(part.value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
