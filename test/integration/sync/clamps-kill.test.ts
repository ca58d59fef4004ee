// Clamps survive a kill: a stream's clamp is stored in the same transaction as the data and
// checkpoint it came with. Before, clamps were written at the run's end only, so a sync killed
// after a stream had stored its (narrowed) data kept the data and lost the note that it was
// narrowed: `signals` then took the part for the whole.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getStreamClamps, openCacheReadOnly, getCheckpoint } from '../../../electron/cache';
import { startDemoService, type DemoService } from '../../../electron/demo';
import { repoRoot } from '../../helpers/cli';
import { DEMO_KEY, DEMO_NOW } from '../../helpers/demo';

let demo: DemoService;
beforeAll(async () => {
  // The free plan narrows the window (its history floor): every windowed answer says so.
  demo = await startDemoService({
    profile: 'main',
    now: DEMO_NOW,
    signalsPerDay: 20,
    plan: 'free',
    faults: { latencyMs: 40 },
  });
});
afterAll(() => demo?.close());

/** Runs `watchfloor sync` and kills it (SIGKILL) as soon as stderr shows `when`. */
function syncKilledAt(db: string, when: RegExp): Promise<{ killed: boolean; stderr: string }> {
  const { WATCHFLOOR_DB: _d, ...rest } = process.env;
  const child = spawn(
    process.execPath,
    [path.join(repoRoot, 'bin/watchfloor.js'), 'sync', '--base-url', demo.url, '--db', db],
    { cwd: repoRoot, env: { ...rest, WATCHFLOOR_API_KEY: DEMO_KEY }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  let killed = false;
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
    if (!killed && when.test(stderr)) {
      killed = true;
      child.kill('SIGKILL');
    }
  });
  return new Promise((resolve) => child.on('close', () => resolve({ killed, stderr })));
}

describe('a sync killed part way', () => {
  it.each([
    // Killed once a measured stream has stored its data and the next has begun (the progress
    // names a stream in words: "measured: nightlight").
    ['measured.thermal', /sync measured: nightlight/],
    // Killed once the signals stream has stored its pages and the next stream has begun.
    ['signals', /sync (monitoring|brief|developments)/],
    ['developments', /sync measured: /],
  ])(
    'keeps the clamps of what %s stored',
    async (stream, when) => {
      const db = path.join(mkdtempSync(path.join(os.tmpdir(), 'wf-clampkill-')), 'cache.db');
      const run = await syncKilledAt(db, when);
      expect(run.killed, run.stderr).toBe(true);
      const conn = openCacheReadOnly(db);
      try {
        // The stream stored something (its checkpoint moved) ...
        expect(getCheckpoint(conn, stream)).not.toBeNull();
        // ... and the note that its window was narrowed by the plan came with it.
        const clamps = getStreamClamps(conn, [stream]);
        expect(clamps.map((c) => c.kind)).toContain('window_clamp');
        expect(clamps.every((c) => c.stream === stream)).toBe(true);
      } finally {
        conn.close();
      }
    },
    120_000,
  );
});
