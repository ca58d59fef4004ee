// The demo service: a faithful simulator of both profiles on 127.0.0.1, used by tests and by
// demo mode. Routing, prices (main profile document, "Limits" → Costs), the wallet (402 when
// short), plans, and the 401/403/404/410/429 answers live here; handlers in routes-*.ts.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  answerEncoding,
  errorBody,
  HttpFail,
  newRequestId,
  PLANS,
  send,
  type Ctx,
  type Compression,
  type DemoState,
  type Faults,
  type Plan,
  type Profile,
  type RequestRecord,
} from './http';
import * as account from './routes-account';
import * as feeds from './routes-feeds';
import * as sig from './routes-signals';
import * as stats from './routes-stats';
import * as collection from './routes-collection';
import * as imagery from './routes-imagery';
import * as registry from './registry';
import * as tools from './routes-tools';
import * as watches from './routes-watches';
import { DemoWorld } from './world';
import { liveTick } from './live';

export type { Compression, Faults, Plan, Profile, RequestRecord } from './http';
export { DemoWorld } from './world';

export interface DemoOptions {
  profile: Profile;
  port?: number;
  seed?: number;
  now?: Date | (() => Date);
  apiKeys?: string[];
  plan?: Plan;
  tokens?: number;
  signalsPerDay?: number;
  faults?: Faults;
  /** Answer gzip or brotli to a request that accepts it (default false: never compressed). */
  compress?: Compression;
  /** The world moves on its own, a step every `everyMs` (demo mode; DemoWorld.catchUp). */
  live?: { everyMs: number };
}

export interface DemoService {
  url: string;
  profile: Profile;
  world: DemoWorld;
  requests: RequestRecord[];
  setFaults(f: Faults): void;
  setCompress(c: Compression): void;
  setPlan(p: Plan): void;
  setTokens(n: number): void;
  tokens(): number;
  /** Answer 403 on these paths (e.g. '/api/v1/brief'): an endpoint the plan does not include. */
  forbid(paths: string[]): void;
  /** Answer 410 on a path, naming its replacement. */
  retire(path: string, replacement: string): void;
  close(): Promise<void>;
}

type Result = unknown;
interface Route {
  method: string;
  re: RegExp;
  profiles?: Profile;
  /** Fixed price per call in tokens; variable prices call ctx.charge. */
  price?: number;
  metered?: boolean;
  handle(ctx: Ctx): Result;
}

