// A clicked desktop notification reaches the window once: the click brings the window
// forward, it does not push a second copy of what the window already listed.
import { describe, expect, it } from 'vitest';
import type { AppNotification } from '../../../shared/contract';
import { createWindowDelivery } from '../../../electron/notify/delivery';

const note = (id: string, kind: AppNotification['kind'] = 'order_fired'): AppNotification => ({
  id,
  at: '2026-11-20T12:00:00Z',
  kind,
  title: `Order ${id} fired`,
  body: 'New events in the area.',
  target: kind === 'summary' ? null : { type: 'order', id },
});

describe('delivery of notifications to the window', () => {
  it('a raised notification, then a click on its toast: the window gets it once', () => {
    const window: AppNotification[] = [];
    const delivery = createWindowDelivery((n) => window.push(n));
    const fired = note('o-1');
    delivery.pushed(fired);
    delivery.clicked(fired);
    delivery.clicked(fired);
    expect(window).toEqual([fired]);
  });

  it('a summary shown only on the desktop reaches the window when clicked, once', () => {
    const window: AppNotification[] = [];
    const delivery = createWindowDelivery((n) => window.push(n));
    const items = [note('o-1'), note('o-2'), note('o-3'), note('o-4')];
    for (const n of items) delivery.pushed(n);
    const summary = note('s-1', 'summary');
    delivery.clicked(summary);
    delivery.clicked(summary);
    expect(window.map((n) => n.id)).toEqual(['o-1', 'o-2', 'o-3', 'o-4', 's-1']);
  });

  it('distinct notifications all get through', () => {
    const window: string[] = [];
    const delivery = createWindowDelivery((n) => window.push(n.id));
    for (let i = 0; i < 3000; i++) delivery.pushed(note(`o-${i}`));
    expect(new Set(window).size).toBe(3000);
  });
});
