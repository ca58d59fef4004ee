// The schema, in order. Append only: a released step is never edited, a change is a new
// step (docs/style.md: "migrations as numbered files", checked to be strictly increasing).
import { outboxMigration } from '../../outbox/outbox';
import { elementsMigration } from '../../passes/store';
import { syncMigration } from '../../sync/migration';
import { migration001 } from './001-meta';
import { migration002 } from './002-signals';
import { migration004 } from './004-events';
import { migration005 } from './005-watches';
import { migration006 } from './006-areas';
import { migration007 } from './007-measured';
import { migration008 } from './008-reference';
import { migration011 } from './011-rtree-points';
import type { Migration } from './types';

export type { Migration } from './types';

export const migrations: readonly Migration[] = [
  migration001,
  migration002,
  // The outbox keeps its schema beside its code (electron/outbox/outbox.ts).
  { version: 3, name: outboxMigration.name, up: (db) => outboxMigration.up(db) },
  migration004,
  migration005,
  migration006,
  migration007,
  migration008,
  // The sync engine's reconciliation table lives beside its code (electron/sync/migration.ts).
  { version: 9, name: syncMigration.name, up: (db) => syncMigration.up(db) },
  // Orbital elements live beside their code (electron/passes/store.ts); the migration is
  // idempotent, so a file where `elements import` created the tables first still migrates.
  { version: 10, name: elementsMigration.name, up: (db) => elementsMigration.up(db) },
  migration011,
];

/** Throws unless versions are positive integers, strictly increasing. */
export function checkMigrationOrder(list: readonly Migration[]): void {
  let previous = 0;
  for (const m of list) {
    if (!Number.isInteger(m.version) || m.version <= previous)
      throw new Error(`migration "${m.name}" has version ${m.version}, not above ${previous}`);
    previous = m.version;
  }
}

checkMigrationOrder(migrations);

export const LATEST_VERSION = migrations.at(-1)?.version ?? 0;