const ID = '([^/]+)';
function routes(): Route[] {
  const jobs = new Map<string, account.AnalystJob>();
  const byKey = new Map<string, string>();
  const assessed = new Map<string, boolean>();
  const measured = Object.keys(feeds.MEASURED_KEYS).join('|');
  const main = 'main' as const;
  const alt = 'alternate' as const;
  return [
    { method: 'GET', re: /^\/signals$/, profiles: main, price: 3, handle: sig.mainSignals },
    { method: 'GET', re: /^\/signals$/, profiles: alt, price: 3, handle: sig.alternateSignals },
    { method: 'GET', re: /^\/signals\/stats$/, profiles: alt, price: 1, handle: stats.alternateStats },
    { method: 'GET', re: /^\/signals\/hotspots$/, profiles: alt, price: 1, handle: stats.alternateHotspots },
    {
      method: 'POST',
      re: new RegExp(`^/signals/${ID}/refine-location$`),
      profiles: alt,
      metered: true,
      handle: watches.refineLocation,
    },
    { method: 'GET', re: new RegExp(`^/signals/${ID}$`), profiles: main, price: 1, handle: sig.mainReread },
    {
      method: 'GET',
      re: new RegExp(`^/signals/${ID}$`),
      profiles: alt,
      price: 1,
      handle: sig.alternateReread,
    },
    // The developments price is "metered", amount not shown: the demo charges 1 per call.
    { method: 'GET', re: /^\/developments$/, profiles: main, price: 1, handle: feeds.mainDevelopments },
    { method: 'GET', re: /^\/developments$/, profiles: alt, price: 1, handle: feeds.alternateDevelopments },
    { method: 'GET', re: new RegExp(`^/events/${ID}/thread$`), handle: feeds.thread },
    { method: 'GET', re: new RegExp(`^/(${measured})$`), price: 3, handle: feeds.measuredList },
    { method: 'GET', re: /^\/transit-anomalies$/, price: 3, handle: feeds.transit },
    { method: 'GET', re: /^\/imagery$/, price: 2, handle: imagery.imagery },
    { method: 'GET', re: /^\/collection\/plan$/, price: 4, handle: collection.collectionPlan },
    { method: 'GET', re: /^\/collection\/priority$/, price: 1, handle: collection.collectionPriority },
    {
      method: 'GET',
      re: /^\/collection\/observability$/,
      price: 1,
      handle: collection.collectionObservability,
    },
    { method: 'GET', re: /^\/passes$/, price: 2, handle: collection.passes },
    { method: 'GET', re: /^\/elevation$/, handle: tools.elevationGet },
    { method: 'POST', re: /^\/elevation$/, handle: tools.elevationPost },
    { method: 'GET', re: /^\/terrain$/, handle: tools.terrain },
    { method: 'POST', re: /^\/index-series$/, metered: true, handle: tools.indexSeries },
    { method: 'POST', re: /^\/ships$/, metered: true, handle: tools.ships },
    { method: 'GET', re: /^\/brief$/, handle: tools.brief },
    { method: 'POST', re: /^\/assess$/, metered: true, handle: (ctx) => tools.assess(ctx, assessed) },
    {
      method: 'POST',
      re: /^\/analyst$/,
      metered: true,
      handle: (ctx) => account.analystPost(ctx, jobs, byKey),
    },
    { method: 'GET', re: new RegExp(`^/analyst/${ID}$`), handle: (ctx) => account.analystPoll(ctx, jobs) },
    { method: 'GET', re: /^\/standing-orders$/, handle: account.ordersList },
    { method: 'POST', re: /^\/standing-orders$/, handle: account.orderCreate },
    { method: 'POST', re: new RegExp(`^/standing-orders/${ID}$`), profiles: alt, handle: account.orderPause },
    {
      method: 'DELETE',
      re: new RegExp(`^/standing-orders/${ID}$`),
      profiles: alt,
      handle: account.orderDelete,
    },
    { method: 'GET', re: /^\/monitoring$/, handle: account.monitoringList },
    { method: 'POST', re: /^\/monitoring$/, handle: account.monitoringCreate },
    { method: 'GET', re: new RegExp(`^/monitoring/${ID}$`), handle: account.monitoringDetail },
    { method: 'GET', re: /^\/entities$/, price: 1, handle: registry.entitiesSearch },
    { method: 'GET', re: new RegExp(`^/entities/${ID}$`), price: 1, handle: registry.entity },
    { method: 'GET', re: /^\/claims$/, profiles: alt, handle: watches.claims },
    { method: 'GET', re: /^\/discriminators$/, profiles: alt, price: 3, handle: watches.discriminators },
    { method: 'GET', re: /^\/watches$/, profiles: alt, handle: watches.watchesList },
    { method: 'POST', re: /^\/watches$/, profiles: alt, handle: watches.watchCreate },
    {
      method: 'GET',
      re: new RegExp(`^/watches/${ID}/decision-package$`),
      profiles: alt,
      price: 5,
      handle: watches.watchPackage,
    },
    { method: 'POST', re: new RegExp(`^/watches/${ID}/notes$`), profiles: alt, handle: watches.noteCreate },
    {
      method: 'DELETE',
      re: new RegExp(`^/watches/${ID}/notes/${ID}$`),
      profiles: alt,
      handle: watches.noteDelete,
    },
    {
      method: 'GET',
      re: new RegExp(`^/watches/${ID}$`),
      profiles: alt,
      metered: true,
      handle: (ctx) => watches.watchDetail(ctx, () => ctx.charge(2)),
    },
    { method: 'PATCH', re: new RegExp(`^/watches/${ID}$`), profiles: alt, handle: watches.watchPatch },
    { method: 'DELETE', re: new RegExp(`^/watches/${ID}$`), profiles: alt, handle: watches.watchDelete },
  ];
}

async function readBody(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  if (!chunks.length) return {};
  const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new SyntaxError('body is not an object');
  return parsed as Record<string, unknown>;
}

function apiKeyOf(req: http.IncomingMessage): string | undefined {
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim();
  const x = req.headers['x-api-key'];
  return typeof x === 'string' ? x : undefined;
}

