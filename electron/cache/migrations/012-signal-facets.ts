// The facets the window filters and draws by, as columns (the map's flags, the list's
// filters): measured and measured_kind (spec: main "Signal (main profile)"), escalating
// (escalation_trend "escalating", both profiles), publishers (main reporting.distinct_hosts,
// alternate num_sources). Read from the payload they were only reachable one 1–2 KB row at
// a time; 200,000 map points cannot wait for that. Existing rows are filled from their payloads.
import type { Migration } from './types';

export const migration012: Migration = {
  version: 12,
  name: 'signal-facets',
  up(db) {
    db.exec(`
      ALTER TABLE signals ADD COLUMN measured INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE signals ADD COLUMN measured_kind TEXT;
      ALTER TABLE signals ADD COLUMN escalating INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE signals ADD COLUMN publishers INTEGER;
      UPDATE signals SET
        measured = coalesce((SELECT json_extract(p.payload, '$.measured') = 1 OR
          json_extract(p.payload, '$.measured_kind') IS NOT NULL FROM signal_payloads p WHERE p.seq = signals.seq), 0),
        measured_kind = (SELECT json_extract(p.payload, '$.measured_kind') FROM signal_payloads p WHERE p.seq = signals.seq),
        escalating = coalesce((SELECT json_extract(p.payload, '$.escalation_trend') = 'escalating'
          FROM signal_payloads p WHERE p.seq = signals.seq), 0),
        publishers = (SELECT CAST(coalesce(json_extract(p.payload, '$.reporting.distinct_hosts'),
          json_extract(p.payload, '$.num_sources')) AS INTEGER) FROM signal_payloads p WHERE p.seq = signals.seq);
    `);
  },
};
