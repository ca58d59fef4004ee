// Watches, their decision packages and notes (spec: alternate "Watch"). `pending` marks a
// record the analyst wrote locally that the outbox has not yet sent (docs/architecture.md).
import type { Migration } from './types';

export const migration005: Migration = {
  version: 5,
  name: 'watches',
  up(db) {
    db.exec(`
      CREATE TABLE watches (
        id TEXT PRIMARY KEY,
        name TEXT,
        target_type TEXT,
        status TEXT,
        bucket TEXT,
        latest_change_at TEXT,
        pending INTEGER NOT NULL DEFAULT 0,
        item TEXT NOT NULL,
        detail TEXT,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX watches_bucket ON watches(bucket);

      -- Every revision is kept ("revision (string; diffable)"), so changes can be compared.
      CREATE TABLE decision_packages (
        watch_id TEXT NOT NULL,
        revision TEXT NOT NULL,
        package_id TEXT,
        schema_version TEXT,
        fetched_at TEXT NOT NULL,
        payload TEXT NOT NULL,
        PRIMARY KEY (watch_id, revision)
      ) WITHOUT ROWID;

      CREATE TABLE notes (
        id TEXT PRIMARY KEY,
        watch_id TEXT NOT NULL,
        parent_id TEXT,
        supersedes_id TEXT,
        confidence TEXT,
        created_at TEXT,
        pending INTEGER NOT NULL DEFAULT 0,
        payload TEXT NOT NULL
      );
      CREATE INDEX notes_watch ON notes(watch_id);
    `);
  },
};
