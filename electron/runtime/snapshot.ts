// What the notifier compares before and after a sync run, read from the cache: standing
// orders, watches and the notable developments of watched events.
import type Database from 'better-sqlite3';
import type { Profile } from '../../shared/contract';
import { listDevelopments, listStandingOrders, listWatches } from '../cache';
import {
  standingNotifications,
  type NotableDevelopment,
  type NotifySnapshot,
  type OrderState,
  type WatchState,
} from '../notify/diff';
import type { AppNotification } from '../../shared/contract';

const s = (v: unknown): string | null =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null;
const n = (v: unknown): number | null => (typeof v === 'number' ? v : null);

const orderStates = (db: Database.Database): OrderState[] =>
  listStandingOrders(db).map(({ id, record }) => ({
    id,
    name: s(record.name),
    last_run_at: s(record.last_run_at),
    total_runs: n(record.total_runs),
  }));

const watchState = ({ id, item }: ReturnType<typeof listWatches>[number]): WatchState => {
  const latest = item.latest_change as { summary?: unknown; at?: unknown } | undefined;
  return {
    id,
    name: s(item.name),
    bucket: s(item.bucket),
    latest_change_summary: s(latest?.summary),
    changed_at: s(latest?.at) ?? s(item.updated_at),
  };
};

/** What the cache records as fired or needing attention (notify/diff.ts standingNotifications). */
export function cachedNotifications(db: Database.Database): AppNotification[] {
  return standingNotifications({ orders: orderStates(db), watches: listWatches(db).map(watchState) });
}

export function notifySnapshot(db: Database.Database, profile: Profile): NotifySnapshot {
  const orders = orderStates(db);
  const watchRows = listWatches(db);
  const watches = watchRows.map(watchState);
  // Watched events: an event watch binds the canonical event ("cluster:<id>").
  const watchedBy = new Map<string, string>();
  for (const { id, item } of watchRows) {
    const key = s((item.event as { subject_key?: unknown } | undefined)?.subject_key);
    if (key) watchedBy.set(key.replace(/^cluster:/, ''), id);
  }
  const notableDevelopments: NotableDevelopment[] = [];
  for (const [eventId, watchId] of watchedBy) {
    // Alternate records carry no `notable`: the synced feed already holds notable ones only.
    for (const d of listDevelopments(db, { eventId, notableOnly: profile === 'main', limit: 50 })) {
      const at = s(d.observed_at) ?? s(d.detected_at) ?? '';
      const kind = s(d.axis) ?? s(d.development_type) ?? 'change';
      notableDevelopments.push({
        key: JSON.stringify([eventId, kind, at, d.previous_state ?? null, d.current_state ?? null]),
        event_id: eventId,
        title: s(d.title),
        change:
          s(d.change_summary) ?? `${kind}: ${s(d.previous_state) ?? 'none'} → ${s(d.current_state) ?? '?'}`,
        at,
        watch_id: watchId,
      });
    }
  }
  return { orders, watches, notableDevelopments };
}
