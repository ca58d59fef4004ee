// The map's points held as columns in memory, per cache connection. Reading 200,000 rows out
// of SQLite costs more than the map may wait (measured: ~500 ms for the seven columns of 200,000
// points, against a 100 ms budget for the whole answer); filtering typed arrays costs a few ms.
// The columns are read again whenever the cache has changed since (any write on this
// connection, or another connection's commit), so an answer is never staler than the file.
// The answers of the last few filters are kept with the columns and dropped with them: asked
// again, the map's 200,000 points cost no filtering and no copying (measured: ~9 ms → 0).
// They answer exactly the conditions of signalConditions (signals-query.ts); a test holds the
// two to the same rows.
import type Database from 'better-sqlite3';
import { checkBBox } from '../../../shared/bbox';
import type { SignalFilter, SignalPoints } from '../../../shared/contract-read';
import { STAGES } from '../../../shared/service/values';
import { uuidList, withLineBytes, withUuidBytes, withWholeSeconds } from '../../../shared/wire';
import { ftsExpressions } from '../signals-query';
import { stmt } from '../sql';
import { SLOTS } from '../tkey';
import { DRAWABLE, filterRange } from './filter';
import { loadPoints, pointsFileOf, pointsKey, savePoints, type SavedColumns } from './points-file';

interface Columns {
  version: string;
  n: number;
  ids: string[];
  /** The ids as 16 bytes each (uuids[16i..16i+16]) when every one is a canonical uuid (the main profile's). */
  uuids: Uint8Array | null;
  /** Else as ASCII bytes, each followed by "\n" (idStart[i]..idStart[i+1]); null if any is not plain ASCII. */
  idBytes: Uint8Array | null;
  idStart: Uint32Array;
  tkey: Float64Array;
  lng64: Float64Array;
  lat64: Float64Array;
  lng: Float32Array;
  lat: Float32Array;
  /** Band for the map: severity_band, else the score truncated; 0 unknown. */
  band: Uint8Array;
  /** severity_band, -1 when null (the band filter reads band and score as SQL does). */
  rawBand: Int16Array;
  score: Float64Array;
  flags: Uint8Array;
  category: Uint16Array;
  categories: string[];
  stage: Uint8Array;
  publishers: Float64Array;
  /** One bit per market name seen (bitOf). */
  markets: Uint32Array;
  marketBit: Map<string, number>;
  /** Recent answers by filter (keyOf), most recent last: valid as long as these columns are. */
  answers: Map<string, Answer>;
  /** The saved columns' key (points-file.ts) as of this read; null when the cache keeps none. */
  savedKey: string | null;
}

type Answer = Omit<SignalPoints, 'asOf'>;

/**
 * How many answers are kept per connection. The window asks the same filter again and again
 * (each push-stream open, each cache.changed of another resource, each window on the account),
 * and the map's answer for 200,000 points holds ~10 MB, so a few recent filters, not every one.
 */
const ANSWERS_KEPT = 3;

const STAGE_CODE = new Map<string, number>(STAGES.map((s, i) => [s, i + 1]));
const held = new WeakMap<Database.Database, Columns>();

/** Changes whenever the file may have: a write on this connection or a commit on another. */
function version(db: Database.Database): string {
  const changes = stmt(db, 'SELECT total_changes()').pluck().get() as number;
  return `${String(db.pragma('data_version', { simple: true }))}:${changes}`;
}

type Raw = [
  string,
  number,
  number,
  number,
  number | null,
  number | null,
  number,
  string | null,
  string | null,
  number | null,
  string | null,
];

/** The columns, read once per version of the cache; null when they cannot stand for SQL. */
function columns(db: Database.Database): Columns | null {
  const v = version(db);
  const known = held.get(db);
  if (known?.version === v) return known;
  const file = pointsFileOf(db);
  let c: Columns;
  let fromFile: boolean;
  // One read transaction: the key and the columns it stands for are of the same moment.
  db.exec('SAVEPOINT point_columns');
  try {
    const key = file ? pointsKey(db) : null;
    const saved = file && key ? loadPoints(file, key) : null;
    fromFile = saved !== null;
    c = saved ? fromSaved(v, key, saved) : toEnd(readColumns(db, v, key));
  } finally {
    db.exec('RELEASE point_columns');
  }
  return hold(db, c, fromFile, known === undefined);
}

