// Signal ids are looked up by a 53-bit hash in an integer index (migration 017), not by a
// text UNIQUE index: a random uuid key dirties one index page per new signal however the
// index is keyed, but the hash index is a third of the size (~16 B an entry against ~45), so a
// group of pages dirties fewer of its pages (measured apart, 8,000 random uuids a
// transaction: 1,864 B written a row against 3,742). Every look-up is `idh = hash AND id = id`:
// two ids sharing a hash are told apart by the stored id.
import type Database from 'better-sqlite3';

/** cyrb53 (public domain): a 53-bit hash of the id's UTF-16 code units, exact in a JS number. */
export function idHash(id: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

const registered = new WeakSet<Database.Database>();

/** `signal_id_hash(id)` in SQL on this connection (for joins by id; stmt() calls it). */
export function registerIdHash(db: Database.Database): void {
  if (registered.has(db)) return;
  db.function('signal_id_hash', { deterministic: true }, (id: unknown) =>
    typeof id === 'string' ? idHash(id) : null,
  );
  registered.add(db);
}
