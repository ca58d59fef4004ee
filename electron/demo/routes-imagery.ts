// GET /imagery of the demo service (main profile document, "GET /api/v1/imagery" and "Imagery
// scene"; the alternate one takes date + days). The catalog is synthetic but consistent: a scene
// is drawn per (collection, bbox, day), so any window over the same box shows the same scenes.
// event_date, event_point, event_aoi and event_timestamp are used as the document writes them.
import { pointInBBox, type BBox } from '../../shared/bbox';
import { badParams, type Ctx } from './http';
import * as p from './params';
import { createRandom, hashString } from './random';
import { dateOf } from './world';

/**
 * Each collection's sun-synchronous orbit crosses a place at the same local solar time every
 * pass (`solarHours`: Sentinel-2's descending node at 10:30; Sentinel-1's and NISAR's dawn-dusk
 * orbits at about 06:00 descending and 18:00 ascending), so its scenes are acquired then.
 */
const COLLECTIONS: Record<
  string,
  { footprintDeg: number; revisit: number; prefix: string; platform: string; solarHours: number[] }
> = {
  'sentinel-2-l2a': {
    footprintDeg: 1.0,
    revisit: 0.4,
    prefix: 'S2B_MSIL2A',
    platform: 'sentinel-2b',
    solarHours: [10.5],
  },
  'sentinel-1-grd': {
    footprintDeg: 2.3,
    revisit: 0.3,
    prefix: 'S1A_IW_GRDH',
    platform: 'sentinel-1a',
    solarHours: [6, 18],
  },
  'nisar-l-band': {
    footprintDeg: 2.4,
    revisit: 0.25,
    prefix: 'NISAR_L2_GCOV',
    platform: 'nisar',
    solarHours: [6, 18],
  },
};

/** The UTC time (on day `d`) at which local solar time at `lng` is `solar` hours, give or take `jitterMin`. */
export function acquiredAt(d: string, lng: number, solar: number, jitterMin: number): string {
  const minutes = Math.round(((((solar - lng / 15) % 24) + 24) % 24) * 60 + jitterMin);
  const ms = Date.parse(`${d}T00:00:00Z`) + ((minutes + 1440) % 1440) * 60_000;
  return new Date(ms - (ms % 1000)).toISOString().replace('.000Z', 'Z');
}
/** Days each side of event_date in the demo's canonical pre/post span (the service's is not shown). */
export const PRE_POST_SPAN_DAYS = 14;
/** Cloud cover above which an optical scene is not usable for analysis (the demo's bar). */
const USABLE_CLOUD = 20;

const area = (b: BBox) => Math.max(0, b[2] - b[0]) * Math.max(0, b[3] - b[1]);
const intersection = (a: BBox, b: BBox): BBox => [
  Math.max(a[0], b[0]),
  Math.max(a[1], b[1]),
  Math.min(a[2], b[2]),
  Math.min(a[3], b[3]),
];
const intersects = (a: BBox, b: BBox) => a[0] <= b[2] && a[2] >= b[0] && a[1] <= b[3] && a[3] >= b[1];
const contains = (outer: BBox, inner: BBox) =>
  outer[0] <= inner[0] && outer[1] <= inner[1] && outer[2] >= inner[2] && outer[3] >= inner[3];

function point(ctx: Ctx): [number, number] | undefined {
  const v = p.str(ctx, 'event_point');
  if (v === undefined) return undefined;
  const parts = v.split(',').map((x) => Number(x.trim()));
  const [lon, lat] = parts;
  if (
    parts.length !== 2 ||
    !Number.isFinite(lon) ||
    !Number.isFinite(lat) ||
    Math.abs(lat!) > 90 ||
    Math.abs(lon!) > 180
  )
    throw badParams('event_point must be lon,lat');
  return [lon!, lat!];
}

function window(ctx: Ctx): { start: string; end: string } {
  if (ctx.state.profile === 'alternate') return p.alternateWindow(ctx, 7);
  const d = p.mainDates(ctx);
  const end = d.end ?? ctx.world.today();
  return { start: d.start ?? p.addDays(end, -6), end };
}

