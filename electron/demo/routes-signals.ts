// GET /signals and GET /signals/{id} of both profiles (stats and hotspots: routes-stats.ts).
// Rules cited are from the main profile document, "GET /api/v1/signals", unless marked alternate.
import { bboxesIntersect, pointInBBox, type BBox } from '../../shared/bbox';
import { matchesQuery, parseQuery, Q_MAX_LENGTH } from '../../shared/q';
import { MARKETS } from './geography';
import { badParams, HttpFail, makeCursor, readCursor, type Ctx } from './http';
import * as p from './params';
import { entityId } from './registry';
import {
  alternateSignal,
  locationText,
  mainSignal,
  observabilityStatus,
  plottable,
  severityBand,
} from './serialize';
import { dateOf, type DemoEvent } from './world';

type Position = [string | number, number];
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STAGES = ['reported', 'localized', 'pinpointed'];

function page<T extends DemoEvent>(
  ctx: Ctx,
  rows: T[],
  key: (e: T) => string | number,
  desc: boolean,
  size: number,
) {
  const cmp = (a: T, b: T) => {
    const ka = key(a);
    const kb = key(b);
    const c = ka < kb ? -1 : ka > kb ? 1 : a.n - b.n;
    return desc ? -c : c;
  };
  const sorted = [...rows].sort(cmp);
  const after = readCursor<Position>(ctx);
  let start = 0;
  if (after) {
    // Keyset: the first row strictly after the last one sent, so rows arriving between pages
    // neither repeat nor shift the page.
    start = sorted.findIndex((e) => {
      const k = key(e);
      const c = k < after[0] ? -1 : k > after[0] ? 1 : e.n - after[1];
      return desc ? c < 0 : c > 0;
    });
    if (start < 0) start = sorted.length;
  }
  const slice = sorted.slice(start, start + size);
  const hasMore = start + size < sorted.length;
  const last = slice[slice.length - 1];
  return {
    slice,
    hasMore,
    nextCursor: hasMore && last ? makeCursor(ctx, [key(last), last.n]) : null,
    total: sorted.length,
  };
}

const coverage = (bbox: BBox | undefined) => ({
  bbox_area_share: bbox ? Number((((bbox[2] - bbox[0]) * (bbox[3] - bbox[1])) / (360 * 180)).toFixed(6)) : 1,
  worldwide: !bbox,
  global_available: null,
  global_capped: false,
  global_basis: 'not_probed',
  hints: [],
});

/** The list meta both profiles share (spec: main, GET /signals; alternate, "List meta"). */
const listMeta = (
  w: { start: string; end: string },
  bbox: BBox | undefined,
  categories: string[] | undefined,
  pg: { slice: unknown[]; nextCursor: string | null; hasMore: boolean },
) => ({
  start_date: w.start,
  end_date: w.end,
  bbox: bbox ?? null,
  categories: categories ?? [],
  count: pg.slice.length,
  coverage: coverage(bbox),
  next_cursor: pg.nextCursor,
  has_more: pg.hasMore,
});

function qFilter(ctx: Ctx) {
  const q = p.str(ctx, 'q');
  if (q !== undefined && q.length > Q_MAX_LENGTH)
    throw badParams(`q is longer than ${Q_MAX_LENGTH} characters`);
  const parsed = q ? parseQuery(q) : null;
  return (e: DemoEvent) =>
    !parsed || matchesQuery(parsed, [e.title, e.summary, locationText(e), e.country.name, e.category]);
}

/** The time window of a main-profile list: dates, or recency ending now / at the latest readable day. */
function mainWindow(ctx: Ctx, clamps: Record<string, unknown>) {
  const { start, end } = p.mainDates(ctx);
  const recency = p.str(ctx, 'recency');
  if (recency !== undefined && !['15m', '1h', '24h'].includes(recency))
    throw badParams('recency must be 15m, 1h or 24h');
  if (start && end) {
    const w = p.clampWindow(ctx, start, end);
    if (w.clamp) clamps.window_clamp = w.clamp;
    return { from: w.from, to: w.to, start: w.start, end: w.end };
  }
  let r = recency ?? '24h';
  if (r !== '24h' && !ctx.plan.realTime) {
    clamps.filter_clamp = { recency: { requested: r, applied: '24h' }, required_plans: ['analyst', 'pro'] };
    r = '24h';
  }
  const span = p.planSpan(ctx);
  const toMs = ctx.plan.realTime
    ? ctx.world.now().getTime()
    : Date.parse(`${p.addDays(span.latest, 1)}T00:00:00Z`);
  const fromMs = toMs - { '15m': 900_000, '1h': 3_600_000, '24h': 86_400_000 }[r]!;
  const from = new Date(fromMs).toISOString();
  const to = new Date(toMs).toISOString();
  // The window's last day is the day its last instant falls on: without real-time the latest
  // readable day (yesterday), not the midnight it ends at.
  return { from, to, start: dateOf(from), end: dateOf(new Date(toMs - 1).toISOString()) };
}

