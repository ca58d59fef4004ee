// Collection planning, priority, observability and pass predictions of the demo service
// (imagery search is in routes-imagery.ts): synthetic but shaped per the documents; answers
// are seeded by the request so they repeat.
import { bboxCentre, pointInBBox } from '../../shared/bbox';
import { FAMILY_KEYS } from '../../shared/service/values';
import { badParams, HttpFail, type Ctx } from './http';
import * as p from './params';
import { createRandom, hashString } from './random';
import { aoiOf, collectionTarget, observabilityStatus } from './serialize';
import { dateOf, type DemoEvent } from './world';
export const seeded = (ctx: Ctx) =>
  createRandom(hashString(`${ctx.path}?${ctx.query.toString()}${JSON.stringify(ctx.body)}`));

export function eventFor(ctx: Ctx, raw: unknown, name = 'event_id'): { e: DemoEvent; merged: boolean } {
  const asked =
    ctx.state.profile === 'main'
      ? typeof raw === 'string'
        ? ctx.world.byUuid(raw)
        : undefined
      : ctx.world.byInt(Number(raw));
  if (raw === undefined || raw === null || raw === '') throw badParams(`${name} is required`);
  if (!asked) throw new HttpFail(404, 'NOT_FOUND', `no event with this ${name}`);
  const e = ctx.world.survivor(asked);
  return { e, merged: e !== asked };
}
export const eid = (ctx: Ctx, e: DemoEvent) => (ctx.state.profile === 'main' ? e.uuid : e.intId);

export function collectionPlan(ctx: Ctx) {
  const goal = p.str(ctx, 'analysis_goal');
  if (!goal || !['damage_assessment', 'flood_mapping', 'wildfire_assessment'].includes(goal))
    throw badParams('analysis_goal must be damage_assessment, flood_mapping or wildfire_assessment');
  const { e, merged } = eventFor(ctx, p.str(ctx, 'event_id'));
  const r = seeded(ctx);
  return {
    meta: {
      event_id: eid(ctx, e),
      merged_from_request: merged,
      analysis_goal: goal,
      event_date: p.date(ctx, 'event_date') ?? dateOf(e.occurredAt),
    },
    plan: {
      steps: [
        {
          collection: 'sentinel-1-grd',
          query_reason: 'all-weather baseline and post pair',
          returned_count: r.int(2, 8),
          usable_count: r.int(1, 2),
          sar_pair_status: 'pair_available',
        },
        {
          collection: 'sentinel-2-l2a',
          query_reason: 'optical pre/post',
          returned_count: r.int(2, 8),
          usable_count: r.int(0, 2),
        },
      ],
      skipped_duplicates: r.int(0, 3),
      capability: { screening: 'suitable', detection: 'suitable', identification: 'not_suitable' },
      vhr_recommendation: { recommended: e.severityScore > 6, assessed: true, open_data_still_valid: true },
    },
  };
}

/** "window capped at 30 days" (priority and observability, both documents). */
export const SURVEY_MAX_DAYS = 30;

function surveyWindow(ctx: Ctx) {
  // start_date/end_date in both profiles: the alternate document gives "Parameters as in the
  // main document" for priority and observability (it has no date + days here). The default
  // is today, which without real-time is the latest readable day (yesterday).
  const d = p.mainDates(ctx);
  const latest = p.planSpan(ctx).latest;
  // A longer window is narrowed to its last 30 days and the clamp says so, never refused.
  // Alternate: "start_date is not clamped to a plan history floor; the start of the event
  // corpus is the only floor".
  const w = p.clampWindow(ctx, d.start ?? latest, d.end ?? latest, {
    floor: ctx.state.profile === 'main',
    maxDays: SURVEY_MAX_DAYS,
  });
  const bbox = p.bbox(ctx);
  const categories = p.list(ctx, 'categories');
  const minGeoint = p.num(ctx, 'min_geoint_score', 0, 10);
  const rows = ctx.world
    .listed()
    .filter(
      (e) =>
        e.occurredAt >= w.from &&
        e.occurredAt < w.to &&
        (!bbox || pointInBBox(e.lng, e.lat, bbox)) &&
        (!categories || categories.includes(e.category)) &&
        (minGeoint === undefined || e.geointScore >= minGeoint),
    )
    .sort((a, b) => b.geointScore - a.geointScore);
  return { w, bbox, rows };
}