/** Whether the arrays can index every kind the columns hold (never seen otherwise: a dozen categories, nine markets). */
const fitsArrays = (c: Columns): boolean => c.categories.length <= 0xffff && c.marketBit.size <= 32;

/** Whether the points file can keep the columns: a key to stand for the table, and the ids as bytes. */
const savable = (c: Columns): boolean =>
  fitsArrays(c) && c.savedKey !== null && (c.uuids || c.idBytes) !== null;

/** Holds columns just read (or, more kinds than the arrays can index, null: SQL answers). */
function hold(db: Database.Database, c: Columns, fromFile: boolean, first: boolean): Columns | null {
  if (!fitsArrays(c)) return null;
  held.set(db, c);
  const file = pointsFileOf(db);
  if (file && !fromFile && savable(c)) scheduleSave(db, file, c, first);
  return c;
}

/** Runs a read to its end at once. */
function toEnd<T>(read: Generator<void, T>): T {
  for (;;) {
    const step = read.next();
    if (step.done) return step.value;
  }
}

/**
 * Saves the columns once the answer that read them is out: at once after a connection's first
 * read (a launch), else after a quiet spell, and only if the cache has not changed since (a sync
 * changes it every page; saving ~45 MB each time would be wasted).
 */
function scheduleSave(db: Database.Database, file: string, c: Columns, first: boolean): void {
  const save = () => {
    if (!db.open || held.get(db) !== c || version(db) !== c.version || !c.savedKey) return;
    savePoints(file, c.savedKey, savedOf(c));
  };
  if (first) setImmediate(save).unref();
  else setTimeout(save, SAVE_AFTER_MS).unref();
}

/** The columns as the points file keeps them. */
function savedOf(c: Columns): SavedColumns {
  return {
    n: c.n,
    categories: c.categories,
    markets: [...c.marketBit.keys()],
    tkey: c.tkey,
    lng64: c.lng64,
    lat64: c.lat64,
    score: c.score,
    publishers: c.publishers,
    marketBits: c.markets,
    rawBand: c.rawBand,
    category: c.category,
    band: c.band,
    flags: c.flags,
    stage: c.stage,
    uuids: c.uuids,
    idStart: c.uuids ? null : c.idStart,
    idBytes: c.uuids ? null : c.idBytes,
  };
}

/**
 * Reads the point columns from the table and saves them beside the cache now, for the next
 * launch, without holding them: the sync's writer does this after a long pass (syncSignals),
 * so a window opened after a first sync or a long catch-up loads them in one read (at 1M,
 * ~0.7 s to the first map answer) instead of reading the table (~1.6–2 s). Returns whether it
 * saved.
 */
export function savePointColumns(db: Database.Database): boolean {
  const file = pointsFileOf(db);
  if (!file) return false;
  let c: Columns | null = null;
  db.exec('SAVEPOINT point_columns');
  try {
    const key = pointsKey(db);
    if (key) c = toEnd(readColumns(db, version(db), key));
  } finally {
    db.exec('RELEASE point_columns');
  }
  if (!c || !savable(c)) return false;
  savePoints(file, c.savedKey!, savedOf(c));
  return true;
}

/** A quiet spell after which changed columns are saved again. */
const SAVE_AFTER_MS = 5_000;

/** Columns from the saved file: views on its bytes, the ids spelled out once. */
function fromSaved(v: string, key: string | null, s: SavedColumns): Columns {
  let ids: string[];
  if (s.uuids) ids = uuidList(s.uuids, s.n);
  else {
    const bytes = s.idBytes!;
    ids =
      s.n === 0
        ? []
        : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1').split('\n');
    ids.length = s.n;
  }
  return {
    version: v,
    n: s.n,
    ids,
    uuids: s.uuids,
    idBytes: s.uuids ? null : s.idBytes,
    idStart: s.idStart ?? new Uint32Array(0),
    tkey: s.tkey,
    lng64: s.lng64,
    lat64: s.lat64,
    lng: new Float32Array(s.lng64),
    lat: new Float32Array(s.lat64),
    band: s.band,
    rawBand: s.rawBand,
    score: s.score,
    flags: s.flags,
    category: s.category,
    categories: s.categories,
    stage: s.stage,
    publishers: s.publishers,
    markets: s.marketBits,
    marketBit: new Map(s.markets.map((m, bit) => [m, bit])),
    answers: new Map(),
    savedKey: key,
  };
}

