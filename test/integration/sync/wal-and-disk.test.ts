// The WAL stays in proportion to the cache during a long sync (it reached 64 MB for a 7 MB
// cache; now its bound is half the cache, 4 to 64 MB, twice that at most while writes outrun
// the checkpoints), and a full disk stops the sync saying how much room it needs.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCacheReadOnly, readCacheMeta } from '../../../electron/cache';
import { repoRoot, runWatchfloor } from '../../helpers/cli';

const { WATCHFLOOR_DB: _d, WATCHFLOOR_API_KEY: _k, WATCHFLOOR_BASE_URL: _u, ...env } = process.env;
const size = (f: string) => statSync(f, { throwIfNoEntry: false })?.size ?? 0;

describe('the write-ahead log during a first sync', () => {
  it('never grows past twice its bound and a page: under 1.7 times the cache it ends as', async () => {
    const db = path.join(mkdtempSync(path.join(os.tmpdir(), 'wf-wal-')), 'demo.db');
    const child = spawn(
      process.execPath,
      [path.join(repoRoot, 'bin/watchfloor.js'), 'sync', '--demo', '--db', db],
      {
        cwd: repoRoot,
        env,
        stdio: 'ignore',
      },
    );
    let max = 0;
    const sample = setInterval(() => (max = Math.max(max, size(`${db}-wal`))), 5);
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    clearInterval(sample);
    expect(code).toBe(0);
    const cache = size(db);
    expect(cache).toBeGreaterThan(3 * 1024 * 1024);
    expect(max).toBeGreaterThan(0);
    expect(max, `WAL reached ${max} bytes for a cache of ${cache}`).toBeLessThan(1.7 * cache);
  }, 120_000);
});

/** A small file system of our own, or why there cannot be one here. */
function smallDisk(megabytes: number): { dir: string; release: () => void } | { skip: string } {
  if (process.platform !== 'linux' || process.getuid?.() !== 0)
    return { skip: 'needs root on Linux to mount a small tmpfs' };
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wf-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    return { skip: `cannot mount a tmpfs here: ${(e as Error).message.split('\n')[0]}` };
  }
  return {
    dir,
    release: () => {
      execFileSync('umount', [dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe('a full disk', () => {
  it('stops the sync, resumable, saying how much room it needs; the cache stays readable', async (ctx) => {
    const disk = smallDisk(5);
    if ('skip' in disk) {
      console.warn(`skipped: ${disk.skip}`);
      return ctx.skip(disk.skip);
    }
    try {
      const db = path.join(disk.dir, 'cache', 'demo.db');
      mkdirSync(path.dirname(db));
      const run = await runWatchfloor(['sync', '--demo', '--db', db], { env, timeoutMs: 120_000 });
      expect(run.code, run.stderr).toBe(3);
      expect(run.stderr).toMatch(
        /the disk holding .*\/cache is full \(\d+ MB free\): this sync needs at least \d+ MB free to go on/,
      );
      expect(run.stderr).toMatch(/run sync again: it resumes where it stopped/);
      expect(run.stderr).not.toMatch(/SQLITE_FULL|database or disk is full/);
      // What was stored before the disk filled is a cache, whole.
      const conn = openCacheReadOnly(db);
      try {
        expect(readCacheMeta(conn)?.demo).toBe(true);
        expect(conn.pragma('quick_check', { simple: true })).toBe('ok');
      } finally {
        conn.close();
      }
    } finally {
      disk.release();
    }
  }, 120_000);
});
