// The offline gazetteer for the Node side (shared/gazetteer.ts): the package's file read once
// per process, from wherever the bundle runs (the checkout, the CLI bundle, the app's archive).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { decodePlaces, Gazetteer, GAZETTEER_FILE } from '../shared/gazetteer';

let loaded: Gazetteer | null = null;

/** The places, decoded on first use (6.4 MB read, 135,233 places). */
export function gazetteer(): Gazetteer {
  loaded ??= new Gazetteer(
    decodePlaces(readFileSync(createRequire(import.meta.url).resolve(GAZETTEER_FILE))),
  );
  return loaded;
}
