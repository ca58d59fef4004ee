// The seeded account of the demo world: six watches (three bound to standing orders) and
// three monitoring areas, drawn from the world's stream in the order the world always drew them.
import { pointInBBox } from '../../shared/bbox';
import { geography } from './geography';
import type { Random } from './random';
import type { DemoArea, DemoEvent, DemoOrder, DemoWatch } from './world-types';
import { dateOf, isoAt, uuidFrom } from './world-stamps';

const DAY = 86_400_000;

export function seedWatchesAndOrders(
  r: Random,
  events: DemoEvent[],
  end: number,
): { watches: DemoWatch[]; orders: DemoOrder[] } {
  const watches: DemoWatch[] = [];
  const orders: DemoOrder[] = [];
  const buckets = ['needs_attention', 'changed_today', 'awaiting_data', 'stable'] as const;
  const recent = events.filter((e) => e.stage !== 'reported').slice(-200);
  for (let i = 0; i < 6; i++) {
    // A world whose clock stands at the record's start has no placed event yet: its watches are
    // areas around places (the same draws as ever once there is one).
    const e = recent.length > 0 ? recent[r.int(0, recent.length - 1)]! : null;
    const anchor = e ?? placeAnchor(r);
    const isEvent = e !== null && i % 2 === 0;
    const bbox: [number, number, number, number] = [
      r.round(anchor.lng - 0.5, 3),
      r.round(anchor.lat - 0.5, 3),
      r.round(anchor.lng + 0.5, 3),
      r.round(anchor.lat + 0.5, 3),
    ];
    const at = isoAt(end - r.int(1, 72) * 3_600_000);
    const id = uuidFrom(r.hex(10));
    watches.push({
      id,
      name: isEvent ? `Event: ${e.title}` : `Area around ${anchor.place.name}`,
      targetType: isEvent ? 'event' : 'area',
      status: 'active',
      bucket: buckets[i % 4]!,
      ...(isEvent ? { eventN: e.n } : {}),
      // An area watch starts with what earlier checks found: points in its box over the bar.
      links: isEvent
        ? [e.n]
        : events
            .filter((x) => x.stage !== 'reported' && x.geointScore >= 6 && pointInBBox(x.lng, x.lat, bbox))
            .map((x) => x.n),
      bbox,
      question: i === 0 ? 'Is the port still operating?' : null,
      notifyEmail: false,
      updatedAt: at,
      latestChange: { at, summary: 'New reporting linked to the watch' },
      packages: [1, 2, 3].map((k) => ({
        revision: `r${k}`,
        at: isoAt(end - (4 - k) * DAY),
        discriminators: [
          {
            observable: 'post-event imagery of the site',
            verdict: k === 3 ? 'procurable' : 'not_observable',
            max_elimination: k,
            refutes_if_absent: ['h1'],
          },
        ],
        negative: [
          {
            observable: 'burn scar',
            axis: 'imagery_post_status',
            status: 'inconclusive',
            reason: 'cloud cover over the site',
            source_status: 'no_usable_scene',
            detail: null,
          },
        ],
      })),
      notes: [
        {
          id: `n-${r.hex(8)}`,
          note: 'Two outlets repeat the same wire copy; breadth is not confirmation.',
          confidence: null,
          supersedes_id: null,
          created_by: 'user',
          created_at: at,
        },
      ],
    });
  }
  for (let i = 0; i < 3; i++) {
    const w = watches[i]!;
    orders.push({
      id: r.uuid(),
      name: `Order ${i + 1}: ${w.name}`,
      cadence: i === 0 ? 'daily' : 'weekly',
      bbox: w.bbox,
      active: true,
      lastCheckedAt: isoAt(end - 6 * 3_600_000),
      lastRunAt: i === 0 ? isoAt(end - 3 * DAY) : null,
      quietChecks: i,
      totalRuns: i === 0 ? 2 : 0,
      nextDueAt: isoAt(end + DAY),
      watchId: w.id,
      question: null,
      categories: null,
      minGeoint: 6,
      minNewEvents: 1,
      checkedThrough: isoAt(end - 6 * 3_600_000),
    });
  }
  return { watches, orders };
}

/** A place to watch when the world has no placed event yet. */
function placeAnchor(r: Random): { lng: number; lat: number; place: { name: string } } {
  const place = r.pick(r.pick(geography().countries).places);
  return { lng: place.lng, lat: place.lat, place };
}

export function seedAreas(r: Random, end: number): DemoArea[] {
  const areas: DemoArea[] = [];
  const metrics = ['ship_detection', 'fire_count', 'ndvi'];
  for (let i = 0; i < 3; i++) {
    const place = r.pick(r.pick(geography().countries).places);
    const series = [];
    // One point of each series departs from the rest: the anomaly a view can show.
    const spike = r.int(0, 9);
    for (let d = 30, k = 0; d >= 1; d -= 3, k++) {
      const date = dateOf(isoAt(end - d * DAY));
      const value = r.round(r.next() * 40, 1);
      series.push({
        date,
        value: k === spike ? r.round(value + 60, 1) : value,
        is_anomaly: k === spike,
        stac_item_id: `S1A_IW_GRDH_${date.replace(/-/g, '')}_${r.hex(6)}`,
      });
    }
    areas.push({
      id: r.uuid(),
      name: `${place.name} ${metrics[i]}`,
      bbox: [
        r.round(place.lng - 0.2, 3),
        r.round(place.lat - 0.2, 3),
        r.round(place.lng + 0.2, 3),
        r.round(place.lat + 0.2, 3),
      ],
      metric: metrics[i]!,
      satellite: i === 0 ? 'sentinel-1' : 'sentinel-2',
      polygonId: r.uuid(),
      series,
    });
  }
  return areas;
}
