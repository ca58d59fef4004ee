// Ingest writes less (docs/cache.md, "Writing"): measured at 200,000 signals, a page's commit
// wrote ~420 pages of the wide covering time index and ~255 of payloads (a 1.6 KB payload
// takes half a 4 KB page), and the checkpoints wrote them again.
// - signals_tkey keeps only what every listing filters on (time key, retracted, folded_into,
//   the point; ~45 B a signal instead of ~112), so inserts across the last days of keys dirty
//   fewer pages. Band, stage, category and update filters read the row. (The time key alone,
//   ~19 B, was measured too: 2–3× slower queries at 1M, every candidate's row read.)
// - Payloads are packed (payload.ts): every object's keys become the number of its key list in
//   signal_payload_shapes; 1,630 B → ~920 B, four to a page instead of two. Existing payloads
//   (text) are packed here; payload.ts still reads text.
import { payloadEncoder } from '../payload';
import type { Migration } from './types';

export const migration013: Migration = {
  version: 13,
  name: 'narrow-tkey-packed-payloads',
  up(db) {
    db.exec(`
      DROP INDEX signals_tkey;
      CREATE INDEX signals_tkey ON signals(tkey, retracted, folded_into, lng, lat);
      CREATE TABLE signal_payload_shapes (
        id INTEGER PRIMARY KEY,
        keys TEXT NOT NULL UNIQUE
      );
    `);
    const encode = payloadEncoder(db);
    const update = db.prepare('UPDATE signal_payloads SET payload = ? WHERE seq = ?');
    // In batches by seq: better-sqlite3 cannot write while a statement is iterating, and a
    // large cache's payloads do not fit in memory at once.
    const batch = db.prepare(
      "SELECT seq, payload FROM signal_payloads WHERE seq > ? AND typeof(payload) = 'text' ORDER BY seq LIMIT 2000",
    );
    let after = -1;
    for (;;) {
      const rows = batch.raw().all(after) as [number, string][];
      if (!rows.length) break;
      for (const [seq, payload] of rows) update.run(encode(JSON.parse(payload)), seq);
      after = rows.at(-1)![0];
    }
  },
};
