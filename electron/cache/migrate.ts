// Runs the numbered migrations a database has not yet seen, each in its own transaction
// that also sets user_version, so a crash leaves the file at a whole step.
import type Database from 'better-sqlite3';
import { checkMigrationOrder, migrations as allMigrations, type Migration } from './migrations/index';

export class CacheVersionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CacheVersionError';
  }
}

export const userVersion = (db: Database.Database): number =>
  db.pragma('user_version', { simple: true }) as number;

/** Migrates to the last step of `list` (all steps by default); returns the steps applied. */
export function migrate(db: Database.Database, list: readonly Migration[] = allMigrations): Migration[] {
  checkMigrationOrder(list);
  const current = userVersion(db);
  const latest = list.at(-1)?.version ?? 0;
  if (current > latest)
    throw new CacheVersionError(
      `the cache is at schema version ${current}, newer than this Watchfloor knows (${latest}); ` +
        'use a newer Watchfloor or another cache file',
    );
  const applied: Migration[] = [];
  for (const m of list) {
    if (m.version <= current) continue;
    db.transaction(() => {
      m.up(db);
      // PRAGMA takes no bound parameters; version is checked to be an integer above.
      db.pragma(`user_version = ${m.version}`);
    })();
    applied.push(m);
  }
  return applied;
}
