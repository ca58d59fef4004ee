// Reads a local report needs beyond querySignals (docs/reports.md): the country-level signals
// of an area (no point, so absent from the R*Tree a bbox query walks) and the span of
// occurred dates the cache holds.
import type Database from 'better-sqlite3';
import type { CachedSignal, SignalQuery } from './signals-query';
import { rowColumns, signalConditions, toSignals, windowKeys } from './signals-query';
import { stmt } from './sql';

/**
 * Signals a bbox query leaves out: no point, or `plottable: false` (either profile: an
 * alternate record's geo_validation / geo_verified, signal-columns.ts); the rule
 * signalConditions applies to a box and signals-store.ts to the R*Tree.
 */
const NO_POINT = '(s.lat IS NULL OR s.lng IS NULL OR s.plottable = 0)';

export interface CountryLevelGroup {
  country: string | null;
  country_code: string | null;
  count: number;
  /** Mean of the coordinates the service gave (a country's centre, not a place); null without. */
  lat: number | null;
  lng: number | null;
}

function windowWhere(args: Pick<SignalQuery, 'startDate' | 'endDate' | 'includeRetracted'>): {
  sql: string;
  params: unknown[];
} {
  const { lo, hi } = windowKeys(args);
  const sql = [NO_POINT, 's.folded_into IS NULL'];
  const params: unknown[] = [];
  if (lo !== null) {
    sql.push('s.tkey >= ?');
    params.push(BigInt(lo));
  }
  if (hi !== null) {
    sql.push('s.tkey <= ?');
    params.push(BigInt(hi));
  }
  if (!args.includeRetracted) sql.push('s.retracted = 0');
  return { sql: sql.join(' AND '), params };
}

/** The countries that have country-level signals in the window, with how many each. */
export function countryLevelGroups(
  db: Database.Database,
  args: Pick<SignalQuery, 'startDate' | 'endDate' | 'includeRetracted'> = {},
): CountryLevelGroup[] {
  const w = windowWhere(args);
  return stmt(
    db,
    `SELECT s.country AS country, s.country_code AS country_code, count(*) AS count,
       avg(s.lat) AS lat, avg(s.lng) AS lng
     FROM signals s WHERE ${w.sql} GROUP BY s.country, s.country_code ORDER BY count DESC`,
  ).all(w.params) as CountryLevelGroup[];
}

/**
 * The country-level signals of these countries (by code or name) in the window, latest
 * first, shaped as querySignals shapes its rows (payload, profile, retracted, merged_ids).
 */
export function countryLevelSignals(
  db: Database.Database,
  args: Omit<SignalQuery, 'bbox' | 'limit' | 'updatedSince'> & {
    countryCodes: readonly string[];
    countries: readonly string[];
  },
): CachedSignal[] {
  if (!args.countryCodes.length && !args.countries.length) return [];
  const filtered =
    args.q !== undefined ||
    !!args.categories?.length ||
    !!args.stages?.length ||
    !!args.markets?.length ||
    args.minSeverityBand !== undefined ||
    args.minPublishers !== undefined ||
    args.measured !== undefined;
  if (filtered) {
    // The map's filters (a view export): the very conditions the window's list asks with.
    const { countryCodes: _c, countries: _n, ...query } = args;
    const c = signalConditions(query);
    const rows = stmt(
      db,
      `SELECT ${rowColumns('s')} FROM ${c.from}
       CROSS JOIN signal_payloads p ON p.seq = s.seq
       WHERE ${c.where.join(' AND ')} AND ${NO_POINT} AND (s.country_code IN (SELECT value FROM json_each(?))
         OR s.country IN (SELECT value FROM json_each(?)))
       ORDER BY s.tkey DESC`,
    ).all(...c.params, JSON.stringify(args.countryCodes), JSON.stringify(args.countries)) as Parameters<
      typeof toSignals
    >[1];
    return toSignals(db, rows);
  }
  const w = windowWhere(args);
  const rows = stmt(
    db,
    `SELECT ${rowColumns('s')} FROM signals s
     CROSS JOIN signal_payloads p ON p.seq = s.seq
     WHERE ${w.sql} AND (s.country_code IN (SELECT value FROM json_each(?))
       OR s.country IN (SELECT value FROM json_each(?)))
     ORDER BY s.tkey DESC`,
  ).all(...w.params, JSON.stringify(args.countryCodes), JSON.stringify(args.countries)) as Parameters<
    typeof toSignals
  >[1];
  return toSignals(db, rows);
}

/**
 * The countries of the placed signals in a box (any filter aside): which countries the box
 * overlaps must not depend on the map's filters, only which of their signals are listed.
 */
export function placedCountriesIn(
  db: Database.Database,
  args: Pick<SignalQuery, 'startDate' | 'endDate'> & { bbox: NonNullable<SignalQuery['bbox']> },
): { codes: string[]; names: string[] } {
  const c = signalConditions({ ...args, includeRetracted: true });
  const rows = stmt(
    db,
    `SELECT DISTINCT s.country_code AS code, s.country AS name FROM ${c.from}
     WHERE ${c.where.join(' AND ')} AND s.plottable = 1`,
  ).all(...c.params) as { code: string | null; name: string | null }[];
  return {
    codes: rows.flatMap((r) => (r.code ? [r.code] : [])),
    names: rows.flatMap((r) => (r.name ? [r.name] : [])),
  };
}

/** The first and last occurred dates the cache holds (YYYY-MM-DD), null when it holds none. */
export function cachedSignalSpan(db: Database.Database): { first: string | null; last: string | null } {
  const row = stmt(
    db,
    `SELECT (SELECT occurred_at FROM signals WHERE tkey = (SELECT min(tkey) FROM signals)) AS first,
       (SELECT occurred_at FROM signals WHERE tkey = (SELECT max(tkey) FROM signals)) AS last`,
  ).get() as { first: string | null; last: string | null };
  return { first: row.first?.slice(0, 10) ?? null, last: row.last?.slice(0, 10) ?? null };
}
