// Signal payloads as stored (migration 013): the record's JSON with every object's keys
// replaced by the number of its key list ("shape") in signal_payload_shapes, so
// `{"id":"a","reporting":{"distinct_hosts":3}}` is stored as `{"4":["a",{"5":[3]}]}`.
// Signals of one profile share a handful of shapes, and the keys were ~45% of a 1.6 KB
// payload (measured: 1,630 B of JSON, 920 B packed). Pure JavaScript at JSON speed: zstd or
// deflate through node:zlib cost ~45 µs a record in per-call set-up alone (a 500-signal page
// would spend 20+ ms compressing), and every read would pay it again. Arrays stay arrays, so
// every object in the packed text is a shape reference. decodePayload gives back an object
// that JSON.stringify writes exactly as the record received (same keys, same order).
import type Database from 'better-sqlite3';
import { stmt, type Json } from './sql';

/** Shapes read by a connection; a committed shape never changes, so they are kept. */
const known = new WeakMap<Database.Database, Map<number, readonly string[]>>();

function shapeKeys(db: Database.Database, id: number): readonly string[] {
  let byId = known.get(db);
  if (!byId) known.set(db, (byId = new Map()));
  let keys = byId.get(id);
  if (keys === undefined) {
    const text = stmt(db, 'SELECT keys FROM signal_payload_shapes WHERE id = ?').pluck().get(id) as
      string | undefined;
    if (text === undefined) throw new Error(`signal payload shape ${id} is missing from the cache`);
    keys = JSON.parse(text) as string[];
    byId.set(id, keys);
  }
  return keys;
}

/**
 * An encoder for one transaction: shapes are looked up (or added) as met, and remembered
 * only for this encoder's life, so a rolled-back shape is never assumed to exist later.
 */
export function payloadEncoder(db: Database.Database): (record: unknown) => Buffer {
  const find = stmt(db, 'SELECT id FROM signal_payload_shapes WHERE keys = ?').pluck();
  const add = stmt(db, 'INSERT INTO signal_payload_shapes (keys) VALUES (?)');
  // Shapes met so far, by key count; compared key by key (keys from JSON.parse are interned
  // strings, so each comparison is cheap, and records of a profile share a few shapes).
  const byCount = new Map<number, { keys: string[]; id: number }[]>();
  const shapeId = (keys: string[]): number => {
    let list = byCount.get(keys.length);
    if (!list) byCount.set(keys.length, (list = []));
    next: for (const shape of list) {
      for (let i = 0; i < keys.length; i++) if (shape.keys[i] !== keys[i]) continue next;
      return shape.id;
    }
    const text = JSON.stringify(keys);
    const id = (find.get(text) as number | undefined) ?? Number(add.run(text).lastInsertRowid);
    // An object used as a map (keys that vary record to record) makes a shape per record;
    // those are not kept for comparing, so the scan above stays short.
    if (list.length < 16) list.push({ keys, id });
    return id;
  };

  // JSON.stringify calls this for every value after toJSON, as it would write it: an object
  // becomes {shape: values}, keeping only the keys JSON.stringify would have written.
  function replacer(this: unknown, _key: string, value: unknown): unknown {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    // JSON.stringify unwraps these after calling the replacer; unwrapped here, it does the same.
    if (value instanceof String || value instanceof Number || value instanceof Boolean)
      return value.valueOf();
    const keys: string[] = [];
    const values: unknown[] = [];
    for (const k of Object.keys(value)) {
      const v = (value as Json)[k];
      if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
      keys.push(k);
      values.push(v);
    }
    return { [shapeId(keys)]: values };
  }

  // The fast path for what JSON.parse makes (plain objects, arrays, strings, finite or not
  // numbers, booleans, null), written straight to text: ~3× faster than the replacer, which
  // JSON.stringify calls for every value. Anything else (toJSON, wrapper objects, class
  // instances, bigint) sends the whole record down the replacer path, which is exact.
  class Unusual extends Error {}
  const write = (v: unknown): string => {
    switch (typeof v) {
      case 'string':
        return JSON.stringify(v);
      case 'number':
        return Number.isFinite(v) ? String(v) : 'null';
      case 'boolean':
        return v ? 'true' : 'false';
      case 'object': {
        if (v === null) return 'null';
        const proto = Object.getPrototypeOf(v) as unknown;
        if (Array.isArray(v)) {
          if (proto !== Array.prototype || 'toJSON' in v) throw new Unusual();
          let out = '[';
          for (let i = 0; i < v.length; i++) {
            const x: unknown = v[i];
            if (i) out += ',';
            out += x === undefined || typeof x === 'function' || typeof x === 'symbol' ? 'null' : write(x);
          }
          return `${out}]`;
        }
        if ((proto !== Object.prototype && proto !== null) || 'toJSON' in v) throw new Unusual();
        const keys: string[] = [];
        let values = '';
        for (const k of Object.keys(v)) {
          const x = (v as Json)[k];
          if (x === undefined || typeof x === 'function' || typeof x === 'symbol') continue;
          if (keys.length) values += ',';
          keys.push(k);
          values += write(x);
        }
        return `{"${shapeId(keys)}":[${values}]}`;
      }
      default:
        throw new Unusual();
    }
  };

  return (record) => {
    let text: string;
    try {
      text = write(record);
    } catch (e) {
      if (!(e instanceof Unusual)) throw e;
      text = JSON.stringify(record, replacer);
    }
    return Buffer.from(text);
  };
}

function unpack(db: Database.Database, v: unknown): unknown {
  if (typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) v[i] = unpack(db, v[i]);
    return v;
  }
  let out: Json = {};
  for (const id in v) {
    const keys = shapeKeys(db, Number(id));
    const values = (v as Record<string, unknown[]>)[id]!;
    out = {};
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      const x = unpack(db, values[i]);
      // As JSON.parse does: "__proto__" is an own key, never the prototype.
      if (k === '__proto__')
        Object.defineProperty(out, k, { value: x, enumerable: true, writable: true, configurable: true });
      else out[k] = x;
    }
  }
  return out;
}

/**
 * The one place a stored signal payload is read back: the record as received. Text is a
 * payload from before step 013 (plain JSON); a blob is packed (above).
 */
export function decodePayload<T = Json>(db: Database.Database, stored: Buffer | string): T {
  if (typeof stored === 'string') return JSON.parse(stored) as T;
  return unpack(db, JSON.parse(stored.toString('utf8'))) as T;
}