/**
 * The columns read from the table, a slice at a time (it pauses after each): run to its end
 * inside the caller's read transaction, or between other work while the cache does not change
 * (warmSignalPoints).
 */
function* readColumns(db: Database.Database, v: string, key: string | null): Generator<void, Columns> {
  // Read in slices of the table (by seq): the rows of a million signals as one array took
  // ~450 MB of transient heap, which the process then kept.
  const capacity = (stmt(db, 'SELECT max(seq) FROM signals').pluck().get() as number | null) ?? 0;
  const slice = stmt(
    db,
    'SELECT s.seq, s.id, s.tkey, s.lng, s.lat, s.severity_band, s.severity_score, ' +
      's.measured | (s.retracted << 1) | (s.escalating << 2), s.category, s.stage, s.publishers, s.market_impact ' +
      `FROM signals s WHERE s.seq > ? AND s.folded_into IS NULL AND ${DRAWABLE} ORDER BY s.seq LIMIT ${SLICE}`,
  ).raw();
  const c: Columns = {
    version: v,
    n: 0,
    ids: [],
    uuids: null,
    idBytes: null,
    idStart: new Uint32Array(0),
    tkey: new Float64Array(capacity),
    lng64: new Float64Array(capacity),
    lat64: new Float64Array(capacity),
    lng: new Float32Array(capacity),
    lat: new Float32Array(capacity),
    band: new Uint8Array(capacity),
    rawBand: new Int16Array(capacity),
    score: new Float64Array(capacity),
    flags: new Uint8Array(capacity),
    category: new Uint16Array(capacity),
    categories: [],
    stage: new Uint8Array(capacity),
    publishers: new Float64Array(capacity),
    markets: new Uint32Array(capacity),
    marketBit: new Map(),
    answers: new Map(),
    savedKey: key,
  };
  const categoryIndex = new Map<string | null, number>();
  // The same few lists of markets come again and again: each is parsed once.
  const marketMasks = new Map<string, number>();
  let i = 0;
  for (let after = 0; ; yield) {
    const rows = sliceAfter(db, slice, after);
    if (rows.length === 0) break;
    after = rows.at(-1)![0];
    for (const [, id, tkey, lng, lat, band, score, flags, category, stage, publishers, markets] of rows) {
      if (i === capacity) throw new Error('more signals than max(seq): the table changed while read');
      c.ids.push(id);
      c.tkey[i] = tkey;
      c.lng64[i] = c.lng[i] = lng;
      c.lat64[i] = c.lat[i] = lat;
      c.rawBand[i] = band === null ? -1 : band;
      c.score[i] = score === null ? NaN : score;
      const shown = band ?? (score === null ? null : Math.trunc(score));
      c.band[i] = shown === null ? 0 : Math.max(0, Math.min(255, shown));
      c.flags[i] = flags;
      let k = categoryIndex.get(category);
      if (k === undefined) {
        k = c.categories.length;
        categoryIndex.set(category, k);
        c.categories.push(category ?? '');
      }
      c.category[i] = k;
      c.stage[i] = stage === null ? 0 : (STAGE_CODE.get(stage) ?? 255);
      c.publishers[i] = publishers === null ? NaN : publishers;
      if (markets) {
        let mask = marketMasks.get(markets);
        if (mask === undefined) marketMasks.set(markets, (mask = marketMask(c, markets)));
        c.markets[i] = mask;
      }
      i++;
    }
  }
  c.n = i;
  trim(c);
  idBytesOf(c);
  return c;
}

/** A market_impact list as its bits (marketBit), names not seen before given the next bits. */
function marketMask(c: Columns, markets: string): number {
  const list: unknown = JSON.parse(markets);
  let mask = 0;
  if (Array.isArray(list))
    for (const m of list) {
      if (typeof m !== 'string') continue;
      let bit = c.marketBit.get(m);
      if (bit === undefined) c.marketBit.set(m, (bit = c.marketBit.size));
      if (bit < 32) mask |= 1 << bit;
    }
  return mask >>> 0;
}

/**
 * One slice of rows through a 4 MB page cache (restored after): the read passes every signal
 * once, which would leave the connection's 64 MB cache full of them.
 */
