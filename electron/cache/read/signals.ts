// The window's signal reads (contract signals.query, signals.points, signals.countryCounts,
// signals.get): the same conditions as `watchfloor signals` (signals-query.ts), so a filter
// counts the same rows in both, answered from columns, never from the 1–2 KB payloads, except
// for the one event signals.get shows whole.
import type Database from 'better-sqlite3';
import { checkBBox, pointInBBox, type BBox } from '../../../shared/bbox';
import type {
  CountryCount,
  SignalCategory,
  SignalFilter,
  SignalPoints,
  SignalRow,
  Stage,
} from '../../../shared/contract-read';
import { MEASURED_CATEGORIES } from '../../../shared/service/values';
import { getSignal } from '../signals-query';
import { stmt } from '../sql';
import { SLOTS } from '../tkey';
import { conditions, DRAWABLE } from './filter';
import { heldSignalPoints } from './points';

const COLUMNS =
  's.seq, s.id, s.title, s.category, s.occurred_at, s.stage, s.severity_band, s.severity_score, s.lat, ' +
  `s.lng, (${DRAWABLE}) AS drawable, s.place, s.country, s.country_code, s.measured, s.measured_kind, ` +
  's.retracted, s.publishers, s.market_impact';

interface Columns {
  seq: number;
  id: string;
  title: string | null;
  category: string | null;
  occurred_at: string | null;
  stage: string | null;
  severity_band: number | null;
  severity_score: number | null;
  lat: number | null;
  lng: number | null;
  drawable: number;
  place: string | null;
  country: string | null;
  country_code: string | null;
  measured: number;
  measured_kind: string | null;
  retracted: number;
  publishers: number | null;
  market_impact: string | null;
}

function markets(text: string | null): string[] {
  if (!text) return [];
  const v: unknown = JSON.parse(text);
  return Array.isArray(v) ? v.filter((m): m is string => typeof m === 'string') : [];
}

const toRow = (c: Columns): SignalRow => ({
  id: c.id,
  title: c.title ?? '',
  category: c.category ?? '',
  occurredAt: c.occurred_at,
  stage: c.stage as Stage | null,
  severityBand: c.severity_band,
  severityScore: c.severity_score,
  lat: c.lat,
  lng: c.lng,
  plottable: c.drawable === 1,
  location: c.place,
  country: c.country,
  countryCode: c.country_code,
  measured: c.measured === 1,
  measuredKind: c.measured_kind,
  retracted: c.retracted === 1,
  publishers: c.publishers,
  markets: markets(c.market_impact),
});

export interface SignalPage {
  sort?: 'latest' | 'oldest' | 'severity';
  limit?: number;
  offset?: number;
}

/**
 * What is known of one query (its conditions and order) at one version of the cache: how many
 * match, and once a page past the first was asked, every match's seq in order. The window's
 * table pages through up to a million rows; OFFSET walks the order from the top each time
 * (measured at 1,000,000 rows: 220 ms for a page at offset 999,000 latest first, 2 s by
 * severity, which has no index), and count(*) costs ~90 ms on every page. Held, a page anywhere
 * is a slice and a read of its 1,000 rows by seq, and the order is read once per version (~0.2 s
 * latest first, ~1.5 s by severity, at 1,000,000 rows).
 */
interface Known {
  version: string;
  total: number;
  /** Every match's seq in the order asked; null until a page past the first was asked. */
  seqs: Float64Array | null;
}
/** A few queries per connection: the table's current one and the last ones it came from. */
const KEEP_KNOWN = 4;
const known = new WeakMap<Database.Database, Map<string, Known>>();

/** Changes whenever the file may have: a write on this connection or a commit on another. */
function version(db: Database.Database): string {
  const changes = stmt(db, 'SELECT total_changes()').pluck().get() as number;
  return `${String(db.pragma('data_version', { simple: true }))}:${changes}`;
}

function knownOf(db: Database.Database, key: string, v: string): Known | undefined {
  const byKey = known.get(db);
  const k = byKey?.get(key);
  if (!k || k.version !== v) return undefined;
  // Most recently used last, so the first is the one to drop.
  byKey!.delete(key);
  byKey!.set(key, k);
  return k;
}

function remember(db: Database.Database, key: string, k: Known): void {
  let byKey = known.get(db);
  if (!byKey) known.set(db, (byKey = new Map()));
  byKey.delete(key);
  byKey.set(key, k);
  while (byKey.size > KEEP_KNOWN) byKey.delete(byKey.keys().next().value!);
}

