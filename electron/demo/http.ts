// The demo service's HTTP layer: auth, the token wallet, plans, errors in the spec's body
// ({error, code, requestId}), rate-limit headers, opaque cursors bound to their query, and
// the faults of a slow link (latency, bandwidth cap, a body cut halfway, 429 every Nth).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import { hashString } from './random';
import type { DemoWorld } from './world';

// The one Profile type (shared/contract.ts), re-exported for this module's users.
import type { Profile } from '../../shared/contract';
export type { Profile };
export type Plan = 'free' | 'analyst' | 'pro';

export interface Faults {
  latencyMs?: number;
  bytesPerSecond?: number;
  dropEveryNth?: number;
  rateLimitEveryNth?: number;
  retryAfterSeconds?: number;
}

export interface RequestRecord {
  method: string;
  path: string;
  query: Record<string, string>;
  status: number;
  charged: number;
  at: string;
  fault?: 'dropped' | 'rate_limited';
}

/** What each demo plan includes (the service's per-plan values are not shown; these are the demo's). */
export interface PlanFeatures {
  historyDays: number | null; // null: back to the start of the record
  realTime: boolean;
  geoint: boolean;
  linkedTo: boolean;
  longBriefs: boolean;
}
export const PLANS: Record<Plan, PlanFeatures> = {
  free: { historyDays: 14, realTime: false, geoint: false, linkedTo: false, longBriefs: false },
  analyst: { historyDays: 45, realTime: true, geoint: true, linkedTo: false, longBriefs: true },
  pro: { historyDays: null, realTime: true, geoint: true, linkedTo: true, longBriefs: true },
};

/** An error answer with the spec's body. */
export class HttpFail extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}
export const badParams = (message: string) => new HttpFail(400, 'INVALID_PARAMETERS', message);

export interface DemoState {
  profile: Profile;
  world: DemoWorld;
  apiKeys: Set<string>;
  plan: Plan;
  tokens: number;
  faults: Faults;
  forbidden: Set<string>;
  retired: Map<string, string>;
  requests: RequestRecord[];
  count: number;
  secret: string;
  /** Answers compressed when the request accepts it (false: never). */
  compress: Compression;
}

export interface Ctx {
  state: DemoState;
  world: DemoWorld;
  plan: PlanFeatures;
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown>;
  params: string[];
  headers: IncomingMessage['headers'];
  /** Charge a variable price (e.g. per scene); fails with 402 when the wallet is short. */
  charge(n: number): void;
  charged: number;
}

// ---- cursors -----------------------------------------------------------------------------

function queryHash(path: string, query: URLSearchParams): number {
  const pairs = [...query.entries()].filter(([k]) => k !== 'cursor').sort(([a], [b]) => a.localeCompare(b));
  return hashString(`${path}?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`);
}

/** An opaque cursor carrying a keyset position and the hash of the query it belongs to. */
export function makeCursor(ctx: Ctx, position: unknown): string {
  const h = queryHash(ctx.path, ctx.query) ^ hashString(ctx.state.secret);
  return Buffer.from(JSON.stringify({ h, p: position })).toString('base64url');
}

/** The position of the request's cursor, or undefined; a cursor from another query is a 400. */
export function readCursor<T>(ctx: Ctx): T | undefined {
  const raw = ctx.query.get('cursor');
  if (raw === null || raw === '') return undefined;
  let parsed: { h?: number; p?: T };
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as { h?: number; p?: T };
  } catch {
    throw badParams('cursor is not a cursor this service issued');
  }
  if (parsed.h !== (queryHash(ctx.path, ctx.query) ^ hashString(ctx.state.secret)))
    throw badParams('cursor belongs to a different query; start again without it');
  return parsed.p;
}

// ---- responses ---------------------------------------------------------------------------

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function errorBody(status: number, code: string, message: string, requestId: string, extra = {}) {
  return { status, body: { error: message, code, requestId, ...extra } };
}

/** How the demo answers: uncompressed (false), or gzip / brotli when the request accepts it. */
export type Compression = false | 'gzip' | 'br';

/** The encoding to answer a request with: the demo's, if its Accept-Encoding lists it. */
export function answerEncoding(compress: Compression, accept: string | undefined): 'gzip' | 'br' | null {
  if (!compress || !accept) return null;
  const listed = accept.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((x) => x.trim()).find((x) => x.startsWith('q='));
    return (name === compress || name === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
  return listed ? compress : null;
}

/** Writes the answer under the current faults: latency, bandwidth cap, or a body cut halfway. */
export async function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string>,
  faults: Faults,
  drop: boolean,
  encoding: 'gzip' | 'br' | null = null,
): Promise<void> {
  if (faults.latencyMs) await sleep(faults.latencyMs);
  const json = Buffer.from(JSON.stringify(body));
  const data =
    encoding === 'gzip' ? zlib.gzipSync(json) : encoding === 'br' ? zlib.brotliCompressSync(json) : json;
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': String(data.length),
    ...(encoding ? { 'Content-Encoding': encoding, Vary: 'Accept-Encoding' } : {}),
    ...headers,
  });
  if (drop) {
    // The connection dies mid-body: the client sees a truncated response, as on a bad link.
    res.write(data.subarray(0, Math.floor(data.length / 2)));
    await sleep(5);
    res.socket?.destroy();
    return;
  }
  const bps = faults.bytesPerSecond;
  if (!bps) {
    res.end(data);
    return;
  }
  const chunk = Math.max(256, Math.floor(bps / 20));
  for (let i = 0; i < data.length; i += chunk) {
    if (res.destroyed) return;
    res.write(data.subarray(i, i + chunk));
    await sleep((Math.min(chunk, data.length - i) / bps) * 1000);
  }
  res.end();
}

export const newRequestId = () => `req_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
