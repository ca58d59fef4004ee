// The window's map benchmark: every drawable point of the cache (synthetic main-profile
// signals, two in three with a point) answered by the contract's signals.points and carried
// over `serve`'s loopback HTTP in one binary body, decoded back into typed arrays.
// Target: 200,000 points answered and across in ≤ 100 ms.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { openCache, querySignalPoints, storeSignalsPage } from '../electron/cache/index';
import { COLUMNS_CONTENT_TYPE, decodeColumns } from '../shared/wire';
import type { SignalPoints } from '../shared/contract';
import { makeSignal, makeWorld } from './cache';
import { record, RESULTS_DIR } from './report';

const PAGE = 500;
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;

export async function benchWindow(opts: { n?: number } = {}): Promise<void> {
  // Two in three synthetic signals have a point: 300,000 signals give ~200,000 points.
  const n = opts.n ?? 300_000;
  // Scratch space inside the checkout (bench-results/ is ignored by git).
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const dir = fs.mkdtempSync(path.join(RESULTS_DIR, 'window-'));
  const file = path.join(dir, 'cache.db');
  const db = openCache(file, { baseUrl: 'https://bench.invalid', profile: 'main' });
  try {
    const world = makeWorld();
    for (let done = 0; done < n; done += PAGE) {
      const page = Array.from({ length: Math.min(PAGE, n - done) }, (_, i) =>
        makeSignal(world, (done + i) / n),
      );
      storeSignalsPage(db, { profile: 'main', signals: page });
    }
    db.pragma('wal_checkpoint(TRUNCATE)');
    // The server in its own process, as `watchfloor serve` is to the window's browser.
    const server = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('./window-serve.ts', import.meta.url)), file, dir],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const [first] = (await once(server.stdout, 'data')) as [Buffer];
    const serve = JSON.parse(first.toString()) as { origin: string; secret: string };
    try {
      const parts = { answer: [] as number[], body: [] as number[], decode: [] as number[] };
      const call = async (): Promise<SignalPoints> => {
        const t0 = performance.now();
        const res = await fetch(`${serve.origin}/api/contract/signals.points`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Watchfloor-Token': serve.secret },
          body: '{}',
        });
        if (!res.headers.get('Content-Type')?.startsWith(COLUMNS_CONTENT_TYPE))
          throw new Error(`signals.points answered ${res.status} ${await res.text()}`);
        const t1 = performance.now();
        const body = await res.arrayBuffer();
        const t2 = performance.now();
        const outcome = decodeColumns(body) as { ok: true; result: SignalPoints };
        parts.answer.push(t1 - t0);
        parts.body.push(t2 - t1);
        parts.decode.push(performance.now() - t2);
        return outcome.result;
      };
      // Warm: statements prepared, pages read, the point columns held (points.ts); the columns
      // are read again only after the cache changes.
      let t0 = performance.now();
      await call();
      console.log(`  first call (reads the point columns): ${(performance.now() - t0).toFixed(0)} ms`);
      querySignalPoints(db, {}); // this process's own columns, for the query-alone figure
      const query: number[] = [];
      const whole: number[] = [];
      let count = 0;
      for (const k of Object.values(parts)) k.length = 0;
      for (let i = 0; i < 15; i++) {
        t0 = performance.now();
        querySignalPoints(db, {});
        query.push(performance.now() - t0);
        t0 = performance.now();
        count = (await call()).count;
        whole.push(performance.now() - t0);
      }
      console.log(
        `window: ${n.toLocaleString('en')} synthetic signals, ${count.toLocaleString('en')} drawable points`,
      );
      const line = (label: string, ms: number[], target: string, ok: boolean) => {
        const value = `${pct(ms, 0.5).toFixed(1)} / ${pct(ms, 0.95).toFixed(1)} ms`;
        record({
          bench: 'window',
          figure: `${label}, ${count.toLocaleString('en')} points`,
          value,
          target,
          pass: ok,
          data: { p50: pct(ms, 0.5), p95: pct(ms, 0.95) },
        });
        console.log(
          `  ${label.padEnd(28)} ${value.padStart(16)}   target ${target.padEnd(11)} ${ok ? 'PASS' : 'MISS'}`,
        );
      };
      // p50 and the fastest: the machine may be shared, and the fastest run is what the code costs.
      console.log(
        `  (fastest: query ${Math.min(...query).toFixed(1)} ms, over serve ${Math.min(...whole).toFixed(1)} ms)`,
      );
      line('points query (p50 / p95)', query, '-', true);
      console.log(
        `  (over serve, p50: answer ready ${pct(parts.answer, 0.5).toFixed(1)} ms, body ${pct(parts.body, 0.5).toFixed(1)} ms, decode ${pct(parts.decode, 0.5).toFixed(1)} ms)`,
      );
      const scaled = whole.map((ms) => (ms * 200_000) / Math.max(count, 1));
      line(
        count >= 200_000 ? 'points over serve (p50/p95)' : 'points over serve (p50/p95; judged per 200k)',
        whole,
        '≤ 100 ms',
        count >= 200_000 ? pct(whole, 0.5) <= 100 : pct(scaled, 0.5) <= 100,
      );
    } finally {
      server.kill('SIGTERM');
      await once(server, 'exit');
    }
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
