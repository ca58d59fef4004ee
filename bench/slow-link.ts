// Slow-link benchmark (BENCH_ONLY=slow-link): `watchfloor sync --base-url` as a user runs it,
// through a relay on 127.0.0.1 that holds the line to a byte rate with a one-way delay
// (test/helpers/relay.ts), against the demo service answering compressed or not, 6,000
// signals. Lines of 16 kB/s down and 8 kB/s up, and 64/32 kB/s, 300 ms each way.
// Figures (issue 22): a first sync at 16 kB/s uncompressed completes with nothing fetched
// twice; the latest day's signals are stored within 60 s; a compressed first sync at 16 kB/s
// takes at most 1.25 × (bytes on the line ÷ line rate); at most 200 B on the line a signal,
// compressed; with the line cut every 2 MB the sync completes, fetching at most one page
// again per cut; the tokens of the adapted first sync against pages of 500.
// Runs alone (`node --import tsx bench/slow-link.ts`) or from bench/run.ts.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { startDemoService, type Compression, type DemoService } from '../electron/demo';
import { startRelay, type RelayStats } from '../test/helpers/relay';
import { printTable, record } from './report';

const here = path.dirname(fileURLToPath(import.meta.url));
const BIN = path.resolve(here, '../bin/watchfloor.js');
const KEY = 'demo-key';
const DELAY_MS = 300;
const RECORD_START = '2026-09-23';

interface Run {
  code: number | null;
  seconds: number;
  summary: {
    complete: boolean;
    streams: Record<string, { requests: number; received: number; stored: number }>;
    tokens: { charged: number };
    line?: { page_limit: number; adapted: boolean; bytes_per_second: number | null; encoding: string | null };
    stopped?: { message: string };
    errors?: { stream: string; message: string }[];
  } | null;
  stderr: string;
  /** Seconds from the start until the latest day's signals were all in the cache. */
  latestDayAt: number | null;
  relay: RelayStats;
  cached: number;
}

const fmtKB = (n: number) => `${(n / 1000).toFixed(1)} kB`;

/** The demo world: 6,000 signals from the record's start to today 23:00 UTC (a near-full latest day). */
function worldNow(): Date {
  return new Date(`${new Date().toISOString().slice(0, 10)}T23:00:00Z`);
}

function perDayFor(total: number, now: Date): number {
  const days = (now.getTime() - Date.parse(`${RECORD_START}T00:00:00Z`)) / 86_400_000;
  return Math.round(total / days);
}

async function demoFor(compress: Compression, total: number): Promise<DemoService> {
  const now = worldNow();
  // The world's count follows its rate only roughly: one correction brings it near `total`.
  const first = perDayFor(total, now);
  const probe = await startDemoService({ profile: 'main', now, signalsPerDay: first });
  const n = probe.world.listed().length;
  await probe.close();
  const perDay = Math.max(1, Math.round((first * total) / n));
  return startDemoService({ profile: 'main', now, signalsPerDay: perDay, compress });
}

/** One `watchfloor sync` through a relay; polls the cache for the latest day's signals. */
async function syncThrough(
  demo: DemoService,
  line: { down: number; cutEveryBytes?: number },
  dir: string,
  runs = 1,
): Promise<Run> {
  const relay = await startRelay({
    target: { port: Number(new URL(demo.url).port) },
    downBytesPerSecond: line.down,
    upBytesPerSecond: line.down / 2,
    delayMs: DELAY_MS,
    ...(line.cutEveryBytes ? { cutEveryBytes: line.cutEveryBytes } : {}),
  });
  const db = path.join(dir, 'cache.db');
  const today = demo.world.today();
  const truth = demo.world.listed().filter((e) => e.occurredAt.slice(0, 10) === today).length;
  const t0 = performance.now();
  let latestDayAt: number | null = null;
  const poll = setInterval(() => {
    if (latestDayAt !== null || !fs.existsSync(db)) return;
    try {
      const c = new Database(db, { readonly: true, fileMustExist: true });
      try {
        const n = (
          c.prepare('SELECT COUNT(*) AS n FROM signals WHERE substr(occurred_at, 1, 10) = ?').get(today) as {
            n: number;
          }
        ).n;
        if (n >= truth) latestDayAt = (performance.now() - t0) / 1000;
      } finally {
        c.close();
      }
    } catch {
      /* the cache is being created */
    }
  }, 250);
  let last: { code: number | null; stdout: string; stderr: string } = { code: null, stdout: '', stderr: '' };
  // A stopped run (the line cut too often) is run again, as the scheduler would.
  for (let i = 0; i < runs; i++) {
    last = await cli(['sync', '--base-url', relay.url, '--db', db, '--json'], dir);
    if (last.code === 0) break;
  }
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(poll);
  await relay.close();
  let cached = 0;
  if (fs.existsSync(db)) {
    const c = new Database(db, { readonly: true });
    cached = (c.prepare('SELECT COUNT(*) AS n FROM signals').get() as { n: number }).n;
    c.close();
  }
  let summary: Run['summary'] = null;
  try {
    summary = JSON.parse(last.stdout) as Run['summary'];
  } catch {
    /* no summary: said by the code */
  }
  return {
    code: last.code,
    seconds,
    summary,
    stderr: last.stderr,
    latestDayAt,
    relay: { ...relay.stats },
    cached,
  };
}

