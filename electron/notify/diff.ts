// After each sync run: compare before and after, and say what an analyst must see
// (architecture doc, "Sync"): a standing order that fired (last_run_at / total_runs moved),
// a watch that moved to needs_attention, a notable development on a watched event.
// Pure: the sync scheduler builds the snapshots from the cache; adapters show the result.
import type { AppNotification } from '../../shared/contract';

export interface OrderState {
  id: string;
  name: string | null;
  last_run_at: string | null;
  total_runs: number | null;
}
export interface WatchState {
  id: string;
  name: string | null;
  bucket: string | null;
  latest_change_summary?: string | null;
  /** When the service says the watch last changed (its latest change, else its update). */
  changed_at?: string | null;
}
export interface NotableDevelopment {
  /** Stable identity of the development (event id + axis/type + time). */
  key: string;
  event_id: string;
  title: string | null;
  change: string;
  at: string;
  /** The watch that binds this event, when the event is watched. */
  watch_id: string | null;
}
export interface NotifySnapshot {
  orders: OrderState[];
  watches: WatchState[];
  notableDevelopments: NotableDevelopment[];
}

/** More than this many at once become one summary on the desktop (each stays in the in-app list). */
export const COALESCE_ABOVE = 3;

export interface NotifyResult {
  /** One per change, for the in-app list and the push channel. */
  items: AppNotification[];
  /** What the desktop shows: the items, or one summary when there are many. */
  desktop: AppNotification[];
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * A fired order's notification. Its id names the run, so the same run is one notification
 * whether it was pushed after a sync or read from the cache's record (standingNotifications).
 */
function orderFired(o: OrderState, at: string): AppNotification {
  return {
    id: `order:${o.id}:${o.total_runs ?? ''}:${o.last_run_at ?? ''}`,
    at,
    kind: 'order_fired',
    title: `Standing order fired: ${o.name ?? o.id}`,
    body: o.last_run_at
      ? `Ran at ${o.last_run_at} (run ${o.total_runs ?? '?'})`
      : `Run ${o.total_runs ?? '?'}`,
    target: { type: 'order', id: o.id },
  };
}

function watchNeedsAttention(w: WatchState, at: string, fallback: string): AppNotification {
  return {
    id: `watch:${w.id}:needs_attention:${w.latest_change_summary ?? ''}`,
    at,
    kind: 'watch_needs_attention',
    title: `Needs attention: ${w.name ?? w.id}`,
    body: w.latest_change_summary ?? fallback,
    target: { type: 'watch', id: w.id },
  };
}

/**
 * What the cache's record says fired or needs attention, whenever it happened: each order's
 * last run (an order that has run), each watch in needs_attention. The window lists these
 * beside what was pushed while it was open, so a run before it opened (or before the first
 * sync of this cache) is not lost; each dated when it happened, as the service recorded it.
 */
export function standingNotifications(
  snapshot: Pick<NotifySnapshot, 'orders' | 'watches'>,
): AppNotification[] {
  const items: AppNotification[] = [];
  for (const o of snapshot.orders)
    if (o.last_run_at !== null || (o.total_runs ?? 0) > 0) items.push(orderFired(o, o.last_run_at ?? ''));
  for (const w of snapshot.watches)
    if (w.bucket === 'needs_attention')
      items.push(watchNeedsAttention(w, w.changed_at ?? '', 'in needs attention'));
  return items;
}

/**
 * The window's list: what was pushed (newest first) with what the cache records, one entry per
 * id (a pushed one keeps its place), newest first; undated ones last.
 */
export function mergeNotifications(
  pushed: AppNotification[],
  standing: AppNotification[],
): AppNotification[] {
  const ids = new Set(pushed.map((n) => n.id));
  const all = [...pushed, ...standing.filter((n) => !ids.has(n.id))];
  // A stable sort: equal times keep the pushed-first order.
  return all.sort((a, b) => (a.at === b.at ? 0 : a.at < b.at ? 1 : -1));
}

export function diffForNotifications(before: NotifySnapshot, after: NotifySnapshot, now: Date): NotifyResult {
  const at = now.toISOString();
  const items: AppNotification[] = [];

  const ordersBefore = new Map(before.orders.map((o) => [o.id, o]));
  for (const o of after.orders) {
    const prev = ordersBefore.get(o.id);
    // An order seen for the first time has no "before": its past runs are not news.
    if (!prev) continue;
    const fired =
      (o.total_runs ?? 0) > (prev.total_runs ?? 0) ||
      (o.last_run_at !== null && o.last_run_at !== prev.last_run_at);
    if (!fired) continue;
    items.push(orderFired(o, at));
  }

  const watchesBefore = new Map(before.watches.map((w) => [w.id, w]));
  for (const w of after.watches) {
    const prev = watchesBefore.get(w.id);
    if (!prev || w.bucket !== 'needs_attention' || prev.bucket === 'needs_attention') continue;
    items.push(watchNeedsAttention(w, at, `moved from ${prev.bucket ?? 'unknown'} to needs attention`));
  }

  const seen = new Set(before.notableDevelopments.map((d) => d.key));
  for (const d of after.notableDevelopments) {
    // Only developments on events already watched before this run: the history of a watch
    // seen for the first time (a first sync) is not news.
    if (seen.has(d.key) || d.watch_id === null || !watchesBefore.has(d.watch_id)) continue;
    items.push({
      id: `development:${d.key}`,
      at,
      kind: 'notable_development',
      title: `Notable development: ${d.title ?? d.event_id}`,
      body: d.change,
      target: { type: 'signal', id: d.event_id },
    });
  }

  if (items.length <= COALESCE_ABOVE) return { items, desktop: items };
  const count = (kind: AppNotification['kind']) => items.filter((i) => i.kind === kind).length;
  const parts = [
    count('order_fired') && plural(count('order_fired'), 'standing order fired', 'standing orders fired'),
    count('watch_needs_attention') &&
      plural(count('watch_needs_attention'), 'watch needs attention', 'watches need attention'),
    count('notable_development') &&
      plural(count('notable_development'), 'notable development', 'notable developments'),
  ].filter(Boolean);
  const summary: AppNotification = {
    id: `summary:${items.map((i) => i.id).join('|')}`,
    at,
    kind: 'summary',
    title: `${items.length} changes since the last sync`,
    body: parts.join(', '),
    target: null,
  };
  return { items, desktop: [summary] };
}
