// The window's reads of the analyst's own things (contract watches.list, orders.list,
// monitoring.list): each cached record as the service sent it (or as the outbox wrote it
// while the write waits), and when the cache last stored what the service listed.
import type Database from 'better-sqlite3';
import { listStandingOrders, listMonitoringAreas } from '../areas';
import { stmt, type Json } from '../sql';
import { listWatches } from '../watches';

export interface OwnRow {
  id: string;
  pending: boolean;
  record: Json;
}

type OwnTable = 'watches' | 'standing_orders' | 'monitoring_areas';

/**
 * When the service's list was last stored: its envelope (list_meta, kept on every listing
 * that carries one) or its newest record that is not a local write. Null before any sync.
 */
export function ownListAsOf(db: Database.Database, table: OwnTable): string | null {
  const meta = stmt(db, 'SELECT updated_at FROM list_meta WHERE resource = ?').pluck().get(table) as
    string | undefined;
  const stored = stmt(db, `SELECT max(updated_at) FROM ${table} WHERE pending = 0`).pluck().get() as
    string | null;
  if (meta === undefined) return stored;
  return stored === null || meta > stored ? meta : stored;
}

export function readOwnWatches(db: Database.Database): { rows: OwnRow[]; asOf: string | null } {
  return {
    rows: listWatches(db).map((w) => ({ id: w.id, pending: w.pending, record: w.item })),
    asOf: ownListAsOf(db, 'watches'),
  };
}

export function readOwnOrders(db: Database.Database): { rows: OwnRow[]; asOf: string | null } {
  return { rows: listStandingOrders(db), asOf: ownListAsOf(db, 'standing_orders') };
}

export function readOwnAreas(db: Database.Database): { rows: OwnRow[]; asOf: string | null } {
  return { rows: listMonitoringAreas(db), asOf: ownListAsOf(db, 'monitoring_areas') };
}
