// Measured events of every kind and the transit index (spec: main "Measured event
// records"). They say what an instrument recorded, never a cause: stored as received.
import type { Migration } from './types';

export const migration007: Migration = {
  version: 7,
  name: 'measured',
  up(db) {
    db.exec(`
      CREATE TABLE measured_events (
        kind TEXT NOT NULL,
        event_id TEXT NOT NULL,
        measured_kind TEXT,
        category TEXT,
        title TEXT,
        lat REAL,
        lng REAL,
        recorded_at TEXT,
        payload TEXT NOT NULL,
        PRIMARY KEY (kind, event_id)
      ) WITHOUT ROWID;
      CREATE INDEX measured_recorded ON measured_events(kind, recorded_at);

      CREATE TABLE transit_places (
        entity_id TEXT PRIMARY KEY,
        name TEXT,
        lat REAL,
        lng REAL,
        status TEXT,
        as_of TEXT,
        anomalous INTEGER NOT NULL DEFAULT 0,
        payload TEXT NOT NULL
      );
    `);
  },
};