export async function startDemoService(opts: DemoOptions): Promise<DemoService> {
  const clock = opts.now;
  const now = typeof clock === 'function' ? clock : clock ? () => clock : () => new Date();
  const world = new DemoWorld({
    seed: opts.seed ?? 1,
    now,
    signalsPerDay: opts.signalsPerDay ?? 40,
    ...(opts.live ? { live: opts.live } : {}),
  });
  const state: DemoState = {
    profile: opts.profile,
    world,
    apiKeys: new Set(opts.apiKeys ?? ['demo-key']),
    plan: opts.plan ?? 'pro',
    tokens: opts.tokens ?? 1_000_000,
    faults: { ...opts.faults },
    forbidden: new Set(),
    retired: new Map(),
    requests: [],
    count: 0,
    secret: randomUUID(),
    compress: opts.compress ?? false,
  };
  const table = routes();
  let minute = 0;
  let inMinute = 0;

  const server = http.createServer((req, res) => {
    void handle(req, res).catch(() => res.destroy());
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    // A live world takes the steps it is due before it answers (its clock moved meanwhile).
    world.catchUp(liveTick);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const requestId = newRequestId();
    const record: RequestRecord = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      status: 0,
      charged: 0,
      at: world.now().toISOString(),
    };
    state.requests.push(record);
    state.count++;
    const faults = state.faults;
    const nowSec = Math.floor(Date.now() / 1000);
    if (Math.floor(nowSec / 60) !== minute) {
      minute = Math.floor(nowSec / 60);
      inMinute = 0;
    }
    inMinute++;
    const rateHeaders = {
      'X-RateLimit-Limit': '600',
      'X-RateLimit-Remaining': String(Math.max(0, 600 - inMinute)),
      'X-RateLimit-Reset': String((minute + 1) * 60),
      'X-Request-Id': requestId,
    };
    const answer = async (
      status: number,
      body: unknown,
      extra: Record<string, string> = {},
      drop = false,
    ) => {
      record.status = status;
      if (drop) record.fault = 'dropped';
      const encoding = answerEncoding(state.compress, req.headers['accept-encoding']);
      await send(res, status, body, { ...rateHeaders, ...extra }, faults, drop, encoding);
    };
    const fail = (
      status: number,
      code: string,
      message: string,
      extra = {},
      headers: Record<string, string> = {},
    ) => {
      const e = errorBody(status, code, message, requestId, extra);
      return answer(e.status, e.body, headers);
    };

    if (!url.pathname.startsWith('/api/v1/')) return fail(404, 'NOT_FOUND', 'no such endpoint');
    const key = apiKeyOf(req);
    if (!key || !state.apiKeys.has(key)) return fail(401, 'UNAUTHORIZED', 'missing or invalid API key');
    if (faults.rateLimitEveryNth && state.count % faults.rateLimitEveryNth === 0) {
      record.fault = 'rate_limited';
      const after = faults.retryAfterSeconds ?? 1;
      return fail(429, 'RATE_LIMITED', 'rate limit exceeded', {}, { 'Retry-After': String(after) });
    }
    const replacement = state.retired.get(url.pathname);
    if (replacement) return fail(410, 'GONE', 'this endpoint has been retired', { replacement });
    if (state.forbidden.has(url.pathname))
      return fail(403, 'FORBIDDEN', 'your plan does not include this endpoint');
    const path = url.pathname.slice('/api/v1'.length);
    let params: string[] = [];
    const route = table.find((r) => {
      if (r.method !== req.method || (r.profiles && r.profiles !== state.profile)) return false;
      const m = r.re.exec(path);
      if (m) params = m.slice(1).map(decodeURIComponent);
      return m !== null;
    });
    if (!route)
      return fail(
        404,
        'NOT_FOUND',
        `no endpoint ${req.method} ${url.pathname} in the ${state.profile} profile`,
      );

    let body: Record<string, unknown> = {};
    if (req.method === 'POST' || req.method === 'PATCH') {
      try {
        body = await readBody(req);
      } catch {
        return fail(400, 'INVALID_PARAMETERS', 'the body is not a JSON object');
      }
    }
    const price = route.price ?? 0;
    if (state.tokens < price)
      return fail(402, 'INSUFFICIENT_TOKENS', `this call costs ${price} tokens; ${state.tokens} left`);
    let pending = price;
    const ctx: Ctx = {
      state,
      world,
      plan: PLANS[state.plan],
      method: req.method ?? 'GET',
      path,
      query: url.searchParams,
      body,
      params,
      headers: req.headers,
      charged: 0,
      charge(n: number) {
        if (state.tokens < pending + n)
          throw new HttpFail(
            402,
            'INSUFFICIENT_TOKENS',
            `this call costs ${pending + n} tokens; ${state.tokens} left`,
          );
        pending += n;
      },
    };
    let result: unknown;
    try {
      result = route.handle(ctx);
    } catch (e) {
      if (e instanceof HttpFail) return fail(e.status, e.code, e.message, e.extra);
      return fail(500, 'INTERNAL', 'the demo service failed');
    }
    let status = 200;
    if (
      result &&
      typeof result === 'object' &&
      'body' in result &&
      typeof (result as { status?: unknown }).status === 'number'
    ) {
      status = (result as unknown as { status: number }).status;
      result = (result as { body: unknown }).body;
    }
    state.tokens -= pending;
    record.charged = pending;
    if ((price > 0 || route.metered) && result && typeof result === 'object') {
      const r = result as { meta?: Record<string, unknown> };
      r.meta = { ...r.meta, tokens: { charged: pending, remaining: state.tokens } };
    }
    const drop = !!faults.dropEveryNth && state.count % faults.dropEveryNth === 0;
    return answer(status, result, {}, drop);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    profile: opts.profile,
    world,
    requests: state.requests,
    setFaults: (f) => (state.faults = { ...f }),
    setCompress: (c) => (state.compress = c),
    setPlan: (p) => (state.plan = p),
    setTokens: (n) => (state.tokens = n),
    tokens: () => state.tokens,
    forbid: (paths) => (state.forbidden = new Set(paths)),
    retire: (path, replacement) => state.retired.set(path, replacement),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