function sliceAfter(db: Database.Database, slice: Database.Statement, after: number): [number, ...Raw][] {
  const cacheSize = db.pragma('cache_size', { simple: true }) as number;
  db.pragma('cache_size = -4096');
  try {
    return slice.all(after) as [number, ...Raw][];
  } finally {
    db.pragma(`cache_size = ${cacheSize}`);
  }
}

/**
 * Rows read at a time when the columns are read: small enough that a slice's row arrays die
 * young (measured at 1M, 666,000 points read in-process: 1.2–1.4 s with 5,000 or 2,000 rows a
 * slice against 1.8–2.1 s with 50,000, whose arrays outlived scavenges into the old space).
 */
const SLICE = 5_000;

/**
 * Cuts the columns, allocated for max(seq) rows, to the rows read (views, no copy): measured at
 * 1M, copying them to the rows read took the peak from ~395 to ~415 MB and left no less resident.
 */
function trim(c: Columns): void {
  const n = c.n;
  c.tkey = c.tkey.subarray(0, n);
  c.lng64 = c.lng64.subarray(0, n);
  c.lat64 = c.lat64.subarray(0, n);
  c.lng = c.lng.subarray(0, n);
  c.lat = c.lat.subarray(0, n);
  c.band = c.band.subarray(0, n);
  c.rawBand = c.rawBand.subarray(0, n);
  c.score = c.score.subarray(0, n);
  c.flags = c.flags.subarray(0, n);
  c.category = c.category.subarray(0, n);
  c.stage = c.stage.subarray(0, n);
  c.publishers = c.publishers.subarray(0, n);
  c.markets = c.markets.subarray(0, n);
}

const PLAIN = /^[\x20-\x7e]*$/;

/** Ready bytes of the ids, so an answer's ids are copied, not encoded (shared/wire.ts). */
function idBytesOf(c: Columns): void {
  const uuids = uuidBytes(c.ids);
  if (uuids) {
    c.uuids = uuids;
    return;
  }
  c.idStart = new Uint32Array(c.n + 1);
  let size = 0;
  for (let i = 0; i < c.n; i++) {
    const id = c.ids[i]!;
    if (!PLAIN.test(id)) return;
    c.idStart[i] = size;
    size += id.length + 1;
  }
  c.idStart[c.n] = size;
  const bytes = new Uint8Array(size);
  for (let i = 0; i < c.n; i++) {
    const id = c.ids[i]!;
    let at = c.idStart[i]!;
    for (let k = 0; k < id.length; k++) bytes[at++] = id.charCodeAt(k);
    bytes[at] = 10;
  }
  c.idBytes = bytes;
}

/** A lowercase hex digit's value, else -1. */
const nibble = (code: number) =>
  code >= 48 && code <= 57 ? code - 48 : code >= 97 && code <= 102 ? code - 87 : -1;

/**
 * The ids' 16 bytes each when every one is a canonical uuid (CANONICAL_UUID in shared/wire.ts,
 * checked in the same pass: at 1M, ~0.1 s less than the regular expression and then the bytes,
 * in-process, alternated), else null.
 */
function uuidBytes(ids: string[]): Uint8Array | null {
  const out = new Uint8Array(ids.length * 16);
  let at = 0;
  for (const id of ids) {
    if (id.length !== 36) return null;
    for (let k = 0; k < 36; k += 2) {
      if (k === 8 || k === 13 || k === 18 || k === 23) {
        if (id.charCodeAt(k) !== 45) return null;
        k++;
      }
      const hi = nibble(id.charCodeAt(k));
      const lo = nibble(id.charCodeAt(k + 1));
      if (hi < 0 || lo < 0) return null;
      out[at++] = (hi << 4) | lo;
    }
  }
  return out;
}

/** The picked ids' 16 bytes each: runs of neighbouring rows are copied at once. */
function pickedUuids(uuids: Uint8Array, pick: Uint32Array, count: number): Uint8Array {
  const out = new Uint8Array(count * 16);
  for (let j = 0; j < count;) {
    const at = j * 16;
    const first = pick[j]!;
    let last = first;
    while (++j < count && pick[j] === last + 1) last++;
    out.set(uuids.subarray(first * 16, (last + 1) * 16), at);
  }
  return out;
}

