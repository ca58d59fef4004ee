// Offline signal queries with the service's semantics (spec: main, GET /signals: bbox,
// start_date/end_date inclusive, q, categories, stages, min_severity_band, updated_since,
// sort latest) and the command line's output (docs/cli.md, "signals" and "signal").
import type { Profile } from '../../shared/contract';
import type Database from 'better-sqlite3';
import { checkBBox, type BBox } from '../../shared/bbox';
import { parseQuery, toFts5 } from '../../shared/q';
import { SLOTS, tkeyOfDate } from './tkey';
import { hoursOfSecond, resolveSignalId } from './signals-store';
import { decodePayload, PAYLOAD_COLUMNS, type PayloadColumns } from './payload';
import { idHash } from './id-hash';
import { cellCover } from './cells';
import { checkDate, nextDay, normTime, stmt } from './sql';

export interface SignalQuery {
  bbox?: BBox | readonly number[];
  /** Occurred date window, both ends inclusive (YYYY-MM-DD). */
  startDate?: string;
  endDate?: string;
  q?: string;
  categories?: readonly string[];
  stages?: readonly string[];
  /** 4, 6 or 9 on the service; any band at or above is kept. */
  minSeverityBand?: number;
  /** Signals last updated (refolded) at or after this ISO 8601 time. */
  updatedSince?: string;
  includeRetracted?: boolean;
  /** Default 100 (the service's page default); 0 for no limit. */
  limit?: number;
  /** The window's facets (contract signals.*): any of these markets in market_impact. */
  markets?: readonly string[];
  /** reporting.distinct_hosts (alternate: num_sources) at least this. */
  minPublishers?: number;
  /** true: measured signals only; false: reported ones only. */
  measured?: boolean;
}

/** A signal as the command line prints it: the payload plus profile, retracted, merged_ids. */
export type CachedSignal = Record<string, unknown> & {
  profile: Profile;
  retracted: boolean;
  merged_ids?: string[];
};

interface Built {
  sql: string;
  params: unknown[];
}

/** Time-key bounds (inclusive) of an occurred-date window; open ends are null. */
export function windowKeys(args: Pick<SignalQuery, 'startDate' | 'endDate'>): {
  lo: number | null;
  hi: number | null;
} {
  return {
    lo: args.startDate === undefined ? null : tkeyOfDate(checkDate(args.startDate, 'startDate')),
    hi: args.endDate === undefined ? null : tkeyOfDate(nextDay(checkDate(args.endDate, 'endDate'))) - 1,
  };
}

const HOUR_KEYS = 3600 * SLOTS;

/** The FTS columns q matches; `cells` (cells.ts) is the box's, never the words'. */
const TEXT_COLUMNS = '{title summary place country category}';

/**
 * The q rules as FTS5 expressions (spec: main, GET /signals, q), limited to the text columns.
 * Excluded words join the match as `NOT`, evaluated inside the index; only a q of exclusions
 * alone needs the separate `exclude` test (FTS5 cannot match "everything but").
 */
export function ftsExpressions(q: string | undefined): { match: string | null; exclude: string | null } {
  if (!q) return { match: null, exclude: null };
  const { match, exclude } = toFts5(parseQuery(q));
  const text = (expr: string) => `${TEXT_COLUMNS} : (${expr})`;
  if (match && exclude) return { match: text(`(${match}) NOT (${exclude})`), exclude: null };
  return { match: match && text(match), exclude: exclude && text(exclude) };
}

export type Drive = 'rtree' | 'fts' | 'table';

/**
 * Where bbox + q starts: the words' FTS, the words and the box's cells in one FTS expression
 * (cells.ts), or the box's R*Tree.
 */
export type Start = 'words' | 'cells' | 'box';

export interface BuildOptions {
  /** Time keys lo..hi: the date window (default) or one slice of it. */
  range?: { lo: number | null; hi: number | null };
  limit?: number;
  /** Which index the query starts from; by default the R*Tree with a bbox, else the FTS with q. */
  drive?: Drive;
  /** With drive 'fts' and a bbox: the cells covering the box (cellCover), matched with the words. */
  cells?: readonly string[];
}

/**
 * The R*Tree constraint for a box and a time-key range (open ends allowed). Overlap tests,
 * because the R*Tree rounds float32 outwards, and an hour's margin on the time axis; the
 * exact tests are on the row.
 */
