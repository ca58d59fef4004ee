// The window's reads of the feeds (contract developments.list, measured.list, transit.get,
// brief.get): the cached records as the service sent them, filtered and counted here.
import type Database from 'better-sqlite3';
import type { DevelopmentRow } from '../../../shared/contract-read';
import { getListMeta } from '../checkpoints';
import { listTransit } from '../measured';
import { nextDay, normTime, stmt, type Json } from '../sql';

/** Text bounds of a window on ISO times: [lo, hi) — a date covers its whole day. */
export function textWindow(start?: string, end?: string): { lo: string | null; hi: string | null } {
  const lo = start === undefined ? null : start.length === 10 ? start : normTime(start);
  const hi =
    end === undefined ? null : end.length === 10 ? nextDay(end) : new Date(Date.parse(end) + 1).toISOString();
  return { lo, hi };
}

export interface DevelopmentsArgs {
  start?: string;
  end?: string;
  notableOnly?: boolean;
  axes?: readonly string[];
  sources?: readonly string[];
  /** 'latest' (the default): newest first; 'notable': notable ones first, then newest. */
  order?: 'latest' | 'notable';
  limit?: number;
  offset?: number;
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/**
 * Developments, latest first, with counts by axis and source over all that match. The
 * alternate feed is notable-only (the sync asks for its default), so a record without
 * `notable` counts as notable; without `source`, as reported by the world.
 */
export function queryDevelopments(
  db: Database.Database,
  args: DevelopmentsArgs,
): {
  rows: DevelopmentRow[];
  total: number;
  byAxis: Record<string, number>;
  bySource: Record<string, number>;
} {
  const { lo, hi } = textWindow(args.start, args.end);
  const where = [
    '(@lo IS NULL OR d.observed_at >= @lo)',
    '(@hi IS NULL OR d.observed_at < @hi)',
    '(@notable = 0 OR coalesce(d.notable, 1) = 1)',
    '(@axes IS NULL OR d.axis IN (SELECT value FROM json_each(@axes)))',
    "(@sources IS NULL OR coalesce(d.source, 'world') IN (SELECT value FROM json_each(@sources)))",
  ].join(' AND ');
  const params = {
    lo,
    hi,
    notable: args.notableOnly ? 1 : 0,
    axes: args.axes?.length ? JSON.stringify(args.axes) : null,
    sources: args.sources?.length ? JSON.stringify(args.sources) : null,
  };
  const groups = stmt(
    db,
    `SELECT d.axis AS axis, coalesce(d.source, 'world') AS source, count(*) AS n FROM developments d
     WHERE ${where} GROUP BY 1, 2`,
  ).all(params) as { axis: string | null; source: string; n: number }[];
  const byAxis: Record<string, number> = {};
  const bySource: Record<string, number> = {};
  let total = 0;
  for (const g of groups) {
    total += g.n;
    const axis = g.axis ?? 'unknown';
    byAxis[axis] = (byAxis[axis] ?? 0) + g.n;
    bySource[g.source] = (bySource[g.source] ?? 0) + g.n;
  }
  // Pages of one order follow each other (the window's list reads them as it scrolls); a
  // development the service sent without `notable` counts as notable, as the filter reads it.
  const order =
    args.order === 'notable'
      ? 'coalesce(d.notable, 1) DESC, d.observed_at DESC, d.key'
      : 'd.observed_at DESC, d.key';
  // The event's point for "jump to": a folded id reads its survivor; country-level events give none.
  const rows = stmt(
    db,
    `SELECT d.event_id, d.axis, d.source, d.notable, d.observed_at, d.payload, s.title AS signal_title,
       CASE WHEN s.plottable = 1 THEN s.lat END AS lat, CASE WHEN s.plottable = 1 THEN s.lng END AS lng
     FROM developments d
     LEFT JOIN signal_aliases a ON a.old_id = d.event_id
     LEFT JOIN signals s ON s.idh = signal_id_hash(coalesce(a.survivor_id, d.event_id))
       AND s.id = coalesce(a.survivor_id, d.event_id)
     WHERE ${where} ORDER BY ${order} LIMIT @limit OFFSET @offset`,
  ).all({ ...params, limit: args.limit ?? 100, offset: args.offset ?? 0 }) as {
    event_id: string;
    axis: string | null;
    source: string | null;
    notable: number | null;
    observed_at: string | null;
    payload: string;
    signal_title: string | null;
    lat: number | null;
    lng: number | null;
  }[];
  return {
    total,
    byAxis,
    bySource,
    rows: rows.map((r) => {
      const raw = JSON.parse(r.payload) as Json;
      return {
        eventId: r.event_id,
        axis: r.axis ?? 'unknown',
        source: r.source === 'measurement' ? 'measurement' : 'world',
        previousState: str(raw.previous_state),
        currentState: str(raw.current_state),
        basis: str(raw.basis) ?? str(raw.change_summary),
        notable: r.notable === null ? true : r.notable === 1,
        observedAt: r.observed_at,
        title: str(raw.title) ?? r.signal_title,
        lat: r.lat,
        lng: r.lng,
        raw: raw as DevelopmentRow['raw'],
      };
    }),
  };
}

export interface MeasuredArgs {
  kind: string;
  bbox?: readonly [number, number, number, number];
  start?: string;
  end?: string;
  limit?: number;
}

/** One measured list, latest first, and how many match in all. */
export function queryMeasured(db: Database.Database, args: MeasuredArgs): { rows: Json[]; total: number } {
  const { lo, hi } = textWindow(args.start, args.end);
  const [w, s, e, n] = args.bbox ?? [null, null, null, null];
  const where = `kind = @kind AND (@lo IS NULL OR recorded_at >= @lo) AND (@hi IS NULL OR recorded_at < @hi)
    AND (@w IS NULL OR (lng BETWEEN @w AND @e AND lat BETWEEN @s AND @n))`;
  const params = { kind: args.kind, lo, hi, w, s, e, n };
  const total = stmt(db, `SELECT count(*) FROM measured_events WHERE ${where}`).pluck().get(params) as number;
  const rows = (
    stmt(db, `SELECT payload FROM measured_events WHERE ${where} ORDER BY recorded_at DESC LIMIT @limit`)
      .pluck()
      .all({ ...params, limit: args.limit ?? 200 }) as string[]
  ).map((p) => JSON.parse(p) as Json);
  return { rows, total };
}

/** The transit index as the service sent it (meta and places), or null before its first sync. */
export function readTransit(db: Database.Database): { meta: Json; places: Json[] } | null {
  const meta = getListMeta<Json>(db, 'transit');
  const places = listTransit(db);
  if (meta === null && places.length === 0) return null;
  return { meta: meta ?? {}, places };
}

/** The brief for a period (a date, else the latest cached) and when it was fetched. */
export function readBrief(
  db: Database.Database,
  args: { period: string; date?: string },
): { brief: Json; fetchedAt: string } | null {
  const row = stmt(
    db,
    `SELECT payload, fetched_at FROM briefs WHERE period = @period AND (@date IS NULL OR date = @date)
     ORDER BY date DESC LIMIT 1`,
  ).get({ period: args.period, date: args.date ?? null }) as
    { payload: string; fetched_at: string } | undefined;
  return row ? { brief: JSON.parse(row.payload) as Json, fetchedAt: row.fetched_at } : null;
}
