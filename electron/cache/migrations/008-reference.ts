// Briefs, registry entities and claims (spec: main "Brief", "Registry entity"; alternate
// "Brief (alternate)", "Claim", "Registry history (alternate)").
import type { Migration } from './types';

export const migration008: Migration = {
  version: 8,
  name: 'reference',
  up(db) {
    db.exec(`
      -- One brief per period and covered date (for weekly/monthly, the period's last day).
      CREATE TABLE briefs (
        period TEXT NOT NULL,
        date TEXT NOT NULL,
        headline TEXT,
        fetched_at TEXT NOT NULL,
        payload TEXT NOT NULL,
        PRIMARY KEY (period, date)
      ) WITHOUT ROWID;

      CREATE TABLE entities (
        id TEXT PRIMARY KEY,
        canonical TEXT,
        subtype TEXT,
        lat REAL,
        lng REAL,
        payload TEXT NOT NULL,
        history TEXT,
        updated_at TEXT NOT NULL
      );

      CREATE TABLE claims (
        claim_id TEXT PRIMARY KEY,
        evidence_class TEXT,
        independent_source_count INTEGER,
        restated INTEGER NOT NULL DEFAULT 0,
        payload TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
    `);
  },
};
