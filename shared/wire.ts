// How a contract answer holding typed arrays (signals.points: 200,000 points as columns)
// crosses `serve`'s loopback HTTP in one compact body, where JSON would turn every
// Float32Array into an object of 200,000 keys. Electron IPC needs none of this: it
// structured-clones typed arrays as they are.
//
// Body: [u32 LE: header length][header: the answer as JSON, each typed array replaced by
// {"$typed": name, "offset", "length"}][zero padding to 8 bytes][the arrays' bytes, each at an
// 8-byte boundary]. The reader makes views on the received buffer: no copy, no parse per number.
// Two compact forms, which the sender picks only for values registered with them: a list of ids
// ("lines" or "uuids", with its count) and times in whole seconds ("seconds": a Float64Array of
// ms rebuilt from 32-bit seconds). Bytes were the cost: over loopback, a 200,000-point body
// went from 11.2 to 6.2 MB with them, for ~3 ms more decoding (measured).

// The text codecs every JavaScript runtime here has (Node and the window); shared/ is typed
// without Node's or the DOM's declarations, so they are named through globalThis.
const { TextEncoder: Encoder, TextDecoder: Decoder } = globalThis as unknown as {
  TextEncoder: new () => { encode(text: string): Uint8Array };
  TextDecoder: new () => { decode(bytes: Uint8Array): string };
};

/**
 * Lines are ASCII (withLineBytes' rule), so latin1 reads them exactly: Node's Buffer does it
 * at memory speed where its TextDecoder takes ~40 ms for 200,000 ids (measured); a browser's
 * TextDecoder is fast and is used there.
 */
const NodeBuffer = (
  globalThis as unknown as {
    Buffer?: { from(b: ArrayBuffer, offset: number, length: number): { toString(enc: 'latin1'): string } };
  }
).Buffer;
const asciiText = (bytes: Uint8Array): string =>
  NodeBuffer
    ? NodeBuffer.from(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
    : new Decoder().decode(bytes);

export const COLUMNS_CONTENT_TYPE = 'application/x-watchfloor-columns';

const TYPED = {
  Float32Array,
  Float64Array,
  Int8Array,
  Int16Array,
  Int32Array,
  Uint8Array,
  Uint16Array,
  Uint32Array,
} as const;
type TypedName = keyof typeof TYPED;
type Typed = InstanceType<(typeof TYPED)[TypedName]>;

function typedName(v: unknown): TypedName | null {
  if (!ArrayBuffer.isView(v) || v instanceof DataView) return null;
  const name = v.constructor.name;
  return Object.hasOwn(TYPED, name) ? (name as TypedName) : null;
}

/** True when the value (or an object up to three levels in; arrays are not searched) holds a typed array. */
export function holdsTypedArrays(value: unknown, depth = 3): boolean {
  if (typedName(value)) return true;
  if (depth === 0 || typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).some((v) => holdsTypedArrays(v, depth - 1));
}

const align8 = (n: number) => (n + 7) & ~7;

/**
 * Lists of strings whose bytes are ready, so they travel as bytes, not JSON: the map's 200,000
 * ids cost more to write as JSON and parse back than everything else in the answer (measured).
 * - lines: each ASCII, no line feed, joined by "\n";
 * - uuids: each a lowercase canonical uuid (8-4-4-4-12 hex), as its 16 bytes: 16 bytes a uuid
 *   instead of 37 (the ids were two thirds of the map's body), spelled back out when first read.
 * Any other list travels as JSON.
 */
type IdBytes = { form: 'lines' | 'uuids'; bytes: Uint8Array };
const ready = new WeakMap<readonly string[], IdBytes>();
export function withLineBytes<T extends readonly string[]>(list: T, bytes: Uint8Array): T {
  ready.set(list, { form: 'lines', bytes });
  return list;
}
export function withUuidBytes<T extends readonly string[]>(list: T, bytes: Uint8Array): T {
  if (bytes.byteLength !== list.length * 16) throw new Error('uuid bytes: 16 a uuid');
  ready.set(list, { form: 'uuids', bytes });
  return list;
}

/**
 * Times in ms since 1970 that are whole seconds, NaN for unknown (the map's `time`), ready as
 * seconds (0: unknown): 4 bytes a time instead of 8, made ms again on arrival.
 */
const secondsOf = new WeakMap<Float64Array, Uint32Array>();
export function withWholeSeconds(times: Float64Array, seconds: Uint32Array): Float64Array {
  if (seconds.length !== times.length) throw new Error('whole seconds: one a time');
  secondsOf.set(times, seconds);
  return times;
}

/** Lowercase canonical uuids only: spelling the bytes back gives the same text. */
export const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Each 16 bits as its 4 hex digits, packed as ASCII bytes in little-endian order. */
let hex4: Uint32Array | null = null;
function hex4Table(): Uint32Array {
  if (hex4) return hex4;
  const digit = (v: number) => (v < 10 ? 48 + v : 87 + v);
  hex4 = new Uint32Array(65536);
  for (let v = 0; v < 65536; v++)
    hex4[v] =
      (digit(v >> 12) |
        (digit((v >> 8) & 15) << 8) |
        (digit((v >> 4) & 15) << 16) |
        (digit(v & 15) << 24)) >>>
      0;
  return hex4;
}

/**
 * 16-byte uuids spelled out as text, 36 characters each, side by side: four hex digits per
 * write from a table (measured in Node: ~3 ms for 200,000 ids; two digits a write ~4, one ~10).
 */
let scratch = new Uint8Array(0);
function uuidText(bytes: Uint8Array, count: number): string {
  const table = hex4Table();
  // Spelled into one buffer kept for the next answer: the text is copied out of it at once
  // (asciiText), and a fresh 7 MB buffer per answer cost about as much again as the spelling (measured).
  if (scratch.byteLength < count * 36) scratch = new Uint8Array(count * 36);
  const out = scratch;
  const to = new DataView(out.buffer);
  const from = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0, b = 0, at = 0; i < count; i++, b += 16, at += 36) {
    to.setUint32(at, table[from.getUint16(b)]!, true);
    to.setUint32(at + 4, table[from.getUint16(b + 2)]!, true);
    out[at + 8] = 45;
    to.setUint32(at + 9, table[from.getUint16(b + 4)]!, true);
    out[at + 13] = 45;
    to.setUint32(at + 14, table[from.getUint16(b + 6)]!, true);
    out[at + 18] = 45;
    to.setUint32(at + 19, table[from.getUint16(b + 8)]!, true);
    out[at + 23] = 45;
    to.setUint32(at + 24, table[from.getUint16(b + 10)]!, true);
    to.setUint32(at + 28, table[from.getUint16(b + 12)]!, true);
    to.setUint32(at + 32, table[from.getUint16(b + 14)]!, true);
  }
  return asciiText(out.subarray(0, count * 36));
}