export function imagery(ctx: Ctx) {
  const bbox = p.bbox(ctx);
  if (!bbox) throw badParams('bbox is required');
  const collection = p.str(ctx, 'collection') ?? 'sentinel-2-l2a';
  const spec = COLLECTIONS[collection];
  if (!spec) throw badParams(`collection must be one of ${Object.keys(COLLECTIONS).join(', ')}`);
  let { start, end } = window(ctx);
  if ((Date.parse(end) - Date.parse(start)) / 86_400_000 > 30)
    throw badParams('the imagery window is at most 30 days');
  const cloudMax = p.num(ctx, 'cloud_cover_max', 0, 100);
  const eventDate = p.date(ctx, 'event_date');
  const eventTs = p.timestamp(ctx, 'event_timestamp');
  if (eventDate && eventTs && dateOf(eventTs) !== eventDate)
    throw badParams('event_timestamp must fall on event_date');
  const eventDay = eventDate ?? (eventTs ? dateOf(eventTs) : undefined);
  const eventPoint = point(ctx);
  const eventAoi = p.bbox(ctx, 'event_aoi');
  const size = p.limit(ctx, 100, 20);
  const today = ctx.world.today();
  if (eventDate) {
    // event_date widens the window to the canonical pre/post span (never into the future).
    const pre = p.addDays(eventDate, -PRE_POST_SPAN_DAYS);
    const post = p.addDays(eventDate, PRE_POST_SPAN_DAYS);
    const postEnd = post < today ? post : today;
    if (pre < start) start = pre;
    if (postEnd > end) end = postEnd;
  }

  const centre = [(bbox[0] + bbox[2]) / 2, (bbox[1] + bbox[3]) / 2] as const;
  const half = spec.footprintDeg / 2;
  const scenes: Record<string, unknown>[] = [];
  for (let d = start; d <= end && d <= today && scenes.length < size; d = p.addDays(d, 1)) {
    const r = createRandom(hashString(`${collection}|${bbox.join(',')}|${d}`));
    if (!r.chance(spec.revisit)) continue;
    const cloud = collection === 'sentinel-2-l2a' ? r.round(r.next() * 100, 1) : 0;
    const solar = r.pick(spec.solarHours);
    const jitter = r.int(-20, 20); // across the swath, a scene is some minutes off the node's time
    // A footprint of the collection's size near the box: it need not cover every point of it.
    const cx = centre[0] + (r.next() - 0.5) * 1.2 * spec.footprintDeg;
    const cy = centre[1] + (r.next() - 0.5) * 1.2 * spec.footprintDeg;
    const fp: BBox = [
      r.round(cx - half, 4),
      r.round(cy - half, 4),
      r.round(cx + half, 4),
      r.round(cy + half, 4),
    ];
    const id = `${spec.prefix}_${d.replace(/-/g, '')}_${r.hex(6)}`;
    const datetime = acquiredAt(d, cx, solar, jitter);
    if (!intersects(fp, bbox)) continue; // the catalog answers scenes that touch the box
    if (cloudMax !== undefined && cloud > cloudMax) continue;
    if (datetime > ctx.world.now().toISOString()) continue;
    const scene: Record<string, unknown> = {
      id,
      collection,
      datetime,
      bbox: fp,
      cloud_cover: cloud,
      platform: spec.platform,
      preview: `https://example.org/preview/${id}.png`,
    };
    if (eventDay) {
      const ts = eventTs;
      scene.timing =
        d < eventDay
          ? 'pre'
          : d > eventDay
            ? 'post'
            : ts === undefined
              ? 'same_day_unknown'
              : datetime < ts
                ? 'pre'
                : datetime > ts
                  ? 'post'
                  : 'same_day_unknown';
    }
    if (eventPoint || eventAoi) {
      const covers = eventPoint ? pointInBBox(eventPoint[0], eventPoint[1], fp) : contains(fp, eventAoi!);
      const clear = collection !== 'sentinel-2-l2a' || cloud <= USABLE_CLOUD;
      const relation: Record<string, unknown> = {
        covers_event_geometry: covers,
        usable_for_analysis: covers && clear,
      };
      if (eventAoi) {
        const ratio = area(eventAoi) > 0 ? area(intersection(fp, eventAoi)) / area(eventAoi) : covers ? 1 : 0;
        relation.intersects_event_aoi = intersects(fp, eventAoi);
        relation.event_aoi_coverage_ratio = Number(ratio.toFixed(3));
      }
      scene.target_relation = relation;
    }
    scenes.push(scene);
  }

  const hasPre = scenes.some((s) => s.timing === 'pre');
  const hasPost = scenes.some((s) => s.timing === 'post');
  const eventMeta = eventDay
    ? {
        has_pre_baseline: hasPre,
        has_post: hasPost,
        // Bracketing needs a scene on each side of the event.
        bracketing_available: hasPre && hasPost,
        window_status: p.addDays(eventDay, PRE_POST_SPAN_DAYS) <= today ? 'complete' : 'post_window_open',
        ...(collection === 'sentinel-1-grd'
          ? {
              sar_pair_status: hasPre && hasPost ? 'catalog_pair_exists_but_geometry_unverified' : 'no_pair',
              orbit_note: 'A usable pair needs the same relative orbit; the demo catalog does not check it.',
            }
          : {}),
      }
    : {};
  return {
    meta: { collection, start_date: start, end_date: end, bbox, count: scenes.length, ...eventMeta },
    scenes,
  };
}
