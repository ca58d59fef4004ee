// Change feed, threads, measured lists and transit (main profile document: "GET /developments",
// "GET /events/{eventId}/thread", "Measured lists", "GET /transit-anomalies"; alternate shapes
// from the alternate document).
import { pointInBBox } from '../../shared/bbox';
import { badParams, HttpFail, makeCursor, readCursor, type Ctx, type Plan } from './http';
import * as p from './params';
import {
  ALTERNATE_DEVELOPMENT_TYPES,
  alternateDevelopment,
  alternateThread,
  devType,
  MAIN_AXES,
  mainDevelopment,
  mainThread,
} from './serialize';
import { MEASURED } from './measured';
import { geography } from './geography';
import { createRandom } from './random';
import { entityId } from './registry';
import { dateOf, type DemoDevelopment, type DemoEvent, type DemoMeasured } from './world';

function devFilter(ctx: Ctx, from: string, to: string, extra: (d: DemoDevelopment) => boolean) {
  const bbox = p.bbox(ctx);
  const categories = p.list(ctx, 'categories');
  const notableOnly = p.bool(ctx, 'notable_only') ?? true;
  return ctx.world.developments.filter((d) => {
    const e = ctx.world.survivor(ctx.world.events[d.n - 1]!);
    return (
      d.observedAt >= from &&
      d.observedAt < to &&
      e.retractedAt === undefined &&
      (!notableOnly || d.notable) &&
      (!bbox || pointInBBox(e.lng, e.lat, bbox)) &&
      (!categories || categories.includes(e.category)) &&
      extra(d)
    );
  });
}

const countBy = <T>(rows: T[], key: (r: T) => string) => {
  const out: Record<string, number> = {};
  for (const r of rows) out[key(r)] = (out[key(r)] ?? 0) + 1;
  return out;
};

export function mainDevelopments(ctx: Ctx) {
  const dates = p.mainDates(ctx);
  const today = ctx.world.today();
  const w = p.clampWindow(ctx, dates.start ?? today, dates.end ?? today);
  const axes = p.list(ctx, 'axes', MAIN_AXES); // an unknown axis is a 400, never an empty result
  const withMembers = p.bool(ctx, 'include_member_count') ?? false;
  const size = p.limit(ctx, 200, 50);
  const offset = p.int(ctx, 'offset', 0, 1e9) ?? 0;
  const rows = devFilter(
    ctx,
    w.from,
    w.to,
    (d) => (!axes || axes.includes(d.axis)) && (withMembers || d.axis !== 'member_count'),
  ).sort((a, b) => b.observedAt.localeCompare(a.observedAt) || b.seq - a.seq);
  const slice = rows.slice(offset, offset + size);
  return {
    developments: slice.map((d) => mainDevelopment(ctx.world, d)),
    meta: {
      start_date: w.start,
      end_date: w.end,
      events_examined: new Set(rows.map((d) => d.n)).size,
      count: slice.length,
      total_count: rows.length,
      by_axis: countBy(rows, (d) => d.axis),
      by_source: countBy(rows, (d) => d.source),
      ...(w.clamp ? { window_clamp: w.clamp } : {}),
    },
  };
}

export function alternateDevelopments(ctx: Ctx) {
  const w = p.alternateWindow(ctx, 7);
  const types = p.list(ctx, 'development_types', ALTERNATE_DEVELOPMENT_TYPES);
  const size = p.limit(ctx, 200, 50);
  const rows = devFilter(
    ctx,
    `${w.start}T00:00:00.000Z`,
    `${p.addDays(w.end, 1)}T00:00:00.000Z`,
    (d) => !types || types.includes(devType(d.axis)),
  ).sort((a, b) => b.observedAt.localeCompare(a.observedAt) || b.seq - a.seq);
  const slice = rows.slice(0, size);
  return {
    developments: slice.map((d) => alternateDevelopment(ctx.world, d)),
    meta: {
      events_examined: new Set(rows.map((d) => d.n)).size,
      count: slice.length,
      by_type: countBy(slice, (d) => devType(d.axis)),
    },
  };
}

