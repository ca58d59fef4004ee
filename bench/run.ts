// `npm run bench`: every benchmark that exists, then one table of every figure with its
// target and PASS or MISS, also written as JSON under bench-results/. BENCH_N shrinks the data
// for a quick run; BENCH_ONLY=cache, passes, window, reports or slow-link runs just that one (window: both
// window benchmarks; window-browser: the one in headless Chromium alone; slow-link: sync through
// a throttled relay, ~20 min, not shrunk by BENCH_N). The report benchmark
// keeps its 10,000-signal watch area (the figure) whatever BENCH_N says. BENCH_COLD_FILE
// (with BENCH_ONLY=cache) measures serve's cold start alone on a cache file built before,
// BENCH_CACHE_FILE the queries alone.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { benchCache, benchColdStart, benchQueriesOn } from './cache';
import { printTable, writeJson } from './report';
import { benchReports } from './reports';
import { benchSlowLink } from './slow-link';
import { benchWindow } from './window';
import { benchWindowBrowser } from './window-browser';

const here = path.dirname(fileURLToPath(import.meta.url));
const n = process.env.BENCH_N ? Number(process.env.BENCH_N) : undefined;
if (n !== undefined && !(Number.isInteger(n) && n > 0)) {
  console.error(`BENCH_N must be a positive whole number, got "${process.env.BENCH_N}"`);
  process.exit(2);
}

const only = process.env.BENCH_ONLY;
const ONLY = ['cache', 'passes', 'window', 'window-browser', 'reports', 'slow-link'];
if (only !== undefined && !ONLY.includes(only)) {
  console.error(`BENCH_ONLY must be ${ONLY.join(', ')}, got "${only}"`);
  process.exit(2);
}

// BENCH_COLD_FILE: serve's cold start alone, on a cache file built before (bench/cache.ts).
const coldFile = process.env.BENCH_COLD_FILE;
// BENCH_CACHE_FILE: the queries alone, on a cache file built before (bench/cache.ts).
const cacheFile = process.env.BENCH_CACHE_FILE;
if (coldFile) await benchColdStart(path.resolve(coldFile));
else if (cacheFile && (only === undefined || only === 'cache')) benchQueriesOn(path.resolve(cacheFile));
else if (only === undefined || only === 'cache') await benchCache(n === undefined ? {} : { n });
if (only === undefined || only === 'window') await benchWindow(n === undefined ? {} : { n });
if (only === undefined || only === 'window' || only === 'window-browser')
  await benchWindowBrowser(n === undefined ? {} : { n });
if (only === undefined || only === 'reports') await benchReports();
if (only === undefined || only === 'slow-link') await benchSlowLink();

// The satellite-pass benchmark is written separately; run it when it is there.
// A computed specifier, so type-checking does not need the file to exist yet.
const passes = path.join(here, 'passes.ts');
if ((only === undefined || only === 'passes') && fs.existsSync(passes)) {
  const mod = (await import(pathToFileURL(passes).href)) as {
    benchPasses?: (opts?: { n?: number }) => Promise<void>;
  };
  await mod.benchPasses?.(n === undefined ? {} : { n });
}

printTable();
const json = writeJson({ n: n ?? null, only: only ?? null });
console.log(`\n(also in ${path.relative(process.cwd(), json)})`);
