// Opening the cache file for orbital elements from the CLI. Elements belong to no account,
// so `elements import` may come before any sync has claimed the file for a service: the
// commands open it directly. Reads never create or change it ("nothing changed" on bad
// input); writes create the elements tables when missing (the same idempotent step is
// migration 10 of openCache's list, so a later sync migrates the file normally).
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { elementsMigration, hasElementsTables, listElements, type StoredElementSet } from './store';

/** The newest sets in the cache, or null when the file or its elements tables do not exist. */
export function readCachedElements(file: string): StoredElementSet[] | null {
  if (!existsSync(file)) return null;
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    return hasElementsTables(db) ? listElements(db) : null;
  } finally {
    db.close();
  }
}

/** Opens (creating if needed) the cache for writing elements. */
export function openElementsCache(file: string): Database.Database {
  mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  try {
    db.pragma('busy_timeout = 5000');
    if (!hasElementsTables(db)) db.transaction(() => elementsMigration.up(db))();
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}
