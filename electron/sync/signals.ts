// The signals stream: incremental through updated_since, pages of 500 (3 tokens a page, the
// fewest per record), each page stored with its checkpoint in one transaction (a long pass
// puts several pages in one: page-groups.ts) so a killed run resumes after the last page
// committed and the cache never holds half a page.
// Profile rules (specs, GET /signals): main: updated_since narrows the date window, so the
// window runs from the record's start (2026-09-23) to today; alternate: it ignores the window.
import type { ApiResult } from '../api';
import type { OpCall } from '../cache';
import { SyncStopped, type SyncContext } from './context';
import { pageGroups } from './page-groups';

export const RECORD_START = '2026-09-23';
export const PAGE = 500;
/**
 * The next high-water mark is the newest last_updated_at received minus this margin: a record
 * refolded while a pass was paging can sit on a page already read, with a time just under the
 * newest one seen. "At or after" makes the overlap harmless (upserted, never duplicated).
 */
export const SAFETY_MARGIN_MS = 10 * 60_000;

interface Pass {
  since: string | null;
  start_date: string;
  end_date: string;
  cursor: string | null;
  max_seen: string | null;
  pages: number;
}
export interface SignalsCheckpoint {
  hwm: string | null;
  pass: Pass | null;
}

const newer = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);

export function nextHighWater(previous: string | null, maxSeen: string | null): string | null {
  if (maxSeen === null) return previous;
  const t = new Date(Date.parse(maxSeen) - SAFETY_MARGIN_MS).toISOString();
  return newer(previous, t);
}

export async function syncSignals(ctx: SyncContext, stream = 'signals'): Promise<void> {
  const stats = ctx.stats(stream);
  let cp = (await ctx.checkpoint<SignalsCheckpoint>(stream)) ?? { hwm: null, pass: null };
  if (!cp.pass)
    cp = {
      hwm: cp.hwm,
      pass: {
        since: cp.hwm,
        start_date: RECORD_START,
        end_date: ctx.today,
        cursor: null,
        max_seen: null,
        pages: 0,
      },
    };
  const pass = cp.pass!;
  // A long pass (a first sync) commits pages in groups while the next ones are fetched; until
  // then, and in every short incremental pass, each page is its own transaction.
  const { afterPages, ...size } = ctx.groupCommit;
  const groups = pageGroups(ctx.cache, stream, size);
  // Signals this run stored in groups (a long pass): enough of them and the words' index is
  // tidied once the pass is in (tidySignalIndex).
  let grouped = 0;
  try {
    for (;;) {
      ctx.progress({
        stream,
        message: `page ${pass.pages + 1}${pass.since ? ` (changed since ${pass.since})` : ''}`,
        done: stats.received,
      });
      const res = await ctx.call(stream, 3, () => request(ctx, pass));
      const signals = res.data.signals as unknown[];
      // Country-level signals (main, with bbox) are never asked for: the stream is worldwide.
      stats.received += signals.length;
      let maxSeen = pass.max_seen;
      for (const s of signals)
        maxSeen = newer(
          maxSeen,
          ((s as { last_updated_at?: string | null }).last_updated_at ?? null) as string | null,
        );
      const next = res.data.meta.next_cursor ?? null;
      const more = Boolean(next) && res.data.meta.has_more !== false && signals.length > 0;
      const checkpoint: SignalsCheckpoint = more
        ? { hwm: cp.hwm, pass: { ...pass, cursor: next, max_seen: maxSeen, pages: pass.pages + 1 } }
        : { hwm: nextHighWater(cp.hwm, maxSeen), pass: null };
      const store: OpCall = ['storeSignalsPage', { profile: ctx.profile, signals, stream, checkpoint }];
      const stored = (results: unknown[]) => {
        const r = results[0] as { inserted: number; updated: number };
        stats.stored += r.inserted + r.updated;
      };
      if (pass.pages >= afterPages)
        await groups.add([store], (results) => {
          stored(results);
          grouped += signals.length;
        });
      else stored(await ctx.cache.tx([store]));
      if (!more) break;
      Object.assign(pass, checkpoint.pass);
    }
    await groups.flush();
    // After a first sync or a long catch-up: the search index merged, and the map's points
    // saved for the next launch (both on the writer's thread).
    if (grouped > 0) {
      ctx.progress({ stream, message: 'optimising the search index', done: stats.received });
      if (await ctx.cache.one('tidySignalIndex', { stored: grouped })) {
        ctx.progress({ stream, message: 'saving the map for the next launch', done: stats.received });
        await ctx.cache.one('savePointColumns');
      }
    }
  } catch (e) {
    // Pages already fetched are committed before the stream stops (a budget, a lost link):
    // their tokens are spent. A failed commit is then said instead of nothing.
    const failed = await groups.settle();
    throw failed && !(e instanceof SyncStopped) ? failed : e;
  }
}

interface Page {
  signals: unknown[];
  meta: { next_cursor?: string | null; has_more?: boolean | null };
}

function request(ctx: SyncContext, pass: Pass): Promise<ApiResult<Page>> {
  const cursor = pass.cursor ? { cursor: pass.cursor } : {};
  if (ctx.client.profile === 'main')
    return ctx.client.signals({
      start_date: pass.start_date,
      end_date: pass.end_date,
      sort: 'latest',
      limit: PAGE,
      ...(pass.since ? { updated_since: pass.since } : {}),
      ...cursor,
    }) as Promise<ApiResult<Page>>;
  // Alternate: the first pass asks for everything enriched since the record's start (the
  // date + days window cannot reach back more than 30 days; updated_since ignores it).
  return ctx.client.signals({
    limit: PAGE,
    updated_since: pass.since ?? `${RECORD_START}T00:00:00Z`,
    ...cursor,
  }) as Promise<ApiResult<Page>>;
}
