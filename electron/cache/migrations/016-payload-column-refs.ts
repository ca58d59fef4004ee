// Smaller payloads (payload.ts): a signal's top-level fields that its row already holds (id,
// title, category, stage, country, location, times, point, score, band) are stored once, in
// the row, and string values many records repeat are interned like key lists. Measured at 1M
// synthetic signals, packed payloads were 924 B of a signal's 1,801 B on disk, ~210 B of each
// repeating the row and ~75 B in recurring values; now ~630 B, six to a 4 KB page instead of
// five. Payloads already cached are packed again here, in batches of 2,000 (the file keeps
// its size; the pages freed are reused by later writes).
import { decodePayload, payloadEncoder, PAYLOAD_COLUMNS, type PayloadColumns } from '../payload';
import type { Migration } from './types';

export const migration016: Migration = {
  version: 16,
  name: 'payload-column-refs',
  up(db) {
    const encode = payloadEncoder(db);
    const update = db.prepare('UPDATE signal_payloads SET payload = ? WHERE seq = ?');
    const batch = db.prepare(
      `SELECT s.seq, ${PAYLOAD_COLUMNS.map((c) => `s.${c}`).join(', ')}, p.payload
       FROM signals s JOIN signal_payloads p ON p.seq = s.seq WHERE s.seq > ? ORDER BY s.seq LIMIT 2000`,
    );
    let after = -1;
    for (;;) {
      const rows = batch.all(after) as (PayloadColumns & { seq: number; payload: Buffer | string })[];
      if (!rows.length) break;
      for (const row of rows) update.run(encode(decodePayload(db, row.payload, row), row), row.seq);
      after = rows.at(-1)!.seq;
    }
  },
};
