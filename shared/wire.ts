// How a contract answer holding typed arrays (signals.points: 200,000 points as columns)
// crosses `serve`'s loopback HTTP in one compact body, where JSON would turn every
// Float32Array into an object of 200,000 keys. Electron IPC needs none of this: it
// structured-clones typed arrays as they are.
//
// Body: [u32 LE: header length][header: the answer as JSON, each typed array replaced by
// {"$typed": name, "offset", "length"}][zero padding to 8 bytes][the arrays' bytes, each at an
// 8-byte boundary]. The reader makes views on the received buffer: no copy, no parse per number.

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
 * Lists of strings whose bytes are ready (each ASCII, no line feed, joined by "\n"): the
 * map's 200,000 ids cost more to write as JSON and parse back than everything else in the
 * answer (measured). A list registered here travels as its bytes; any other as JSON.
 */
const lines = new WeakMap<readonly string[], Uint8Array>();
export function withLineBytes<T extends readonly string[]>(list: T, bytes: Uint8Array): T {
  lines.set(list, bytes);
  return list;
}

/**
 * Replaces typed arrays (up to three levels in, where contract answers keep them) by
 * references; a walk rather than a JSON replacer, which would be called for each of
 * 200,000 ids (measured: 3× slower).
 */
function swap(
  value: unknown,
  depth: number,
  onTyped: (t: Typed | Uint8Array, name: TypedName | 'lines', length: number) => unknown,
): unknown {
  const name = typedName(value);
  if (name) return onTyped(value as Typed, name, (value as Typed).length);
  const bytes = Array.isArray(value) ? lines.get(value as string[]) : undefined;
  if (bytes) return onTyped(bytes, 'lines', (value as string[]).length);
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
    // A list of lines records its byte length (and count); a typed array its element count.
    return name === 'lines'
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

const isRef = (v: unknown): v is { $typed: string; offset: number; length: number; count?: number } =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  typeof (v as { $typed?: unknown }).$typed === 'string';

function restore(value: unknown, depth: number, buffer: ArrayBuffer, start: number): unknown {
  if (isRef(value)) {
    if (value.$typed === 'lines')
      return value.count === 0
        ? []
        : asciiText(new Uint8Array(buffer, start + value.offset, value.length)).split('\n');
    if (!Object.hasOwn(TYPED, value.$typed)) throw new Error(`unknown column type ${value.$typed}`);
    return new TYPED[value.$typed as TypedName](buffer, start + value.offset, value.length);
  }
  if (depth === 0 || typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const obj = value as Record<string, unknown>;
  for (const k of Object.keys(obj)) obj[k] = restore(obj[k], depth - 1, buffer, start);
  return obj;
}

/** The answer back, its typed arrays as views on `buffer` (which must start the body). */
export function decodeColumns(buffer: ArrayBuffer): unknown {
  const length = new DataView(buffer).getUint32(0, true);
  const start = align8(4 + length);
  const header: unknown = JSON.parse(new Decoder().decode(new Uint8Array(buffer, 4, length)));
  return restore(header, 3, buffer, start);
}
