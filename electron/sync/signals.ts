// The signals stream. A first sync lists the latest days first, then the past newest first
// ("fill", in slices of the window); after it every sync is incremental through updated_since
// (one "pass"). Pages are sized to the line (pacing.ts): 3 tokens a page whatever its size, so
// 500 unless the line is slow. Each page is stored with its checkpoint in one transaction (a long
// run puts several pages in one: page-groups.ts), so a killed or cut run resumes after the last
// page committed and the cache never holds half a page. docs/sync.md.
// Profile rules (specs, GET /signals): main: start_date/end_date, updated_since narrows the
// window, sort=latest lists newest first; alternate: date + days (1-30) windows, updated_since
// ignores the window. Both: limit 1-500, a cursor is bound to the query it came from.
import { ApiError, type AlternateClient, type ApiResult, type BodyProgress, type MainClient } from '../api';
import type { OpCall } from '../cache';
import { PAGE_LIMIT_MAX, TOKENS_PER_PAGE } from '../../shared/sync-line';
import type { SyncStream } from '../../shared/contract';
import { SyncStopped, type SyncContext } from './context';
import { pageGroups, type PageGroups } from './page-groups';
import { FIRST_PAGE_LIMIT, type SavedLine } from './pacing';

export const RECORD_START = '2026-09-23';
/** The largest page (kept for callers that list whole windows). */
export const PAGE = PAGE_LIMIT_MAX;
/**
 * The next high-water mark is the newest last_updated_at received minus this margin: a record
 * refolded while a pass was paging can sit on a page already read, with a time just under the
 * newest one seen. "At or after" makes the overlap harmless (upserted, never duplicated).
 */
export const SAFETY_MARGIN_MS = 10 * 60_000;
/** The alternate profile's window is at most 30 days (date + days). */
const ALTERNATE_SPAN = 30;
/** A page in flight says how far it has come at most this often. */
const PROGRESS_EVERY_MS = 1000;

interface Pass {
  since: string | null;
  start_date: string;
  end_date: string;
  cursor: string | null;
  max_seen: string | null;
  pages: number;
  /** The page size the cursor was issued for (absent in checkpoints written before it was kept). */
  limit?: number | null;
}

/**
 * A first sync, listed in slices: [latest - 1, latest] first, then the past newest first (main:
 * one slice back to the record's start; alternate: 30-day windows). Slices do not overlap, so
 * nothing is fetched twice.
 */
export interface Fill {
  /** The day the first sync began on: the window's end. */
  latest: string;
  phase: 'latest' | 'history';
  /** The slice being listed (inclusive days), its cursor and the page size it was issued for. */
  start: string;
  end: string;
  cursor: string | null;
  limit: number | null;
  pages: number;
  stored: number;
  /**
   * The newest last_updated_at of the first slice that listed anything: the high-water mark
   * once the fill ends (less the margin). Not the newest of the whole fill: a record refolded
   * after its slice was listed, while older slices were, has a time after this one, so the
   * next incremental sync fetches it.
   */
  anchor: string | null;
  max_seen: string | null;
  /** The oldest day listed so far, and the first day the service lets the fill reach. */
  through: string | null;
  floor: string;
}

export interface SignalsCheckpoint {
  hwm: string | null;
  pass: Pass | null;
  fill?: Fill | null;
  /** What the line did in the last run: the next run's first page size comes from it. */
  line?: SavedLine;
}

interface Page {
  signals: unknown[];
  meta: {
    next_cursor?: string | null;
    has_more?: boolean | null;
    start_date?: string | null;
    end_date?: string | null;
  };
}

