// Signals of both profiles in one table (spec: main "Signal (main profile)", alternate
// "Signal (alternate profile)"): the columns the queries filter on, and the payload as
// received so nothing the service sends is lost (docs/architecture.md, "The cache").
import type { Migration } from './types';

export const migration002: Migration = {
  version: 2,
  name: 'signals',
  up(db) {
    db.exec(`
      -- seq: arrival order, so rows are appended, never inserted mid-table. tkey: occurred
      -- second * 2^20 + slot (tkey.ts), the time index; the FTS and R*Tree rows are keyed by
      -- it so the FTS walks a window latest first. The summary is searched through the FTS
      -- and kept in the payload; the payload lives in signal_payloads (below).
      CREATE TABLE signals (
        seq INTEGER PRIMARY KEY,
        tkey INTEGER NOT NULL,
        id TEXT NOT NULL UNIQUE,
        profile TEXT NOT NULL CHECK (profile IN ('main', 'alternate')),
        occurred_at TEXT,
        last_updated_at TEXT,
        severity_band INTEGER,
        severity_score REAL,
        stage TEXT,
        category TEXT,
        lat REAL,
        lng REAL,
        plottable INTEGER NOT NULL DEFAULT 0,
        retracted INTEGER NOT NULL DEFAULT 0,
        retracted_at TEXT,
        folded_into TEXT,
        country_code TEXT,
        market_impact TEXT,
        title TEXT,
        place TEXT,
        country TEXT
      );
      -- Payloads (1–2 KB) apart from the filter columns: two fit a 4 KB page, and the rows
      -- the queries filter stay small (measured: one 2.8 KB row per 4 KB page otherwise).
      CREATE TABLE signal_payloads (
        seq INTEGER PRIMARY KEY,
        payload TEXT NOT NULL
      );
      -- The time index covers every filter column, so a query sorts and filters candidates
      -- from the index alone and reads rows and payloads only for the results;
      -- a band filter is answered here too, walking latest first. tkeys are unique by
      -- construction (tkey.ts allocates them inside the writing transaction).
      CREATE INDEX signals_tkey ON signals(tkey, retracted, folded_into, lng, lat, severity_band,
        severity_score, stage, category, last_updated_at);
      CREATE INDEX signals_updated ON signals(last_updated_at);

      -- A folded id maps to its survivor (spec: main, "States and transitions", Event merge).
      CREATE TABLE signal_aliases (
        old_id TEXT PRIMARY KEY,
        survivor_id TEXT NOT NULL,
        recorded_at TEXT NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX signal_aliases_survivor ON signal_aliases(survivor_id);

      -- The service's q fields (spec: main, GET /signals, q), tokenised as shared/q.ts does.
      -- Contentless with delete support: the text is in the payload already.
      CREATE VIRTUAL TABLE signals_fts USING fts5(
        title, summary, place, country, category,
        content = '', contentless_delete = 1,
        tokenize = 'unicode61 remove_diacritics 2'
      );

      -- Points by longitude, latitude and occurred time (hours since 1970), so a bbox +
      -- window query reads only the rows inside both (queries start from the R*Tree).
      CREATE VIRTUAL TABLE signals_rtree USING rtree(id, min_lng, max_lng, min_lat, max_lat, min_t, max_t);
    `);
  },
};