export function mainSignals(ctx: Ctx) {
  const clamps: Record<string, unknown> = {};
  const w = mainWindow(ctx, clamps);
  const bbox = p.bbox(ctx);
  const categories = p.list(ctx, 'categories');
  const stages = p.list(ctx, 'stages', STAGES);
  const band = p.int(ctx, 'min_severity_band', 0, 10);
  if (band !== undefined && ![4, 6, 9].includes(band)) throw badParams('min_severity_band must be 4, 6 or 9');
  const publishers = p.int(ctx, 'min_publishers', 0, 100);
  if (publishers !== undefined && ![2, 3, 5].includes(publishers))
    throw badParams('min_publishers must be 2, 3 or 5');
  const markets = p.list(ctx, 'markets', MARKETS);
  const placement = p.str(ctx, 'placement') ?? 'all';
  if (!['all', 'map', 'list'].includes(placement)) throw badParams('placement must be all, map or list');
  let sort = p.str(ctx, 'sort') ?? 'latest';
  if (!['latest', 'oldest', 'geoint'].includes(sort))
    throw badParams('sort must be latest, oldest or geoint');
  if (sort === 'geoint' && !ctx.plan.geoint) {
    clamps.filter_clamp = {
      ...(clamps.filter_clamp as object),
      sort: { requested: 'geoint', applied: 'latest' },
      required_plans: ['analyst', 'pro'],
    };
    sort = 'latest';
  }
  let linkedTo = p.str(ctx, 'linked_to');
  if (linkedTo !== undefined && !/^(facility|place|actor):.+/i.test(linkedTo))
    throw badParams('linked_to must be facility:<id>, place:<key> or actor:<name>');
  if (linkedTo !== undefined && !ctx.plan.linkedTo) {
    // Rule 4: dropped, and required_plans names the plan.
    clamps.filter_clamp = {
      ...(clamps.filter_clamp as object),
      linked_to: { dropped: linkedTo },
      required_plans: ['pro'],
    };
    linkedTo = undefined;
  }
  const updatedSince = p.timestamp(ctx, 'updated_since');
  const size = p.limit(ctx, 500, 100);
  const watchId = p.str(ctx, 'watch_id');
  if (watchId !== undefined && !UUID_RE.test(watchId)) throw badParams('watch_id must be a uuid');
  const qOk = qFilter(ctx);

  let linked: Set<DemoEvent> | undefined;
  if (watchId !== undefined) {
    const watch = ctx.world.watches.find((x) => x.id === watchId.toLowerCase());
    if (!watch) throw new HttpFail(404, 'NOT_FOUND', 'no watch with this id on this account'); // rule 6
    // Linked to the watch (its event, what its orders found), not merely inside its box.
    linked = new Set(
      ctx.world
        .linkedEvents(watch)
        .sort((a, b) => b.occurredAt.localeCompare(a.occurredAt))
        .slice(0, 100),
    );
  }
  const linkOk = (e: DemoEvent) => {
    if (!linkedTo) return true;
    const [kind, value = ''] = [
      linkedTo.slice(0, linkedTo.indexOf(':')).toLowerCase(),
      linkedTo.slice(linkedTo.indexOf(':') + 1).toLowerCase(),
    ];
    if (kind === 'actor') return (e.actor ?? '').toLowerCase() === value;
    if (kind === 'place') return e.stage !== 'reported' && e.place.name.toLowerCase() === value;
    // facility:<entity_id>: the registry's id, linked as GET /entities/{id} links it.
    return e.facility !== undefined && entityId('main', e.facility.name).toLowerCase() === value;
  };
  const base = ctx.world
    .listed()
    .filter(
      (e) =>
        e.occurredAt >= w.from &&
        e.occurredAt < w.to &&
        (!updatedSince || e.lastUpdatedAt >= updatedSince) &&
        (!categories || categories.includes(e.category)) &&
        (!stages || stages.includes(e.stage)) &&
        (band === undefined || severityBand(e.severityScore) >= band) &&
        (publishers === undefined || e.distinctHosts >= publishers) &&
        (!markets || e.markets.some((m) => markets.includes(m))) &&
        (!linked || linked.has(e)) &&
        linkOk(e) &&
        qOk(e),
    );
  // Rule 5: with bbox, points inside go to signals; events without a point whose country
  // overlaps the bbox go to country_level_signals (first 10) or, with placement=list, are the list.
  const points = bbox ? base.filter((e) => plottable(e) && pointInBBox(e.lng, e.lat, bbox)) : base;
  const countryLevel = bbox ? base.filter((e) => !plottable(e) && bboxesIntersect(e.country.bbox, bbox)) : [];
  const listRows =
    bbox && placement === 'list' ? countryLevel : placement === 'map' ? points.filter(plottable) : points;
  const key = sort === 'geoint' ? (e: DemoEvent) => e.geointScore : (e: DemoEvent) => e.occurredAt;
  const pg = page(ctx, listRows, key, sort !== 'oldest', size);
  const shape = (e: DemoEvent) => mainSignal(e, { geoint: ctx.plan.geoint });
  const countryShown = bbox && placement === 'all' ? countryLevel.slice(0, 10) : [];
  return {
    meta: {
      ...listMeta(w, bbox, categories, pg),
      ...(bbox ? { country_level: countryShown.length } : {}),
      ...(linked ? { watch_linked_events: linked.size } : {}),
      ...clamps,
    },
    signals: pg.slice.map(shape),
    ...(bbox ? { country_level_signals: countryShown.map(shape) } : {}),
    ...(ctx.plan.geoint
      ? {}
      : { plan_lock: { withheld: ['geoint_score'], required_plans: ['analyst', 'pro'] } }),
  };
}