function rtreeBox(
  alias: string,
  [w, s, e, n]: BBox,
  range: { lo: number | null; hi: number | null },
): { sql: string; params: number[] } {
  const sql = [
    `${alias}max_lng >= ? AND ${alias}min_lng <= ? AND ${alias}max_lat >= ? AND ${alias}min_lat <= ?`,
  ];
  const params = [w, e, s, n];
  if (range.lo !== null) {
    sql.push(`${alias}max_t >= ?`);
    params.push(hoursOfSecond(range.lo / SLOTS - 3600));
  }
  if (range.hi !== null) {
    sql.push(`${alias}min_t <= ?`);
    params.push(hoursOfSecond((range.hi + 1) / SLOTS + 3600));
  }
  return { sql: sql.join(' AND '), params };
}

/**
 * The SQL for a query, exported so tests can check its plan (EXPLAIN QUERY PLAN). Rows
 * come latest first (tkey order); candidates are filtered from the covering time index.
 */
export function buildSignalQuery(args: SignalQuery, opts: BuildOptions = {}): Built {
  const { from, where, params, order } = signalConditions(args, opts);
  const limit = opts.limit ?? args.limit ?? 100;
  if (!Number.isInteger(limit) || limit < 0)
    throw new RangeError('limit must be a whole number, 0 for no limit');
  params.push(limit > 0 ? limit : -1);
  // Latest first (spec: main, GET /signals, sort=latest): tkey order is occurred order. The
  // inner query picks and sorts keys only; rows and payloads are read for the rows kept
  // (measured: sorting 300 candidates with their payloads cost 5 ms, keys alone 0.5 ms).
  const sql =
    `SELECT ${rowColumns('o')} FROM (SELECT s.seq, s.tkey FROM ${from} WHERE ` +
    `${where.join(' AND ')} ORDER BY ${order} LIMIT ?) k CROSS JOIN signals o ON o.seq = k.seq ` +
    'CROSS JOIN signal_payloads p ON p.seq = k.seq ORDER BY k.tkey DESC';
  return { sql, params };
}

/** A query's FROM (the index it starts from, `s` the signals row), WHERE terms and latest-first order. */
export interface Conditions {
  from: string;
  where: string[];
  params: unknown[];
  order: string;
}

/** The FROM and WHERE of a query, shared by the listing above and the window's counts and points. */
export function signalConditions(args: SignalQuery, opts: BuildOptions = {}): Conditions {
  const where: string[] = ['s.folded_into IS NULL'];
  const params: unknown[] = [];
  const { lo, hi } = opts.range ?? windowKeys(args);
  const fts = ftsExpressions(args.q);
  const drive: Drive = opts.drive ?? (args.bbox ? 'rtree' : fts.match ? 'fts' : 'table');
  const bbox = args.bbox ? checkBBox(args.bbox) : null;
  let from: string;
  let order = 's.tkey DESC';

  if (drive === 'rtree' && bbox) {
    // Start from the R*Tree; CROSS JOIN fixes the order so SQLite never starts from another
    // index (3–5 ms from the R*Tree, 200+ ms from the time index at 1M rows).
    from = 'signals_rtree r CROSS JOIN signals s ON s.tkey = r.id';
    const box = rtreeBox('r.', bbox, { lo, hi });
    where.push(box.sql);
    params.push(...box.params);
    if (fts.match) {
      where.push(
        's.tkey IN (SELECT rowid FROM signals_fts WHERE signals_fts MATCH ? AND rowid BETWEEN ? AND ?)',
      );
      params.push(fts.match, BigInt(lo ?? 0), BigInt(hi ?? Number.MAX_SAFE_INTEGER));
    }
  } else if (drive === 'fts' && fts.match) {
    // Start from the full-text index and walk it latest first within the window (its
    // rowids are time keys), stopping at the limit.
    // With the box's cells, the index itself keeps only entries in the box's cells.
    from = 'signals_fts f CROSS JOIN signals s ON s.tkey = f.rowid';
    where.push('signals_fts MATCH ?');
    params.push(opts.cells ? `(${fts.match}) AND cells : (${opts.cells.join(' OR ')})` : fts.match);
    order = 'f.rowid DESC';
  } else if (args.updatedSince !== undefined) {
    // "What changed since": usually few rows, so read them by the update index and sort,
    // rather than walk the whole table latest first looking for them.
    from = 'signals s INDEXED BY signals_updated';
  } else {
    from = 'signals s';
  }
  if (bbox) {
    where.push('s.lng BETWEEN ? AND ? AND s.lat BETWEEN ? AND ?');
    params.push(bbox[0], bbox[2], bbox[1], bbox[3]);
    // The R*Tree holds only points a bbox may list (signals-store.ts), as only those carry
    // cells; a query starting elsewhere checks membership by key (a rowid lookup).
    if (drive !== 'rtree' && !opts.cells)
      where.push('EXISTS (SELECT 1 FROM signals_rtree x WHERE x.id = s.tkey)');
  }
  const keyColumn = from.startsWith('signals_fts') ? 'f.rowid' : 's.tkey';
  // BigInt: FTS5 seeks an INTEGER rowid range but scans for a REAL one (see signals-store.ts).
  if (lo !== null) {
    where.push(`${keyColumn} >= ?`);
    params.push(BigInt(lo));
  }
  if (hi !== null) {
    where.push(`${keyColumn} <= ?`);
    params.push(BigInt(hi));
  }
  if (fts.exclude) {
    where.push('s.tkey NOT IN (SELECT rowid FROM signals_fts WHERE signals_fts MATCH ?)');
    params.push(fts.exclude);
  }
  // Lists travel as one JSON parameter so each shape of query is prepared once.
  if (args.categories?.length) {
    where.push('s.category IN (SELECT value FROM json_each(?))');
    params.push(JSON.stringify(args.categories));
  }
  if (args.stages?.length) {
    where.push('s.stage IN (SELECT value FROM json_each(?))');
    params.push(JSON.stringify(args.stages));
  }
  if (args.minSeverityBand !== undefined) {
    // Alternate-profile signals carry no band; their 0–10 severity_score stands in for it.
    where.push('(s.severity_band >= ? OR (s.severity_band IS NULL AND s.severity_score >= ?))');
    params.push(args.minSeverityBand, args.minSeverityBand);
  }
  if (args.updatedSince !== undefined) {
    const since = normTime(args.updatedSince);
    if (since === null) throw new RangeError('updatedSince must be an ISO 8601 time');
    where.push('s.last_updated_at >= ?');
    params.push(since);
  }
  if (!args.includeRetracted) where.push('s.retracted = 0');
  if (args.markets?.length) {
    where.push(
      's.market_impact IS NOT NULL AND EXISTS (SELECT 1 FROM json_each(s.market_impact) m WHERE m.value IN (SELECT value FROM json_each(?)))',
    );
    params.push(JSON.stringify(args.markets));
  }
  if (args.minPublishers !== undefined) {
    where.push('s.publishers >= ?');
    params.push(args.minPublishers);
  }
  if (args.measured !== undefined) {
    where.push('s.measured = ?');
    params.push(args.measured ? 1 : 0);
  }
  return { from, where, params, order };
}

