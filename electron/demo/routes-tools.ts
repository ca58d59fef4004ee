// Ground measurements (elevation, terrain, index series, ships), brief and assessment.
// Synthetic but shaped per the documents; answers are seeded by the request so they repeat.
import { bboxAreaKm2, bboxCentre, type BBox } from '../../shared/bbox';
import { INDEXES as INDEX_NAMES } from '../../shared/service/values';
import { badParams, type Ctx } from './http';
import * as p from './params';
import type { createRandom } from './random';
import { geography } from './geography';
import { aoiOf, locationText } from './serialize';
import { eid, eventFor, seeded } from './routes-collection';
import { dateOf } from './world';
function elevationOf(b: BBox, r: ReturnType<typeof createRandom>) {
  const onLand = geography().onLand(bboxCentre(b).lon, bboxCentre(b).lat);
  if (!onLand) return null; // missing coverage over water is absence, never 0 m
  const min = r.int(0, 800);
  const max = min + r.int(10, 2000);
  return { min, max };
}

export function elevationGet(ctx: Ctx) {
  const bbox = p.bbox(ctx);
  const lat = p.num(ctx, 'lat', -90, 90);
  const lon = p.num(ctx, 'lon', -180, 180);
  const r = seeded(ctx);
  if (bbox) {
    const e = elevationOf(bbox, r);
    return {
      mode: 'bbox',
      elevation: e
        ? {
            min_m: e.min,
            max_m: e.max,
            mean_m: (e.min + e.max) / 2,
            median_m: (e.min + e.max) / 2,
            p10_m: e.min + 5,
            p90_m: e.max - 5,
            relief_m: e.max - e.min,
            sample_spacing_m: 30,
            downsampled: bboxAreaKm2(bbox) > 10_000,
            measured_over: 'bbox',
          }
        : null,
      attribution: 'demo DEM',
    };
  }
  if (lat === undefined || lon === undefined) throw badParams('give lat and lon, or bbox');
  const e = elevationOf([lon, lat, lon, lat], r);
  return { mode: 'point', elevation: e ? { elevation_m: e.min } : null, attribution: 'demo DEM' };
}

export function elevationPost(ctx: Ctx) {
  const poly = ctx.body.polygon;
  let b: BBox;
  if (Array.isArray(poly)) {
    if (poly.length < 3 || !poly.every((v) => Array.isArray(v) && v.length === 2))
      throw badParams('polygon needs at least 3 [lon, lat] vertices');
    const xs = poly.map((v) => Number((v as number[])[0]));
    const ys = poly.map((v) => Number((v as number[])[1]));
    b = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  } else if (ctx.body.bbox !== undefined) b = p.bodyBBox(ctx.body.bbox);
  else throw badParams('polygon or bbox is required');
  const e = elevationOf(b, seeded(ctx));
  return {
    mode: 'polygon',
    elevation: e
      ? {
          min_m: e.min,
          max_m: e.max,
          mean_m: (e.min + e.max) / 2,
          relief_m: e.max - e.min,
          measured_over: 'polygon_interior',
          polygon_vertices: Array.isArray(poly) ? poly.length : 4,
        }
      : null,
    attribution: 'demo DEM',
  };
}

export function terrain(ctx: Ctx) {
  const op = p.str(ctx, 'operation');
  if (!op) throw badParams('operation is required');
  if (op === 'sar_geometry') {
    if (!p.bbox(ctx)) throw badParams('bbox is required for sar_geometry');
    const inc = p.num(ctx, 'incidence_deg', 10, 80);
    if (inc === undefined) throw badParams('incidence_deg is required for sar_geometry');
    p.num(ctx, 'look_azimuth_deg', 0, 360);
    const r = seeded(ctx);
    const lay = r.round(r.next() * 0.1, 3);
    const sh = r.round(r.next() * 0.1, 3);
    return {
      operation: op,
      sar_geometry: {
        layover_fraction: lay,
        shadow_fraction: sh,
        foreshortening_fraction: 0.2,
        usable_fraction: r.round(1 - lay - sh, 3),
        mean_local_incidence_deg: inc,
        sample_spacing_m: 30,
      },
      interpretation: 'Most of the box is usable at this geometry.',
    };
  }
  if (op === 'profile') return { operation: op, samples: [] };
  throw badParams(`unknown operation ${op}`);
}

const INDEXES: readonly string[] = INDEX_NAMES;
export function indexSeries(ctx: Ctx) {
  const index = ctx.body.index;
  if (typeof index !== 'string' || !INDEXES.includes(index))
    throw badParams('index is required and must be one of the listed indexes');
  if (ctx.body.bbox === undefined && ctx.body.polygon === undefined)
    throw badParams('polygon or bbox is required');
  if (ctx.body.bbox !== undefined) p.bodyBBox(ctx.body.bbox);
  const start = ctx.body.start;
  const end = ctx.body.end;
  if (typeof start !== 'string' || typeof end !== 'string')
    throw badParams('start and end are required dates');
  const maxScenes = Number(ctx.body.max_scenes ?? 24);
  const scenes = Math.min(maxScenes, 12);
  const clampedStart = start < '2015-06-27' ? '2015-06-27' : start;
  if (ctx.body.estimate_only === true)
    return {
      summary: `${scenes} scenes would be measured`,
      estimate: {
        index,
        scenes_found: scenes + 3,
        scenes_examined: scenes + 3,
        scenes_measurable: scenes,
        truncated: false,
        archive_start: '2015-06-27',
        estimated_tokens: scenes * 0.5,
        candidate_date_span: { first: clampedStart, last: end },
        notes: [],
      },
      charged: false,
    };
  ctx.charge(scenes * 0.5);
  return {
    summary: `${scenes} scenes measured`,
    index,
    series: Array.from({ length: scenes }, (_, i) => ({
      date: p.addDays(clampedStart, i * 5),
      value: 0.3 + i / 100,
    })),
  };
}