export function alternateSignals(ctx: Ctx) {
  const clamps: Record<string, unknown> = {};
  const updatedSince = p.timestamp(ctx, 'updated_since');
  // Alternate: "updated_since ... ignores the date window". The plan's bounds still hold (the
  // main document: "it never starts before the plan's history floor"), and a clamp says so.
  const w = updatedSince ? sinceWindow(ctx, updatedSince) : p.clampWindow(ctx, ...altDates(ctx));
  if (w.clamp) clamps.window_clamp = w.clamp;
  const bbox = p.bbox(ctx);
  const categories = p.list(ctx, 'categories');
  const markets = p.list(ctx, 'markets', MARKETS);
  const minSeverity = p.num(ctx, 'min_severity', 0, 10);
  const escalating = p.bool(ctx, 'escalating');
  const sort = p.str(ctx, 'sort');
  if (sort !== undefined && sort !== 'geoint') throw badParams('sort must be geoint or omitted');
  const createdSince = p.timestamp(ctx, 'created_since');
  const observability = p.str(ctx, 'observability');
  if (observability !== undefined && !['observable', 'not_observable'].includes(observability))
    throw badParams(
      'observability is the binary filter (observable or not_observable); observability_status=insufficient_detail gives the events it drops',
    );
  const obsStatus = p.str(ctx, 'observability_status');
  if (obsStatus !== undefined && !['observable', 'not_observable', 'insufficient_detail'].includes(obsStatus))
    throw badParams('observability_status must be observable, not_observable or insufficient_detail');
  const openData = p.str(ctx, 'open_data');
  const minGain = p.num(ctx, 'min_information_gain', 0, 1);
  const taskable = p.bool(ctx, 'taskable_only');
  const ready = p.bool(ctx, 'collection_ready_only');
  const size = p.limit(ctx, 500, 100);
  const rows = ctx.world.listed().filter((e) => {
    const status = observabilityStatus(e);
    const s = alternateSignal(e) as { intelligence: Record<string, unknown> };
    return (
      e.occurredAt >= w.from &&
      e.occurredAt < w.to &&
      (!updatedSince || e.lastUpdatedAt >= updatedSince) &&
      (!createdSince || e.createdAt >= createdSince) &&
      (!bbox || pointInBBox(e.lng, e.lat, bbox)) &&
      (!categories || categories.includes(e.category)) &&
      (!markets || e.markets.some((m) => markets.includes(m))) &&
      (minSeverity === undefined || e.severityScore >= minSeverity) &&
      (!escalating || e.escalating) &&
      (!observability || status === observability) &&
      (!obsStatus || status === obsStatus) &&
      (!openData || s.intelligence.open_data_sufficiency === openData) &&
      (minGain === undefined || e.observability >= minGain) &&
      (!taskable || e.stage !== 'reported') &&
      (!ready || status === 'observable')
    );
  });
  const key = sort === 'geoint' ? (e: DemoEvent) => e.geointScore : (e: DemoEvent) => e.occurredAt;
  const pg = page(ctx, rows, key, true, size);
  return {
    meta: { ...listMeta(w, bbox, categories, pg), ...clamps },
    signals: pg.slice.map(alternateSignal),
  };
}