interface Row extends PayloadColumns {
  id: string;
  profile: Profile;
  retracted: number;
  payload: Buffer | string;
}

/**
 * What toSignals reads of a signal: id, profile, retracted, the payload and the columns the
 * payload refers to (payload.ts), from the signals row `alias` and `p`, its signal_payloads row.
 */
export function rowColumns(alias: string): string {
  const extra = PAYLOAD_COLUMNS.filter((c) => c !== 'id').map((c) => `${alias}.${c}`);
  return [`${alias}.id`, `${alias}.profile`, `${alias}.retracted`, 'p.payload', ...extra].join(', ');
}

/** Ids folded into each of `ids` (docs/cli.md: "merged_ids", ids folded into this one). */
function mergedIds(db: Database.Database, ids: readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (!ids.length) return out;
  const rows = stmt(
    db,
    `SELECT survivor_id, old_id FROM signal_aliases
     WHERE survivor_id IN (SELECT value FROM json_each(?)) ORDER BY old_id`,
  ).all(JSON.stringify(ids)) as { survivor_id: string; old_id: string }[];
  for (const r of rows) out.set(r.survivor_id, [...(out.get(r.survivor_id) ?? []), r.old_id]);
  return out;
}

/** Rows of (id, profile, retracted, payload) as the command line prints them, with merged_ids. */
export function toSignals(db: Database.Database, rows: readonly Row[]): CachedSignal[] {
  const merged = mergedIds(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    // Assigned onto the parsed payload rather than spread into a copy (measured faster).
    const signal = decodePayload<CachedSignal>(db, r.payload, r);
    signal.profile = r.profile;
    signal.retracted = r.retracted === 1;
    const ids = merged.get(r.id);
    if (ids) signal.merged_ids = ids;
    return signal;
  });
}

const DAY_KEYS = 24 * HOUR_KEYS;

/**
 * Cached signals matching the query, latest first; folded ids never listed on their own.
 * A bbox query walks the window backwards in slices (1 day, then 4, 16, 64…) and stops
 * once the limit is filled, so a box holding many events reads only the latest of them
 * while a quiet box costs a few more R*Tree probes. With q it usually asks the FTS for the
 * words and the box's cells together (startFrom).
 */
