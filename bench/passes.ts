// Pass-finder benchmark (issue 5): all 13 families from the newest snapshot (~260 satellites)
// over 7 days, for one target (goal ≤ 1 s) and for 50 targets (goal ≤ 20 s), with per-family
// pass counts and time. Runs alone (`node --import tsx bench/passes.ts`) or from bench/run.ts;
// BENCH_N (opts.n) caps the number of targets of the second run.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { FAMILY_KEYS, loadFamilies, type FamilyKey } from '../electron/passes/families';
import { computePasses } from '../electron/passes/predict';
import { parsePassRequest } from '../electron/passes/request';
import { parseTleText } from '../electron/passes/tle-text';

const here = path.dirname(fileURLToPath(import.meta.url));
const SNAPSHOT = path.resolve(here, '../../shared/tle/celestrak_active_2026-08-22_2048lr.txt');
const START = '2026-08-22';
const END = '2026-08-28'; // inclusive: 7 whole days
const ONE_TARGET_GOAL_MS = 1_000;
const FIFTY_TARGETS_GOAL_MS = 20_000;

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

function run(sets: ReturnType<typeof parseTleText>['sets'], places: { lat: number; lon: number }[]) {
  const catalog = loadFamilies();
  const now = new Date(`${START}T12:00:00Z`);
  const stats = new Map<FamilyKey, FamilyStat>(
    FAMILY_KEYS.map((k) => [k, { satellites: 0, passes: 0, ms: 0, evaluations: 0 }]),
  );
  let satellites = 0;
  const started = performance.now();
  for (const place of places) {
    const req = parsePassRequest({ ...place, startDate: START, endDate: END, maxPasses: 100 }, now);
    const out = computePasses(sets, req, now, {
      catalog,
      onSatellite: (family, ms, evaluations) => {
        const s = stats.get(family)!;
        s.ms += ms;
        s.evaluations += evaluations;
        if (places.length === 1 || place === places[0]) s.satellites++;
      },
    });
    satellites = out.members;
    for (const p of out.found) stats.get(p.family_key)!.passes++;
  }
  return { ms: performance.now() - started, stats, satellites };
}

function report(title: string, r: ReturnType<typeof run>, goalMs: number, targetsCount: number): void {
  const verdict = r.ms <= goalMs ? 'within' : 'OVER';
  console.log(
    `\n${title}: ${r.satellites} satellites x 7 days x ${targetsCount} target${targetsCount > 1 ? 's' : ''}: ` +
      `${(r.ms / 1000).toFixed(2)} s (${verdict} the ${goalMs / 1000} s goal)`,
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

export async function benchPasses(opts: { n?: number } = {}): Promise<void> {
  const parsed = parseTleText(readFileSync(SNAPSHOT, 'utf8'));
  console.log(
    `\npasses: ${path.basename(SNAPSHOT)}, ${parsed.sets.length} sets, window ${START}..${END} (UTC)`,
  );
  const one = run(parsed.sets, [{ lat: 50.45, lon: 30.52 }]);
  report('one target (Kyiv)', one, ONE_TARGET_GOAL_MS, 1);
  const many = targets(Math.min(opts.n ?? 50, 50));
  const fifty = run(parsed.sets, many);
  report(`${many.length} targets`, fifty, FIFTY_TARGETS_GOAL_MS, many.length);
}

// Run alone: `node --import tsx bench/passes.ts`.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchPasses();