/** The picked ids' bytes, joined by "\n": runs of neighbouring rows are copied at once. */
function pickedIdBytes(c: Columns, bytes: Uint8Array, pick: Uint32Array, count: number): Uint8Array {
  let size = 0;
  for (let j = 0; j < count; j++) size += c.idStart[pick[j]! + 1]! - c.idStart[pick[j]!]!;
  const out = new Uint8Array(size);
  let at = 0;
  for (let j = 0; j < count;) {
    const first = pick[j]!;
    let last = first;
    while (++j < count && pick[j] === last + 1) last++;
    const from = c.idStart[first]!;
    const to = c.idStart[last + 1]!;
    out.set(bytes.subarray(from, to), at);
    at += to - from;
  }
  // The last id's "\n" is not a separator.
  return out.subarray(0, Math.max(0, size - 1));
}

/** The time keys q matches within the window, as the FTS conditions of signalConditions. */
function wordKeys(
  db: Database.Database,
  q: string,
  lo: number | null,
  hi: number | null,
): { keep: Set<number> | null; drop: Set<number> | null } {
  const { match, exclude } = ftsExpressions(q);
  const keys = (expr: string) =>
    new Set(
      stmt(db, 'SELECT rowid FROM signals_fts WHERE signals_fts MATCH ? AND rowid BETWEEN ? AND ?')
        .pluck()
        .all(expr, BigInt(lo ?? 0), BigInt(hi ?? Number.MAX_SAFE_INTEGER)) as number[],
    );
  return { keep: match ? keys(match) : null, drop: exclude ? keys(exclude) : null };
}

/** The filter as a key: the same conditions in any key order give the same key. */
function keyOf(f: SignalFilter): string {
  const set = Object.entries(f).filter(([, v]) => v !== undefined);
  set.sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify(set);
}

/** The columns being read between other work (warmSignalPoints), per connection. */
const warming = new WeakMap<Database.Database, Promise<void>>();

/**
 * Reads the point columns now, so the map's first answer does not pay for them: an account
 * does this once its cache is open, before a window asks. Read from the table, they come a
 * slice at a time with the event loop let run in between (~0.4 s of reading at 200,000
 * signals, which held up the window's own files and calls while it opened); the read is of
 * one moment of the file as long as the cache does not change meanwhile, and is given up as
 * soon as it does (the next answer then reads them in one transaction, as always). A points
 * answer asked meanwhile waits for it (signalPointsWarming) rather than read them again.
 * Never rejects: a failed read is the next answer's to read again and report.
 */
export function warmSignalPoints(db: Database.Database): Promise<void> {
  let read = warming.get(db);
  if (!read) {
    read = warm(db)
      .catch(() => undefined)
      .finally(() => warming.delete(db));
    warming.set(db, read);
  }
  return read;
}

