// The account's own things in the demo service: analyst runs, standing orders, monitoring
// areas (watches and notes are in routes-watches.ts).
import {
  MONITORING_AREA_TOO_LARGE,
  monitoringAreaTooLarge,
  STANDING_ORDER_TOO_LARGE,
  standingOrderTooLarge,
} from '../../shared/area-limits';
import { bboxAreaKm2 } from '../../shared/bbox';
import { MONITORING_METRICS } from '../../shared/service/values';
import { badParams, HttpFail, type Ctx } from './http';
import * as p from './params';
import { uuidFrom, type DemoArea, type DemoOrder, type DemoWatch } from './world';

// ---- analyst: 200 when quick, 202 + job otherwise; Idempotency-Key returns the same run ----

export interface AnalystJob {
  id: string;
  question: string;
  steps: number;
  done: number;
  charge: number;
  charged: boolean;
  createdAt: string;
  updatedAt: string;
}

function analystBrief(ctx: Ctx, job: AnalystJob) {
  const e = ctx.world
    .listed()
    .filter((x) => x.measuredKind === undefined)
    .at(-1)!;
  const id = ctx.state.profile === 'main' ? { event_id: e.uuid } : { global_event_id: e.intId };
  return {
    brief: {
      summary: `Answer to: ${job.question}`,
      findings: [{ ...id, recommended_sensor: 'sentinel-1', rationale: 'all-weather coverage' }],
      assessment: 'Reporting is consistent across outlets.',
      citations: ['https://example.org/report'],
    },
  };
}

export function analystPost(ctx: Ctx, jobs: Map<string, AnalystJob>, byKey: Map<string, string>) {
  const question = p.requireBodyString(ctx, 'question', 500);
  const mode = ctx.body.mode ?? 'fast';
  if (mode !== 'fast' && mode !== 'deep') throw badParams('mode must be fast or deep');
  if (ctx.body.bbox !== undefined) p.bodyBBox(ctx.body.bbox);
  const key = typeof ctx.headers['idempotency-key'] === 'string' ? ctx.headers['idempotency-key'] : undefined;
  let job = key && byKey.has(key) ? jobs.get(byKey.get(key)!) : undefined;
  if (!job) {
    const now = ctx.world.now().toISOString();
    // A question that asks for depth, or deep mode, outlasts the synchronous wait.
    const slow = mode === 'deep' || /\b(why|compare|trend)\b/i.test(question);
    job = {
      id: ctx.world.newId(),
      question,
      steps: slow ? 3 : 1,
      done: slow ? 0 : 1,
      charge: Math.min(mode === 'deep' ? 415 : 123, 5 + question.length),
      charged: false,
      createdAt: now,
      updatedAt: now,
    };
    jobs.set(job.id, job);
    if (key) byKey.set(key, job.id);
  }
  if (job.done >= job.steps) {
    if (!job.charged) {
      ctx.charge(job.charge); // charged once, on completion
      job.charged = true;
    }
    return analystBrief(ctx, job);
  }
  return {
    status: 202,
    body: {
      job_id: job.id,
      status: 'processing',
      progress: { stage: 'gathering', completed_steps: job.done, total_steps: job.steps },
      created_at: job.createdAt,
      updated_at: job.updatedAt,
    },
  };
}

export function analystPoll(ctx: Ctx, jobs: Map<string, AnalystJob>) {
  const job = jobs.get(ctx.params[0]!);
  if (!job) throw new HttpFail(404, 'NOT_FOUND', 'no analyst job with this id');
  if (job.done < job.steps) {
    job.done++;
    job.updatedAt = ctx.world.now().toISOString();
  }
  if (job.done < job.steps)
    return {
      job_id: job.id,
      status: 'processing',
      progress: {
        stage: ['gathering', 'reading', 'writing'][job.done] ?? 'writing',
        completed_steps: job.done,
        total_steps: job.steps,
      },
      created_at: job.createdAt,
      updated_at: job.updatedAt,
    };
  // Charged once on completion; the poll itself is free. The done body is not shown in the spec.
  let meta = {};
  if (!job.charged) {
    job.charged = true;
    meta = { tokens: { charged: job.charge, remaining: ctx.state.tokens - job.charge } };
    ctx.state.tokens -= job.charge;
  }
  return {
    job_id: job.id,
    status: 'done',
    created_at: job.createdAt,
    updated_at: job.updatedAt,
    ...analystBrief(ctx, job),
    meta,
  };
}

