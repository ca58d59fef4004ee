// Measured events as signals. The main profile document (Signal table, "Measured categories")
// says measured events are events too: they come in GET /signals with measured=true and
// measured_kind, and state what was recorded, never a cause (no casualties, no actor). Each
// measured record of the demo world is also one event of the lists, with the same id in its
// measured list; ship-transit anomalies are seeded weekly at the 28 straits and canals. Each kind
// is measured where it can be: heat at energy sites and ports, night lights over towns, SO2 at
// volcanoes, quakes in seismic countries, cyclones in the basins the definition names.
import { geography, type Country, type Facility, type Place } from './geography';
import { createRandom, type Random } from './random';
import type { DemoEvent, DemoMeasured } from './world-types';

export type MeasuredKind = DemoMeasured['kind'] | 'transit';

/** [category, measured_kind] per kind (main profile, Signal table: measured_kind). */
export const MEASURED: Record<MeasuredKind, [string, string]> = {
  thermal: ['thermal_anomaly', 'thermal_anomaly'],
  nightlight: ['nightlight_anomaly', 'nightlight'],
  so2: ['so2_anomaly', 'so2'],
  quake: ['quake_exposure', 'quake_exposure'],
  cyclone: ['cyclone_exposure', 'cyclone_exposure'],
  transit: ['transit_anomaly', 'transit_anomaly'],
};

const WHAT: Record<MeasuredKind, (where: string) => string> = {
  thermal: (w) => `Heat source far above its recent level near ${w}`,
  nightlight: (w) => `Night lights below half of their usual level over ${w}`,
  so2: (w) => `Sulfur dioxide above background near ${w}`,
  quake: (w) => `Earthquake with registered facilities in range near ${w}`,
  cyclone: (w) => `Registered places inside forecast storm-force winds near ${w}`,
  transit: (w) => `Ship transits through ${w} below their usual level`,
};

/** Countries whose quakes the demo records (the quake list's exposures need registered places). */
const SEISMIC = ['CL', 'MX', 'PH', 'TW', 'IS', 'MM', 'HT'];
/** The cyclone definition's basins (Atlantic, eastern and central Pacific) reach these. */
const CYCLONE_COUNTRIES = ['MX', 'HT'];

export interface MeasuredSpot {
  country: Country;
  place: Place;
  facility?: Facility;
  lat: number;
  lng: number;
  title: string;
}

/** Where a measured record of this kind is made, drawn from the world's stream. */
export function measuredSpot(kind: Exclude<MeasuredKind, 'transit'>, r: Random): MeasuredSpot {
  const geo = geography();
  const town = (codes?: string[]) => {
    const country = r.pick(codes ? geo.countries.filter((c) => codes.includes(c.code)) : geo.countries);
    const place = r.pick(country.places);
    return { country, place, lat: place.lat, lng: place.lng, title: WHAT[kind](place.name) };
  };
  if (kind === 'thermal' && r.chance(0.7)) {
    const sites = geo.facilities.filter((f) => f.facility.subtype !== 'airport');
    const { country, place, facility } = r.pick(sites);
    return {
      country,
      place,
      facility,
      lat: facility.lat,
      lng: facility.lng,
      title: WHAT.thermal(facility.name),
    };
  }
  if (kind === 'so2') {
    const v = r.pick(geo.volcanoes);
    return { ...v, lat: v.place.lat, lng: v.place.lng, title: WHAT.so2(v.place.name) };
  }
  if (kind === 'quake') return town(SEISMIC);
  if (kind === 'cyclone') return town(CYCLONE_COUNTRIES);
  return town();
}

/** One measured record as an event of the lists (numbers drawn from the record's own seed). */
export function measuredEvent(
  n: number,
  kind: MeasuredKind,
  at: string,
  where: { country: Country; place: Place; facility?: Facility; lat: number; lng: number; title: string },
  seed: number,
  nowMs: number,
): DemoEvent {
  const r = createRandom(seed ^ 0x2545f491);
  const [category, measuredKind] = MEASURED[kind];
  const created = new Date(Math.min(Date.parse(at) + 30 * 60_000, nowMs - 1000)).toISOString();
  return {
    n,
    uuid: r.uuid(),
    intId: 1_000_000 + n,
    category,
    title: where.title,
    summary: `${where.title}, ${where.country.name}. This records a measurement, not a cause.`,
    country: where.country,
    place: where.place,
    ...(where.facility ? { facility: where.facility } : {}),
    // A facility's heat is pinpointed to it; a strait's transits are localized to the strait.
    stage: kind === 'thermal' && where.facility ? 'pinpointed' : 'localized',
    lat: where.lat,
    lng: where.lng,
    severityScore: r.round(1 + r.next() * 3, 1),
    geointScore: r.round(r.next() * 10, 1),
    escalating: false,
    crossBorder: false,
    infrastructure: null,
    // A measurement counts no casualties: unknown, never 0.
    killed: null,
    injured: null,
    memberCount: 1,
    distinctHosts: 1,
    hosts: ['example.org'],
    markets: [],
    imageryPost: 'none',
    observability: r.round(r.next(), 2),
    occurredAt: at,
    createdAt: created < at ? at : created,
    lastUpdatedAt: created < at ? at : created,
    actor: null,
    measuredKind,
  };
}

/** Weekly transit anomalies (a change shows days after it happens), from their own stream. */
export function transitRecords(
  seed: number,
  startMs: number,
  endMs: number,
): { at: string; country: Country; place: Place; facility: Facility; title: string; seed: number }[] {
  const r = createRandom(seed * 7919 + 13);
  const out = [];
  for (let t = startMs; t < endMs; t += 7 * 86_400_000) {
    if (!r.chance(0.7)) continue;
    const { country, place, facility } = r.pick(geography().chokepoints);
    const at = t + r.int(0, 6 * 86_400_000);
    if (at >= endMs) continue;
    out.push({
      at: new Date(at - (at % 3_600_000)).toISOString(),
      country,
      place,
      facility,
      title: WHAT.transit(place.name),
      seed: r.int(1, 1e9),
    });
  }
  return out;
}
