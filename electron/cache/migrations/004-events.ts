// The change feed and event threads (spec: main "Development record", "Event thread";
// alternate "Development record (alternate)", "Event thread (alternate)").
import type { Migration } from './types';

export const migration004: Migration = {
  version: 4,
  name: 'events',
  up(db) {
    db.exec(`
      -- Developments carry no id of their own: the key is event, axis, time and new state.
      CREATE TABLE developments (
        key TEXT PRIMARY KEY,
        event_id TEXT NOT NULL,
        axis TEXT,
        source TEXT,
        notable INTEGER,
        observed_at TEXT,
        payload TEXT NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX developments_observed ON developments(observed_at);
      CREATE INDEX developments_event ON developments(event_id, observed_at);

      -- One thread per canonical event: canonical_event, timeline and sources in the payload.
      CREATE TABLE threads (
        event_id TEXT PRIMARY KEY,
        title TEXT,
        retracted INTEGER NOT NULL DEFAULT 0,
        fetched_at TEXT NOT NULL,
        payload TEXT NOT NULL
      );
    `);
  },
};
