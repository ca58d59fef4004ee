// Orbital elements (electron/passes/): each set with its epoch, where it came from and when
// it was fetched; plus one row per GP URL for conditional requests and the two-hour rule.
// IF NOT EXISTS: earlier Watchfloors let `elements import` / `elements refresh` create these
// two tables (same DDL) in a file at any version below this one, outside the numbered
// steps; such a file keeps its tables and rows and carries on from here.
import type { Migration } from './types';

export const migration010: Migration = {
  version: 10,
  name: 'orbital-elements',
  up(db) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS orbital_elements (
        norad_id INTEGER NOT NULL,
        epoch TEXT NOT NULL,
        name TEXT NOT NULL,
        format TEXT NOT NULL CHECK (format IN ('tle', 'omm')),
        raw TEXT NOT NULL,
        source TEXT NOT NULL,
        fetched_at TEXT NOT NULL,
        PRIMARY KEY (norad_id, epoch)
      ) WITHOUT ROWID;
      -- One row per GP URL: validators for If-None-Match / If-Modified-Since and the time of
      -- the last answer, so a refresh asks at most once every two hours (CelesTrak's rule).
      CREATE TABLE IF NOT EXISTS elements_fetches (
        url TEXT PRIMARY KEY,
        etag TEXT,
        last_modified TEXT,
        checked_at TEXT NOT NULL,
        changed_at TEXT,
        status INTEGER NOT NULL,
        sets INTEGER NOT NULL DEFAULT 0
      );
    `);
  },
};
