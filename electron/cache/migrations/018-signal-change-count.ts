// A count of every update and delete of `signals`, kept in the file by triggers, so the map's
// point columns saved beside the cache (read/points-file.ts) can be known current at the next
// launch without reading the table: measured at 1M signals, reading the ~666,000 drawable rows
// was 2–4.5 s of serve's cold start, loading the saved columns ~0.1 s. An insert is not
// counted: the store's inserts always take a new seq above max(seq), which the key holds too,
// and an insert trigger cost ~8% of the ingest rate (60,000 signals in-process, alternated).
// `file` is drawn once per cache file, so a file made again at the same path never matches
// columns saved for the old. A step that rebuilds `signals` (as 017 did) must create these
// triggers again.
import type { Migration } from './types';

export const migration018: Migration = {
  version: 18,
  name: 'signal-change-count',
  up(db) {
    db.exec(`
      CREATE TABLE signal_changes (n INTEGER NOT NULL, file TEXT NOT NULL);
      INSERT INTO signal_changes VALUES (0, lower(hex(randomblob(16))));
      CREATE TRIGGER signals_change_update AFTER UPDATE ON signals BEGIN
        UPDATE signal_changes SET n = n + 1;
      END;
      CREATE TRIGGER signals_change_delete AFTER DELETE ON signals BEGIN
        UPDATE signal_changes SET n = n + 1;
      END;
    `);
  },
};
