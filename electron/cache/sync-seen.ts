// What a reconciliation pass has seen (migration 009): the ids a stream's re-listing carried
// (or already re-read), written in the same transaction as the page, so a killed `--full`
// run resumes without paying for its pages or re-reads twice (electron/sync/reconcile.ts).
import type Database from 'better-sqlite3';
import { stmt } from './sql';

export function clearSyncSeen(db: Database.Database, stream: string): void {
  stmt(db, 'DELETE FROM sync_seen WHERE stream = ?').run(stream);
}

export function markSyncSeen(db: Database.Database, stream: string, id: string): void {
  stmt(db, 'INSERT OR IGNORE INTO sync_seen (stream, id) VALUES (?, ?)').run(stream, id);
}

/**
 * Cached events the stream has not seen: listed (not folded, not retracted), occurred on a
 * day inside [startDate, endDate] (YYYY-MM-DD, inclusive), by id.
 */
export function unseenSignalIds(
  db: Database.Database,
  args: { stream: string; startDate: string; endDate: string },
): string[] {
  return stmt(
    db,
    `SELECT s.id FROM signals s
     WHERE s.folded_into IS NULL AND s.retracted = 0
       AND substr(s.occurred_at, 1, 10) BETWEEN ? AND ?
       AND NOT EXISTS (SELECT 1 FROM sync_seen k WHERE k.stream = ? AND k.id = s.id)
     ORDER BY s.id`,
  )
    .pluck()
    .all(args.startDate, args.endDate, args.stream) as string[];
}
