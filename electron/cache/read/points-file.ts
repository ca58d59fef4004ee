// The map's point columns saved beside the cache file (`<cache>.points`), so the next launch
// loads them in one read instead of reading ~666,000 rows of `signals` (measured at 1M
// signals: 2–4.5 s of serve's cold start, against ~0.1 s for the ~45 MB file). The file is
// used only when its key is the cache's own: the count of updates and deletes of `signals` that
// migration 018's triggers keep in the cache file, max(seq) (which every insert raises) and the
// schema's version, read in the same read transaction as the columns; any write since makes it
// stale, and the columns are then read from the table and saved again. Written to a temporary
// name and renamed, so a reader never sees half of one.
import fs from 'node:fs';
import type Database from 'better-sqlite3';
import { stmt } from '../sql';

/** Bump when the layout below changes: an older file is then not read. */
const FORMAT = 1;
const MAGIC = 0x57465054; // "WFPT"

export interface SavedColumns {
  n: number;
  categories: string[];
  /** Market names in bit order. */
  markets: string[];
  tkey: Float64Array;
  lng64: Float64Array;
  lat64: Float64Array;
  score: Float64Array;
  publishers: Float64Array;
  marketBits: Uint32Array;
  rawBand: Int16Array;
  category: Uint16Array;
  band: Uint8Array;
  flags: Uint8Array;
  stage: Uint8Array;
  /** 16 bytes an id, or null when the ids are lines (then idStart and idBytes). */
  uuids: Uint8Array | null;
  idStart: Uint32Array | null;
  idBytes: Uint8Array | null;
}

/** Where the columns of this connection's file are saved; null for a file in memory. */
export function pointsFileOf(db: Database.Database): string | null {
  return db.memory || !db.name ? null : `${db.name}.points`;
}

/** The key the saved columns must carry to stand for the table now; null if the cache keeps no count. */
export function pointsKey(db: Database.Database): string | null {
  try {
    const row = stmt(db, 'SELECT n, file FROM signal_changes').get() as
      { n: number; file: string } | undefined;
    if (!row) return null;
    const maxSeq = (stmt(db, 'SELECT max(seq) FROM signals').pluck().get() as number | null) ?? 0;
    return `${row.file}:${String(db.pragma('user_version', { simple: true }))}:${row.n}:${maxSeq}`;
  } catch {
    return null;
  }
}

type Part = keyof Pick<
  SavedColumns,
  | 'tkey'
  | 'lng64'
  | 'lat64'
  | 'score'
  | 'publishers'
  | 'marketBits'
  | 'rawBand'
  | 'category'
  | 'band'
  | 'flags'
  | 'stage'
  | 'uuids'
  | 'idStart'
  | 'idBytes'
>;
const PARTS: readonly Part[] = [
  'tkey',
  'lng64',
  'lat64',
  'score',
  'publishers',
  'marketBits',
  'rawBand',
  'category',
  'band',
  'flags',
  'stage',
  'uuids',
  'idStart',
  'idBytes',
];
const KINDS = {
  tkey: Float64Array,
  lng64: Float64Array,
  lat64: Float64Array,
  score: Float64Array,
  publishers: Float64Array,
  marketBits: Uint32Array,
  rawBand: Int16Array,
  category: Uint16Array,
  band: Uint8Array,
  flags: Uint8Array,
  stage: Uint8Array,
  uuids: Uint8Array,
  idStart: Uint32Array,
  idBytes: Uint8Array,
} as const;

const align8 = (x: number) => (x + 7) & ~7;

interface Head {
  format: number;
  key: string;
  n: number;
  categories: string[];
  markets: string[];
  /** Byte length of each part, null when absent. */
  lengths: (number | null)[];
}

/** Saves the columns under key; a failure (a read-only folder, a full disk) only costs the next launch the table read. */
export function savePoints(file: string, key: string, c: SavedColumns): void {
  const head: Head = {
    format: FORMAT,
    key,
    n: c.n,
    categories: c.categories,
    markets: c.markets,
    lengths: PARTS.map((p) => c[p]?.byteLength ?? null),
  };
  const headBytes = Buffer.from(JSON.stringify(head));
  // Written part by part, not gathered into one buffer first: ~45 MB less at the peak.
  const tmp = `${file}.${process.pid}.tmp`;
  let fd: number | null = null;
  try {
    fd = fs.openSync(tmp, 'w', 0o600);
    const prefix = Buffer.alloc(align8(8 + headBytes.length));
    prefix.writeUInt32LE(MAGIC, 0);
    prefix.writeUInt32LE(headBytes.length, 4);
    headBytes.copy(prefix, 8);
    fs.writeSync(fd, prefix);
    const pad = new Uint8Array(8);
    for (const p of PARTS) {
      const part = c[p];
      if (!part) continue;
      fs.writeSync(fd, new Uint8Array(part.buffer, part.byteOffset, part.byteLength));
      const gap = align8(part.byteLength) - part.byteLength;
      if (gap) fs.writeSync(fd, pad, 0, gap);
    }
    fs.closeSync(fd);
    fd = null;
    fs.renameSync(tmp, file);
  } catch {
    if (fd !== null) fs.closeSync(fd);
    fs.rmSync(tmp, { force: true });
  }
}

/** The saved columns when they carry key, else null (none saved, stale, or unreadable). */
export function loadPoints(file: string, key: string): SavedColumns | null {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch {
    return null;
  }
  try {
    if (bytes.length < 8 || bytes.readUInt32LE(0) !== MAGIC) return null;
    const headLength = bytes.readUInt32LE(4);
    const head = JSON.parse(bytes.toString('utf8', 8, 8 + headLength)) as Head;
    if (head.format !== FORMAT || head.key !== key) return null;
    // The views below need the parts aligned in memory: copy when the read buffer is not.
    const buffer = bytes.byteOffset % 8 === 0 ? bytes : Buffer.from(bytes);
    let at = align8(8 + headLength);
    const parts: Partial<Record<Part, ArrayBufferView | null>> = {};
    PARTS.forEach((p, k) => {
      const length = head.lengths[k];
      if (length === null || length === undefined) return (parts[p] = null);
      if (at + length > buffer.length) throw new Error('points file cut short');
      const Kind = KINDS[p];
      parts[p] = new Kind(
        buffer.buffer as ArrayBuffer,
        buffer.byteOffset + at,
        length / Kind.BYTES_PER_ELEMENT,
      );
      at = align8(at + length);
    });
    return { n: head.n, categories: head.categories, markets: head.markets, ...parts } as SavedColumns;
  } catch {
    return null;
  }
}
