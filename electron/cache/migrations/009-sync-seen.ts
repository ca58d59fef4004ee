// The sync engine's reconciliation table (electron/sync/reconcile.ts): ids a `--full` pass
// has seen listed (or already re-read), written in the same transaction as the page, so a
// killed run resumes without paying for its pages or re-reads twice. IF NOT EXISTS: until
// it moved here the step was exported beside the sync engine's code to be run on its own, so
// a file below version 9 may already hold the table (same DDL); it then migrates as it is.
import type { Migration } from './types';

export const migration009: Migration = {
  version: 9,
  name: 'sync-seen',
  up(db) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS sync_seen (
        stream TEXT NOT NULL,
        id TEXT NOT NULL,
        PRIMARY KEY (stream, id)
      ) WITHOUT ROWID;
    `);
  },
};