export function collectionPriority(ctx: Ctx) {
  const { w, bbox, rows } = surveyWindow(ctx);
  const top = rows.slice(0, p.int(ctx, 'top_n', 1, 50) ?? 12);
  const cls = (e: DemoEvent) => (e.severityScore > 6 ? 'vhr' : 'hr');
  const byClass: Record<string, { count: number; mean_importance: number }> = {};
  for (const e of rows) {
    const c = (byClass[cls(e)] ??= { count: 0, mean_importance: 0 });
    c.mean_importance = Number(
      ((c.mean_importance * c.count + e.geointScore / 10) / (c.count + 1)).toFixed(3),
    );
    c.count++;
  }
  const aoi = aoiOf;
  const meta = {
    bbox: bbox ?? null,
    start_date: w.start,
    end_date: w.end,
    ...(w.clamp ? { window_clamp: w.clamp } : {}),
  };
  if (ctx.state.profile === 'main')
    return {
      meta,
      priority: {
        by_spec_class: byClass,
        top_priorities: top.map((e) => ({
          event_id: e.uuid,
          importance: e.geointScore / 10,
          spec_class: cls(e),
          aoi: aoi(e),
          stage: e.stage,
        })),
      },
    };
  return {
    meta,
    priority: {
      by_spec_class: byClass,
      top: top.map((e) => ({
        event_id: e.intId,
        importance: e.geointScore / 10,
        required_class: cls(e),
        rs_aoi: aoi(e),
      })),
    },
  };
}

export function collectionObservability(ctx: Ctx) {
  const sensor = p.str(ctx, 'sensor') ?? 'sentinel-2';
  if (!['sentinel-2', 'sentinel-1'].includes(sensor))
    throw badParams('sensor must be sentinel-2 or sentinel-1');
  const { w, bbox, rows } = surveyWindow(ctx);
  const top = rows.slice(0, p.int(ctx, 'top_n', 1, 50) ?? 20);
  // Alternate: the binary observable / not observable drops insufficient_detail "from both
  // sides" (observability_status on /signals exposes that bucket): the survey counts only the
  // two sides, as GET /signals?observability=… does. The main survey counts every event.
  const status = (e: DemoEvent) =>
    ctx.state.profile === 'alternate'
      ? observabilityStatus(e)
      : e.observability > 0.3
        ? 'observable'
        : 'not_observable';
  const observable = rows.filter((e) => status(e) === 'observable');
  const notObservable = rows.filter((e) => status(e) === 'not_observable');
  const meta = {
    bbox: bbox ?? null,
    start_date: w.start,
    end_date: w.end,
    ...(w.clamp ? { window_clamp: w.clamp } : {}),
  };
  const byLevel: Record<string, number> = {};
  for (const e of rows)
    byLevel[e.severityScore > 6 ? 'vhr' : 'hr'] = (byLevel[e.severityScore > 6 ? 'vhr' : 'hr'] ?? 0) + 1;
  if (ctx.state.profile === 'alternate')
    return {
      meta,
      survey: {
        sensor,
        observable_count: observable.length,
        not_observable_count: notObservable.length,
        by_rs_level: byLevel,
        top: top.map((e) => ({ event_id: e.intId, rs_target: collectionTarget(e) })),
      },
    };
  return {
    meta,
    survey: {
      sensor,
      total_in_window: rows.length,
      examined: rows.length,
      page_capped: false,
      observable_count: observable.length,
      not_observable_count: rows.length - observable.length,
      by_rs_level: byLevel,
      collection_ready_count: observable.filter((e) => e.stage !== 'reported').length,
      events: top.map((e) => ({
        event_id: e.uuid,
        headline: e.title,
        rs_level: e.severityScore > 6 ? 'vhr' : 'hr',
        rs_target: collectionTarget(e),
        stage: e.stage,
        collection_ready: e.observability > 0.3 && e.stage !== 'reported',
        plottable: e.stage !== 'reported',
      })),
    },
  };
}

const FAMILIES: readonly string[] = FAMILY_KEYS;
/**
 * The documents name four public families and write the nine commercial ones as placeholders
 * (<commercial_key_1> to <commercial_key_9>). The keys the demo (and the client) use for those
 * are the demo's own names: every pass and outlook that uses one says so (demo_name: true).
 */