export function ships(ctx: Ctx) {
  if (typeof ctx.body.collection !== 'string') throw badParams('collection is required');
  if (typeof ctx.body.item_id !== 'string') throw badParams('item_id is required');
  if (ctx.body.bbox !== undefined && bboxAreaKm2(p.bodyBBox(ctx.body.bbox)) >= 120_000)
    throw badParams('bbox must be under 120,000 km2');
  const count = seeded(ctx).int(0, 6);
  ctx.charge(count * 5);
  return {
    summary: `${count} vessels detected`,
    count,
    caveats: ['Detections within 300 m of the coast are excluded.'],
    processing: {
      resolved_algorithm_version: 'v2',
      sea_ratio: 0.8,
      land_mask_source: 'openstreetmap:land_polygons',
    },
  };
}

export function brief(ctx: Ctx) {
  const requested = ctx.state.profile === 'main' ? (p.str(ctx, 'period') ?? 'daily') : 'daily';
  if (!['daily', 'weekly', 'monthly'].includes(requested))
    throw badParams('period must be daily, weekly or monthly');
  // Every endpoint is on every plan (main document, "What the service does" 8): a period the
  // plan lacks is never a 403; the daily brief answers and meta.filter_clamp says so.
  const clamped = requested !== 'daily' && !ctx.plan.longBriefs;
  const period = clamped ? 'daily' : requested;
  const meta = clamped
    ? {
        meta: {
          filter_clamp: {
            period: { requested, applied: 'daily' },
            required_plans: ['analyst', 'pro'],
          },
        },
      }
    : {};
  const day = p.date(ctx, 'date') ?? p.addDays(ctx.world.today(), -1);
  const span = period === 'daily' ? 1 : period === 'weekly' ? 7 : 30;
  const start = p.addDays(day, -(span - 1));
  const rows = ctx.world.listed().filter((e) => dateOf(e.occurredAt) >= start && dateOf(e.occurredAt) <= day);
  const top = [...rows].sort((a, b) => b.severityScore - a.severityScore).slice(0, 3);
  const developments = top.map((e) => ({
    title: e.title,
    why_it_matters: `Severity ${e.severityScore} in ${e.country.name}.`,
  }));
  const headline = top[0] ? top[0].title : 'A quiet period';
  if (ctx.state.profile === 'alternate')
    return {
      brief: {
        date: day,
        headline,
        summary: `${rows.length} events recorded.`,
        developments,
        key_judgments: [],
      },
    };
  const byCategory: Record<string, number> = {};
  for (const e of rows) byCategory[e.category] = (byCategory[e.category] ?? 0) + 1;
  return {
    status: 'available',
    period: { type: period, start, end: day },
    brief: {
      headline,
      summary: `${rows.length} events recorded.`,
      developments,
      stats: {
        totalEvents: rows.length,
        byCategory: Object.entries(byCategory).map(([category, count]) => ({ category, count })),
        countedOver: `${start}..${day}`,
      },
    },
    available_periods: [{ period_start: start, period_end: day }],
    ...meta,
  };
}

export function assess(ctx: Ctx, cache: Map<string, boolean>) {
  const kind = ctx.body.kind ?? 'quick';
  if (kind !== 'quick' && kind !== 'deep') throw badParams('kind must be quick or deep');
  const { e } = eventFor(ctx, ctx.body.eventId, 'eventId');
  const key = `${e.n}:${kind}`;
  const cached = cache.has(key);
  if (!cached) {
    ctx.charge(kind === 'deep' ? 15 : 5);
    cache.set(key, true);
  }
  const aoi = aoiOf(e);
  return {
    kind,
    cached,
    model: 'demo-model',
    content: {
      summary: `Assessment of ${e.title}`,
      observability: 'observable',
      recommendedSensors: ['sentinel-1', 'sentinel-2'],
    },
    context: {
      event_id: eid(ctx, e),
      event_date: dateOf(e.occurredAt),
      target: locationText(e),
      aoi_bbox: aoi,
      satellite_observability: 'observable',
      quality_status: 'passed',
      imagery_handoff: {
        tool: 'imagery',
        handoff_mode: 'direct',
        parameters: {
          bbox: aoi,
          eventDate: dateOf(e.occurredAt),
          eventPoint: [e.lng, e.lat],
          eventAoi: aoi,
          eventTimestamp: null,
        },
        missing_parameters: [{ field: 'eventTimestamp', reason: 'time of day not reported' }],
      },
    },
    meta: {},
  };
}