export function querySignals(
  db: Database.Database,
  args: SignalQuery = {},
  opts: { start?: Start } = {},
): CachedSignal[] {
  const limit = args.limit ?? 100;
  const window = windowKeys(args);
  const run = (opts: BuildOptions): Row[] => {
    const { sql, params } = buildSignalQuery(args, opts);
    return stmt(db, sql).all(params) as Row[];
  };
  if (!args.bbox) return toSignals(db, run({ range: window }));
  const ends = stmt(
    db, // Two subqueries: SQLite answers a lone min() or max() from the index, not both at once.
    'SELECT (SELECT min(tkey) FROM signals) AS lo, (SELECT max(tkey) FROM signals) AS hi',
  ).get() as { lo: number | null; hi: number | null };
  if (ends.lo === null || ends.hi === null) return [];
  const lo = Math.max(window.lo ?? 0, ends.lo);
  const hi = Math.min(window.hi ?? Number.MAX_SAFE_INTEGER, ends.hi);
  const { match } = ftsExpressions(args.q);
  const bbox = checkBBox(args.bbox);
  const start = match ? (opts.start ?? startFrom(db, bbox, { lo, hi })) : 'box';
  const cells = start === 'cells' ? cellCover(bbox) : null;
  if (cells) return toSignals(db, run({ range: window, drive: 'fts', cells }));
  if (start === 'words' || start === 'cells') return toSignals(db, run({ range: window, drive: 'fts' }));
  if (limit === 0) return toSignals(db, run({ range: window }));
  const rows: Row[] = [];
  let sliceHi = hi;
  let span = DAY_KEYS;
  while (sliceHi >= lo && rows.length < limit) {
    const sliceLo = Math.max(lo, sliceHi - span + 1);
    rows.push(...run({ range: { lo: sliceLo, hi: sliceHi }, limit: limit - rows.length }));
    sliceHi = sliceLo - 1;
    // The next slice is sized by the hits so far (with a margin), not a fixed ×4: a slice
    // costs what the R*Tree and the words' index hold in it, and a ×4 slice asked for the
    // last few rows read up to 16 days of the words' index (measured: 10–16 ms at 1M).
    const wanted = rows.length ? ((limit - rows.length) * (hi - sliceHi) * 1.5) / rows.length : Infinity;
    span = Math.max(DAY_KEYS / 4, Math.min(span * 4, Math.ceil(wanted)));
  }
  return toSignals(db, rows);
}

/** Counts stop here: enough to tell the starts apart, under a millisecond to count. */
const COUNT_CAP = 1000;

/**
 * bbox + q: the words with the box's cells, whenever the box has a cover (cells.ts). Measured
 * at 1M (bench/cache.ts's 150 queries, each start forced, second pass): the cells alone p95
 * 7.4 ms against the words 20 and the box 16, and within a millisecond of the best start per
 * query; counting the words' matches first to send rare words to the words alone (p50 0.8 ms
 * faster for them) cost 0.8 ms p50 and 2.3 ms p95 on every query, more than it saved. A box too
 * large for a cover holds most points (the words, each entry's point tested, stop early) or,
 * over a quiet part of the world, fewer than COUNT_CAP (the R*Tree, the words per slice).
 */
export function startFrom(db: Database.Database, bbox: BBox, range: { lo: number; hi: number }): Start {
  if (cellCover(bbox)) return 'cells';
  return countInBox(db, bbox, range, COUNT_CAP) < COUNT_CAP ? 'box' : 'words';
}

/** How many points of the box the R*Tree holds in the range, counting no further than `cap`. */
function countInBox(
  db: Database.Database,
  bbox: BBox,
  range: { lo: number; hi: number },
  cap: number,
): number {
  const box = rtreeBox('', bbox, range);
  return stmt(db, `SELECT count(*) FROM (SELECT 1 FROM signals_rtree WHERE ${box.sql} LIMIT ?)`)
    .pluck()
    .get(...box.params, cap) as number;
}

/** One cached event; a folded id resolves to its survivor and says so (docs/cli.md, "signal"). */
export function getSignal(
  db: Database.Database,
  id: string | number,
): { signal: CachedSignal; resolvedFrom?: string } | null {
  const resolved = resolveSignalId(db, id);
  const row = stmt(
    db,
    `SELECT ${rowColumns('s')} FROM signals s JOIN signal_payloads p ON p.seq = s.seq WHERE s.idh = ? AND s.id = ?`,
  ).get(idHash(resolved.id), resolved.id) as Row | undefined;
  if (!row) return null;
  const [signal] = toSignals(db, [row]);
  return resolved.folded ? { signal: signal!, resolvedFrom: String(id) } : { signal: signal! };
}
