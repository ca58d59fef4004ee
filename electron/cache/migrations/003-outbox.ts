// The analyst's writes waiting to be sent (electron/outbox/outbox.ts): one row per write, in
// the order made. IF NOT EXISTS: until it moved here the step was exported beside the
// outbox's code to be run on its own, so a file below version 3 may already hold the table
// (same DDL); it then migrates as it is.
import type { Migration } from './types';

export const migration003: Migration = {
  version: 3,
  name: 'outbox',
  up(db) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS outbox (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        op TEXT NOT NULL,
        local_id TEXT NOT NULL UNIQUE,
        payload TEXT NOT NULL,
        depends_on TEXT,
        state TEXT NOT NULL DEFAULT 'pending'
          CHECK (state IN ('pending','sending','sent','rejected','blocked','discarded')),
        attempts INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        error_status INTEGER,
        error_message TEXT,
        result TEXT,
        remote_id TEXT
      );
      CREATE INDEX IF NOT EXISTS outbox_open ON outbox(state, seq);
    `);
  },
};
