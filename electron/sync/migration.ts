// The sync engine's own table: ids a reconciliation pass has seen listed (or already
// re-read), written in the same transaction as the page, so a killed --full run resumes
// without paying for its pages or re-reads twice.
import type Database from 'better-sqlite3';

export const syncMigration = {
  name: 'sync-seen',
  up(db: Database.Database): void {
    db.exec(`CREATE TABLE sync_seen (
      stream TEXT NOT NULL,
      id TEXT NOT NULL,
      PRIMARY KEY (stream, id)
    ) WITHOUT ROWID`);
  },
};
