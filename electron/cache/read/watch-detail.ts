// The window's read of one watch (contract watches.get): the cached list item (or the write
// still in the outbox), what its last detail carried (its event's thread), its notes with the
// analyst's unsent ones, and how many decision-package revisions the cache holds. Nothing is
// filled in: a watch whose detail was never fetched says so (`detailCached` false).
import type Database from 'better-sqlite3';
import { isObject, stmt, type Json } from '../sql';
import { getWatch, listNotes } from '../watches';

export interface WatchDetailRead {
  watch: { id: string; pending: boolean; record: Json } | null;
  thread: Json | null;
  detailCached: boolean;
  notes: { id: string; pending: boolean; deletedAt: string | null; note: Json }[];
  packageRevisions: number;
  asOf: string | null;
}

export function readWatchDetail(db: Database.Database, watchId: string): WatchDetailRead {
  const stored = getWatch(db, watchId);
  const revisions = stmt(db, 'SELECT count(*) FROM decision_packages WHERE watch_id = ?')
    .pluck()
    .get(watchId) as number;
  const detail = stored?.detail ?? null;
  return {
    watch: stored ? { id: stored.id, pending: stored.pending, record: stored.item } : null,
    thread: detail && isObject(detail.thread) ? detail.thread : null,
    detailCached: detail !== null,
    notes: listNotes(db, watchId).map((n) => ({
      id: n.id,
      pending: n.pending,
      deletedAt: n.deletedAt,
      note: n.note,
    })),
    packageRevisions: revisions,
    asOf: stored && !stored.pending ? stored.updatedAt : null,
  };
}
