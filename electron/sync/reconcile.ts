// --full: finds events that left the service's lists and records what became of them
// (cli.md, "sync": folded into another event, or retracted). It re-lists the window (3 tokens
// per 500 events, storing the fresh payloads as it goes) and re-reads only the cached events
// the lists no longer carry (1 token each): cheap enough for a nightly run on a slow link.
// Every page is stored with its checkpoint and the ids it listed, in one transaction.
import { ApiError, type AlternateClient, type MainClient } from '../api';
import { getCheckpoint, markRetracted, recordAlias, setCheckpoint, storeSignalsPage } from '../cache';
import type { SyncContext } from './context';
import { PAGE, RECORD_START } from './signals';

interface ReconcileCheckpoint {
  phase: 'list' | 'reread';
  cursor: string | null;
  start_date: string | null;
  end_date: string | null;
  pages: number;
}

const STREAM = 'reconcile';

export async function reconcile(ctx: SyncContext): Promise<void> {
  const stats = ctx.stats(STREAM);
  const db = ctx.db;
  let cp = getCheckpoint<ReconcileCheckpoint>(db, STREAM);
  if (!cp) {
    cp = { phase: 'list', cursor: null, start_date: null, end_date: null, pages: 0 };
    db.transaction(() => {
      db.prepare('DELETE FROM sync_seen WHERE stream = ?').run(STREAM);
      setCheckpoint(db, STREAM, cp);
    })();
  }
  const seen = db.prepare('INSERT OR IGNORE INTO sync_seen (stream, id) VALUES (?, ?)');

  while (cp.phase === 'list') {
    ctx.progress({ stream: STREAM, message: `re-listing page ${cp.pages + 1}`, done: stats.received });
    const cursor = cp.cursor ? { cursor: cp.cursor } : {};
    const res =
      ctx.client.profile === 'main'
        ? await ctx.call(STREAM, 3, () =>
            (ctx.client as MainClient).signals({
              start_date: RECORD_START,
              end_date: ctx.today,
              sort: 'latest',
              limit: PAGE,
              ...cursor,
            }),
          )
        : await ctx.call(STREAM, 3, () =>
            (ctx.client as AlternateClient).signals({
              limit: PAGE,
              updated_since: `${RECORD_START}T00:00:00Z`,
              ...cursor,
            }),
          );
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
    };
    db.transaction(() => {
      const r = storeSignalsPage(db, { profile: ctx.profile, signals, stream: STREAM, checkpoint: next });
      stats.stored += r.inserted + r.updated;
      for (const s of signals) seen.run(STREAM, String(s.id));
    })();
    cp = next;
  }

  // Cached, listed (not folded, not retracted) events inside the applied window that the
  // service no longer lists.
  const missing = db
    .prepare(
      `SELECT s.id FROM signals s
       WHERE s.folded_into IS NULL AND s.retracted = 0
         AND substr(s.occurred_at, 1, 10) BETWEEN ? AND ?
         AND NOT EXISTS (SELECT 1 FROM sync_seen k WHERE k.stream = ? AND k.id = s.id)
       ORDER BY s.id`,
    )
    .pluck()
    .all(cp.start_date ?? RECORD_START, cp.end_date ?? ctx.today, STREAM) as string[];
  let done = 0;
  for (const id of missing) {
    ctx.progress({
      stream: STREAM,
      message: `re-reading events that left the lists`,
      done,
      total: missing.length,
    });
    const outcome = await reread(ctx, id);
    db.transaction(() => {
      if (outcome.kind === 'folded') recordAlias(db, { oldId: id, survivorId: outcome.survivor });
      else if (outcome.kind === 'retracted') markRetracted(db, { id, retractedAt: outcome.at });
      // Marked seen so a rerun after a kill does not pay for this re-read again.
      seen.run(STREAM, id);
    })();
    done++;
  }
  db.transaction(() => {
    db.prepare('DELETE FROM sync_seen WHERE stream = ?').run(STREAM);
    setCheckpoint(db, STREAM, null);
  })();
}

type Outcome =
  { kind: 'folded'; survivor: string } | { kind: 'retracted'; at: string } | { kind: 'still_there' };

async function reread(ctx: SyncContext, id: string): Promise<Outcome> {
  try {
    if (ctx.client.profile === 'main') {
      const client = ctx.client;
      const r = await ctx.call(STREAM, 1, () => client.signal({ id }));
      const m = r.data.meta;
      if (m.retracted_at) return { kind: 'retracted', at: m.retracted_at };
      if (m.merged_from_request && m.event_id && m.event_id !== id)
        return { kind: 'folded', survivor: m.event_id };
      return { kind: 'still_there' };
    }
    const client = ctx.client;
    const r = await ctx.call(STREAM, 1, () => client.signal({ id: Number(id) }));
    // Alternate: "a cluster member id resolves to its cluster" — another id means folded.
    if (String(r.data.signal.id) !== id) return { kind: 'folded', survivor: String(r.data.signal.id) };
    return { kind: 'still_there' };
  } catch (e) {
    // The alternate document shows no retraction field: an event the service no longer
    // serves at all (404) is recorded as retracted, dated when Watchfloor found out.
    if (e instanceof ApiError && e.kind === 'not_found')
      return { kind: 'retracted', at: ctx.now().toISOString() };
    throw e;
  }
}