export function thread(ctx: Ctx) {
  const raw = ctx.params[0]!;
  const asked =
    ctx.state.profile === 'main'
      ? ctx.world.byUuid(raw)
      : /^\d+$/.test(raw)
        ? ctx.world.byInt(Number(raw))
        : undefined;
  if (!asked) throw new HttpFail(404, 'NOT_FOUND', 'no event with this id');
  const e = ctx.world.survivor(asked);
  return ctx.state.profile === 'main' ? mainThread(ctx.world, e, e !== asked) : alternateThread(ctx.world, e);
}

// ---- measured lists ----------------------------------------------------------------------

const KIND_BY_PATH: Record<string, DemoMeasured['kind']> = {
  'thermal-anomalies': 'thermal',
  'nightlight-anomalies': 'nightlight',
  'so2-anomalies': 'so2',
  'quake-exposures': 'quake',
  'cyclone-exposures': 'cyclone',
};
export const MEASURED_KEYS: Record<string, string> = {
  'thermal-anomalies': 'thermal_anomalies',
  'nightlight-anomalies': 'nightlight_anomalies',
  'so2-anomalies': 'so2_anomalies',
  'quake-exposures': 'quake_exposures',
  'cyclone-exposures': 'cyclone_exposures',
};
const DEFINITIONS: Record<DemoMeasured['kind'], Record<string, unknown>> = {
  thermal: {
    min_frp_mw: 10,
    times_baseline: 5,
    baseline_days: 21,
    baseline_radius_m: 500,
    facility_radius_m: 2000,
  },
  nightlight: {
    ratio_below: 0.5,
    min_observed_share: 0.7,
    min_baseline_nights: 5,
    max_baseline_nights: 30,
    episode_gap_nights: 3,
  },
  so2: {
    near_deg: 0.5,
    ring_deg: 2,
    min_quality: 0.5,
    sigma: 5,
    min_du: 1,
    min_pixels: 10,
    min_ratio_to_expected: 3,
  },
  quake: {
    radius_by_magnitude: [
      { min_magnitude: 6.5, radius_km: 100 },
      { min_magnitude: 5.5, radius_km: 50 },
      { min_magnitude: 5, radius_km: 25 },
    ],
    max_depth_km: 70,
    max_facilities_listed: 5,
  },
  cyclone: { wind_kt: 34, forecast_hours: 48, basins: ['Atlantic', 'eastern Pacific', 'central Pacific'] },
};
const CATEGORY: Record<DemoMeasured['kind'], [string, string]> = MEASURED;

/**
 * What each demo plan withholds of measured detail ("What a call returns depends on the plan:
 * … a level of detail the plan lacks is reported in the response (… plan_lock) and is never
 * applied silently"). The documents show no values by plan; these are the demo's. A withheld
 * field is left out (never a zero), the record says detail_withheld, the list's meta
 * detail_included false, and plan_lock names the fields and the plans that include them.
 */
const WITHHELD: Record<Plan, Partial<Record<DemoMeasured['kind'] | 'transit', string[]>>> = {
  free: {
    thermal: ['frp_mw', 'baseline_max_mw', 'times_baseline'],
    nightlight: ['ratio_to_usual', 'percent_of_usual', 'observed_share'],
    so2: ['peak_du', 'background_du', 'background_spread_du'],
    quake: ['facilities'],
    cyclone: ['forecast_positions', 'places_inside_forecast'],
    transit: ['index', 'change', 'tanker_index'],
  },
  analyst: { transit: ['tanker_index'] },
  pro: {},
};
const PLANS_WITH: Record<Plan, string[]> = { free: ['analyst', 'pro'], analyst: ['pro'], pro: [] };

function withheldOf(ctx: Ctx, kind: DemoMeasured['kind'] | 'transit') {
  const fields = WITHHELD[ctx.state.plan][kind] ?? [];
  const omit = <T extends Record<string, unknown>>(o: T): T =>
    Object.fromEntries(Object.entries(o).filter(([k]) => !fields.includes(k))) as T;
  return {
    fields,
    omit,
    planLock: fields.length
      ? { plan_lock: { withheld: fields, required_plans: PLANS_WITH[ctx.state.plan] } }
      : {},
  };
}