// ---- standing orders ---------------------------------------------------------------------

const orderRecord = (o: DemoOrder) => ({
  id: o.id,
  name: o.name,
  cadence: o.cadence,
  bbox: o.bbox,
  last_checked_at: o.lastCheckedAt,
  last_run_at: o.lastRunAt,
  quiet_checks: o.quietChecks,
  total_runs: o.totalRuns,
  next_due_at: o.nextDueAt,
  active: o.active,
});
const MAX_ORDERS = 10;

export const ordersList = (ctx: Ctx) => ({
  orders: ctx.world.orders.map(orderRecord),
  limits: {
    max_orders: MAX_ORDERS,
    used: ctx.world.orders.length,
    remaining: MAX_ORDERS - ctx.world.orders.length,
    min_interval_hours: 24,
  },
});

export function orderCreate(ctx: Ctx) {
  const bbox = p.bodyBBox(ctx.body.bbox);
  if (standingOrderTooLarge(bboxAreaKm2(bbox)))
    throw new HttpFail(400, 'invalid_input', STANDING_ORDER_TOO_LARGE);
  if (ctx.world.orders.length >= MAX_ORDERS)
    throw new HttpFail(403, 'PLAN_LIMIT', 'no standing-order slot left on this plan');
  const alt = ctx.state.profile === 'alternate';
  if (
    alt &&
    ctx.body.question !== undefined &&
    (typeof ctx.body.question !== 'string' || ctx.body.question.length > 500)
  )
    throw badParams('question is at most 500 characters');
  const filters = alt ? orderFilters(ctx) : DEFAULT_FILTERS;
  const cadence = typeof ctx.body.cadence === 'string' ? ctx.body.cadence : 'weekly';
  const name = typeof ctx.body.name === 'string' ? ctx.body.name : 'Standing order';
  const now = ctx.world.now();
  const watch: DemoWatch = {
    id: uuidFrom(ctx.world.newHex(10)),
    name,
    targetType: 'area',
    links: [],
    status: 'active',
    bucket: 'awaiting_data',
    bbox: [...bbox],
    question: null,
    notifyEmail: ctx.body.notify_email !== false,
    updatedAt: now.toISOString(),
    latestChange: { at: now.toISOString(), summary: 'Created' },
    packages: [],
    notes: [],
  };
  ctx.world.watches.push(watch);
  const order: DemoOrder = {
    id: ctx.world.newId(),
    name,
    cadence,
    bbox: [...bbox],
    active: true,
    lastCheckedAt: null,
    lastRunAt: null,
    quietChecks: 0,
    totalRuns: 0,
    nextDueAt: new Date(now.getTime() + (cadence === 'daily' ? 1 : 7) * 86_400_000).toISOString(),
    watchId: watch.id,
    question: alt ? ((ctx.body.question as string | undefined) ?? null) : null,
    ...filters,
    checkedThrough: now.toISOString(),
  };
  ctx.world.orders.push(order);
  const summary = { id: order.id, name: order.name, cadence: order.cadence, next_due_at: order.nextDueAt };
  if (alt) return { order: summary, projected_monthly_tokens_typical: 12, projected_monthly_tokens_max: 60 };
  return { order: summary, watch_id: watch.id };
}