/** The read of warmSignalPoints under way on this connection, if any. */
export function signalPointsWarming(db: Database.Database): Promise<void> | undefined {
  return warming.get(db);
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function warm(db: Database.Database): Promise<void> {
  if (!db.open) return;
  const v = version(db);
  const known = held.get(db);
  if (known?.version === v) return;
  const file = pointsFileOf(db);
  const key = file ? pointsKey(db) : null;
  // Saved columns come in one read of their file.
  const saved = file && key ? loadPoints(file, key) : null;
  if (saved) {
    hold(db, fromSaved(v, key, saved), true, known === undefined);
    return answerUnfiltered(db);
  }
  const read = readColumns(db, v, key);
  for (;;) {
    // No transaction is held across turns (a write on this connection would join it): each
    // slice is read on its own, and any change to the cache since the first shows in version.
    const step = read.next();
    if (!db.open || version(db) !== v) return;
    if (step.done) {
      if (held.get(db)?.version !== v) hold(db, step.value, false, known === undefined);
      return answerUnfiltered(db);
    }
    await nextTurn();
    if (!db.open || version(db) !== v) return;
  }
}

/**
 * The answer of a window with no filter set (a new window's first question), made while
 * warming, a turn after the columns: the first answer of a process also pays for its code's
 * first run (0.1–0.2 s at 200,000 points against 25 ms after), which the window then waited for.
 */
async function answerUnfiltered(db: Database.Database): Promise<void> {
  await nextTurn();
  if (db.open) heldSignalPoints(db, {});
}

/**
 * Every drawable point matching the filter, or null when only SQL can answer it. The answer is
 * shared by every caller asking the same filter until the cache changes: read it, never write
 * into it (IPC clones it and serve copies its bytes out, so no window can).
 */
export function heldSignalPoints(db: Database.Database, f: SignalFilter): Answer | null {
  const c = columns(db);
  if (!c) return null;
  const key = keyOf(f);
  let answer = c.answers.get(key);
  // Re-inserted, so the map's order is least recently asked first.
  if (answer) c.answers.delete(key);
  else answer = answerOf(db, c, f);
  c.answers.set(key, answer);
  if (c.answers.size > ANSWERS_KEPT) c.answers.delete(c.answers.keys().next().value!);
  return answer;
}

/** The rows of the held columns that match the filter, copied out as an answer. */
function answerOf(db: Database.Database, c: Columns, f: SignalFilter): Answer {
  const { lo, hi } = filterRange(f);
  const box = f.bbox ? checkBBox(f.bbox) : null;
  const words = f.q?.trim() ? wordKeys(db, f.q, lo, hi) : { keep: null, drop: null };
  const categories = f.categories?.length ? new Set(f.categories) : null;
  const stages = f.stages?.length ? new Set(f.stages.map((s) => STAGE_CODE.get(s))) : null;
  let marketMask = 0;
  for (const m of f.markets ?? []) {
    const bit = c.marketBit.get(m);
    if (bit !== undefined) marketMask |= 1 << bit;
  }
  const categoryWanted = categories ? c.categories.map((name) => categories.has(name)) : null;
  const minBand = f.minSeverityBand;
  const pick = new Uint32Array(c.n);
  let count = 0;
  for (let i = 0; i < c.n; i++) {
    const flags = c.flags[i]!;
    if (!f.includeRetracted && flags & 2) continue;
    const key = c.tkey[i]!;
    if (lo !== null && key < lo) continue;
    if (hi !== null && key > hi) continue;
    if (box) {
      const x = c.lng64[i]!;
      const y = c.lat64[i]!;
      if (x < box[0] || x > box[2] || y < box[1] || y > box[3]) continue;
    }
    if (categoryWanted && !categoryWanted[c.category[i]!]) continue;
    if (stages && !stages.has(c.stage[i])) continue;
    if (minBand !== undefined) {
      const band = c.rawBand[i]!;
      if (!(band >= minBand || (band === -1 && c.score[i]! >= minBand))) continue;
    }
    if (f.markets?.length && !(c.markets[i]! & marketMask)) continue;
    if (f.minPublishers !== undefined && !(c.publishers[i]! >= f.minPublishers)) continue;
    if (f.measured !== undefined && (flags & 1) !== (f.measured ? 1 : 0)) continue;
    if (words.keep && !words.keep.has(key)) continue;
    if (words.drop && words.drop.has(key)) continue;
    pick[count++] = i;
  }
  const out = {
    count,
    ids: new Array<string>(count),
    lng: new Float32Array(count),
    lat: new Float32Array(count),
    band: new Uint8Array(count),
    flags: new Uint8Array(count),
    category: new Uint8Array(count),
    categories: c.categories.slice(0, 256),
    time: new Float64Array(count),
  };
  // The times are whole seconds (0: unknown), so they cross serve as 32-bit seconds (wire.ts).
  const seconds = new Uint32Array(count);
  let wholeSeconds = true;
  for (let j = 0; j < count; j++) {
    const i = pick[j]!;
    out.ids[j] = c.ids[i]!;
    out.lng[j] = c.lng[i]!;
    out.lat[j] = c.lat[i]!;
    out.band[j] = c.band[i]!;
    out.flags[j] = c.flags[i]!;
    // Categories are a short list (a dozen); past 255 the last index stands for "other".
    out.category[j] = Math.min(c.category[i]!, 255);
    const second = Math.floor(c.tkey[i]! / SLOTS);
    out.time[j] = second === 0 ? NaN : second * 1000;
    seconds[j] = second;
    if (second < 0 || second > 0xffffffff) wholeSeconds = false;
  }
  // Times past 2106 do not fit 32 bits: then the ms themselves cross.
  if (wholeSeconds) withWholeSeconds(out.time, seconds);
  if (c.uuids) withUuidBytes(out.ids, pickedUuids(c.uuids, pick, count));
  else if (c.idBytes) withLineBytes(out.ids, pickedIdBytes(c, c.idBytes, pick, count));
  return out;
}
