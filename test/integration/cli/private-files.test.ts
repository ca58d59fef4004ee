// Files are private: the cache, its WAL and shared memory, the map's saved columns, settings
// and exports are created 0600, in a folder of ours made 0700 (the per-user data folder even
// when an earlier version made it wider). A folder the analyst named is left as it is.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCache } from '../../../electron/cache';
import { runWatchfloor } from '../../helpers/cli';

const mode = (p: string) => statSync(p).mode & 0o777;

function freshHome(): { home: string; env: NodeJS.ProcessEnv; dataDir: string } {
  const home = mkdtempSync(path.join(os.tmpdir(), 'wf-private-'));
  const { WATCHFLOOR_API_KEY: _k, WATCHFLOOR_BASE_URL: _u, WATCHFLOOR_DB: _d, ...rest } = process.env;
  return {
    home,
    env: { ...rest, HOME: home, XDG_CONFIG_HOME: path.join(home, '.config') },
    dataDir: path.join(home, '.config', 'Watchfloor'),
  };
}

describe('private files', () => {
  it('a demo sync leaves the per-user folder 0700 and every file in it 0600, even a folder made wider before', async () => {
    const { env, dataDir } = freshHome();
    mkdirSync(dataDir, { recursive: true });
    chmodSync(dataDir, 0o755);
    const run = await runWatchfloor(['sync', '--demo'], { env, timeoutMs: 120_000 });
    expect(run.code, run.stderr).toBe(0);
    expect(mode(dataDir)).toBe(0o700);
    const files = readdirSync(dataDir);
    expect(files).toContain('watchfloor-demo.db');
    for (const f of files) expect([f, mode(path.join(dataDir, f))]).toEqual([f, 0o600]);
  });

  it('a cache named with --db in a new folder: the folder 0700, the cache, its WAL and shm 0600 while open', () => {
    const { home } = freshHome();
    const file = path.join(home, 'cases', 'op-1', 'cache.db');
    const db = openCache(file, { baseUrl: 'https://service.example', profile: 'main' });
    try {
      db.exec('CREATE TABLE IF NOT EXISTS t (x); INSERT INTO t VALUES (1)');
      expect(mode(path.dirname(file))).toBe(0o700);
      expect(mode(path.join(home, 'cases'))).toBe(0o700);
      for (const f of [file, `${file}-wal`, `${file}-shm`]) expect([f, mode(f)]).toEqual([f, 0o600]);
    } finally {
      db.close();
    }
  });

  it('an older cache left readable by others is made private when opened; the analyst’s own folder is left as it is', () => {
    const { home } = freshHome();
    const folder = path.join(home, 'shared-folder');
    mkdirSync(folder, { mode: 0o755 });
    chmodSync(folder, 0o755);
    const file = path.join(folder, 'cache.db');
    openCache(file, { baseUrl: 'https://service.example', profile: 'main' }).close();
    chmodSync(file, 0o644);
    openCache(file, { baseUrl: 'https://service.example', profile: 'main' }).close();
    expect(mode(file)).toBe(0o600);
    expect(mode(folder)).toBe(0o755);
  });
});
