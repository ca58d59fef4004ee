// Opening the cache file for orbital elements from the CLI. Elements belong to no account,
// so `elements import` may come before any sync has claimed the file for a service: the
// commands open it without claiming it. Reads never create or change it ("nothing changed"
// on bad input); writes create or migrate it with the cache's numbered migrations, so a later
// sync finds the file at the latest version and only claims it.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { openCacheUnclaimed, type Database } from '../cache';
import { readElementsFile, type StoredElementSet } from '../cache/elements';

/** The newest sets in the cache, or null when the file or its elements tables do not exist. */
export function readCachedElements(file: string): StoredElementSet[] | null {
  if (!existsSync(file)) return null;
  return readElementsFile(file);
}

/** Opens (creating and migrating if needed) the cache for writing elements. */
export function openElementsCache(file: string): Database.Database {
  mkdirSync(path.dirname(file), { recursive: true });
  return openCacheUnclaimed(file);
}
