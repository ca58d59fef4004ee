// A demo cache says so itself. The demo was once known by its host (a service on 127.0.0.1),
// which an SSH tunnel to a real service shares: its reports were titled DEMO, and `sync --demo
// --db` would replace it. The account that creates a cache now records whether it holds demo
// data; a cache made before is taken for an account's (the safe side: never replaced by a
// demo sync, never titled demo).
import type { Migration } from './types';

export const migration020: Migration = {
  version: 20,
  name: 'demo-mark',
  up(db) {
    db.exec('ALTER TABLE cache_meta ADD COLUMN demo INTEGER NOT NULL DEFAULT 0');
  },
};