/** The reporting bar of a check (alternate defaults: any category, min_geoint_score 6, min_new_events 1). */
const DEFAULT_FILTERS = { categories: null, minGeoint: 6, minNewEvents: 1 };
function orderFilters(ctx: Ctx): Pick<DemoOrder, 'categories' | 'minGeoint' | 'minNewEvents'> {
  const b = ctx.body;
  if (
    b.categories !== undefined &&
    (!Array.isArray(b.categories) || !b.categories.every((c) => typeof c === 'string' && c !== ''))
  )
    throw badParams('categories must be an array of strings');
  const numberIn = (name: string, min: number, max: number, def: number) => {
    const v = b[name];
    if (v === undefined) return def;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max)
      throw badParams(`${name} must be a number from ${min} to ${max}`);
    return v;
  };
  return {
    categories: Array.isArray(b.categories) && b.categories.length ? (b.categories as string[]) : null,
    minGeoint: numberIn('min_geoint_score', 0, 10, DEFAULT_FILTERS.minGeoint),
    minNewEvents: numberIn('min_new_events', 1, 50, DEFAULT_FILTERS.minNewEvents),
  };
}

function findOrder(ctx: Ctx) {
  const o = ctx.world.orders.find((x) => x.id === ctx.params[0]);
  if (!o) throw new HttpFail(404, 'NOT_FOUND', 'no standing order with this id');
  return o;
}
export function orderPause(ctx: Ctx) {
  const o = findOrder(ctx);
  if (typeof ctx.body.active !== 'boolean') throw badParams('active (boolean) is required');
  ctx.world.setOrderActive(o, ctx.body.active); // resumes from now, no replay of the gap
  return { order: { id: o.id, active: o.active } };
}
export function orderDelete(ctx: Ctx) {
  const o = findOrder(ctx);
  ctx.world.orders.splice(ctx.world.orders.indexOf(o), 1);
  return { deleted: o.id };
}

// ---- monitoring ----------------------------------------------------------------------------

const METRICS: readonly string[] = MONITORING_METRICS;
function areaRecord(a: DemoArea, detail: boolean): Record<string, unknown> {
  const latest = a.series.at(-1) ?? null;
  return {
    area_id: a.id,
    name: a.name,
    status: latest?.is_anomaly ? 'anomaly' : 'ok',
    bbox: a.bbox,
    metrics: [
      {
        polygon_id: a.polygonId,
        metric: a.metric,
        metric_label: a.metric.replace(/_/g, ' '),
        satellite: a.satellite,
        latest: latest && { date: latest.date, value: latest.value, is_anomaly: latest.is_anomaly },
        delta: null,
        coverage: { measured: a.series.length, acquired: a.series.length, window_total: null },
        ...(detail ? { series: a.series } : {}),
      },
    ],
  };
}
export const monitoringList = (ctx: Ctx) => ({
  areas: ctx.world.areas.map((a) => areaRecord(a, false)),
  limits: { max_areas: 10, used: ctx.world.areas.length, remaining: 10 - ctx.world.areas.length },
});
export function monitoringCreate(ctx: Ctx) {
  // The alternate document lists no satellite parameter for POST /monitoring: refused, not ignored.
  if (ctx.state.profile === 'alternate' && ctx.body.satellite !== undefined)
    throw badParams('satellite is not a parameter of POST /monitoring in the alternate profile');
  const bbox = p.bodyBBox(ctx.body.bbox);
  if (monitoringAreaTooLarge(bboxAreaKm2(bbox))) throw badParams(MONITORING_AREA_TOO_LARGE);
  if (typeof ctx.body.metric !== 'string' || !METRICS.includes(ctx.body.metric))
    throw badParams('metric is required and must be a listed metric');
  const area = {
    id: ctx.world.newId(),
    name: typeof ctx.body.name === 'string' ? ctx.body.name : 'Monitoring area',
    bbox: [...bbox] as [number, number, number, number],
    metric: ctx.body.metric,
    satellite: typeof ctx.body.satellite === 'string' ? ctx.body.satellite : 'sentinel-1',
    polygonId: ctx.world.newId(),
    series: [],
  };
  ctx.world.areas.push(area);
  return {
    area: areaRecord(area, false),
    metering: { create: 0, per_check_tokens: 2, per_scene_tokens: 0.5 },
  };
}
export function monitoringDetail(ctx: Ctx) {
  const a = ctx.world.areas.find((x) => x.id === ctx.params[0] || x.polygonId === ctx.params[0]);
  if (!a) throw new HttpFail(404, 'NOT_FOUND', 'no monitoring area with this id');
  return areaRecord(a, true);
}
