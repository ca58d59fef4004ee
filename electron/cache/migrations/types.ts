import type Database from 'better-sqlite3';

/**
 * One schema step. `version` becomes PRAGMA user_version once `up` has run, in the same
 * transaction (docs/architecture.md, "The cache").
 */
export interface Migration {
  readonly version: number;
  readonly name: string;
  up(db: Database.Database): void;
}