const DAY = 86_400_000;
const addDays = (d: string, n: number) =>
  new Date(Date.parse(`${d}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const daysBetween = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / DAY);
const newer = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);
const older = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a < b ? a : b);

export function nextHighWater(previous: string | null, maxSeen: string | null): string | null {
  if (maxSeen === null) return previous;
  const t = new Date(Date.parse(maxSeen) - SAFETY_MARGIN_MS).toISOString();
  return newer(previous, t);
}

const updatedAt = (s: unknown) =>
  ((s as { last_updated_at?: string | null }).last_updated_at ?? null) as string | null;
const dayOf = (s: unknown) => {
  const r = s as { occurred_at?: unknown; event_date?: unknown };
  const t =
    typeof r.occurred_at === 'string'
      ? r.occurred_at
      : typeof r.event_date === 'string'
        ? r.event_date
        : null;
  return t ? t.slice(0, 10) : null;
};

/**
 * `recent`: a first sync's latest days, or the incremental pass; `history`: the rest of a first
 * sync (index.ts runs it beside the other streams, after the watches and today's signals).
 */
export async function syncSignals(
  ctx: SyncContext,
  part: 'recent' | 'history' | 'all' = 'all',
  stream: SyncStream = 'signals',
): Promise<void> {
  let cp = (await ctx.checkpoint<SignalsCheckpoint>(stream)) ?? { hwm: null, pass: null };
  if (!cp.fill && !cp.pass && cp.hwm === null) cp = { ...cp, fill: newFill(ctx) };
  if (cp.fill) {
    if (part === 'history' && cp.fill.phase === 'latest') return;
    await fill(ctx, stream, cp, part === 'recent' ? 'latest' : 'history');
    return;
  }
  if (part === 'history') return;
  await pass(ctx, stream, cp);
}

function newFill(ctx: SyncContext): Fill {
  const latest = ctx.today;
  const start = addDays(latest, -1) < RECORD_START ? RECORD_START : addDays(latest, -1);
  return {
    latest,
    phase: 'latest',
    start,
    end: latest,
    cursor: null,
    limit: null,
    pages: 0,
    stored: 0,
    anchor: null,
    max_seen: null,
    through: null,
    floor: RECORD_START,
  };
}

/** The slice after `f`'s, or null when the fill has reached the first day it may. */
function nextSlice(ctx: SyncContext, f: Fill): { start: string; end: string } | null {
  const end = addDays(f.start, -1);
  if (end < f.floor) return null;
  const span = ctx.profile === 'alternate' ? ALTERNATE_SPAN : Infinity;
  const start = span === Infinity ? f.floor : addDays(end, -(span - 1));
  return { start: start < f.floor ? f.floor : start, end };
}

/** A first sync, slice by slice, until `upTo` is done: 'latest' (its first slice) or 'history' (all). */
async function fill(
  ctx: SyncContext,
  stream: SyncStream,
  start: SignalsCheckpoint,
  upTo: 'latest' | 'history',
) {
  let cp = start;
  const listing = (f: Fill | null | undefined) =>
    f && !(f.phase === 'history' && upTo === 'latest') ? f : null;
  const first = listing(cp.fill);
  if (!first) return;
  await pages(ctx, stream, first, {
    pagesOf: (f) => f.pages,
    ask: (f) =>
      fetchPage(ctx, stream, {
        number: f.pages + 1,
        cursor: f.cursor,
        limit: f.limit,
        fallback: FIRST_PAGE_LIMIT,
        message:
          f.phase === 'latest'
            ? `the latest days first (${f.start}..${f.end}), page ${f.pages + 1}`
            : `the past, newest first (${f.start}..${f.end}), page ${f.pages + 1}`,
        // A slice: main start_date..end_date newest first; alternate date + days.
        query: {
          main: { start_date: f.start, end_date: f.end, sort: 'latest' },
          alternate: { date: f.end, days: daysBetween(f.start, f.end) + 1 },
        },
      }),
    after: (f, res, limit) => {
      const signals = res.data.signals;
      let maxSeen = f.max_seen;
      let through = f.through;
      for (const s of signals) {
        maxSeen = newer(maxSeen, updatedAt(s));
        through = older(through, dayOf(s));
      }
      const next = res.data.meta.next_cursor ?? null;
      const more = Boolean(next) && res.data.meta.has_more !== false && signals.length > 0;
      // The service's own start for the slice: a plan's history floor raises it, and the fill
      // ends there (nothing older can be read).
      const applied = res.data.meta.start_date ?? null;
      const floor = f.phase === 'history' && applied && applied > f.start ? applied : f.floor;
      const after: Fill = {
        ...f,
        cursor: more ? next : null,
        limit: more ? limit : null,
        pages: f.pages + 1,
        stored: f.stored + signals.length,
        max_seen: maxSeen,
        through,
        floor,
      };
      if (more) cp = { ...cp, fill: after, line: ctx.pacer.save() };
      else {
        // The slice is listed: the anchor is set by the first that listed anything.
        const anchor = after.anchor ?? after.max_seen;
        const slice = nextSlice(ctx, after);
        cp = slice
          ? {
              ...cp,
              fill: { ...after, anchor, phase: 'history', start: slice.start, end: slice.end },
              line: ctx.pacer.save(),
            }
          : { hwm: nextHighWater(cp.hwm, anchor), pass: null, fill: null, line: ctx.pacer.save() };
      }
      estimate(ctx, after);
      if (!cp.fill) ctx.line.firstSync = null;
      // The latest days are all in: the window hears it at once.
      return { checkpoint: cp, next: listing(cp.fill), now: f.phase === 'latest' && !more };
    },
  });
}

/** A first sync's estimates for the window: what is left, its time at the line's rate, its tokens. */
function estimate(ctx: SyncContext, f: Fill): void {
  const listed = f.through ? daysBetween(f.through, f.latest) + 1 : null;
  const left = f.through ? Math.max(0, daysBetween(f.floor, f.through)) : null;
  const perDay = listed && listed > 0 ? f.stored / listed : null;
  const signalsLeft = perDay !== null && left !== null ? Math.round(perDay * left) : null;
  const line = ctx.pacer.measured();
  const limit = ctx.pacer.last ?? FIRST_PAGE_LIMIT;
  const pagesLeft = signalsLeft === null ? null : Math.ceil(signalsLeft / limit);
  const perRecord = ctx.pacer.bytesPerRecord;
  ctx.line.firstSync = {
    phase: f.phase,
    stored: f.stored,
    through: f.through,
    signalsLeft,
    secondsLeft:
      signalsLeft !== null && pagesLeft !== null && line.bytesPerSecond && perRecord
        ? Math.round(
            (signalsLeft * perRecord) / line.bytesPerSecond + (pagesLeft * (line.firstByteMs ?? 0)) / 1000,
          )
        : null,
    tokensLeft: pagesLeft === null ? null : pagesLeft * TOKENS_PER_PAGE,
  };
}

/** An incremental sync: everything changed since the high-water mark, in one cursor pass. */
async function pass(ctx: SyncContext, stream: SyncStream, start: SignalsCheckpoint): Promise<void> {
  const hwm = start.hwm;
  const first: Pass = start.pass ?? {
    since: hwm,
    start_date: RECORD_START,
    end_date: ctx.today,
    cursor: null,
    max_seen: null,
    pages: 0,
  };
  await pages(ctx, stream, first, {
    pagesOf: (q) => q.pages,
    ask: (q) =>
      fetchPage(ctx, stream, {
        number: q.pages + 1,
        cursor: q.cursor,
        limit: q.limit ?? (q.cursor ? PAGE_LIMIT_MAX : null),
        fallback: PAGE_LIMIT_MAX,
        // What changed is mostly a page or none: pages of 500 keep it as cheap as ever (a slow
        // page still flows; only a first sync and --full size their pages to the line).
        fixed: PAGE_LIMIT_MAX,
        message: `page ${q.pages + 1}${q.since ? ` (changed since ${q.since})` : ''}`,
        // Main narrows the window by updated_since; alternate ignores the window (a pass from
        // before first syncs were sliced asked everything enriched since the record's start).
        query: {
          main: {
            start_date: q.start_date,
            end_date: q.end_date,
            sort: 'latest',
            ...(q.since ? { updated_since: q.since } : {}),
          },
          alternate: { updated_since: q.since ?? `${RECORD_START}T00:00:00Z` },
        },
      }),
    after: (q, res, limit) => {
      const signals = res.data.signals;
      let maxSeen = q.max_seen;
      for (const s of signals) maxSeen = newer(maxSeen, updatedAt(s));
      const next = res.data.meta.next_cursor ?? null;
      const more = Boolean(next) && res.data.meta.has_more !== false && signals.length > 0;
      const checkpoint: SignalsCheckpoint = more
        ? {
            hwm,
            pass: { ...q, cursor: next, max_seen: maxSeen, pages: q.pages + 1, limit },
            line: ctx.pacer.save(),
          }
        : { hwm: nextHighWater(hwm, maxSeen), pass: null, line: ctx.pacer.save() };
      return { checkpoint, next: checkpoint.pass };
    },
  });
}

type Fetched = Awaited<ReturnType<typeof fetchPage>>;

/** A promise asked ahead: its failure is met when it is awaited, never left unhandled. */
function settled<T>(p: Promise<T>): Promise<T> {
  p.catch(() => undefined);
  return p;
}

/**
 * Pages through a listing: each page asked (the next one while the last is written: its round
 * trip and the service's time pass during the cache's work), then stored with the checkpoint
 * `after` gives it, until `after` gives no next state. A long listing (a first sync, a catch-up
 * after long offline) commits its pages in groups once `groupCommit.afterPages` are stored one
 * by one (page-groups.ts); what is fetched is committed before a stop, and a failed commit is
 * said instead of nothing.
 */
async function pages<S>(
  ctx: SyncContext,
  stream: SyncStream,
  first: S,
  o: {
    ask: (state: S) => Promise<Fetched>;
    /** The checkpoint stored with a page, the next state, and whether the window should hear at once. */
    after: (
      state: S,
      res: Fetched['res'],
      limit: number,
    ) => { checkpoint: SignalsCheckpoint; next: S | null; now?: boolean };
    pagesOf: (state: S) => number;
  },
): Promise<void> {
  const stats = ctx.stats(stream);
  const { afterPages, ...size } = ctx.groupCommit;
  const groups = pageGroups(ctx.cache, stream, size);
  let grouped = 0;
  let ahead: Promise<Fetched> | null = null;
  let state: S | null = first;
  try {
    while (state !== null) {
      const { res, limit } = await (ahead ?? o.ask(state));
      ahead = null;
      const signals = res.data.signals;
      stats.received += signals.length;
      const { checkpoint, next, now } = o.after(state, res, limit);
      if (next !== null) ahead = settled(o.ask(next));
      await storePage(
        ctx,
        stream,
        groups,
        o.pagesOf(state) >= afterPages,
        signals,
        checkpoint,
        (n) => (grouped += n),
        now,
      );
      state = next;
    }
    await groups.flush();
    await tidy(ctx, stream, grouped);
  } catch (e) {
    await ahead?.catch(() => undefined);
    const failed = await groups.settle();
    throw failed && !(e instanceof SyncStopped) ? failed : e;
  }
}

/**
 * Stores a page with its checkpoint: its own transaction, or, once a pass is long (`bulk`),
 * staged in a group committed while the next pages come (page-groups.ts); `grouped` hears how
 * many signals each committed group held.
 */
async function storePage(
  ctx: SyncContext,
  stream: SyncStream,
  groups: PageGroups,
  bulk: boolean,
  signals: unknown[],
  checkpoint: SignalsCheckpoint,
  grouped: (n: number) => void,
  now = false,
): Promise<void> {
  const stats = ctx.stats(stream);
  const store: OpCall = ['storeSignalsPage', { profile: ctx.profile, signals, stream, checkpoint }];
  const stored = (results: unknown[]) => {
    const r = results[0] as { inserted: number; updated: number };
    stats.stored += r.inserted + r.updated;
    // The window re-reads the signals as they come (the latest days at once, once listed).
    ctx.changed(stream, now);
  };
  if (bulk)
    await groups.add([store], (results) => {
      stored(results);
      grouped(signals.length);
    });
  else stored(await ctx.cache.tx([store]));
}

/** After a first sync or a long catch-up: the search index merged, and the map's points saved. */
async function tidy(ctx: SyncContext, stream: SyncStream, grouped: number): Promise<void> {
  if (grouped === 0) return;
  const done = ctx.stats(stream).received;
  ctx.progress({ stream, message: 'optimising the search index', done });
  if (await ctx.cache.one('tidySignalIndex', { stored: grouped })) {
    ctx.progress({ stream, message: 'saving the map for the next launch', done });
    await ctx.cache.one('savePointColumns');
  }
}

export interface PageAsk {
  /** The page's number in its pass, for progress. */
  number: number;
  /** The cursor to continue from, and the page size it was issued for. */
  cursor: string | null;
  limit: number | null;
  /** The page size before the line is measured. */
  fallback: number;
  /** Pages of this size whatever the line (an incremental pass: as cheap in tokens as ever). */
  fixed?: number;
  message: string;
  /** The listing's query, as each profile takes it (the page size and cursor are added). */
  query: SignalsQuery;
}

/**
 * Fetches one page sized to the line. With a cursor the page size changes only when the line's
 * fit is well off it; a service that binds its cursor to the page size (a 400 for a changed
 * limit) is asked again with the cursor's own, and that is remembered (the checkpoint keeps it).
 */
export async function fetchPage(
  ctx: SyncContext,
  stream: SyncStream,
  a: PageAsk,
): Promise<{ res: ApiResult<Page>; limit: number }> {
  const wanted = a.fixed ?? ctx.pacer.next(a.fallback);
  let limit = a.cursor && a.limit !== null ? ctx.pacer.withCursor(a.limit, wanted) : wanted;
  ctx.pacer.last = limit;
  const perRecord = ctx.pacer.bytesPerRecord;
  let lastSaid = 0;
  const say = (force: boolean) => {
    const now = performance.now();
    if (!force && now - lastSaid < PROGRESS_EVERY_MS) return;
    lastSaid = now;
    ctx.progress({ stream, message: a.message, done: ctx.stats(stream).received, line: ctx.line.snapshot() });
  };
  const onBody = (p: BodyProgress) => {
    ctx.line.page = {
      stream,
      number: a.number,
      limit,
      bytes: p.wireBytes,
      expectedBytes: p.expectedBytes ?? (perRecord ? Math.round(perRecord * limit) : null),
    };
    say(false);
  };
  const begin = () => {
    ctx.line.page = {
      stream,
      number: a.number,
      limit,
      bytes: 0,
      expectedBytes: perRecord ? Math.round(perRecord * limit) : null,
    };
    say(true);
  };
  begin();
  let res: ApiResult<Page>;
  try {
    res = await ctx.call(stream, TOKENS_PER_PAGE, () => askSignals(ctx, a.query, limit, a.cursor, onBody));
  } catch (e) {
    const changed = a.cursor !== null && a.limit !== null && limit !== a.limit;
    if (!(changed && e instanceof ApiError && e.kind === 'invalid')) throw e;
    ctx.pacer.cursorKeepsLimit = false;
    limit = ctx.pacer.last = a.limit!;
    begin();
    res = await ctx.call(stream, TOKENS_PER_PAGE, () => askSignals(ctx, a.query, limit, a.cursor, onBody));
  }
  if (a.cursor !== null && a.limit !== null && limit !== a.limit) ctx.pacer.cursorKeepsLimit = true;
  ctx.pacer.observe(res.transfer, res.data.signals.length, limit);
  ctx.line.page = null;
  return { res, limit };
}

type MainAsk = Omit<Parameters<MainClient['signals']>[0], 'limit' | 'cursor'>;
type AlternateAsk = Omit<Parameters<AlternateClient['signals']>[0], 'limit' | 'cursor'>;

export interface SignalsQuery {
  main: MainAsk;
  alternate: AlternateAsk;
}

/** One signals page: the query as the profile takes it, with the page size and the cursor. */
function askSignals(
  ctx: SyncContext,
  q: SignalsQuery,
  limit: number,
  cursor: string | null,
  onBody: (p: BodyProgress) => void,
): Promise<ApiResult<Page>> {
  const c = cursor ? { cursor } : {};
  return (
    ctx.client.profile === 'main'
      ? ctx.client.signals({ ...q.main, limit, ...c }, { onBody })
      : ctx.client.signals({ ...q.alternate, limit, ...c }, { onBody })
  ) as Promise<ApiResult<Page>>;
}
