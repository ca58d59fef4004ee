// The HTTP core of the client: auth header, time limits that follow progress (a call is given
// up when no byte has come for a while, or at a long ceiling; never while its answer still
// flows), one shared Retry-After back-off per client (concurrent calls wait together rather
// than hammer), bounded jittered retries on network errors and 5xx for reads, token meter,
// the line meter (bytes/s, first byte, compression: line.ts), clamps and rate-limit headers
// kept as data.
import type { z } from 'zod';
import { ApiError, redact, type ApiErrorKind } from './errors';
import { LineMeter } from './line';
import { lineFetch, readBody, wireOf } from './line-fetch';

export interface Clamp {
  kind: 'window_clamp' | 'filter_clamp' | 'plan_lock';
  detail: unknown;
  requiredPlans?: string[];
}
export interface RateLimit {
  limit: number | null;
  remaining: number | null;
  reset: number | null;
}
export interface ApiResult<T> {
  data: T;
  status: number;
  clamps: Clamp[];
  tokens: { charged: number; remaining?: number } | null;
  rateLimit: RateLimit | null;
  requestId?: string;
  /** How the answer travelled: bytes on the line and decoded, its encoding, and its times (ms). */
  transfer: TransferInfo;
}

export interface TransferInfo {
  wireBytes: number;
  bodyBytes: number;
  encoding: string | null;
  /** From the request leaving to the answer's first byte, and to its last. */
  firstByteMs: number;
  totalMs: number;
}

/** An answer's body as it streams (a sync page's progress in the window). */
export interface BodyProgress {
  /** Bytes on the line so far (decoded bytes when the fetch cannot count them). */
  wireBytes: number;
  bodyBytes: number;
  /** The answer's Content-Length, when it states one. */
  expectedBytes: number | null;
}

export interface TransportOptions {
  baseUrl: string;
  apiKey: string;
  /**
   * A call is given up when no byte of its answer has come for this long (default 30 s): a
   * slow answer that still flows is never cut. (The name is kept from when it was a deadline.)
   */
  timeoutMs?: number;
  /** The longest an attempt may take even while bytes still come (default 10 min). */
  ceilingMs?: number;
  /** Retries of a read after a network error, timeout or 5xx (default 3). */
  retries?: number;
  /** Waits on 429 before giving up (default 5). */
  rateLimitRetries?: number;
  /** Longest Retry-After honoured before failing instead (default 120 s). */
  maxRetryAfterMs?: number;
  /** Base of the jittered exponential back-off (default 300 ms). */
  backoffMs?: number;
  /** Default: lineFetch (node:http; asks for compression and counts the bytes on the line). */
  fetch?: typeof fetch;
  /** The line meter to report to (default: the client's own). */
  line?: LineMeter;
  /** Called once per attempt (tests and logs; never given the key). */
  onAttempt?: (info: { endpoint: string; attempt: number; reason?: string }) => void;
}

export interface Meter {
  /** Tokens charged by calls through this client. */
  charged: number;
  /** The wallet balance in the last response that stated it. */
  remaining: number | null;
  calls: number;
}

export interface RequestSpec<S extends z.ZodType> {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Path under /api/v1, ids already encoded. */
  path: string;
  /** How the endpoint is named in errors, e.g. "GET /signals". */
  endpoint: string;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
  schema: S;
  /** Safe to send twice (reads; POST with an Idempotency-Key). */
  idempotent: boolean;
  signal?: AbortSignal;
  /**
   * The least time this call waits for the first byte of its answer, whatever the client's
   * idle limit: a call the service may legitimately hold longer (POST /analyst waits about
   * 95 s) is not counted lost.
   */
  minTimeoutMs?: number;
  /** Called as the answer's body streams. */
  onBody?: (p: BodyProgress) => void;
}

/** Socket errors raised before a connection exists: the request cannot have reached the service. */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (ms <= 0) return resolve();
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    });
  });

