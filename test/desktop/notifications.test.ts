// A background sync's notifications as the desktop app shows them: each one pushed to the
// window once, shown as a desktop toast; a click on the toast brings the window forward
// (restored from minimized, focused). A coalesced summary reaches the window only when its
// toast is clicked, and then once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoService, type DemoService } from '../../electron/demo';
import type { AppNotification } from '../../shared/contract';
import { DEMO_NOW } from '../helpers/demo';
import { launchApp, until, type LaunchedApp } from './launch';

let service: DemoService;
let app: LaunchedApp;
const pushed: AppNotification[] = [];

beforeAll(async () => {
  service = await startDemoService({ profile: 'alternate', now: DEMO_NOW, signalsPerDay: 5 });
  app = await launchApp({ service });
  app.bridge().on.notification((n) => pushed.push(n));
  // The first sync is the baseline: nothing in it is news.
  await app.bridge()['sync.now']({});
  expect(pushed).toEqual([]);
  expect(app.h.notifications).toEqual([]);
});
afterAll(async () => {
  await app?.close();
  await service?.close();
});

const world = () => service.world;
const settle = () => new Promise((r) => setTimeout(r, 150));

describe('a desktop notification', () => {
  it('is pushed to the window once; its click brings the window forward and pushes no second copy', async () => {
    world().advanceClock(3_600_000);
    world().fireOrder(world().orders[0]!);
    await app.bridge()['sync.now']({});
    await until('the notification to reach the window', () => pushed.length > 0);
    await settle();
    const toasts = app.h.notifications;
    // Not coalesced (three or fewer): each change is a toast and a push.
    expect(toasts.map((t) => t.title).sort()).toEqual(pushed.map((n) => n.title).sort());
    const order = pushed.find((n) => n.kind === 'order_fired');
    expect(order?.target).toEqual({ type: 'order', id: world().orders[0]!.id });

    const win = app.win();
    win.minimize();
    expect(win.isFocused()).toBe(false);
    const before = pushed.length;
    app.h.click(toasts.find((t) => t.title === order!.title)!);
    expect(win.isMinimized()).toBe(false);
    expect(win.isFocused()).toBe(true);
    await settle();
    expect(pushed).toHaveLength(before);
  });

  it('a summary of many changes reaches the window when its toast is clicked, once', async () => {
    // Every watch out of "needs attention" first (not news), then every order fires and every
    // watch needs attention: more changes than the desktop shows one by one.
    for (const w of world().watches) world().moveWatch(w, 'stable');
    world().advanceClock(3_600_000);
    await app.bridge()['sync.now']({});
    await settle();
    const toastsBefore = app.h.notifications.length;
    const pushedBefore = pushed.length;

    world().advanceClock(3_600_000);
    for (const o of world().orders) world().fireOrder(o);
    for (const w of world().watches)
      if (w.bucket !== 'needs_attention') world().moveWatch(w, 'needs_attention');
    const changes = world().orders.length + world().watches.length;
    expect(changes).toBeGreaterThan(3);
    await app.bridge()['sync.now']({});
    await until('each change to reach the window', () => pushed.length >= pushedBefore + changes);
    await settle();

    const items = pushed.slice(pushedBefore);
    expect(items).toHaveLength(changes);
    expect(items.some((n) => n.kind === 'summary')).toBe(false);
    const toasts = app.h.notifications.slice(toastsBefore);
    expect(toasts.map((t) => t.title)).toEqual([`${changes} changes since the last sync`]);

    const win = app.win();
    win.minimize();
    app.h.click(toasts[0]!);
    expect(win.isMinimized()).toBe(false);
    expect(win.isFocused()).toBe(true);
    await until('the summary to reach the window', () => pushed.some((n) => n.kind === 'summary'));
    expect(pushed.at(-1)).toMatchObject({ kind: 'summary', title: `${changes} changes since the last sync` });

    await settle();
    expect(pushed.filter((n) => n.kind === 'summary')).toHaveLength(1);
  });
});
