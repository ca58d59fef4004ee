// Developments, measured lists, transit and the brief. Each stream keeps a checkpoint of the
// last day it covered completely, written with the data it describes.
import type { AlternateClient, ApiResult, MainClient } from '../api';
import { measuredStream } from '../../shared/contract';
import { MEASURED, type MeasuredKind } from '../api/shared-endpoints';
import type { SyncContext } from './context';
import { RECORD_START } from './signals';

const DAY = 86_400_000;
export const addDays = (d: string, n: number) =>
  new Date(Date.parse(`${d}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const daysBetween = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / DAY);

// The developments price is "metered" with the amount not shown: budget as for a list page
// (3) until a response says what it costs, so --max-tokens is never passed on a guess.
const DEV_PRICE_GUESS = 3;

interface DevCheckpoint {
  /** Days before this one are complete; this day is fetched again (it may still grow). */
  from: string;
  pass?: { start: string; end: string; offset: number };
  price?: number;
}

/** Main: offset paging of the whole window up to total_count. */
async function mainDevelopments(ctx: SyncContext, client: MainClient): Promise<void> {
  const stream = 'developments';
  const stats = ctx.stats(stream);
  const cp = (await ctx.checkpoint<DevCheckpoint>(stream)) ?? { from: RECORD_START };
  const pass = cp.pass ?? { start: cp.from, end: ctx.today, offset: 0 };
  const ask = (offset: number, price: number) => {
    ctx.progress({ stream, message: `changes ${pass.start}..${pass.end}`, done: offset });
    return ctx.call(stream, price, () =>
      client.developments({
        start_date: pass.start,
        end_date: pass.end,
        limit: 200,
        offset,
        notable_only: false,
      }),
    );
  };
  let ahead: ReturnType<typeof ask> | null = null;
  try {
    for (;;) {
      const res = await (ahead ?? ask(pass.offset, cp.price ?? DEV_PRICE_GUESS));
      ahead = null;
      const rows = res.data.developments;
      stats.received += rows.length;
      const total = res.data.meta.total_count;
      const offset = pass.offset + rows.length;
      const done = rows.length === 0 || offset >= total;
      const price = res.tokens?.charged ?? cp.price;
      // The next page is asked for while this one is written (a slow link's round trip).
      if (!done) {
        ahead = ask(offset, price ?? DEV_PRICE_GUESS);
        ahead.catch(() => undefined);
      }
      const next: DevCheckpoint = done
        ? { from: pass.end, ...(price !== undefined ? { price } : {}) }
        : { from: cp.from, pass: { ...pass, offset }, ...(price !== undefined ? { price } : {}) };
      const [stored] = await ctx.cache.tx([
        ['storeDevelopments', { developments: rows }],
        ['setCheckpoint', stream, next],
      ]);
      stats.stored += (stored as { stored: number }).stored;
      if (done) return;
      pass.offset = offset;
    }
  } catch (e) {
    await ahead?.catch(() => undefined);
    throw e;
  }
}

/**
 * Alternate: no offset. Slices of the window (date + days ≤ 30) are halved until a slice
 * returns fewer rows than the page limit, so nothing is cut off silently.
 */
async function alternateDevelopments(ctx: SyncContext, client: AlternateClient): Promise<void> {
  const stream = 'developments';
  const stats = ctx.stats(stream);
  const cp = (await ctx.checkpoint<DevCheckpoint>(stream)) ?? { from: RECORD_START };
  let from = cp.from;
  let price = cp.price;
  let span = 7;
  while (from <= ctx.today) {
    const days = Math.max(1, Math.min(span, 30, daysBetween(from, ctx.today) + 1));
    const end = addDays(from, days - 1);
    ctx.progress({ stream, message: `changes ${from}..${end}` });
    const res = await ctx.call(stream, price ?? DEV_PRICE_GUESS, () =>
      // The alternate record carries no `notable` flag: the feed's default (notable only) keeps
      // what the analyst is alerted about.
      client.developments({ date: end, days, limit: 200 }),
    );
    price = res.tokens?.charged ?? price;
    const rows = res.data.developments;
    if (rows.length >= 200 && days > 1) {
      span = Math.max(1, Math.floor(days / 2));
      continue;
    }
    stats.received += rows.length;
    if (rows.length >= 200)
      ctx.summary.errors.push({
        stream,
        kind: 'truncated',
        message: `more than 200 developments on ${end}; only the first 200 are cached`,
      });
    // The last day is fetched again next run (it may still grow); earlier days are complete.
    const nextFrom = end >= ctx.today ? ctx.today : addDays(end, 1);
    const [stored] = await ctx.cache.tx([
      ['storeDevelopments', { developments: rows }],
      ['setCheckpoint', stream, { from: nextFrom, ...(price !== undefined ? { price } : {}) }],
    ]);
    stats.stored += (stored as { stored: number }).stored;
    if (end >= ctx.today) return;
    from = nextFrom;
    span = Math.min(30, span * 2);
  }
}

export function syncDevelopments(ctx: SyncContext): Promise<void> {
  return ctx.client.profile === 'main'
    ? mainDevelopments(ctx, ctx.client)
    : alternateDevelopments(ctx, ctx.client);
}

/** Measured lists are read again at most this often (default 3 hours). */
export const MEASURED_EVERY_MS = 3 * 3_600_000;

interface MeasuredCheckpoint {
  from: string;
  /** When the last complete listing finished. */
  at?: string;
  pass?: { start: string; end: string; cursor: string };
}

/** Measured lists: cursor pages (3 tokens each) from the last covered day to today. */
export async function syncMeasured(ctx: SyncContext, everyMs = MEASURED_EVERY_MS): Promise<void> {
  for (const kind of Object.keys(MEASURED) as MeasuredKind[]) {
    const stream = measuredStream(kind);
    const stats = ctx.stats(stream);
    const cp = (await ctx.checkpoint<MeasuredCheckpoint>(stream)) ?? { from: RECORD_START };
    // Measured products arrive a few times a day: a finished list is read again only after
    // `everyMs`, so frequent syncs do not pay 3 tokens per kind for an unchanged day.
    if (!cp.pass && cp.at && ctx.now().getTime() - Date.parse(cp.at) < everyMs) continue;
    const start = cp.pass?.start ?? cp.from;
    const end = cp.pass?.end ?? ctx.today;
    let cursor = cp.pass?.cursor;
    const list = {
      thermal: ctx.client.thermalAnomalies,
      nightlight: ctx.client.nightlightAnomalies,
      so2: ctx.client.so2Anomalies,
      quake: ctx.client.quakeExposures,
      cyclone: ctx.client.cycloneExposures,
    }[kind];
    for (;;) {
      ctx.progress({ stream, message: `${kind} ${start}..${end}` });
      // Each kind's list has its own record type; here only the meta and the key are read.
      const res = await ctx.call<{ meta: Record<string, unknown> }>(stream, 3, () =>
        list({ start_date: start, end_date: end, limit: 100, ...(cursor ? { cursor } : {}) }),
      );
      const records = (res.data as Record<string, unknown>)[MEASURED[kind][1]] as unknown[];
      stats.received += records.length;
      const meta = res.data.meta as { next_cursor?: string | null; has_more?: boolean | null };
      const next = meta.next_cursor;
      const more = Boolean(next) && meta.has_more !== false && records.length > 0;
      const [stored] = await ctx.cache.tx([
        ['storeMeasured', { kind, records, meta: res.data.meta }],
        [
          'setCheckpoint',
          stream,
          more
            ? { from: cp.from, pass: { start, end, cursor: next } }
            : { from: end, at: ctx.now().toISOString() },
        ],
      ]);
      stats.stored += (stored as { stored: number }).stored;
      if (!more) break;
      cursor = next!;
    }
  }
}

/** Transit is updated weekly: fetched at most every 12 hours (3 tokens a call). */
export async function syncTransit(ctx: SyncContext): Promise<void> {
  const stream = 'transit';
  const cp = await ctx.checkpoint<{ fetched_at: string }>(stream);
  if (cp && ctx.now().getTime() - Date.parse(cp.fetched_at) < 12 * 3_600_000) return;
  const stats = ctx.stats(stream);
  const res = await ctx.call(stream, 3, () => ctx.client.transitAnomalies({}));
  stats.received += res.data.places.length;
  const [stored] = await ctx.cache.tx([
    ['storeTransit', { places: res.data.places, meta: res.data.meta, replaceAll: true }],
    ['setCheckpoint', stream, { fetched_at: ctx.now().toISOString() }],
  ]);
  stats.stored += (stored as { stored: number }).stored;
}

/** The daily brief (free, open on every plan). */
export async function syncBrief(ctx: SyncContext): Promise<void> {
  const stream = 'brief';
  const stats = ctx.stats(stream);
  const brief = ctx.client.brief as (p: Record<string, never>) => Promise<ApiResult<unknown>>;
  const res = await ctx.call(stream, 0, () => brief({}));
  stats.received++;
  await ctx.cache.one('storeBrief', { brief: res.data, period: 'daily' });
  stats.stored++;
}