const altDates = (ctx: Ctx): [string, string] => {
  const { start, end } = p.alternateWindow(ctx, 7);
  return [start, end];
};

/**
 * The alternate list with updated_since: no date window, only the plan's readable span (its
 * history floor, and without real-time its latest readable day); a clamp states each bound
 * that narrowed what was asked, in terms of what was asked (updated_since), not of a window
 * that was not applied.
 */
function sinceWindow(ctx: Ctx, updatedSince: string): p.Window {
  const span = p.planSpan(ctx);
  const floor = p.planFloor(ctx);
  const start = span.floor;
  const end = ctx.plan.realTime ? p.addDays(ctx.world.today(), 1) : span.latest;
  const w = { start, end, from: `${start}T00:00:00.000Z`, to: `${p.addDays(end, 1)}T00:00:00.000Z` };
  const reasons = [
    // The floor narrowed the answer when an event updated since then occurred before it.
    ...(floor !== null &&
    ctx.world.listed().some((e) => e.lastUpdatedAt >= updatedSince && e.occurredAt < w.from)
      ? ['plan_history_floor']
      : []),
    ...(ctx.plan.realTime ? [] : ['plan_without_real_time']),
  ];
  if (!reasons.length) return w;
  return {
    ...w,
    clamp: {
      requested: { updated_since: updatedSince },
      applied: {
        updated_since: updatedSince,
        ...(floor !== null ? { occurred_from: floor } : {}),
        ...(ctx.plan.realTime ? {} : { occurred_through: span.latest }),
      },
      reason: reasons.length === 1 ? reasons[0] : reasons,
    },
  };
}

export function mainReread(ctx: Ctx) {
  const asked = ctx.world.byUuid(ctx.params[0]!);
  if (!asked) throw new HttpFail(404, 'NOT_FOUND', 'no event with this id');
  const e = ctx.world.survivor(asked);
  const s = mainSignal(e, { geoint: ctx.plan.geoint });
  return {
    signal: {
      id: e.uuid,
      category: e.category,
      severity_score: e.severityScore,
      stage: e.stage,
      stage_reason: s.stage_reason,
      reporting: s.reporting,
    },
    meta: { event_id: e.uuid, merged_from_request: e !== asked, retracted_at: e.retractedAt ?? null },
  };
}

export function alternateReread(ctx: Ctx) {
  const id = Number(ctx.params[0]);
  const asked = Number.isInteger(id) ? ctx.world.byInt(id) : undefined;
  if (!asked) throw new HttpFail(404, 'NOT_FOUND', 'no event with this id');
  const e = ctx.world.survivor(asked);
  // The states table of the main document holds for both profiles: a retracted event still
  // answers 200 with retracted_at, a folded id names its survivor; 404 is gone or not yours.
  return {
    signal: {
      id: e.intId,
      category: e.category,
      severity: e.severityScore,
      verification_status: 'corroborated',
      independent_source_count: e.distinctHosts,
    },
    meta: { event_id: e.intId, merged_from_request: e !== asked, retracted_at: e.retractedAt ?? null },
  };
}
