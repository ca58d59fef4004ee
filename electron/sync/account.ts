// The account's own things: standing orders and monitoring areas (free lists), watches
// (alternate: updated_since + cursor), their detail, notes and decision packages, and the
// threads of watched events. Free calls first; the 5-token decision package only for watches
// whose content changed.
import type { AlternateClient, MainClient } from '../api';
import type { OpCall } from '../cache';
import type { SyncContext } from './context';
import { nextHighWater, RECORD_START } from './signals';

export async function syncStandingOrders(ctx: SyncContext): Promise<void> {
  const stream = 'standing_orders';
  const stats = ctx.stats(stream);
  const res = await ctx.call(stream, 0, () => ctx.client.standingOrders({}));
  stats.received += res.data.orders.length;
  stats.stored += (
    await ctx.cache.one('storeStandingOrders', {
      orders: res.data.orders,
      limits: res.data.limits,
      replaceAll: true,
    })
  ).stored;
}

const latestOf = (area: unknown) =>
  JSON.stringify((area as { metrics?: { latest?: unknown }[] }).metrics?.map((m) => m.latest) ?? null);

/** Monitoring list (free), then the series of the areas whose latest point changed. */
export async function syncMonitoring(ctx: SyncContext): Promise<void> {
  const stream = 'monitoring';
  const stats = ctx.stats(stream);
  const before = new Map((await ctx.cache.one('listMonitoringAreas')).map((a) => [a.id, latestOf(a.record)]));
  const res = await ctx.call(stream, 0, () => ctx.client.monitoring({}));
  stats.received += res.data.areas.length;
  stats.stored += (
    await ctx.cache.one('storeMonitoringAreas', {
      areas: res.data.areas,
      limits: res.data.limits,
      replaceAll: true,
      merge: true,
    })
  ).stored;
  for (const area of res.data.areas) {
    if (before.get(area.area_id) === latestOf(area) && before.has(area.area_id)) continue;
    const detail = await ctx.call(stream, 0, () => ctx.client.monitoringArea({ areaId: area.area_id }));
    // Merged: what the create answer stated (its metering) stays on the area.
    await ctx.cache.one('storeMonitoringAreas', { areas: [detail.data], merge: true });
  }
}

interface WatchesCheckpoint {
  hwm: string | null;
  pass: { since: string | null; cursor: string | null; max_seen: string | null } | null;
  /** Watches whose detail and package are still to fetch (changed in a finished listing). */
  todo: string[];
}

const changedAt = (w: Record<string, unknown>) =>
  (typeof w.updated_at === 'string' ? w.updated_at : null) ??
  ((w.latest_change as { at?: unknown } | undefined)?.at as string | undefined) ??
  null;

/** Alternate watches: changed ones through updated_since, then their detail and package. */
export async function syncWatches(ctx: SyncContext, client: AlternateClient): Promise<void> {
  const stream = 'watches';
  const stats = ctx.stats(stream);
  let cp = (await ctx.checkpoint<WatchesCheckpoint>(stream)) ?? { hwm: null, pass: null, todo: [] };
  if (!cp.pass && !cp.todo.length) cp = { ...cp, pass: { since: cp.hwm, cursor: null, max_seen: null } };
  while (cp.pass) {
    const pass = cp.pass;
    const res = await ctx.call(stream, 0, () =>
      client.watches({
        limit: 500,
        ...(pass.since ? { updated_since: pass.since } : {}),
        ...(pass.cursor ? { cursor: pass.cursor } : {}),
      }),
    );
    const watches = res.data.watches;
    stats.received += watches.length;
    let maxSeen = pass.max_seen;
    for (const w of watches) {
      const t = changedAt(w);
      if (t && (!maxSeen || t > maxSeen)) maxSeen = t;
    }
    const more = Boolean(res.data.next_cursor) && res.data.has_more !== false && watches.length > 0;
    const todo = [...new Set([...cp.todo, ...watches.map((w) => w.id)])];
    const next: WatchesCheckpoint = more
      ? { hwm: cp.hwm, pass: { ...pass, cursor: res.data.next_cursor!, max_seen: maxSeen }, todo }
      : { hwm: nextHighWater(cp.hwm, maxSeen), pass: null, todo };
    const { watches: _w, ...envelope } = res.data;
    const [stored] = await ctx.cache.tx([
      // A full first listing may drop watches deleted elsewhere; a changed-only one may not.
      ['storeWatches', { watches, meta: envelope, replaceAll: !pass.since && !pass.cursor && !more }],
      ['setCheckpoint', stream, next],
    ]);
    stats.stored += (stored as { stored: number }).stored;
    cp = next;
  }
  // Detail (free: thread, notes) and decision package (5 tokens) of each changed watch.
  const pkgStats = ctx.stats('decision_packages');
  while (cp.todo.length) {
    const id = cp.todo[0]!;
    ctx.progress({
      stream,
      message: `watch ${id}`,
      done: stats.stored,
      total: stats.stored + cp.todo.length,
    });
    const detail = await ctx.call(stream, 0, () => client.watch({ watchId: id }));
    const pkg = await ctx.call('decision_packages', 5, () => client.decisionPackage({ watchId: id }));
    pkgStats.received++;
    const rest = cp.todo.slice(1);
    const notes = (detail.data.watch as { notes?: unknown }).notes;
    const thread = detail.data.thread as
      { canonical_event?: { canonical_event_id?: string } } | null | undefined;
    const eventId = thread?.canonical_event?.canonical_event_id?.replace(/^cluster:/, '');
    const calls: OpCall[] = [['storeWatchDetail', { detail: detail.data }]];
    if (Array.isArray(notes)) calls.push(['storeNotes', { watchId: id, notes, replaceAll: true }]);
    const pkgAt = pkgStoreable(pkg.data)
      ? calls.push(['storeDecisionPackage', { watchId: id, package: pkg.data }]) - 1
      : -1;
    if (thread && eventId) calls.push(['storeThread', { eventId, thread }]);
    calls.push(['setCheckpoint', stream, { ...cp, todo: rest }]);
    const results = await ctx.cache.tx(calls);
    if (pkgAt >= 0) pkgStats.stored += (results[pkgAt] as { isNew: boolean }).isNew ? 1 : 0;
    cp = { ...cp, todo: rest };
  }
}

const pkgStoreable = (p: unknown) => typeof p === 'object' && p !== null && 'revision' in p;

/** Threads (free) of events the analyst opened or watches, kept fresh for offline reading. */
export async function syncThreads(ctx: SyncContext, eventIds: readonly string[]): Promise<void> {
  const stream = 'threads';
  const stats = ctx.stats(stream);
  for (const id of eventIds) {
    const res =
      ctx.client.profile === 'main'
        ? await ctx.call(stream, 0, () => (ctx.client as MainClient).thread({ eventId: id }))
        : await ctx.call(stream, 0, () => (ctx.client as AlternateClient).thread({ eventId: Number(id) }));
    stats.received++;
    await ctx.cache.one('storeThread', { eventId: id, thread: res.data });
    stats.stored++;
  }
}

export { RECORD_START };