export const PUBLIC_FAMILIES: readonly string[] = ['sentinel-1', 'sentinel-2', 'landsat', 'nisar'];
export const isDemoName = (family: string): boolean => !PUBLIC_FAMILIES.includes(family);
export const DEMO_NAMES_NOTE =
  'Commercial family keys are placeholders in the service documents; these names are the demo service’s own.';

export function passes(ctx: Ctx) {
  const bbox = p.bbox(ctx);
  const lat = p.num(ctx, 'lat', -90, 90);
  const lon = p.num(ctx, 'lon', -180, 180);
  if ((lat === undefined || lon === undefined) && !bbox) throw badParams('give lat and lon, or bbox');
  const target = lat !== undefined && lon !== undefined ? { lat, lon } : bboxCentre(bbox!);
  const start = p.date(ctx, 'start_date') ?? ctx.world.today();
  let end = p.date(ctx, 'end_date') ?? p.addDays(start, 2);
  if (end > p.addDays(start, 7)) end = p.addDays(start, 7);
  // The documents write the nine commercial keys as placeholders (<commercial_key_1> to
  // <commercial_key_9>), so a key the demo does not know may be a real operator's: it is not
  // refused. Its timing is unavailable (retrieval_ok false, meta.unknown_families names it),
  // which never reads as "no passes".
  const asked = p.list(ctx, 'satellites');
  const bad = (asked ?? []).filter((k) => !/^[a-z0-9<>_-]{1,40}$/i.test(k));
  if (bad.length) throw badParams(`satellites: ${bad.join(', ')} is not a family key`);
  const families = asked ? asked.filter((k) => FAMILIES.includes(k)) : FAMILIES;
  const unknown = asked ? [...new Set(asked.filter((k) => !FAMILIES.includes(k)))] : [];
  const max = p.int(ctx, 'max_passes', 1, 100) ?? 40;
  const r = seeded(ctx);
  const now = ctx.world.now().toISOString();
  const out = [];
  const t0 = Date.parse(`${start}T00:00:00Z`);
  const t1 = Date.parse(`${p.addDays(end, 1)}T00:00:00Z`);
  for (const family of families)
    for (let t = t0 + r.int(0, 43_200_000); t < t1; t += r.int(36_000_000, 90_000_000)) {
      const peak = new Date(t - (t % 1000)).toISOString();
      out.push({
        satellite: `${family.toUpperCase()}-${r.int(1, 4)}`,
        family_key: family,
        sensor: ['sentinel-1', 'nisar', 'iceye', 'capella', 'umbra', 'synspective'].includes(family)
          ? 'sar'
          : 'optical',
        collection_mode: ['sentinel-1', 'sentinel-2', 'landsat', 'nisar'].includes(family)
          ? 'systematic'
          : 'taskable',
        peak,
        off_nadir_deg: r.round(r.next() * 40, 2),
        direction: r.chance(0.5) ? 'ascending' : 'descending',
        sunlit: r.chance(0.5),
        tle_age_days: r.round(r.next() * 3, 2),
        is_past: peak < now,
        ...(isDemoName(family) ? { demo_name: true } : {}),
      });
    }
  out.sort((a, b) => a.peak.localeCompare(b.peak));
  const note =
    ctx.state.profile === 'main'
      ? 'Systematic passes are geometric predictions from orbital elements, not a scheduled acquisition.'
      : 'Systematic passes are scheduled acquisitions.';
  const shown = out.slice(0, max);
  const demoNames = [...new Set(shown.filter((x) => x.demo_name).map((x) => x.family_key))];
  return {
    meta: {
      target,
      window: { start, end },
      ...(demoNames.length ? { demo_names: { family_keys: demoNames, note: DEMO_NAMES_NOTE } } : {}),
      ...(unknown.length ? { unknown_families: unknown } : {}),
    },
    passes: shown,
    freshness: { max_tle_age_days: 3, stale: false },
    retrieval_ok: unknown.length === 0,
    note: unknown.length
      ? `${note} Timing is unavailable for ${unknown.join(', ')}: the demo service does not know these family keys (the documents write commercial keys as placeholders).`
      : note,
    attribution: 'demo orbital elements',
  };
}
