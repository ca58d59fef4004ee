// The baseline: "a plain better-sqlite3 loop with FTS5 and an R*Tree". The cache
// benchmark's synthetic signals (generated in the loop, as the issue counts it) go into one
// table (id, time, text) + FTS5 + R*Tree, in 500-row transactions and in large ones, so
// docs/cache.md can set the cache's ingest rate against what this machine does with no
// cache at all. Not part of `npm run bench`: run it alone,
//   node --import tsx bench/plain-loop.ts            (BENCH_N rows, default 200,000)
// It writes scratch files under bench-results/ and removes them.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { makeSignal, makeWorld } from './cache';
import { RESULTS_DIR } from './report';

const n = Number(process.env.BENCH_N ?? 200_000);

interface Variant {
  name: string;
  batch: number;
  /** The cache's layout: a random uuid UNIQUE key beside the integer one. */
  uuidKey: boolean;
}

function run(v: Variant): { rate: number; cpuRate: number; bytesPerRow: number } {
  const dir = fs.mkdtempSync(path.join(RESULTS_DIR, 'plain-'));
  const file = path.join(dir, 'plain.db');
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec(`
      CREATE TABLE t (k INTEGER PRIMARY KEY, ${v.uuidKey ? 'id TEXT NOT NULL UNIQUE,' : ''} at TEXT, body TEXT);
      CREATE VIRTUAL TABLE t_fts USING fts5(title, summary, content = '', contentless_delete = 1);
      CREATE VIRTUAL TABLE t_rtree USING rtree(k, x0, x1, y0, y1, t0, t1);
    `);
    const row = db.prepare(
      v.uuidKey
        ? 'INSERT INTO t (k, id, at, body) VALUES (?, ?, ?, ?)'
        : 'INSERT INTO t (k, at, body) VALUES (?, ?, ?)',
    );
    const fts = db.prepare('INSERT INTO t_fts (rowid, title, summary) VALUES (?, ?, ?)');
    const box = db.prepare('INSERT INTO t_rtree VALUES (?, ?, ?, ?, ?, ?, ?)');
    const world = makeWorld();
    const started = performance.now();
    const cpu = process.cpuUsage();
    for (let done = 0; done < n; done += v.batch) {
      db.transaction(() => {
        for (let i = done; i < Math.min(n, done + v.batch); i++) {
          const s = makeSignal(world, i / n);
          const k = BigInt(i + 1);
          const body = JSON.stringify(s);
          if (v.uuidKey) row.run(k, s.id, s.occurred_at, body);
          else row.run(k, s.occurred_at, body);
          fts.run(k, s.title, s.summary);
          const t = Date.parse(s.occurred_at as string) / 3_600_000;
          box.run(k, s.lng, s.lng, s.lat, s.lat, t, t);
        }
      })();
    }
    const rate = n / ((performance.now() - started) / 1000);
    // This thread's CPU time as well: the VM is shared, and its load moves the wall time.
    const used = process.cpuUsage(cpu);
    const cpuRate = n / ((used.user + used.system) / 1e6);
    db.pragma('wal_checkpoint(TRUNCATE)');
    return { rate, cpuRate, bytesPerRow: fs.statSync(file).size / n };
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

fs.mkdirSync(RESULTS_DIR, { recursive: true });
const fmt = (x: number) => Math.round(x).toLocaleString('en');
{
  // The data generation alone, which the figure includes.
  const world = makeWorld();
  const t = performance.now();
  for (let i = 0; i < n; i++) JSON.stringify(makeSignal(world, i / n));
  console.log(`generating (and JSON.stringify) alone: ${fmt(n / ((performance.now() - t) / 1000))} rows/s`);
}
for (const v of [
  { name: 'integer key, 500-row transactions', batch: 500, uuidKey: false },
  { name: 'integer key, one transaction', batch: n, uuidKey: false },
  { name: '+ uuid UNIQUE, 500-row transactions', batch: 500, uuidKey: true },
  { name: '+ uuid UNIQUE, 8,000-row transactions', batch: 8000, uuidKey: true },
]) {
  const { rate, cpuRate, bytesPerRow } = run(v);
  console.log(
    `${v.name}: ${fmt(rate)} rows/s (${fmt(cpuRate)} a CPU second), ${fmt(bytesPerRow)} B/row on disk (${fmt(n)} rows)`,
  );
}
