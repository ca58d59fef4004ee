// The R*Tree holds only points a bbox query may list: main-profile events without a
// drawable point (plottable false, country-level) leave it (spec: main, GET /signals,
// rule 5: with bbox, signals holds only events with a point inside it).
import type { Migration } from './types';

export const migration011: Migration = {
  version: 11,
  name: 'rtree-points',
  up(db) {
    db.exec(`
      DELETE FROM signals_rtree WHERE id IN (
        SELECT tkey FROM signals WHERE profile = 'main' AND plottable = 0
      );
    `);
  },
};
