// Signal payloads as stored (migration 013): the record's JSON with every object's keys
// replaced by the number of its key list ("shape") in signal_payload_shapes, so
// `{"id":"a","reporting":{"distinct_hosts":3}}` is stored as `{"4":["a",{"5":[3]}]}`.
// Signals of one profile share a handful of shapes, and the keys were ~45% of a 1.6 KB
// payload (measured: 1,630 B of JSON, 920 B packed). Pure JavaScript at JSON speed: zstd or
// deflate through node:zlib cost ~45 µs a record in per-call set-up alone (a 500-signal page
// would spend 20+ ms compressing), and every read would pay it again. Arrays stay arrays, so
// every object in the packed text is a shape reference. decodePayload gives back an object
// that JSON.stringify writes exactly as the record received (same keys, same order).
// Since step 016 a record's top-level fields that its signals row holds (id, title, times,
// point, band…) are stored once, in the row: when the value is exactly the column's, the
// top-level shape names the field in `columns` and the packed values leave it out, and
// decodePayload takes it from the row (`PAYLOAD_COLUMNS`, selected beside the payload).
import type Database from 'better-sqlite3';
import { stmt, type Json } from './sql';

/**
 * Record field → signals column, for fields a row may hold instead of the payload. Only a
 * value strictly equal to the column's is left out (signal-columns.ts normalises some: a
 * time rewritten, a string location, a whole band), so the record reads back exactly.
 */
const FIELD_COLUMNS = {
  id: 'id',
  title: 'title',
  category: 'category',
  stage: 'stage',
  country: 'country',
  country_code: 'country_code',
  location: 'place',
  occurred_at: 'occurred_at',
  last_updated_at: 'last_updated_at',
  lat: 'lat',
  lng: 'lng',
  severity_score: 'severity_score',
  severity_band: 'severity_band',
} as const;

type ColumnName = (typeof FIELD_COLUMNS)[keyof typeof FIELD_COLUMNS];
/** The signals columns a payload may refer to: select them (as `s.`/`o.` columns) beside it. */
export const PAYLOAD_COLUMNS: readonly ColumnName[] = [...new Set(Object.values(FIELD_COLUMNS))];
export type PayloadColumns = Partial<Record<ColumnName, unknown>>;

/**
 * A key list; `columns` (a top-level shape only) marks the keys whose values are the row's
 * columns, left out of the packed values. Stored as a JSON array, or
 * `{"keys":[…],"columns":[indexes]}`.
 */
interface Shape {
  keys: readonly string[];
  columns: ReadonlySet<number> | null;
  /** An interned string value (stored `{"value":"…"}`), referred to as `{"<id>":0}`. */
  value?: string;
}

/** Shapes read by a connection; a committed shape never changes, so they are kept. */
const known = new WeakMap<Database.Database, Map<number, Shape>>();

function shapeOf(db: Database.Database, id: number): Shape {
  let byId = known.get(db);
  if (!byId) known.set(db, (byId = new Map()));
  let shape = byId.get(id);
  if (shape === undefined) {
    const text = stmt(db, 'SELECT keys FROM signal_payload_shapes WHERE id = ?').pluck().get(id) as
      string | undefined;
    if (text === undefined) throw new Error(`signal payload shape ${id} is missing from the cache`);
    const parsed = JSON.parse(text) as string[] | { keys: string[]; columns: number[] } | { value: string };
    shape = Array.isArray(parsed)
      ? { keys: parsed, columns: null }
      : 'value' in parsed
        ? { keys: [], columns: null, value: parsed.value }
        : { keys: parsed.keys, columns: new Set(parsed.columns) };
    byId.set(id, shape);
  }
  return shape;
}

/**
 * String values that recur across records (enum-like: "no_finer_place_named", "optical",
 * "damage visible from orbit") are interned like key lists: stored once as a shape
 * `{"value":"…"}` and written `{"<id>":0}` (a packed object's value is always an array, so
 * the two never mix). Measured on the synthetic main profile: ~75 B less a payload, which
 * then packs six to a 4 KB page instead of five. A value is interned once this connection
 * has written it INTERN_AFTER times; how often each was seen is kept per connection (a hint
 * only, so a rolled-back transaction does not matter), bounded by dropping the rare ones.
 */
const INTERN_AFTER = 20;
const INTERN_MIN_JSON = 12;
const INTERN_MAX_LENGTH = 64;
const SEEN_MAX = 20_000;
const seenValues = new WeakMap<Database.Database, Map<string, number>>();

/** Whether a value reads back from its column as itself (TEXT as UTF-8, REAL, INTEGER). */
function keptExactly(v: unknown, column: unknown): boolean {
  if (v !== column) return false;
  // A lone surrogate would come back as U+FFFD from UTF-8.
  if (typeof v === 'string') return !/\p{Cs}/u.test(v) && !v.includes('\u0000');
  // -0 reads back as 0 (SQLite stores a whole REAL as an integer); beyond 2^53, unsure.
  return typeof v === 'number' && Math.abs(v) <= Number.MAX_SAFE_INTEGER && !Object.is(v, -0);
}

