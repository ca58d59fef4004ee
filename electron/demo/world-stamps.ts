// The stamps the demo world puts on its records (a day, an instant, a uuid), in a module of their
// own so that world.ts and seed-account.ts, which both stamp records, need not import each other.
import { createRandom, hashString } from './random';

export const dateOf = (iso: string): string => iso.slice(0, 10);
export const isoAt = (ms: number): string => new Date(ms).toISOString();

/** A uuid drawn from a short seeded hex (watch ids are uuids: main profile, GET /signals watch_id). */
export function uuidFrom(hex: string): string {
  return createRandom(hashString(hex)).uuid();
}
