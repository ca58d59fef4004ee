// Standing orders and monitoring areas (spec: main "Standing order", "Monitoring area").
import type { Migration } from './types';

export const migration006: Migration = {
  version: 6,
  name: 'areas',
  up(db) {
    db.exec(`
      CREATE TABLE standing_orders (
        id TEXT PRIMARY KEY,
        name TEXT,
        cadence TEXT,
        active INTEGER,
        next_due_at TEXT,
        last_run_at TEXT,
        bbox TEXT,
        pending INTEGER NOT NULL DEFAULT 0,
        payload TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );

      CREATE TABLE monitoring_areas (
        area_id TEXT PRIMARY KEY,
        name TEXT,
        status TEXT,
        bbox TEXT,
        pending INTEGER NOT NULL DEFAULT 0,
        payload TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );

      -- Series points of the detail read; every point carries stac_item_id (spec: main,
      -- GET /monitoring/{areaId}). A point without one is keyed by its date alone.
      CREATE TABLE monitoring_series (
        area_id TEXT NOT NULL REFERENCES monitoring_areas(area_id) ON DELETE CASCADE,
        polygon_id TEXT NOT NULL,
        scene TEXT NOT NULL,
        metric TEXT,
        date TEXT,
        value REAL,
        is_anomaly INTEGER,
        stac_item_id TEXT,
        payload TEXT NOT NULL,
        PRIMARY KEY (area_id, polygon_id, scene)
      ) WITHOUT ROWID;
    `);
  },
};