/** Retry-After in seconds or as an HTTP date, in ms. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const s = Number(value);
  if (Number.isFinite(s)) return Math.max(0, s * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

const KIND_BY_STATUS: Record<number, ApiErrorKind> = {
  400: 'invalid',
  401: 'unauthorized',
  402: 'insufficient_tokens',
  403: 'forbidden',
  404: 'not_found',
  410: 'retired',
  429: 'rate_limited',
};

function numHeader(h: Headers, name: string): number | null {
  const v = h.get(name);
  return v === null || !Number.isFinite(Number(v)) ? null : Number(v);
}

/** Every window_clamp, filter_clamp and plan_lock in a response, never dropped. */
export function extractClamps(body: unknown): Clamp[] {
  if (!body || typeof body !== 'object') return [];
  const b = body as { meta?: Record<string, unknown>; plan_lock?: unknown };
  const out: Clamp[] = [];
  const add = (kind: Clamp['kind'], detail: unknown) => {
    if (detail === undefined || detail === null || detail === false) return;
    const plans = (detail as { required_plans?: unknown })?.required_plans;
    out.push({ kind, detail, ...(Array.isArray(plans) ? { requiredPlans: plans.map(String) } : {}) });
  };
  add('window_clamp', b.meta?.window_clamp);
  add('filter_clamp', b.meta?.filter_clamp);
  add('plan_lock', b.plan_lock ?? b.meta?.plan_lock);
  return out;
}

function tokensOf(body: unknown): ApiResult<unknown>['tokens'] {
  const t = (body as { meta?: { tokens?: { charged?: unknown; remaining?: unknown } } })?.meta?.tokens;
  if (!t || typeof t.charged !== 'number') return null;
  return typeof t.remaining === 'number'
    ? { charged: t.charged, remaining: t.remaining }
    : { charged: t.charged };
}

