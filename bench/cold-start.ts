// Cold start of `watchfloor serve` on the benchmark's cache: the built CLI in a process of its
// own, as an analyst launches it, from spawn to the URL printed and to the first answer of
// signals.points (the map's points, which reads the point columns of every cached signal),
// and the process's resident memory then and at its peak (/proc: every thread, the cache
// writer's too). Offline: the cache's service (https://bench.invalid) never answers.
// Targets (1M signals): first map answer ≤ 2 s, RSS ≤ 400 MB.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { COLUMNS_CONTENT_TYPE, decodeColumns } from '../shared/wire';
import type { SignalPoints } from '../shared/contract';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ColdStart {
  /** Spawn to the URL printed. */
  urlMs: number;
  /** Spawn to the first signals.points answer, decoded. */
  pointsMs: number;
  points: number;
  /** Resident set after the answer, and the peak (VmHWM), in MB. */
  rssMb: number;
  peakMb: number;
  /** Of the resident set: anonymous memory (heaps, SQLite's page caches) and file pages (the mmap). */
  anonMb: number;
  fileMb: number;
}

/** Null when the CLI is not built (`npm run build:node`). */
export async function coldStart(file: string, home: string): Promise<ColdStart | null> {
  const bin = path.join(root, 'bin/watchfloor.js');
  if (!fs.existsSync(path.join(root, 'dist/electron/cli.js'))) return null;
  const t0 = performance.now();
  const child = spawn(
    process.execPath,
    [bin, 'serve', '--db', file, '--base-url', 'https://bench.invalid', '--profile', 'main', '--port', '0'],
    {
      cwd: root,
      env: { ...process.env, HOME: home, WATCHFLOOR_API_KEY: 'bench-key' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  try {
    const url = await new Promise<URL>((resolve, reject) => {
      let out = '';
      child.on('exit', (code) => reject(new Error(`serve exited (${code}):\n${stderr}`)));
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const line = out.split('\n').find((l) => l.startsWith('http://'));
        if (line) resolve(new URL(line.trim()));
      });
    });
    const urlMs = performance.now() - t0;
    const res = await fetch(`${url.origin}/api/contract/signals.points`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Watchfloor-Token': url.searchParams.get('token') ?? '',
      },
      body: '{}',
    });
    if (!res.headers.get('Content-Type')?.startsWith(COLUMNS_CONTENT_TYPE))
      throw new Error(`signals.points answered ${res.status} ${await res.text()}`);
    const outcome = decodeColumns(await res.arrayBuffer()) as { ok: true; result: SignalPoints };
    const pointsMs = performance.now() - t0;
    const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return {
      urlMs,
      pointsMs,
      points: outcome.result.count,
      rssMb: kb('VmRSS') / 1024,
      peakMb: kb('VmHWM') / 1024,
      anonMb: kb('RssAnon') / 1024,
      fileMb: kb('RssFile') / 1024,
    };
  } finally {
    const gone =
      child.exitCode !== null || child.signalCode !== null
        ? Promise.resolve()
        : new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const force = setTimeout(() => child.kill('SIGKILL'), 5000);
    await gone;
    clearTimeout(force);
  }
}