/** The uuids back as strings: slices of one text at fixed steps (measured: faster than a split). */
export function uuidList(bytes: Uint8Array, count: number): string[] {
  const text = uuidText(bytes, count);
  const ids = new Array<string>(count);
  for (let i = 0; i < count; i++) ids[i] = text.slice(i * 36, i * 36 + 36);
  return ids;
}

/**
 * Replaces typed arrays (up to three levels in, where contract answers keep them) by
 * references; a walk rather than a JSON replacer, which would be called for each of
 * 200,000 ids (measured: 3× slower).
 */
function swap(
  value: unknown,
  depth: number,
  onTyped: (t: ArrayBufferView, name: TypedName | IdBytes['form'] | 'seconds', length: number) => unknown,
): unknown {
  const seconds = value instanceof Float64Array ? secondsOf.get(value) : undefined;
  if (seconds) return onTyped(seconds, 'seconds', seconds.length);
  const name = typedName(value);
  if (name) return onTyped(value as Typed, name, (value as Typed).length);
  const ids = Array.isArray(value) ? ready.get(value as string[]) : undefined;
  if (ids) return onTyped(ids.bytes, ids.form, (value as string[]).length);
  if (depth === 0 || typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = swap(v, depth - 1, onTyped);
  return out;
}

/** The body in pieces (prefix + header, then each array, padded), for a server to write as they are. */
export function encodeColumnChunks(value: unknown): Uint8Array[] {
  const arrays: Uint8Array[] = [];
  let size = 0;
  const refs = swap(value, 3, (t, name, length) => {
    const offset = align8(size);
    arrays.push(new Uint8Array(t.buffer, t.byteOffset, t.byteLength));
    size = offset + t.byteLength;
    // A list of ids records its byte length (and count); a typed array its element count.
    return name === 'lines' || name === 'uuids'
      ? { $typed: name, offset, length: t.byteLength, count: length }
      : { $typed: name, offset, length };
  });
  const header = new Encoder().encode(JSON.stringify(refs));
  const start = align8(4 + header.byteLength);
  const head = new Uint8Array(start);
  new DataView(head.buffer).setUint32(0, header.byteLength, true);
  head.set(header, 4);
  const chunks: Uint8Array[] = [head];
  let at = 0;
  for (const bytes of arrays) {
    const pad = align8(at) - at;
    if (pad) chunks.push(new Uint8Array(pad));
    chunks.push(bytes);
    at += pad + bytes.byteLength;
  }
  return chunks;
}

export function encodeColumns(value: unknown): Uint8Array {
  const chunks = encodeColumnChunks(value);
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

type Ref = { $typed: string; offset: number; length: number; count?: number };
const isRef = (v: unknown): v is Ref =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  typeof (v as { $typed?: unknown }).$typed === 'string';

const isIdList = (ref: Ref): boolean => ref.$typed === 'lines' || ref.$typed === 'uuids';

/** A list of ids (either form) spelled out as strings. */
function idList(ref: Ref, buffer: ArrayBuffer, start: number): string[] {
  if (!ref.count) return [];
  const bytes = new Uint8Array(buffer, start + ref.offset, ref.length);
  return ref.$typed === 'uuids' ? uuidList(bytes, ref.count) : asciiText(bytes).split('\n');
}

/**
 * Sets `obj[key]` to a list of ids spelled out when first read, not as the answer arrives:
 * making 133,000 strings cost the window's opening 55–75 ms of its busiest thread (measured
 * cold in chromium, either form), and the map draws its points without their ids (a point's id
 * is read when it is clicked, listed or selected). Reads the same as a plain property:
 * enumerable, and a value assigned replaces it.
 */
function lazyIdList(
  obj: Record<string, unknown>,
  key: string,
  ref: Ref,
  buffer: ArrayBuffer,
  start: number,
): void {
  let list: string[] | undefined;
  Object.defineProperty(obj, key, {
    configurable: true,
    enumerable: true,
    get: () => (list ??= idList(ref, buffer, start)),
    set: (value: unknown) =>
      Object.defineProperty(obj, key, { value, configurable: true, enumerable: true, writable: true }),
  });
}

function restore(value: unknown, depth: number, buffer: ArrayBuffer, start: number): unknown {
  if (isRef(value)) {
    if (isIdList(value)) return idList(value, buffer, start);
    if (value.$typed === 'seconds') {
      const seconds = new Uint32Array(buffer, start + value.offset, value.length);
      const times = new Float64Array(value.length);
      for (let i = 0; i < times.length; i++) times[i] = seconds[i] === 0 ? NaN : seconds[i]! * 1000;
      return times;
    }
    if (!Object.hasOwn(TYPED, value.$typed)) throw new Error(`unknown column type ${value.$typed}`);
    return new TYPED[value.$typed as TypedName](buffer, start + value.offset, value.length);
  }
  if (depth === 0 || typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const obj = value as Record<string, unknown>;
  for (const k of Object.keys(obj)) {
    const v = obj[k];
    if (isRef(v) && isIdList(v)) lazyIdList(obj, k, v, buffer, start);
    else obj[k] = restore(v, depth - 1, buffer, start);
  }
  return obj;
}

/** The answer back, its typed arrays as views on `buffer` (which must start the body). */
export function decodeColumns(buffer: ArrayBuffer): unknown {
  const length = new DataView(buffer).getUint32(0, true);
  const start = align8(4 + length);
  const header: unknown = JSON.parse(new Decoder().decode(new Uint8Array(buffer, 4, length)));
  return restore(header, 3, buffer, start);
}

/**
 * Under `watchfloor serve`: each contract answer carries how many cache changes main had pushed
 * when it was asked, and the event stream opens with the same count (event `hello`, data
 * `{changes}`). A window whose answers were asked before a change it never heard (pushed before
 * the stream opened, or while it reconnected) reads again; one that missed nothing does not.
 */
export const CHANGES_HEADER = 'X-Watchfloor-Changes';
/** Under serve, the launch's secret on every call and on the event stream (never a cookie). */
export const SECRET_HEADER = 'X-Watchfloor-Token';
export const STREAM_HELLO = 'hello';
