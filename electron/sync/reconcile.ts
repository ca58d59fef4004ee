// --full: finds events that left the service's lists and records what became of them
// (`watchfloor sync --full`: folded into another event, or retracted). It re-lists the window (3 tokens
// per 500 events, storing the fresh payloads as it goes) and re-reads only the cached events
// the lists no longer carry (1 token each): cheap enough for a nightly run on a slow link.
// Every page is stored with its checkpoint and the ids it listed, in one transaction.
import { ApiError } from '../api';
import type { OpCall } from '../cache';
import type { SyncContext } from './context';
import type { SyncStream } from '../../shared/contract';
import { fetchPage, PAGE, RECORD_START } from './signals';

interface ReconcileCheckpoint {
  phase: 'list' | 'reread';
  cursor: string | null;
  start_date: string | null;
  end_date: string | null;
  pages: number;
  /** The page size the cursor was issued for (pages are sized to the line: pacing.ts). */
  limit?: number | null;
}

const STREAM: SyncStream = 'reconcile';

export async function reconcile(ctx: SyncContext): Promise<void> {
  const stats = ctx.stats(STREAM);
  let cp = await ctx.checkpoint<ReconcileCheckpoint>(STREAM);
  if (!cp) {
    cp = { phase: 'list', cursor: null, start_date: null, end_date: null, pages: 0 };
    await ctx.cache.tx([
      ['clearSyncSeen', STREAM],
      ['setCheckpoint', STREAM, cp],
    ]);
  }

  while (cp.phase === 'list') {
    const page = cp.pages + 1;
    const { res, limit } = await fetchPage(ctx, STREAM, {
      number: page,
      cursor: cp.cursor,
      limit: cp.limit ?? (cp.cursor ? PAGE : null),
      fallback: PAGE,
      message: `re-listing page ${page}`,
      query: {
        main: { start_date: RECORD_START, end_date: ctx.today, sort: 'latest' },
        alternate: { updated_since: `${RECORD_START}T00:00:00Z` },
      },
    });
    const signals = res.data.signals as { id: string | number }[];
    stats.received += signals.length;
    const meta = res.data.meta as {
      next_cursor?: string | null;
      has_more?: boolean | null;
      start_date?: string | null;
      end_date?: string | null;
    };
    const more = Boolean(meta.next_cursor) && meta.has_more !== false && signals.length > 0;
    const next: ReconcileCheckpoint = {
      phase: more ? 'list' : 'reread',
      cursor: more ? meta.next_cursor! : null,
      // The window the service actually applied (a plan clamp narrows it): only events in it
      // can be judged missing.
      // Alternate: updated_since ignores the date window, whatever meta says.
      start_date: cp.start_date ?? (ctx.client.profile === 'main' ? meta.start_date : null) ?? RECORD_START,
      end_date: cp.end_date ?? (ctx.client.profile === 'main' ? meta.end_date : null) ?? ctx.today,
      pages: cp.pages + 1,
      limit: more ? limit : null,
    };
    const [stored] = await ctx.cache.tx([
      ['storeSignalsPage', { profile: ctx.profile, signals, stream: STREAM, checkpoint: next }],
      ...signals.map((s): OpCall => ['markSyncSeen', STREAM, String(s.id)]),
    ]);
    const r = stored as { inserted: number; updated: number };
    stats.stored += r.inserted + r.updated;
    cp = next;
  }

  // Cached, listed (not folded, not retracted) events inside the applied window that the
  // service no longer lists.
  const missing = await ctx.cache.one('unseenSignalIds', {
    stream: STREAM,
    startDate: cp.start_date ?? RECORD_START,
    endDate: cp.end_date ?? ctx.today,
  });
  let done = 0;
  for (const id of missing) {
    ctx.progress({
      stream: STREAM,
      message: `re-reading events that left the lists`,
      done,
      total: missing.length,
    });
    const outcome = await reread(ctx, id);
    if (outcome.gone) (ctx.summary.gone ??= []).push(id);
    await ctx.cache.tx([
      ...(outcome.survivor ? [['recordAlias', { oldId: id, survivorId: outcome.survivor }] as OpCall] : []),
      // After the alias, a folded id marks its survivor: the survivor is what was retracted.
      ...(outcome.retractedAt ? [['markRetracted', { id, retractedAt: outcome.retractedAt }] as OpCall] : []),
      // Marked seen so a rerun after a kill does not pay for this re-read again.
      ['markSyncSeen', STREAM, id],
    ]);
    done++;
  }
  await ctx.cache.tx([
    ['clearSyncSeen', STREAM],
    ['setCheckpoint', STREAM, null],
  ]);
}

/**
 * What a re-read said. Both profiles follow the main document's "States and transitions"
 * (the alternate document defers to it): a folded id answers with the survivor
 * (meta.event_id, merged_from_request true), a retracted event with meta.retracted_at.
 * A 404 is "not found": gone, or not this key's to read. It is never taken for a
 * retraction; the cached record is left as it is and the run says so (summary.gone).
 */
interface Outcome {
  survivor: string | null;
  retractedAt: string | null;
  gone: boolean;
}

export function rereadOutcome(id: string, signalId: unknown, meta: unknown): Outcome {
  const m = (meta ?? {}) as { event_id?: unknown; retracted_at?: unknown };
  const eventId = m.event_id ?? signalId;
  const survivor =
    (typeof eventId === 'string' && eventId !== '') || typeof eventId === 'number' ? String(eventId) : null;
  return {
    survivor: survivor !== null && survivor !== id ? survivor : null,
    retractedAt: typeof m.retracted_at === 'string' && m.retracted_at !== '' ? m.retracted_at : null,
    gone: false,
  };
}

async function reread(ctx: SyncContext, id: string): Promise<Outcome> {
  try {
    if (ctx.client.profile === 'main') {
      const client = ctx.client;
      const r = await ctx.call(STREAM, 1, () => client.signal({ id }));
      return rereadOutcome(id, r.data.signal.id, r.data.meta);
    }
    const client = ctx.client;
    const r = await ctx.call(STREAM, 1, () => client.signal({ id: Number(id) }));
    // "A cluster member id resolves to its cluster": the answer's id names the survivor when
    // meta.event_id is absent.
    return rereadOutcome(id, r.data.signal.id, r.data.meta);
  } catch (e) {
    if (e instanceof ApiError && e.kind === 'not_found')
      return { survivor: null, retractedAt: null, gone: true };
    throw e;
  }
}
