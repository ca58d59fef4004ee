// What the sync engine may ask of the cache writer (electron/cache/writer.ts): the cache's own
// functions `(db, ...args)`, by name, so the same code runs on the writer's worker thread and,
// for an in-memory cache, inline. docs/cache.md, "The writer".
import type Database from 'better-sqlite3';
import { clearSyncSeen, markSyncSeen, unseenSignalIds } from './sync-seen';
import { getCheckpoint, mergeStreamClamps, setCheckpoint, setStreamClamps } from './checkpoints';
import { markRetracted, recordAlias, storeSignalsPage, tidySignalIndex, withFtsBatch } from './signals-store';
import { listMonitoringAreas, storeMonitoringAreas, storeStandingOrders } from './areas';
import { storeDecisionPackage, storeNotes, storeWatchDetail, storeWatches } from './watches';
import { recentThreadIds, storeDevelopments, storeThread } from './events';
import { storeMeasured, storeTransit } from './measured';
import { storeBrief } from './reference';
import { savePointColumns } from './read/points';

export const writerOps = {
  getCheckpoint: getCheckpoint as (db: Database.Database, stream: string) => unknown,
  setCheckpoint,
  setStreamClamps,
  mergeStreamClamps,
  storeSignalsPage,
  tidySignalIndex,
  savePointColumns,
  recordAlias,
  markRetracted,
  clearSyncSeen,
  markSyncSeen,
  unseenSignalIds,
  storeStandingOrders,
  listMonitoringAreas,
  storeMonitoringAreas,
  storeWatches,
  storeWatchDetail,
  storeNotes,
  storeDecisionPackage,
  storeThread,
  recentThreadIds,
  storeDevelopments,
  storeMeasured,
  storeTransit,
  storeBrief,
};

export type WriterOps = typeof writerOps;
export type OpName = keyof WriterOps;
type Rest<F> = F extends (db: Database.Database, ...args: infer A) => unknown ? A : never;
export type OpArgs<K extends OpName> = Rest<WriterOps[K]>;
export type OpResult<K extends OpName> = ReturnType<WriterOps[K]>;
/** One call of a transaction: the function's name and its arguments after `db`. */
export type OpCall = { [K in OpName]: [K, ...OpArgs<K>] }[OpName];

/**
 * Runs the calls in one transaction, all or nothing (each store function's own nests as a
 * savepoint; signal pages join one FTS batch instead: withFtsBatch).
 */
export function runCalls(db: Database.Database, calls: readonly OpCall[]): unknown[] {
  return db.transaction(() =>
    withFtsBatch(db, () =>
      calls.map(([name, ...args]) =>
        (writerOps[name] as (db: Database.Database, ...a: unknown[]) => unknown)(db, ...args),
      ),
    ),
  )();
}
