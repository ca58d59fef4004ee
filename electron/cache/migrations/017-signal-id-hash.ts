// Signal ids are looked up through a 53-bit hash in an integer index (id-hash.ts) instead of
// the text UNIQUE index: measured at 1M signals the uuid index was ~50 B a signal on disk and
// the largest share of what a sync writes (its random keys dirty a page per new signal). The
// UNIQUE constraint cannot be dropped in place, so `signals` is rebuilt (same columns, same
// seq, plus idh); uniqueness is kept by storeSignalsPage, which looks every id up first.
import { registerIdHash } from '../id-hash';
import type { Migration } from './types';

export const migration017: Migration = {
  version: 17,
  name: 'signal-id-hash',
  up(db) {
    registerIdHash(db);
    db.exec(`
      CREATE TABLE signals_017 (
        seq INTEGER PRIMARY KEY,
        tkey INTEGER NOT NULL,
        id TEXT NOT NULL,
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
        country TEXT,
        measured INTEGER NOT NULL DEFAULT 0,
        measured_kind TEXT,
        escalating INTEGER NOT NULL DEFAULT 0,
        publishers INTEGER,
        idh INTEGER NOT NULL
      );
      INSERT INTO signals_017 SELECT seq, tkey, id, profile, occurred_at, last_updated_at, severity_band,
        severity_score, stage, category, lat, lng, plottable, retracted, retracted_at, folded_into,
        country_code, market_impact, title, place, country, measured, measured_kind, escalating,
        publishers, signal_id_hash(id) FROM signals ORDER BY seq;
      DROP TABLE signals;
      ALTER TABLE signals_017 RENAME TO signals;
      CREATE INDEX signals_tkey ON signals(tkey, retracted, folded_into, lng, lat);
      CREATE INDEX signals_updated ON signals(last_updated_at);
      CREATE INDEX signals_idh ON signals(idh);
    `);
  },
};
