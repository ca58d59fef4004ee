// An alternate-profile country-level record (geo_validation.search_ready, then geo_verified,
// false: signal-columns.ts) leaves the R*Tree and loses its FTS cells, as a main-profile one
// did at step 11: its coordinates are its country's centre, not a place, so a bbox query
// never lists it for a box around that centre, and a box report adds it by its country instead
// (docs/reports.md, "Scope"). Only those rows are touched: the FTS row is deleted and put back
// with the same text and no cells (contentless, so the text is taken as step 19 took it).
import { decodePayload, PAYLOAD_COLUMNS, type PayloadColumns } from '../payload';
import { str } from '../sql';
import type { Migration } from './types';

export const migration021: Migration = {
  version: 21,
  name: 'country-level-points',
  up(db) {
    const rows = db
      .prepare(
        `SELECT s.tkey, ${[...new Set([...PAYLOAD_COLUMNS, 'title', 'place', 'country', 'category'])].map((c) => `s.${c}`).join(', ')}, p.payload
         FROM signals s JOIN signal_payloads p ON p.seq = s.seq
         WHERE s.plottable = 0 AND s.tkey IN (SELECT id FROM signals_rtree) ORDER BY s.tkey`,
      )
      .all() as (PayloadColumns & {
      tkey: number;
      title: string | null;
      place: string | null;
      country: string | null;
      category: string | null;
      payload: Buffer | string;
    })[];
    const unindex = db.prepare('DELETE FROM signals_rtree WHERE id = ?');
    const ftsDelete = db.prepare('DELETE FROM signals_fts WHERE rowid = ?');
    const ftsInsert = db.prepare(
      'INSERT INTO signals_fts (rowid, title, summary, place, country, category, cells) VALUES (?, ?, ?, ?, ?, ?, NULL)',
    );
    for (const row of rows) {
      const key = BigInt(row.tkey);
      unindex.run(key);
      const summary = str(decodePayload<Record<string, unknown>>(db, row.payload, row).summary);
      ftsDelete.run(key);
      ftsInsert.run(key, row.title, summary, row.place, row.country, row.category);
    }
  },
};
