// Report benchmark: `watchfloor report --watch ID` end to end, per format, on a cache whose
// watch area holds 10,000 signals (BENCH_N changes the number): the wall-clock time of the
// command (Node start, cache read, passes for HTML/PDF, render, write) and the size of the
// file it writes. Synthetic main-profile signals from bench/cache.ts's generator, all placed
// in the watch's box (a third of them country-level, as the generator makes them), the
// orbital-element snapshot of test/fixtures imported so the HTML and PDF list passes, and
// one area watch. Runs alone (`node --import tsx bench/reports.ts`) or from bench/run.ts.
// Targets are the analyst's wait for a report they asked for: a data file or the page in
// ≤ 10 s, the printed PDF (Chromium pages through it) in ≤ 20 s.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { openCache, storeSignalsPage } from '../electron/cache/index';
import { storeWatches } from '../electron/cache/watches';
import { parseElementsText } from '../electron/passes/parse';
import { importElements } from '../electron/passes/store';
import { findChromium, REPORT_FORMATS, type ReportFormat } from '../electron/reports';
import { makeSignal, makeWorld } from './cache';
import { printTable, record, RESULTS_DIR } from './report';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, '..');
const SNAPSHOT = path.join(ROOT, 'test/fixtures/tle/celestrak_active_2026-08-22_2048lr.txt');
/**
 * The watch's area: about 110 × 110 km around Kharkiv, where the generator's Ukraine is; small
 * enough for its passes to be listed (an area over 1,000 km across gets none: docs/reports.md).
 */
const AREA: [number, number, number, number] = [35.5, 49.5, 37.0, 50.5];
const WATCH_ID = 'w-bench-reports';
const PAGE = 500;
const GOAL_MS: Record<ReportFormat, number> = {
  html: 10_000,
  // Issue 26: a 10,000-signal watch report, printed, in 20 s.
  pdf: 20_000,
  geojson: 10_000,
  csv: 10_000,
  kml: 10_000,
};

/** A cache holding `n` signals in the watch's area, the element snapshot and the watch. */
export function buildCache(file: string, n: number): void {
  const db = openCache(file, { baseUrl: 'https://bench.invalid', profile: 'main' });
  try {
    const world = makeWorld();
    const [w, s, e, nn] = AREA;
    for (let done = 0; done < n; done += PAGE) {
      const signals: Record<string, unknown>[] = Array.from({ length: Math.min(PAGE, n - done) }, (_, i) => {
        const sig = makeSignal(world, (done + i) / n);
        // Every signal in the area: a point inside the box, the country whose outline it is.
        return {
          ...sig,
          lat: Number((s + world.r.next() * (nn - s)).toFixed(5)),
          lng: Number((w + world.r.next() * (e - w)).toFixed(5)),
          country: 'Ukraine',
          country_code: 'UA',
        };
      });
      const checkpoint = { updated_since: signals.at(-1)!.last_updated_at, offset: done + signals.length };
      storeSignalsPage(db, { profile: 'main', signals, stream: 'signals', checkpoint });
    }
    const { sets } = parseElementsText(fs.readFileSync(SNAPSHOT, 'utf8'));
    importElements(db, {
      sets,
      source: `file:${path.basename(SNAPSHOT)}`,
      fetchedAt: '2026-08-22T18:00:00Z',
    });
    storeWatches(db, {
      watches: [
        {
          id: WATCH_ID,
          name: 'Bench: around Kharkiv',
          target_type: 'area',
          status: 'active',
          bucket: 'stable',
          area: { bbox: AREA, area_status: 'ok' },
        },
      ],
    });
  } finally {
    db.close();
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

export async function benchReports(opts: { n?: number } = {}): Promise<void> {
  const n = opts.n ?? 10_000;
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const dir = fs.mkdtempSync(path.join(RESULTS_DIR, 'reports-'));
  const db = path.join(dir, 'cache.db');
  console.log(`reports: a watch area of ${n.toLocaleString('en')} synthetic signals (${db})`);
  buildCache(db, n);
  let chromium = true;
  try {
    findChromium();
  } catch {
    chromium = false;
  }
  const rows: { format: ReportFormat; ms: number; bytes: number; signals: string }[] = [];
  for (const format of REPORT_FORMATS) {
    if (format === 'pdf' && !chromium) {
      console.log('  pdf: skipped (no Chromium; set WATCHFLOOR_CHROMIUM)');
      continue;
    }
    const out = path.join(dir, `watch.${format}`);
    const started = performance.now();
    // The command as the analyst runs it; its stderr line says how many signals it wrote.
    const run = spawnSync(
      process.execPath,
      [
        path.join(ROOT, 'bin/watchfloor.js'),
        'report',
        '--watch',
        WATCH_ID,
        '--format',
        format,
        '--out',
        out,
        '--db',
        db,
      ],
      // The element snapshot's day: the passes are fresh, as after a refresh.
      {
        env: { ...process.env, WATCHFLOOR_NOW: '2026-08-22T06:00:00Z' },
        stdio: ['ignore', 'ignore', 'pipe'],
        encoding: 'utf8',
      },
    );
    if (run.status !== 0) throw new Error(`report --format ${format} failed: ${run.stderr}`);
    const said = run.stderr;
    const ms = performance.now() - started;
    const bytes = fs.statSync(out).size;
    const signals = /\(([\d,]+) signals/.exec(said)?.[1]?.replace(/,/g, '') ?? '?';
    rows.push({ format, ms, bytes, signals });
    record({
      bench: 'reports',
      figure: `report --watch, ${format} (${n.toLocaleString('en')} signals)`,
      value: `${(ms / 1000).toFixed(1)} s, ${mb(bytes)}`,
      target: `≤ ${GOAL_MS[format] / 1000} s`,
      pass: ms <= GOAL_MS[format],
      data: { ms: Math.round(ms), bytes, signals: Number(signals) },
    });
  }
  console.log(`\n  format   seconds   size        signals`);
  for (const r of rows)
    console.log(
      `  ${r.format.padEnd(8)} ${(r.ms / 1000).toFixed(2).padStart(7)}   ${mb(r.bytes).padStart(9)}   ${r.signals}`,
    );
  fs.rmSync(dir, { recursive: true, force: true });
}

// Run alone: `node --import tsx bench/reports.ts` (BENCH_N for another number of signals).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const n = process.env.BENCH_N ? Number(process.env.BENCH_N) : undefined;
  await benchReports(n === undefined ? {} : { n });
  printTable();
}
