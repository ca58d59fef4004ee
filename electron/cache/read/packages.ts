// The window's reads of a watch's decision package (contract packages.revisions, packages.get):
// every revision sync fetched is kept (table decision_packages, keyed by watch and revision), so
// the analyst can open any one and compare two. Each package is returned as the service sent it
// (the client checked it against the alternate schema when it was fetched).
import type Database from 'better-sqlite3';
import { stmt, type Json } from '../sql';

export interface PackageRevisionRow {
  revision: string;
  fetchedAt: string;
  schemaVersion: string | null;
  packageId: string | null;
}

interface Row {
  revision: string;
  fetched_at: string;
  schema_version: string | null;
  package_id: string | null;
}

const toRevision = (r: Row): PackageRevisionRow => ({
  revision: r.revision,
  fetchedAt: r.fetched_at,
  schemaVersion: r.schema_version,
  packageId: r.package_id,
});

// The order listDecisionPackages uses (cache/watches.ts): fetch time, then the revision text,
// so two revisions stored in one instant still come out the same way every time.
const COLUMNS = 'revision, fetched_at, schema_version, package_id';

/** A watch's cached revisions, oldest first (none: an empty list, not an error). */
export function readPackageRevisions(db: Database.Database, watchId: string): PackageRevisionRow[] {
  const rows = stmt(
    db,
    `SELECT ${COLUMNS} FROM decision_packages WHERE watch_id = ? ORDER BY fetched_at, revision`,
  ).all(watchId) as Row[];
  return rows.map(toRevision);
}

/**
 * One revision of a watch's package, or the last one fetched when none is named; null when the
 * cache holds no package for the watch, or not that revision.
 */
export function readPackage(
  db: Database.Database,
  watchId: string,
  revision?: string,
): { revision: PackageRevisionRow; package: Json } | null {
  const row = (
    revision === undefined
      ? stmt(
          db,
          `SELECT ${COLUMNS}, payload FROM decision_packages WHERE watch_id = ?
           ORDER BY fetched_at DESC, revision DESC LIMIT 1`,
        ).get(watchId)
      : stmt(db, `SELECT ${COLUMNS}, payload FROM decision_packages WHERE watch_id = ? AND revision = ?`).get(
          watchId,
          revision,
        )
  ) as (Row & { payload: string }) | undefined;
  if (!row) return null;
  return { revision: toRevision(row), package: JSON.parse(row.payload) as Json };
}