export class Transport {
  readonly meter: Meter = { charged: 0, remaining: null, calls: 0 };
  /** What the line did on this client's calls (line.ts). */
  readonly line: LineMeter;
  /** Shared back-off: no request of this client leaves before this instant (429 Retry-After). */
  private blockedUntil = 0;
  private readonly base: string;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly opts: TransportOptions) {
    this.base = opts.baseUrl.replace(/\/+$/, '');
    this.fetchImpl = opts.fetch ?? lineFetch;
    this.line = opts.line ?? new LineMeter();
  }

  private fail(
    spec: { endpoint: string },
    kind: ApiErrorKind,
    extra: Partial<ConstructorParameters<typeof ApiError>[0]> = {},
    detail?: string,
  ): ApiError {
    const msg = `${spec.endpoint}: ${ApiError.advice(kind)}${detail ? ` — ${redact(detail, this.opts.apiKey)}` : ''}`;
    return new ApiError({ kind, endpoint: spec.endpoint, message: msg, ...extra });
  }

  async request<S extends z.ZodType>(spec: RequestSpec<S>): Promise<ApiResult<z.output<S>>> {
    const retries = this.opts.retries ?? 3;
    const rateRetries = this.opts.rateLimitRetries ?? 5;
    const backoff = this.opts.backoffMs ?? 300;
    const url = new URL(`${this.base}/api/v1${spec.path}`);
    for (const [k, v] of Object.entries(spec.query ?? {})) url.searchParams.set(k, v);
    let failures = 0;
    let limited = 0;
    for (let attempt = 1; ; attempt++) {
      await sleep(this.blockedUntil - Date.now(), spec.signal);
      const outcome = await this.attempt(spec, url);
      if (outcome.ok) return this.accept(spec, outcome.res, outcome.text, outcome.transfer);
      const err = outcome.error;
      if (err.kind === 'rate_limited' && limited < rateRetries) {
        limited++;
        const wait = err.retryAfter !== undefined ? err.retryAfter * 1000 : backoff * 2 ** limited;
        if (wait > (this.opts.maxRetryAfterMs ?? 120_000)) throw err;
        this.blockedUntil = Math.max(this.blockedUntil, Date.now() + wait);
        this.opts.onAttempt?.({
          endpoint: spec.endpoint,
          attempt,
          reason: `429, waiting ${Math.round(wait)} ms`,
        });
        continue;
      }
      const retryable =
        spec.idempotent && (err.kind === 'network' || err.kind === 'timeout' || err.kind === 'server');
      if (retryable && failures < retries) {
        failures++;
        // Full jitter: concurrent clients on one flaky link do not retry in step.
        const wait = Math.random() * backoff * 2 ** failures;
        this.opts.onAttempt?.({
          endpoint: spec.endpoint,
          attempt,
          reason: `${err.kind}, retrying in ${Math.round(wait)} ms`,
        });
        await sleep(wait, spec.signal);
        continue;
      }
      throw err;
    }
  }

  private async attempt(
    spec: RequestSpec<z.ZodType>,
    url: URL,
  ): Promise<
    { ok: true; res: Response; text: string; transfer: TransferInfo } | { ok: false; error: ApiError }
  > {
    const idleMs = this.opts.timeoutMs ?? 30_000;
    // Before the answer starts the service may hold a call longer (POST /analyst).
    const firstByteMs = Math.max(idleMs, spec.minTimeoutMs ?? 0);
    const ceilingMs = Math.max(this.opts.ceilingMs ?? 600_000, spec.minTimeoutMs ?? 0);
    const flight = this.line.begin(spec.endpoint);
    // Given up by its own limits: the abort's reason is a TimeoutError (the link monitor counts
    // it as the link's failure, unlike a caller's cancel).
    const limits = new AbortController();
    let gaveUp: string | null = null;
    const giveUp = (why: string) => {
      gaveUp = why;
      limits.abort(new DOMException(why, 'TimeoutError'));
    };
    // The idle limit counts from the last byte: each chunk read moves it, and so does a count
    // on the line that grew meanwhile (a compressed answer's bytes before they decode).
    let lastByteAt = this.line.now();
    let seen = 0;
    let idle: ReturnType<typeof setTimeout>;
    const arm = (ms: number) => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        const bytes = wire ? wire.bytes() : flight.bodyBytes;
        if (bytes > seen) {
          seen = bytes;
          lastByteAt = Math.max(lastByteAt, this.line.now() - ms / 2);
        }
        const quiet = this.line.now() - lastByteAt;
        if (flight.firstByteAt !== null && quiet < idleMs) return arm(idleMs - quiet);
        giveUp(
          flight.firstByteAt === null
            ? `no answer within ${ms} ms`
            : `no byte for ${idleMs} ms after ${fmtBytes(flight.wireBytes)} of the answer`,
        );
      }, ms);
    };
    let wire: ReturnType<typeof wireOf>;
    arm(firstByteMs);
    const ceiling = setTimeout(
      () => giveUp(`still unfinished after ${Math.round(ceilingMs / 1000)} s (the ceiling)`),
      ceilingMs,
    );
    const signal = spec.signal ? AbortSignal.any([limits.signal, spec.signal]) : limits.signal;
    const headers: Record<string, string> = {
      Accept: 'application/json',
      Authorization: `Bearer ${this.opts.apiKey}`,
      ...spec.headers,
    };
    if (spec.body !== undefined) headers['Content-Type'] = 'application/json';
    try {
      const res = await this.fetchImpl(url, {
        method: spec.method,
        headers,
        ...(spec.body !== undefined ? { body: JSON.stringify(spec.body) } : {}),
        signal,
      });
      wire = wireOf(res);
      flight.firstByteAt = lastByteAt = this.line.now();
      seen = wire ? wire.bytes() : 0;
      arm(idleMs);
      flight.encoding = wire ? wire.encoding : res.headers.get('content-encoding');
      const stated = Number(res.headers.get('content-length'));
      flight.expectedBytes = res.headers.has('content-length') && Number.isFinite(stated) ? stated : null;
      // The body is read as it streams (a connection cut halfway is a network error), so its
      // progress is seen and the idle limit counts from the last byte, not from the start.
      const text = await readBody(res, (chunk) => {
        lastByteAt = this.line.now();
        flight.bodyBytes += chunk.byteLength;
        flight.wireBytes = wire ? wire.bytes() : flight.bodyBytes;
        spec.onBody?.({
          wireBytes: flight.wireBytes,
          bodyBytes: flight.bodyBytes,
          expectedBytes: flight.expectedBytes,
        });
      });
      flight.wireBytes = wire ? wire.bytes() : flight.bodyBytes;
      // The line carried the answer whole, whatever its status.
      const t = this.line.end(flight, true);
      const transfer: TransferInfo = {
        wireBytes: t.wireBytes,
        bodyBytes: t.bodyBytes,
        encoding: t.encoding,
        firstByteMs: (t.firstByteAt ?? t.endedAt) - t.startedAt,
        totalMs: t.endedAt - t.startedAt,
      };
      if (res.ok) return { ok: true, res, text, transfer };
      return { ok: false, error: this.statusError(spec, res, text) };
    } catch (e) {
      if (wire) flight.wireBytes = wire.bytes();
      if (spec.signal?.aborted) {
        this.line.end(flight, false);
        throw e;
      }
      if (gaveUp !== null) {
        this.line.end(flight, false, `${spec.endpoint}: ${gaveUp}`);
        return { ok: false, error: this.fail(spec, 'timeout', {}, gaveUp) };
      }
      const cause = (e as { cause?: { code?: string; message?: string } }).cause;
      const what = cause?.code ?? cause?.message ?? (e as Error).message;
      const detail =
        flight.firstByteAt === null ? what : `${what} after ${fmtBytes(flight.wireBytes)} of the answer`;
      this.line.end(flight, false, `${spec.endpoint}: ${detail}`);
      return {
        ok: false,
        error: this.fail(spec, 'network', { neverConnected: NEVER_CONNECTED.has(cause?.code ?? '') }, detail),
      };
    } finally {
      clearTimeout(idle!);
      clearTimeout(ceiling);
    }
  }

  private statusError(spec: RequestSpec<z.ZodType>, res: Response, text: string): ApiError {
    let body: {
      error?: unknown;
      code?: unknown;
      requestId?: unknown;
      replacement?: unknown;
      required_plans?: unknown;
    } = {};
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      /* a proxy's HTML page or an empty body: the status still says what happened */
    }
    const kind = KIND_BY_STATUS[res.status] ?? (res.status >= 500 ? 'server' : 'invalid');
    const retryAfter = parseRetryAfter(res.headers.get('retry-after'));
    const replacement = typeof body.replacement === 'string' ? body.replacement : undefined;
    const serverText = typeof body.error === 'string' ? body.error : undefined;
    const detail = [serverText, replacement ? `use ${replacement} instead` : undefined]
      .filter(Boolean)
      .join('; ');
    return this.fail(
      spec,
      kind,
      {
        status: res.status,
        code: typeof body.code === 'string' ? body.code : undefined,
        requestId:
          typeof body.requestId === 'string'
            ? body.requestId
            : (res.headers.get('x-request-id') ?? undefined),
        retryAfter: retryAfter === undefined ? undefined : retryAfter / 1000,
        replacement,
        requiredPlans: Array.isArray(body.required_plans) ? body.required_plans.map(String) : undefined,
        body,
      },
      detail || undefined,
    );
  }

  private accept<S extends z.ZodType>(
    spec: RequestSpec<S>,
    res: Response,
    text: string,
    transfer: TransferInfo,
  ): ApiResult<z.output<S>> {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      throw this.fail(spec, 'malformed', { status: res.status }, 'the body is not JSON');
    }
    const parsed = spec.schema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field =
        issue.path
          .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
          .join('')
          .replace(/^\./, '') || '(body)';
      throw this.fail(
        spec,
        'malformed',
        { status: res.status, field, body: raw },
        `field ${field}: ${issue.message}`,
      );
    }
    const tokens = tokensOf(raw);
    this.meter.calls++;
    if (tokens) {
      this.meter.charged += tokens.charged;
      if (tokens.remaining !== undefined) this.meter.remaining = tokens.remaining;
    }
    const limit = numHeader(res.headers, 'x-ratelimit-limit');
    const remaining = numHeader(res.headers, 'x-ratelimit-remaining');
    const reset = numHeader(res.headers, 'x-ratelimit-reset');
    const requestId = res.headers.get('x-request-id') ?? undefined;
    return {
      data: parsed.data,
      status: res.status,
      clamps: extractClamps(raw),
      tokens,
      rateLimit: limit === null && remaining === null && reset === null ? null : { limit, remaining, reset },
      ...(requestId ? { requestId } : {}),
      transfer,
    };
  }
}

/** 1234567 → "1.2 MB", 2345 → "2.3 kB", 87 → "87 B". */
export function fmtBytes(n: number): string {
  if (n >= 1_000_000) return `${(n / 1_000_000).toFixed(1)} MB`;
  if (n >= 1_000) return `${(n / 1_000).toFixed(1)} kB`;
  return `${n} B`;
}
