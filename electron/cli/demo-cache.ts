// The demo cache as the command line sees it (docs/cli.md "Demo data"): `sync --demo`,
// `signals --demo`, `signal --demo` and `serve --demo` share one file beside the account's
// cache (watchfloor.db → watchfloor-demo.db), so demo data never mixes with an account's.
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { openCacheReadOnly, readCacheMeta } from '../cache';
import { demoDbPath } from '../demo/session';
import { resolveDbPath } from '../paths';
import { CliError } from './errors';

/** `--db FILE` when given (the analyst named the file), else the default demo cache. */
export function resolveDemoCachePath(db: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  return db !== undefined ? path.resolve(db) : demoDbPath(resolveDbPath(undefined, env));
}

/**
 * Clears a demo cache before a demo sync. The demo service is generated afresh on each
 * start (a new world, a new port), so its cache cannot be continued, only replaced. A file
 * the analyst named with --db is replaced only when it is marked as demo data (migration 020:
 * the mark, not the host, since a tunnel to a real service is on 127.0.0.1 too); anything else
 * is refused and left as it is.
 */
export function clearDemoCache(file: string, named: boolean): void {
  if (named && existsSync(file)) {
    let recorded: { baseUrl: string; demo: boolean } | null;
    try {
      const db = openCacheReadOnly(file);
      try {
        recorded = readCacheMeta(db);
      } finally {
        db.close();
      }
    } catch (e) {
      throw new CliError(
        `${file} is not a Watchfloor cache this version can read (${e instanceof Error ? e.message : String(e)}); ` +
          '--demo replaces only demo data: pick another --db',
      );
    }
    if (recorded && !recorded.demo)
      throw new CliError(
        `${file} holds the cache of ${recorded.baseUrl}, not demo data; --demo replaces only demo data: pick another --db`,
      );
  }
  for (const suffix of ['', '-wal', '-shm', '.points']) rmSync(`${file}${suffix}`, { force: true });
}
