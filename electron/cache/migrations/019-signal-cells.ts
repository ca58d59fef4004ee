// The words' index learns where each signal is (cells.ts): signals_fts is made again with a
// `cells` column holding, for every drawable point (the rows the R*Tree holds), its grid cell
// at four levels, so bbox + q is answered inside the index (docs/cache.md, "Time keys and
// query plans"). Measured at 1M synthetic signals: bbox + window + q p95 12–15 ms → ~7 ms, the
// index 341 → 366 MB (+25 B a signal). Contentless, so the text comes from where
// storeSignalsPage took it: title, place, country and category are the row's columns, the
// summary is the payload's; inserted in time-key order, in batches of 2,000 (~40 s a million
// signals).
import { decodePayload, PAYLOAD_COLUMNS, type PayloadColumns } from '../payload';
import { cellTokens } from '../cells';
import { str } from '../sql';
import type { Migration } from './types';

export const migration019: Migration = {
  version: 19,
  name: 'signal-cells',
  up(db) {
    db.exec(`
      DROP TABLE signals_fts;
      CREATE VIRTUAL TABLE signals_fts USING fts5(
        title, summary, place, country, category, cells,
        content = '', contentless_delete = 1,
        tokenize = 'unicode61 remove_diacritics 2'
      );
    `);
    const insert = db.prepare(
      'INSERT INTO signals_fts (rowid, title, summary, place, country, category, cells) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    const batch = db.prepare(
      `SELECT s.tkey, ${[...new Set([...PAYLOAD_COLUMNS, 'title', 'place', 'country', 'category'])].map((c) => `s.${c}`).join(', ')}, p.payload,
         EXISTS (SELECT 1 FROM signals_rtree r WHERE r.id = s.tkey) AS drawable
       FROM signals s JOIN signal_payloads p ON p.seq = s.seq WHERE s.tkey > ? ORDER BY s.tkey LIMIT 2000`,
    );
    let after = -1n;
    for (;;) {
      const rows = batch.all(after) as (PayloadColumns & {
        tkey: number;
        title: string | null;
        place: string | null;
        country: string | null;
        category: string | null;
        payload: Buffer | string;
        drawable: number;
        lng: number | null;
        lat: number | null;
      })[];
      if (!rows.length) break;
      for (const row of rows) {
        const summary = str(decodePayload<Record<string, unknown>>(db, row.payload, row).summary);
        const cells =
          row.drawable && row.lng !== null && row.lat !== null ? cellTokens(row.lng, row.lat) : null;
        insert.run(BigInt(row.tkey), row.title, summary, row.place, row.country, row.category, cells);
      }
      after = BigInt(rows.at(-1)!.tkey);
    }
  },
};