function measuredRecord(m: DemoMeasured, eventId: string, e?: DemoEvent): Record<string, unknown> {
  const r = createRandom(m.seed);
  const [category, kind] = CATEGORY[m.kind];
  // The record names the real place of its event (geography.ts), as its title does.
  const placeName = e?.place.name ?? m.title;
  const countryCode = e?.country.code ?? null;
  const common = {
    event_id: eventId,
    measured_kind: kind,
    category,
    detail_withheld: false,
    title: m.title,
    location: { lat: m.lat, lng: m.lng },
    related_events: [],
  };
  const facility = {
    entity_id: `ent-${m.id.slice(-6)}`,
    name: e?.facility?.name ?? placeName,
    subtype: e?.facility?.subtype ?? 'refinery_energy',
    country: countryCode,
  };
  switch (m.kind) {
    case 'thermal':
      return {
        ...common,
        kind: 'facility',
        detected_at: m.at,
        facility,
        distance_m: r.int(50, 1900),
        frp_mw: r.round(10 + r.next() * 200, 1),
        baseline_max_mw: r.round(1 + r.next() * 2, 1),
        times_baseline: r.round(5 + r.next() * 20, 1),
        satellite: 'NOAA-21',
        satellites: ['NOAA-21', 'SUOMI NPP'],
        confidence: 'nominal',
        overpass: 'night',
        severity: { score: null, band: null },
        linked_events: [],
      };
    case 'nightlight':
      return {
        ...common,
        recorded_at: m.at,
        city: {
          slug: placeName.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
          name: placeName,
          country_code: countryCode,
          lat: m.lat,
          lng: m.lng,
          half_size_deg: 0.1,
        },
        night: dateOf(m.at),
        first_night: dateOf(m.at),
        nights: [dateOf(m.at)],
        ratio_to_usual: 0.4,
        percent_of_usual: 40,
        observed_share: 0.8,
        baseline_nights: 20,
        product: 'VNP46A2',
        granule: `VNP46A2.${r.hex(8)}`,
        provisional: true,
        source_url: null,
      };
    case 'so2':
      return {
        ...common,
        recorded_at: m.at,
        volcano: { name: placeName, lat: m.lat, lng: m.lng },
        sensed_at: m.at,
        peak_du: r.round(5 + r.next() * 20, 1),
        background_du: 0.4,
        background_spread_du: 0.3,
        pixels_over: 40,
        pixels_expected: 10,
        pixels_near: 60,
        granule: `S5P_${r.hex(8)}`,
        source_url: 'https://example.org/so2',
      };
    case 'quake':
      return {
        ...common,
        recorded_at: m.at,
        earthquake: {
          agency_id: `q${r.hex(6)}`,
          magnitude: r.round(5 + r.next() * 2, 1),
          magnitude_type: 'mww',
          depth_km: r.int(5, 60),
          occurred_at: m.at,
          epicentre: { lat: m.lat, lng: m.lng },
          place: e ? `near ${placeName}, ${e.country.name}` : 'offshore',
          review_status: 'reviewed',
          url: 'https://example.org/quake',
        },
        radius_km: 50,
        facilities: [{ ...facility, distance_km: r.round(2 + r.next() * 40, 1) }],
        facilities_total: 1,
        source_url: 'https://example.org/quake',
      };
    case 'cyclone':
      return {
        ...common,
        recorded_at: m.at,
        storm: { id: `al${r.int(1, 20)}`, name: 'Demo', classification: 'HU' },
        advisory: {
          number: String(r.int(1, 30)),
          issued_at: m.at,
          url: 'https://example.org/adv',
          forecast_url: 'https://example.org/fc',
        },
        centre: { lat: m.lat, lng: m.lng },
        max_wind_kt: 90,
        min_pressure_mb: 970,
        wind_radii_34kt_nm: { NE: 120, SE: 100, SW: 60, NW: 80 },
        forecast_positions: [],
        places_inside_now: [],
        places_inside_forecast: [],
        places_inside_now_count: 0,
        places_inside_forecast_count: 0,
        source_url: 'https://example.org/adv',
      };
  }
}

/** The record's event: the signal it is in GET /signals (one event, two reads). */
const measuredEvent = (ctx: Ctx, m: DemoMeasured): DemoEvent | undefined =>
  m.eventN === undefined ? undefined : ctx.world.survivor(ctx.world.events[m.eventN - 1]!);
/** The record's event id is the id of that signal. */
function measuredEventId(ctx: Ctx, m: DemoMeasured): string {
  const e = measuredEvent(ctx, m);
  if (!e) return m.id;
  return ctx.state.profile === 'main' ? e.uuid : String(e.intId);
}

