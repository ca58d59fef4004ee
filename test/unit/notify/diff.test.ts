import { describe, expect, it } from 'vitest';
import {
  diffForNotifications,
  mergeNotifications,
  standingNotifications,
  type NotifySnapshot,
} from '../../../electron/notify/diff';

const now = new Date('2026-11-22T12:00:00Z');
const base: NotifySnapshot = {
  orders: [{ id: 'o1', name: 'Kharkiv grid', last_run_at: '2026-11-20T06:00:00Z', total_runs: 2 }],
  watches: [{ id: 'w1', name: 'Port of Odesa', bucket: 'stable' }],
  notableDevelopments: [],
};

describe('notifications after a sync run', () => {
  it('says nothing when nothing moved', () => {
    expect(diffForNotifications(base, structuredClone(base), now).items).toEqual([]);
  });

  it('raises exactly one notification for an order that fired, opening the order', () => {
    const after = structuredClone(base);
    after.orders[0] = { ...after.orders[0]!, last_run_at: '2026-11-22T06:00:00Z', total_runs: 3 };
    const { items, desktop } = diffForNotifications(base, after, now);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'order_fired', target: { type: 'order', id: 'o1' } });
    expect(desktop).toEqual(items);
  });

  it('raises one for a watch that moved to needs_attention, not for one already there', () => {
    const after = structuredClone(base);
    after.watches[0]!.bucket = 'needs_attention';
    expect(diffForNotifications(base, after, now).items.map((i) => i.kind)).toEqual([
      'watch_needs_attention',
    ]);
    expect(diffForNotifications(after, after, now).items).toEqual([]);
  });

  it('raises one for a new notable development on a watched event only', () => {
    const after = structuredClone(base);
    after.notableDevelopments = [
      {
        key: 'e1|stage|t1',
        event_id: 'e1',
        title: 'Strike',
        change: 'stage: localized → pinpointed',
        at: 't1',
        watch_id: 'w1',
      },
      { key: 'e2|stage|t1', event_id: 'e2', title: 'Other', change: 'x', at: 't1', watch_id: null },
    ];
    const { items } = diffForNotifications(base, after, now);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'notable_development', target: { type: 'signal', id: 'e1' } });
  });

  it('does not treat the first sighting of an order or watch as news', () => {
    const after = structuredClone(base);
    after.orders.push({ id: 'o2', name: 'new', last_run_at: '2026-11-22T00:00:00Z', total_runs: 9 });
    after.watches.push({ id: 'w2', name: 'new', bucket: 'needs_attention' });
    expect(diffForNotifications(base, after, now).items).toEqual([]);
  });

  it('coalesces many into one desktop summary while keeping each in the list', () => {
    const before: NotifySnapshot = {
      orders: [1, 2, 3].map((i) => ({ id: `o${i}`, name: `o${i}`, last_run_at: null, total_runs: 0 })),
      watches: [1, 2].map((i) => ({ id: `w${i}`, name: `w${i}`, bucket: 'stable' })),
      notableDevelopments: [],
    };
    const after: NotifySnapshot = {
      orders: before.orders.map((o) => ({ ...o, total_runs: 1, last_run_at: '2026-11-22T00:00:00Z' })),
      watches: before.watches.map((w) => ({ ...w, bucket: 'needs_attention' })),
      notableDevelopments: [],
    };
    const { items, desktop } = diffForNotifications(before, after, now);
    expect(items).toHaveLength(5);
    expect(desktop).toHaveLength(1);
    expect(desktop[0]).toMatchObject({
      kind: 'summary',
      body: '3 standing orders fired, 2 watches need attention',
    });
  });

  it('gives the same change the same id, so a rerun does not notify twice', () => {
    const after = structuredClone(base);
    after.orders[0]!.total_runs = 3;
    const a = diffForNotifications(base, after, now).items[0]!.id;
    const b = diffForNotifications(base, after, new Date('2026-11-23T00:00:00Z')).items[0]!.id;
    expect(a).toBe(b);
  });
});

describe('what the cache records, listed whenever the window opens', () => {
  const record: NotifySnapshot = {
    orders: [
      { id: 'o1', name: 'Kharkiv grid', last_run_at: '2026-11-20T06:00:00Z', total_runs: 2 },
      { id: 'o2', name: 'Never ran', last_run_at: null, total_runs: 0 },
    ],
    watches: [
      {
        id: 'w1',
        name: 'Port of Odesa',
        bucket: 'needs_attention',
        latest_change_summary: 'New reporting',
        changed_at: '2026-11-21T09:00:00Z',
      },
      { id: 'w2', name: 'Calm', bucket: 'stable', changed_at: '2026-11-22T09:00:00Z' },
    ],
    notableDevelopments: [],
  };

  it('lists each order that has run and each watch in needs attention, dated when it happened', () => {
    expect(standingNotifications(record).map((n) => [n.kind, n.title, n.at])).toEqual([
      ['order_fired', 'Standing order fired: Kharkiv grid', '2026-11-20T06:00:00Z'],
      ['watch_needs_attention', 'Needs attention: Port of Odesa', '2026-11-21T09:00:00Z'],
    ]);
  });

  it('merges with what was pushed: one entry per change, newest first', () => {
    const before = structuredClone(record);
    const after = structuredClone(record);
    after.orders[0] = { ...after.orders[0]!, last_run_at: '2026-11-22T06:00:00Z', total_runs: 3 };
    const pushed = diffForNotifications(before, after, now).items;
    const merged = mergeNotifications(pushed, standingNotifications(after));
    // The run pushed after the sync is the cache's last run: listed once, as pushed.
    expect(merged.map((n) => [n.kind, n.at])).toEqual([
      ['order_fired', now.toISOString()],
      ['watch_needs_attention', '2026-11-21T09:00:00Z'],
    ]);
  });
});