/**
 * An encoder for one transaction: shapes are looked up (or added) as met, and remembered
 * only for this encoder's life, so a rolled-back shape is never assumed to exist later.
 */
export function payloadEncoder(db: Database.Database): (record: unknown, columns?: PayloadColumns) => Buffer {
  const find = stmt(db, 'SELECT id FROM signal_payload_shapes WHERE keys = ?').pluck();
  const add = stmt(db, 'INSERT INTO signal_payload_shapes (keys) VALUES (?)');
  // Shapes met so far, by key count; compared key by key (keys from JSON.parse are interned
  // strings, so each comparison is cheap, and records of a profile share a few shapes).
  const byCount = new Map<number, { keys: string[]; id: number }[]>();
  let seen = seenValues.get(db);
  if (!seen) seenValues.set(db, (seen = new Map()));
  const counts = seen;
  // Interned values met by this encoder (looked up or added in its transaction).
  const interned = new Map<string, number>();
  const writeString = (v: string): string => {
    const text = JSON.stringify(v);
    if (text.length < INTERN_MIN_JSON || v.length > INTERN_MAX_LENGTH) return text;
    let id = interned.get(v);
    if (id === undefined) {
      const n = (counts.get(v) ?? 0) + 1;
      if (counts.size >= SEEN_MAX) for (const [k, c] of counts) if (c < INTERN_AFTER) counts.delete(k);
      counts.set(v, n);
      if (n < INTERN_AFTER) return text;
      const shape = JSON.stringify({ value: v });
      id = (find.get(shape) as number | undefined) ?? Number(add.run(shape).lastInsertRowid);
      interned.set(v, id);
    }
    return `{"${id}":0}`;
  };
  // Top-level shapes that refer to columns, by their key list and column indexes joined.
  const withColumns = new Map<string, number>();
  const shapeId = (keys: string[], columns?: number[]): number => {
    if (columns?.length) {
      const text = JSON.stringify({ keys, columns });
      let id = withColumns.get(text);
      if (id === undefined) {
        id = (find.get(text) as number | undefined) ?? Number(add.run(text).lastInsertRowid);
        withColumns.set(text, id);
      }
      return id;
    }
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
        return writeString(v);
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

  // The top level with columns: the fields the row holds exactly are named in the shape and
  // left out; the rest are written as above.
  const writeTop = (record: Record<string, unknown>, columns: PayloadColumns): string => {
    const keys: string[] = [];
    const refs: number[] = [];
    let values = '';
    for (const k of Object.keys(record)) {
      const x = record[k];
      if (x === undefined || typeof x === 'function' || typeof x === 'symbol') continue;
      const column = Object.hasOwn(FIELD_COLUMNS, k) ? FIELD_COLUMNS[k as keyof typeof FIELD_COLUMNS] : null;
      if (column !== null && keptExactly(x, columns[column])) refs.push(keys.length);
      else values += (values ? ',' : '') + write(x);
      keys.push(k);
    }
    return `{"${shapeId(keys, refs)}":[${values}]}`;
  };
  const plainTop = (v: unknown): boolean => {
    if (typeof v !== 'object' || v === null || Array.isArray(v) || 'toJSON' in v) return false;
    const proto = Object.getPrototypeOf(v) as unknown;
    return proto === Object.prototype || proto === null;
  };

  return (record, columns) => {
    let text: string;
    try {
      text =
        columns && plainTop(record) ? writeTop(record as Record<string, unknown>, columns) : write(record);
    } catch (e) {
      if (!(e instanceof Unusual)) throw e;
      text = JSON.stringify(record, replacer);
    }
    return Buffer.from(text);
  };
}

function unpack(db: Database.Database, v: unknown, columns?: PayloadColumns): unknown {
  if (typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) v[i] = unpack(db, v[i]);
    return v;
  }
  let out: Json = {};
  for (const id in v) {
    const shape = shapeOf(db, Number(id));
    const values = (v as Record<string, unknown[]>)[id]!;
    if (!Array.isArray(values)) {
      if (shape.value === undefined) throw new Error(`signal payload shape ${id} is not a value`);
      return shape.value;
    }
    out = {};
    let next = 0;
    for (let i = 0; i < shape.keys.length; i++) {
      const k = shape.keys[i]!;
      let x: unknown;
      if (shape.columns?.has(i)) {
        const column = FIELD_COLUMNS[k as keyof typeof FIELD_COLUMNS];
        if (!columns || !(column in columns))
          throw new Error(`signal payload shape ${id} needs the row's ${column} column`);
        x = columns[column];
      } else x = unpack(db, values[next++]);
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
export function decodePayload<T = Json>(
  db: Database.Database,
  stored: Buffer | string,
  columns?: PayloadColumns,
): T {
  if (typeof stored === 'string') return JSON.parse(stored) as T;
  return unpack(db, JSON.parse(stored.toString('utf8')), columns) as T;
}
