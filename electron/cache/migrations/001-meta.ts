// The cache's identity and the sync checkpoints (docs/architecture.md, "The cache": one file per
// account profile, recording its base URL and profile; one checkpoint row per sync stream).
import type { Migration } from './types';

export const migration001: Migration = {
  version: 1,
  name: 'meta',
  up(db) {
    db.exec(`
      CREATE TABLE cache_meta (
        singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
        base_url TEXT NOT NULL,
        profile TEXT NOT NULL CHECK (profile IN ('main', 'alternate')),
        created_at TEXT NOT NULL
      );
      CREATE TABLE sync_checkpoints (
        stream TEXT PRIMARY KEY,
        state TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      -- List envelopes worth keeping (limits, buckets, measured-list definitions), by resource.
      CREATE TABLE list_meta (
        resource TEXT PRIMARY KEY,
        meta TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
    `);
  },
};
