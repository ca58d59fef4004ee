// Shared upsert machinery for the list resources (watches, orders, areas, entities…).
import type Database from 'better-sqlite3';
import { isObject, stmt, type Json } from './sql';

/** Shallow-merges a partial answer (a pause or PATCH response) into the record cached. */
export function merged(
  db: Database.Database,
  table: string,
  key: string,
  column: string,
  id: string,
  record: Json,
): Json {
  const old = stmt(db, `SELECT ${column} FROM ${table} WHERE ${key} = ?`).pluck().get(id) as
    string | undefined;
  return old ? { ...(JSON.parse(old) as Json), ...record } : record;
}

/**
 * After a complete list, removes the records the service no longer lists. Records the
 * analyst wrote locally and not yet sent (pending) stay: the outbox owns them.
 */
export function removeUnlisted(
  db: Database.Database,
  table: string,
  key: string,
  ids: readonly string[],
): number {
  return stmt(
    db,
    `DELETE FROM ${table} WHERE pending = 0 AND ${key} NOT IN (SELECT value FROM json_each(?))`,
  ).run(JSON.stringify(ids)).changes;
}

export function objects(list: readonly unknown[], what: string): Json[] {
  return list.map((r, i) => {
    if (!isObject(r)) throw new TypeError(`${what} at index ${i} is not an object`);
    return r;
  });
}
