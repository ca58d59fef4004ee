// The orbital elements the demo ships (resources/demo-elements/README.md): a public CelesTrak
// snapshot of the Earth-observation satellites, imported into the demo's cache when it opens
// so Passes works without an import. Each set keeps its epoch and the snapshot's fetch time:
// a pass is marked stale by the set's true age, never made to look fresh.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { packageRoot } from '../paths';
import { parseElementsText } from './parse';
import { importElements, listElements, type ImportResult } from './store';

export const DEMO_ELEMENTS_FILE = 'resources/demo-elements/celestrak_active_2026-08-22.txt';
/** When CelesTrak's snapshot was fetched (its commit to the mirror), the sets' fetch time. */
export const DEMO_ELEMENTS_FETCHED_AT = '2026-08-22T20:09:07.000Z';
export const DEMO_ELEMENTS_SOURCE = 'demo snapshot: CelesTrak GROUP=active, 2026-08-22';

/** Imports the shipped snapshot into a cache that holds no elements yet (a fresh demo cache). */
export function importDemoElements(db: Database.Database): ImportResult | null {
  if (listElements(db).length > 0) return null;
  const text = readFileSync(path.join(packageRoot(import.meta.dirname), DEMO_ELEMENTS_FILE), 'utf8');
  const { sets } = parseElementsText(text);
  return importElements(db, { sets, source: DEMO_ELEMENTS_SOURCE, fetchedAt: DEMO_ELEMENTS_FETCHED_AT });
}