/** One page of matching signals in the order asked, and how many match in all. */
export function querySignalRows(
  db: Database.Database,
  filter: SignalFilter,
  page: SignalPage = {},
): { rows: SignalRow[]; total: number } {
  const { from, where, params, order } = conditions(filter);
  const base = `FROM ${from} WHERE ${where.join(' AND ')}`;
  const sort =
    page.sort === 'oldest'
      ? order.replace('DESC', 'ASC')
      : page.sort === 'severity'
        ? `s.severity_band DESC NULLS LAST, s.severity_score DESC NULLS LAST, ${order}`
        : order;
  const limit = page.limit ?? 200;
  const offset = page.offset ?? 0;
  const listing = `SELECT s.seq ${base} ORDER BY ${sort}`;
  // Parameters hold BigInt time keys, which JSON cannot write as they are.
  const key = `${listing}\n${JSON.stringify(params, (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))}`;
  const v = version(db);
  let k = knownOf(db, key, v);
  if (offset > 0 && !k?.seqs) {
    // Past the first page: read the whole order once, and every page after it is a slice.
    const all = stmt(db, listing)
      .pluck()
      .all(...params) as number[];
    remember(db, key, (k = { version: v, total: all.length, seqs: Float64Array.from(all) }));
  }
  let seqs: ArrayLike<number>;
  if (k?.seqs) seqs = k.seqs.subarray(offset, offset + limit);
  else {
    // The first page (what opens the table) straight from the index, the count kept.
    seqs = stmt(db, `${listing} LIMIT ? OFFSET ?`)
      .pluck()
      .all(...params, limit, offset) as number[];
    if (!k) {
      const total = stmt(db, `SELECT count(*) ${base}`)
        .pluck()
        .get(...params) as number;
      remember(db, key, (k = { version: v, total, seqs: null }));
    }
  }
  const total = k.total;
  if (!seqs.length) return { rows: [], total };
  const found = new Map(
    (
      stmt(db, `SELECT ${COLUMNS} FROM signals s WHERE s.seq IN (SELECT value FROM json_each(?))`).all(
        JSON.stringify(Array.from(seqs)),
      ) as Columns[]
    ).map((c) => [c.seq, c]),
  );
  return {
    rows: Array.from(seqs).flatMap((seq) => (found.has(seq) ? [toRow(found.get(seq)!)] : [])),
    total,
  };
}

/** Every matching drawable point, as columns: from the columns held in memory (points.ts), else SQL. */
export function querySignalPoints(db: Database.Database, filter: SignalFilter): Omit<SignalPoints, 'asOf'> {
  return heldSignalPoints(db, filter) ?? sqlSignalPoints(db, filter);
}

/**
 * The same answer straight from SQL. Rows come raw (arrays, not objects) and go straight into
 * typed arrays: at 200,000 points object rows cost more than the query.
 */
export function sqlSignalPoints(db: Database.Database, filter: SignalFilter): Omit<SignalPoints, 'asOf'> {
  const { from, where, params } = conditions(filter);
  const rows = stmt(
    db,
    'SELECT s.id, s.lng, s.lat, coalesce(s.severity_band, CAST(s.severity_score AS INTEGER)), ' +
      's.measured | (s.retracted << 1) | (s.escalating << 2), s.category, s.tkey ' +
      `FROM ${from} WHERE ${where.join(' AND ')} AND ${DRAWABLE}`,
  )
    .raw()
    .all(...params) as [string, number, number, number | null, number, string | null, number][];
  const count = rows.length;
  const ids = new Array<string>(count);
  const lng = new Float32Array(count);
  const lat = new Float32Array(count);
  const band = new Uint8Array(count);
  const flags = new Uint8Array(count);
  const category = new Uint8Array(count);
  const time = new Float64Array(count);
  const categories: string[] = [];
  const index = new Map<string, number>();
  for (let i = 0; i < count; i++) {
    const r = rows[i]!;
    ids[i] = r[0];
    lng[i] = r[1];
    lat[i] = r[2];
    band[i] = r[3] === null ? 0 : Math.max(0, Math.min(255, r[3]));
    flags[i] = r[4];
    const name = r[5] ?? '';
    let c = index.get(name);
    if (c === undefined) {
      c = categories.length;
      index.set(name, c);
      categories.push(name);
    }
    // Categories are a short list (a dozen); past 255 the last index stands for "other".
    category[i] = Math.min(c, 255);
    const second = Math.floor(r[6] / SLOTS);
    time[i] = second === 0 ? NaN : second * 1000;
  }
  return { count, ids, lng, lat, band, flags, category, categories, time };
}

/** A country-level group as the box rule reads it (countryInBox). */
export interface CountryGroup {
  countryCode: string | null;
  country: string | null;
  /** The mean of the coordinates the service gave (the country's centre), if any. */
  lat: number | null;
  lng: number | null;
}

/**
 * Whether the basemap's outline of a country overlaps a box: true or false, or null when the
 * basemap does not know the country. Given by the caller (electron/reports/basemap.ts reads
 * the outlines; the cache reads no map).
 */
export type CountryOverlaps = (
  who: { name: string | null; code: string | null },
  box: BBox,
) => boolean | null;

/**
 * Whether a country's country-level signals count as in a box (spec: main, GET /signals rule 5:
 * events without a point whose country overlaps the bbox): a pointed signal of that country
 * lies in the box, or the basemap's outline overlaps it, or (a country the basemap does not
 * know) the centre the service gave lies in it. One rule for the map's counts and the reports.
 */