function cli(args: string[], home: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: {
        ...process.env,
        HOME: home,
        XDG_CONFIG_HOME: home,
        XDG_DATA_HOME: home,
        WATCHFLOOR_API_KEY: KEY,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Signals pages asked twice: the same query (window, cursor, page size) answered 200 more than once. */
function repeatedPages(demo: DemoService, path = '/api/v1/signals'): number {
  const seen = new Map<string, number>();
  for (const r of demo.requests)
    if (r.path === path && r.status === 200) {
      const k = JSON.stringify(Object.entries(r.query).sort());
      seen.set(k, (seen.get(k) ?? 0) + 1);
    }
  return [...seen.values()].reduce((a, n) => a + n - 1, 0);
}

function tmp(name: string): string {
  return fs.mkdtempSync(path.join(process.env.TMPDIR ?? os.tmpdir(), `wf-slow-${name}-`));
}

/** What went wrong in a run, for the log: the summary's errors and stop, or stderr's last lines. */
function why(r: Run): string {
  if (r.code === 0) return '';
  const s = r.summary;
  const said = [
    ...(s?.errors ?? []).map((e) => `${e.stream}: ${e.message}`),
    ...(s?.stopped ? [s.stopped.message] : []),
  ];
  return `\n    ${(said.length ? said : r.stderr.trim().split('\n').slice(-3)).join('\n    ')}`;
}

/** The repeated signals queries, for the log. */
function repeatedQueries(demo: DemoService): string[] {
  const seen = new Map<string, number>();
  for (const r of demo.requests)
    if (r.path === '/api/v1/signals' && r.status === 200) {
      const k = JSON.stringify(r.query);
      seen.set(k, (seen.get(k) ?? 0) + 1);
    }
  return [...seen].filter(([, n]) => n > 1).map(([k, n]) => `${n}× ${k.slice(0, 160)}`);
}

export async function benchSlowLink(opts: { total?: number; parts?: string[] } = {}): Promise<void> {
  const total = opts.total ?? 6000;
  const parts = opts.parts ?? process.env.BENCH_SLOW_PARTS?.split(',') ?? ['16', '16gz', '64', 'cut'];
  const load = () => os.loadavg()[0]!.toFixed(1);
  console.log(`slow link: ${total} signals, relay ${DELAY_MS} ms each way; load ${load()}`);

  // 16 kB/s uncompressed: completes, nothing twice, the latest day within 60 s.
  if (parts.includes('16')) {
    const demo = await demoFor(false, total);
    const dir = tmp('16');
    const r = await syncThrough(demo, { down: 16_000 }, dir);
    const s = r.summary;
    const received = s?.streams.signals?.received ?? 0;
    const repeats = repeatedPages(demo);
    const ok = r.code === 0 && !!s?.complete && received === r.cached && repeats === 0;
    console.log(
      `  16 kB/s uncompressed: exit ${r.code} in ${r.seconds.toFixed(0)} s, ${received} received, ${r.cached} cached, ${repeats} page(s) asked twice; ${fmtKB(r.relay.down)} down; pages of ${s?.line?.page_limit} (adapted ${s?.line?.adapted}); load ${load()}${why(r)}`,
    );
    record({
      bench: 'slow-link',
      figure: 'first sync, 16 kB/s, uncompressed',
      value: ok
        ? `done in ${r.seconds.toFixed(0)} s, none twice`
        : `exit ${r.code}, ${received}/${r.cached}, ${repeats} twice`,
      target: 'completes, nothing fetched twice',
      pass: ok,
      data: {
        seconds: r.seconds,
        received,
        cached: r.cached,
        repeated_pages: repeats,
        bytes_down: r.relay.down,
      },
    });
    record({
      bench: 'slow-link',
      figure: "latest day's signals stored, 16 kB/s, uncompressed",
      value: r.latestDayAt === null ? 'never' : `${r.latestDayAt.toFixed(1)} s`,
      target: '≤ 60 s',
      pass: r.latestDayAt !== null && r.latestDayAt <= 60,
      ...(r.latestDayAt !== null ? { data: { seconds: r.latestDayAt } } : {}),
    });
    // Tokens: the adapted pages against pages of 500 (the slices' own page counts at 500).
    const pages = s?.streams.signals?.requests ?? 0;
    const today = demo.world.today();
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const listed = demo.world.listed();
    const latest = listed.filter((e) => e.occurredAt.slice(0, 10) >= yesterday).length;
    const at500 = Math.ceil(latest / 500) + Math.ceil((listed.length - latest) / 500);
    record({
      bench: 'slow-link',
      figure: 'signals tokens, adapted first sync vs pages of 500',
      value: `${pages * 3} vs ${at500 * 3} (×${((pages * 3) / (at500 * 3)).toFixed(1)})`,
      target: 'printed, with the ratio',
      pass: pages > 0,
      data: { adapted_tokens: pages * 3, pages_of_500_tokens: at500 * 3, run_tokens: s?.tokens.charged ?? 0 },
    });
    await demo.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }

  // 16 kB/s compressed: time against bytes on the line ÷ rate; bytes a signal.
  if (parts.includes('16gz')) {
    const demo = await demoFor('gzip', total);
    const dir = tmp('16gz');
    const r = await syncThrough(demo, { down: 16_000 }, dir);
    const bound = r.relay.down / 16_000;
    const ratio = r.seconds / bound;
    const perSignal = (r.relay.down + r.relay.up) / Math.max(1, r.cached);
    console.log(
      `  16 kB/s gzip: exit ${r.code} in ${r.seconds.toFixed(1)} s; ${fmtKB(r.relay.down)} down, ${fmtKB(r.relay.up)} up, ${r.cached} signals; line idle ${(r.relay.downIdleMs / 1000).toFixed(1)} s; load ${load()}`,
    );
    record({
      bench: 'slow-link',
      figure: 'first sync, 16 kB/s, compressed: time ÷ (bytes ÷ rate)',
      value: `${r.seconds.toFixed(1)} s ÷ ${bound.toFixed(1)} s = ${ratio.toFixed(2)}`,
      target: '≤ 1.25',
      pass: r.code === 0 && ratio <= 1.25,
      data: { seconds: r.seconds, bytes_down: r.relay.down, ratio },
    });
    record({
      bench: 'slow-link',
      figure: 'bytes on the line per signal, compressed',
      value: `${perSignal.toFixed(0)} B`,
      target: '≤ 200 B',
      pass: r.code === 0 && perSignal <= 200,
      data: {
        bytes_per_signal: perSignal,
        bytes_down: r.relay.down,
        bytes_up: r.relay.up,
        signals: r.cached,
      },
    });
    await demo.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }

  // 64 kB/s, uncompressed and compressed (for comparison).
  for (const compress of parts.includes('64') ? ([false, 'gzip'] as const) : []) {
    const demo = await demoFor(compress, total);
    const dir = tmp('64');
    const r = await syncThrough(demo, { down: 64_000 }, dir);
    const s = r.summary;
    console.log(
      `  64 kB/s ${compress || 'uncompressed'}: exit ${r.code} in ${r.seconds.toFixed(1)} s, ${fmtKB(r.relay.down)} down, pages of ${s?.line?.page_limit}, ${s?.tokens.charged} tokens; load ${load()}${why(r)}`,
    );
    record({
      bench: 'slow-link',
      figure: `first sync, 64 kB/s, ${compress || 'uncompressed'}`,
      value: `${r.seconds.toFixed(0)} s, ${fmtKB(r.relay.down)}`,
      target: 'completes',
      pass: r.code === 0 && !!s?.complete,
      data: { seconds: r.seconds, bytes_down: r.relay.down, tokens: s?.tokens.charged ?? 0 },
    });
    await demo.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }

  // The line cut every 2 MB (64 kB/s, uncompressed: ~4 cuts): completes, ≤ one page again per cut.
  if (parts.includes('cut')) {
    const demo = await demoFor(false, total);
    const dir = tmp('cut');
    const r = await syncThrough(demo, { down: 64_000, cutEveryBytes: 2_000_000 }, dir, 10);
    const repeats = repeatedPages(demo);
    const ok = r.code === 0 && repeats <= r.relay.cuts;
    console.log(
      `  cut every 2 MB: exit ${r.code} in ${r.seconds.toFixed(0)} s, ${r.relay.cuts} cuts, ${repeats} signals page(s) again, ${r.cached} cached; load ${load()}${why(r)}`,
    );
    if (repeats > r.relay.cuts) console.log(`    ${repeatedQueries(demo).join('\n    ')}`);
    record({
      bench: 'slow-link',
      figure: 'resume with the line cut every 2 MB',
      value: `${r.code === 0 ? 'done' : `exit ${r.code}`}, ${r.relay.cuts} cuts, ${repeats} pages again`,
      target: 'completes; ≤ 1 page again per cut',
      pass: ok,
      data: { cuts: r.relay.cuts, repeated_pages: repeats, seconds: r.seconds },
    });
    await demo.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await benchSlowLink();
  printTable();
}