export function measuredList(ctx: Ctx) {
  const name = ctx.params[0]!;
  const kind = KIND_BY_PATH[name]!;
  const dates = p.mainDates(ctx);
  const span = p.planSpan(ctx);
  const w = p.clampWindow(ctx, dates.start ?? p.addDays(span.latest, -6), dates.end ?? span.latest);
  const bbox = p.bbox(ctx);
  const size = p.limit(ctx, 100, 50);
  const rows = ctx.world.measured.filter(
    (m) => m.kind === kind && m.at >= w.from && m.at < w.to && (!bbox || pointInBBox(m.lng, m.lat, bbox)),
  );
  const after = readCursor<[string, string]>(ctx);
  const startAt = after
    ? rows.findIndex((m) => m.at > after[0] || (m.at === after[0] && m.id > after[1]))
    : 0;
  const begin = startAt < 0 ? rows.length : startAt;
  const slice = rows.slice(begin, begin + size);
  const last = slice[slice.length - 1];
  const more = begin + size < rows.length;
  const held = withheldOf(ctx, kind);
  return {
    meta: {
      measured_kind: CATEGORY[kind][1],
      start_date: w.start,
      end_date: w.end,
      count: slice.length,
      total_count: rows.length,
      detail_included: held.fields.length === 0,
      definition: DEFINITIONS[kind],
      next_cursor: more && last ? makeCursor(ctx, [last.at, last.id]) : null,
      has_more: more,
      ...(w.clamp ? { window_clamp: w.clamp } : {}),
    },
    [MEASURED_KEYS[name]!]: slice.map((m) => {
      const record = measuredRecord(m, measuredEventId(ctx, m), measuredEvent(ctx, m));
      return held.fields.length ? { ...held.omit(record), detail_withheld: true } : record;
    }),
    ...held.planLock,
  };
}

/**
 * The transit index at the 28 straits and canals (geography.ts: IMF PortWatch's chokepoints, at
 * their coordinates). A strait is below its usual level when the world holds a transit anomaly
 * there in the month to the index's date, and the anomaly names that event.
 */
export function transit(ctx: Ctx) {
  const r = createRandom(ctx.state.world.now().getUTCDate() + 7);
  const asOf = p.addDays(ctx.world.today(), -((ctx.world.now().getUTCDay() + 1) % 7) - 4);
  const from = `${p.addDays(asOf, -30)}T00:00:00.000Z`;
  const to = `${p.addDays(asOf, 1)}T00:00:00.000Z`;
  const recent = ctx.world
    .listed()
    .filter((e) => e.category === 'transit_anomaly' && e.occurredAt >= from && e.occurredAt < to);
  const held = withheldOf(ctx, 'transit');
  const places = geography().chokepoints.map((k) => {
    const anomaly = recent.filter((e) => e.facility === k.facility).at(-1);
    const below = anomaly !== undefined;
    const index = below ? r.round(40 + r.next() * 30, 1) : r.round(80 + r.next() * 40, 1);
    const since = anomaly ? dateOf(anomaly.occurredAt) : asOf;
    return {
      entity_id: entityId(ctx.state.profile, k.place.name),
      name: k.place.name,
      lat: k.place.lat,
      lng: k.place.lng,
      status: below ? 'below' : 'usual',
      level: held.omit({
        as_of: asOf,
        status: below ? 'below' : 'usual',
        index,
        change: r.round(r.next() * 0.4 - 0.2, 3),
        tanker_index: r.round(50 + r.next() * 70, 1),
        revised: false,
        first_recorded_at: `${asOf}T06:00:00Z`,
      }),
      detail_withheld: held.fields.length > 0,
      anomaly: anomaly
        ? {
            direction: 'below',
            since,
            days: Math.max(1, Math.round((Date.parse(asOf) - Date.parse(since)) / 86_400_000) + 1),
            event_id: ctx.state.profile === 'main' ? anomaly.uuid : String(anomaly.intId),
          }
        : null,
    };
  });
  return {
    meta: {
      as_of: asOf,
      count: places.length,
      anomalous_count: places.filter((x) => x.anomaly).length,
      detail_included: held.fields.length === 0,
      definition: 'index of ship transits; 100 = usual level',
      attribution: 'demo data; straits and canals as IMF PortWatch defines them',
    },
    places,
    ...held.planLock,
  };
}

export const requireKnownMeasured = (name: string) => {
  if (!KIND_BY_PATH[name]) throw badParams('unknown list');
};