export function countryInBox(
  g: CountryGroup,
  box: BBox,
  placed: { codes: ReadonlySet<string>; names: ReadonlySet<string> },
  overlaps: CountryOverlaps,
): boolean {
  if (
    (g.countryCode !== null && placed.codes.has(g.countryCode)) ||
    (g.country !== null && placed.names.has(g.country))
  )
    return true;
  const byMap = overlaps({ name: g.country, code: g.countryCode }, box);
  if (byMap !== null) return byMap;
  return g.lat !== null && g.lng !== null && pointInBBox(g.lng, g.lat, box);
}

/** The countries of the drawable signals in a box over a window (any filter but the box's ignored). */
export function placedCountries(
  db: Database.Database,
  args: { bbox: BBox; start?: string | undefined; end?: string | undefined },
): { codes: Set<string>; names: Set<string> } {
  const window: SignalFilter = { bbox: [...args.bbox], includeRetracted: true };
  if (args.start !== undefined) window.start = args.start;
  if (args.end !== undefined) window.end = args.end;
  const { from, where, params } = conditions(window);
  const rows = stmt(
    db,
    `SELECT DISTINCT s.country_code AS code, s.country AS name FROM ${from} WHERE ${where.join(' AND ')} AND ${DRAWABLE}`,
  ).all(...params) as { code: string | null; name: string | null }[];
  return {
    codes: new Set(rows.flatMap((r) => (r.code ? [r.code] : []))),
    names: new Set(rows.flatMap((r) => (r.name ? [r.name] : []))),
  };
}

/**
 * Country-level signals (no drawable point) per country, in the filter's time window. With a
 * box, only the countries in it (countryInBox): their coordinates are the country's centre, not
 * a place, so the box is asked of the country, not of the point.
 */
export function queryCountryCounts(
  db: Database.Database,
  filter: SignalFilter,
  overlaps: CountryOverlaps = () => null,
): CountryCount[] {
  const { bbox, ...rest } = filter;
  const { from, where, params } = conditions(rest);
  const groups = stmt(
    db,
    'SELECT s.country_code AS countryCode, max(s.country) AS country, count(*) AS count, ' +
      'max(coalesce(s.severity_band, CAST(s.severity_score AS INTEGER))) AS maxBand, ' +
      'avg(s.lat) AS lat, avg(s.lng) AS lng ' +
      `FROM ${from} WHERE ${where.join(' AND ')} AND NOT (${DRAWABLE}) AND s.country_code IS NOT NULL ` +
      'GROUP BY s.country_code ORDER BY count DESC, s.country_code',
  ).all(...params) as (CountryCount & { lat: number | null; lng: number | null })[];
  const box = bbox ? checkBBox(bbox) : null;
  const placed =
    box && groups.length ? placedCountries(db, { bbox: box, start: filter.start, end: filter.end }) : null;
  return groups
    .filter((g) => !box || countryInBox(g, box, placed!, overlaps))
    .map(({ countryCode, country, count, maxBand }) => ({ countryCode, country, count, maxBand }));
}

/**
 * Every category the cache holds (folded records aside), each with whether its signals are
 * measured (flagged so, or one of the documented measured categories), in name order. The filter menus offer these, whatever the current filter matches.
 */
export function querySignalCategories(db: Database.Database): SignalCategory[] {
  // A skip through the category index (migration 022): the next category after the last, then
  // whether any of its signals is measured, a seek each, rather than a pass over every signal.
  return (
    stmt(
      db,
      'WITH RECURSIVE c(name) AS (' +
        "SELECT min(category) FROM signals WHERE folded_into IS NULL AND category > '' " +
        'UNION ALL SELECT (SELECT min(category) FROM signals WHERE folded_into IS NULL AND category > c.name) ' +
        'FROM c WHERE c.name IS NOT NULL) ' +
        'SELECT name, (SELECT max(measured) FROM signals WHERE folded_into IS NULL AND category = c.name) AS measured ' +
        'FROM c WHERE name IS NOT NULL ORDER BY name',
    ).all() as { name: string; measured: number }[]
  ).map((c) => ({
    name: c.name,
    measured: c.measured === 1 || (MEASURED_CATEGORIES as readonly string[]).includes(c.name),
  }));
}

/** One cached event as the service sent it, with what the cache knows about it. */
export function readSignal(
  db: Database.Database,
  id: string | number,
): {
  signal: Record<string, unknown>;
  retracted: boolean;
  resolvedFrom: string | null;
  mergedIds: string[];
} | null {
  const found = getSignal(db, id);
  if (!found) return null;
  // The cache's own notes (profile, retracted, merged_ids) are returned beside the record.
  const { profile: _p, retracted, merged_ids, ...record } = found.signal;
  return { signal: record, retracted, resolvedFrom: found.resolvedFrom ?? null, mergedIds: merged_ids ?? [] };
}
