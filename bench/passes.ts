// Pass-finder benchmark: all 13 families from the newest snapshot (~260 satellites) over 7
// days, for one target (goal ≤ 1 s) and for 50 targets at once (goal ≤ 2 s), with per-family
// pass counts and time; then "the next 48 hours over my places": for 50 places, the soonest
// sunlit optical pass and the soonest SAR pass (goal ≤ 1 s), first on the finder alone, then as
// the window asks it for 50 cached watches (watches.list, each box's centre, passes.soonest
// through the contract, on a cache holding the snapshot's elements). Times are wall-clock; the CPU
// time beside them is what to read on a busy machine. Runs alone
// (`node --import tsx bench/passes.ts`) or from bench/run.ts; BENCH_N (opts.n) caps the number
// of places of the many-place runs.
import fs, { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { FAMILY_KEYS, loadFamilies, type FamilyKey } from '../electron/passes/families';
import { computePassesMany } from '../electron/passes/predict';
import { parsePassRequest } from '../electron/passes/request';
import { soonestPasses } from '../electron/passes/soonest';
import { parseTleText } from '../electron/passes/tle-text';
import { bboxCentre, type BBox } from '../shared/bbox';
import type { PassesSoonestResult, WatchesListResult } from '../shared/contract';
import { openCache, storeWatches } from '../electron/cache/index';
import { createAppServices } from '../electron/contract/services';
import { record, RESULTS_DIR } from './report';

const here = path.dirname(fileURLToPath(import.meta.url));
const SNAPSHOT = path.resolve(here, '../test/fixtures/tle/celestrak_active_2026-08-22_2048lr.txt');
const START = '2026-08-22';
const END = '2026-08-28'; // inclusive: 7 whole days
const ONE_TARGET_GOAL_MS = 1_000;
const FIFTY_TARGETS_GOAL_MS = 2_000;
const NEXT_48H_GOAL_MS = 1_000;
const HOUR_MS = 3_600_000;

/** 50 places spread over inhabited latitudes, deterministic (a golden-angle spiral). */
function targets(n: number): { lat: number; lon: number }[] {
  return Array.from({ length: n }, (_, i) => {
    const lat = -55 + (125 * (i + 0.5)) / n; // -55..70
    const lon = ((((i * 137.508) % 360) + 360) % 360) - 180;
    return { lat: Math.round(lat * 100) / 100, lon: Math.round(lon * 100) / 100 };
  });
}

interface FamilyStat {
  satellites: number;
  passes: number;
  ms: number;
  evaluations: number;
}

/** Wall-clock and CPU time of `f`, ms. */
function timed<T>(f: () => T): { value: T; ms: number; cpuMs: number } {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = f();
  const used = process.cpuUsage(cpu);
  return { value, ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

function run(sets: ReturnType<typeof parseTleText>['sets'], places: { lat: number; lon: number }[]) {
  const catalog = loadFamilies();
  const now = new Date(`${START}T12:00:00Z`);
  const stats = new Map<FamilyKey, FamilyStat>(
    FAMILY_KEYS.map((k) => [k, { satellites: 0, passes: 0, ms: 0, evaluations: 0 }]),
  );
  // The window and families of a request (the place is the only thing that varies).
  const query = parsePassRequest({ ...places[0]!, startDate: START, endDate: END, maxPasses: 100 }, now);
  const {
    value: out,
    ms,
    cpuMs,
  } = timed(() =>
    computePassesMany(sets, places, query, now, {
      catalog,
      onSatellite: (family, satMs, evaluations) => {
        const s = stats.get(family)!;
        s.ms += satMs;
        s.evaluations += evaluations;
        s.satellites++;
      },
    }),
  );
  for (const c of out) for (const p of c.found) stats.get(p.family_key)!.passes++;
  return { ms, cpuMs, stats, satellites: out[0]?.members ?? 0 };
}

function report(title: string, r: ReturnType<typeof run>, goalMs: number, targetsCount: number): void {
  const verdict = r.ms <= goalMs ? 'within' : 'OVER';
  record({
    bench: 'passes',
    figure: `${targetsCount === 1 ? '1 target' : `${targetsCount} targets`}, 7 days (CPU ${seconds(r.cpuMs)})`,
    value: seconds(r.ms),
    target: `≤ ${seconds(goalMs)}`,
    pass: r.ms <= goalMs,
    data: { ms: r.ms, cpuMs: r.cpuMs },
  });
  console.log(
    `\n${title}: ${r.satellites} satellites x 7 days x ${targetsCount} target${targetsCount > 1 ? 's' : ''}: ` +
      `${seconds(r.ms)} (${verdict} the ${goalMs / 1000} s goal; CPU ${seconds(r.cpuMs)})`,
  );
  console.log(
    `  ${'family'.padEnd(12)} ${'sats'.padStart(5)} ${'passes'.padStart(7)} ${'ms'.padStart(8)} ${'SGP4 calls'.padStart(11)}`,
  );
  let evaluations = 0;
  for (const [key, s] of r.stats) {
    evaluations += s.evaluations;
    console.log(
      `  ${key.padEnd(12)} ${String(s.satellites).padStart(5)} ${String(s.passes).padStart(7)} ` +
        `${s.ms.toFixed(1).padStart(8)} ${String(s.evaluations).padStart(11)}`,
    );
  }
  console.log(
    `  total SGP4 calls ${evaluations} (${((r.ms * 1000) / Math.max(evaluations, 1)).toFixed(2)} µs each, all in)`,
  );
}

/** For each place, the soonest sunlit optical and the soonest SAR pass in the next 48 hours. */
function next48h(
  sets: ReturnType<typeof parseTleText>['sets'],
  places: { lat: number; lon: number }[],
): void {
  const now = new Date(`${START}T12:00:00Z`);
  const window = { startMs: now.getTime(), endMs: now.getTime() + 48 * HOUR_MS };
  const { value, ms, cpuMs } = timed(() => soonestPasses(sets, places, window, now, loadFamilies()));
  const verdict = ms <= NEXT_48H_GOAL_MS ? 'within' : 'OVER';
  record({
    bench: 'passes',
    figure: `next 48 h over ${places.length} places (CPU ${seconds(cpuMs)})`,
    value: seconds(ms),
    target: `≤ ${seconds(NEXT_48H_GOAL_MS)}`,
    pass: ms <= NEXT_48H_GOAL_MS,
    data: { ms, cpuMs },
  });
  console.log(
    `\nnext 48 hours over ${places.length} places (from ${now.toISOString()}), all families: ` +
      `${seconds(ms)} (${verdict} the ${NEXT_48H_GOAL_MS / 1000} s goal; CPU ${seconds(cpuMs)})`,
  );
  for (const kind of ['optical', 'sar'] as const) {
    const waits = value
      .map((v) => v[kind])
      .filter((p) => p !== null)
      .map((p) => (Date.parse(p.peak) - window.startMs) / HOUR_MS)
      .sort((a, b) => a - b);
    const median = waits.length ? `${waits[Math.floor(waits.length / 2)]!.toFixed(1)} h` : '-';
    const longest = waits.length ? `${waits[waits.length - 1]!.toFixed(1)} h` : '-';
    console.log(
      `  soonest ${kind === 'optical' ? 'sunlit optical' : 'SAR'} pass: ${waits.length} of ${places.length} places, ` +
        `median wait ${median}, longest ${longest}`,
    );
  }
}

/**
 * "Next 48 hours over my watches" as the window asks it: `n` area watches in an alternate-profile
 * cache holding the snapshot's elements; the time from asking for the watches to the soonest
 * passes answered, through the same contract rows the Passes view calls.
 */
async function next48hOverWatches(text: string, places: { lat: number; lon: number }[]): Promise<void> {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const dir = fs.mkdtempSync(path.join(RESULTS_DIR, 'passes-'));
  const file = path.join(dir, 'cache.db');
  const baseUrl = 'https://bench.invalid';
  const db = openCache(file, { baseUrl, profile: 'alternate' });
  storeWatches(db, {
    watches: places.map((p, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      name: `Watch ${i + 1}`,
      target_type: 'area',
      status: 'active',
      bucket: 'stable',
      area: { bbox: [p.lon - 0.2, p.lat - 0.2, p.lon + 0.2, p.lat + 0.2] },
    })),
  });
  db.close();
  const now = new Date(`${START}T12:00:00Z`);
  const services = createAppServices({
    transport: 'serve',
    dbPath: file,
    settingsFile: null,
    env: {},
    now: () => now,
    fetch: () => Promise.reject(new Error('the bench has no network')),
  });
  const call = async <T>(channel: string, input: unknown): Promise<T> => {
    const out = await services.dispatch(channel, input);
    if (!out.ok) throw new Error(`${channel}: ${out.error.message}`);
    return out.result as T;
  };
  try {
    await services.accounts.connect(baseUrl, 'alternate');
    await call('elements.import', { name: path.basename(SNAPSHOT), text });
    const times: number[] = [];
    let answer: PassesSoonestResult | null = null;
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      const watches = await call<WatchesListResult>('watches.list', {});
      const asked = watches.rows.flatMap((r) => {
        const bbox = r.record.area?.bbox as BBox | null | undefined;
        return bbox ? [{ id: r.id, ...bboxCentre(bbox) }] : [];
      });
      answer = await call<PassesSoonestResult>('passes.soonest', { places: asked, hours: 48 });
      times.push(performance.now() - t0);
    }
    const first = times[0]!;
    const found = (k: 'optical' | 'sar') => answer!.places.filter((p) => p[k] !== null).length;
    record({
      bench: 'passes',
      figure: `next 48 h over ${places.length} cached watches, through the contract (first / best of 3)`,
      value: `${seconds(first)} / ${seconds(Math.min(...times))}`,
      target: `≤ ${seconds(NEXT_48H_GOAL_MS)}`,
      pass: first <= NEXT_48H_GOAL_MS,
      data: { first, best: Math.min(...times), optical: found('optical'), sar: found('sar') },
    });
    console.log(
      `next 48 hours over ${answer!.places.length} cached watches (watches.list + passes.soonest): ` +
        `${times.map(seconds).join(', ')}; a sunlit optical pass for ${found('optical')}, a SAR pass for ${found('sar')}`,
    );
  } finally {
    await services.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchPasses(opts: { n?: number } = {}): Promise<void> {
  const parsed = parseTleText(readFileSync(SNAPSHOT, 'utf8'));
  console.log(
    `\npasses: ${path.basename(SNAPSHOT)}, ${parsed.sets.length} sets, window ${START}..${END} (UTC)`,
  );
  const one = run(parsed.sets, [{ lat: 50.45, lon: 30.52 }]);
  report('one target (Kyiv)', one, ONE_TARGET_GOAL_MS, 1);
  const many = targets(Math.min(opts.n ?? 50, 50));
  const fifty = run(parsed.sets, many);
  report(`${many.length} targets at once`, fifty, FIFTY_TARGETS_GOAL_MS, many.length);
  next48h(parsed.sets, many);
  await next48hOverWatches(readFileSync(SNAPSHOT, 'utf8'), many);
}

// Run alone: `node --import tsx bench/passes.ts`.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchPasses();
