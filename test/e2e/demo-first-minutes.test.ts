// A new user's first minutes on `watchfloor serve --demo` (issue 23): without importing or
// doing anything, they see passes (the demo ships its orbital elements), a decision package
// with a second revision to compare, and a notification of a standing order that fired while
// the window was open. The world moves at the quick pace tests use (WATCHFLOOR_DEMO_PACE=5: a
// step every 5 seconds, so the revision comes at 10 s and the order fires at 15 s); the app's
// own demo schedule syncs it (at that pace, every 5 seconds after a run). Seed and clock
// are pinned (vitest.config.ts), so the world is the same on any day.
// Screenshots go to .tmp/artifacts/ (first-minutes-*.png).
import { describe, expect, it } from 'vitest';
import { goTo, useWindow } from '../helpers/e2e';

const w = useWindow({
  tag: 'first-minutes',
  service: 'demo',
  profile: 'alternate',
  shots: 'first-minutes-',
  env: {
    WATCHFLOOR_CELESTRAK_URL: 'http://127.0.0.1:9/gp.php',
    WATCHFLOOR_DEMO_SEED: '1',
    WATCHFLOOR_DEMO_NOW: '2026-11-20T12:00:00Z',
    WATCHFLOOR_DEMO_PACE: '5',
  },
  // A new user's screen.
  open: { viewport: { width: 1280, height: 720 }, ready: 90_000 },
});
/** Who the world moved for: the watch whose package was revised. */
let revised: { id: string; name: string } | null = null;
const shot = (name: string) => w.shot(w.page, name);

describe('a new user on serve --demo, touching nothing', () => {
  it('sees passes at once: the elements the demo ships, stale by their true age', async () => {
    await goTo(w.page, 'Passes');
    const summary = w.page.getByTestId('elements-summary');
    await expect
      .poll(() => summary.textContent(), { timeout: 60_000 })
      .toMatch(/\d+ satellites of the families have elements/);
    const table = w.page.getByRole('table', { name: 'Soonest passes over my watches' });
    await table.waitFor({ timeout: 60_000 });
    expect(await table.getByTestId('soonest-row').count()).toBeGreaterThan(0);
  });

  it('within minutes a watch’s package has a second revision, and the window compares the two', async () => {
    // The app syncs on its own (the demo's schedule); nothing is asked of it here.
    await expect
      .poll(
        async () => {
          const watches = await w.call('watches.list');
          for (const watch of watches.rows) {
            const r = await w.call('packages.revisions', { watchId: watch.id });
            if (r.revisions.length >= 2) {
              revised = { id: watch.id, name: String((watch.record as { name?: string }).name ?? watch.id) };
              return true;
            }
          }
          return false;
        },
        { timeout: 180_000, interval: 3_000 },
      )
      .toBe(true);
    await goTo(w.page, 'Decision package');
    const view = w.page.getByTestId('package-view');
    const picker = view.getByRole('combobox', { name: 'Watch', exact: true });
    await expect
      .poll(() => picker.locator('option', { hasText: revised!.name }).count(), { timeout: 60_000 })
      .toBeGreaterThan(0);
    await picker.selectOption({ label: revised!.name });
    await view.getByText(/2 revisions kept/).waitFor({ timeout: 30_000 });
    const diff = view.getByRole('group', { name: /^Changes from r\d+ to r\d+$/ });
    await diff.waitFor({ timeout: 30_000 });
    expect(await diff.locator('li[data-change]').count()).toBeGreaterThan(0);
    await shot('package-compare');
  }, 300_000);

  it('a standing order fires while the window is open, and its notification is there to follow', async () => {
    // The seed's own fired order ran before the world's clock starts (listed from the start, from
    // the cache's record); the one that fires now runs after it.
    const firedNow = async () => {
      const list = await w.call('notifications.list', {});
      return (
        list.find((n) => n.kind === 'order_fired' && /^Ran at 2026-11-(2[0-9]|30)T/.test(n.body)) ?? null
      );
    };
    await expect.poll(firedNow, { timeout: 180_000, interval: 3_000 }).not.toBeNull();
    const bell = w.page.getByTestId('statusbar-notifications');
    await bell.click();
    const list = w.page.getByRole('region', { name: 'Notifications' });
    const fired = list.getByRole('button', { name: (await firedNow())!.title, exact: true }).first();
    await fired.waitFor({ timeout: 30_000 });
    await shot('notification');
    // Following it opens the order on the map, the inspector reading what it found.
    await fired.click();
    await w.page.getByRole('main').getByRole('heading', { level: 1, name: 'Map', exact: true }).waitFor();
    const inspector = w.page.getByRole('complementary', { name: 'Inspector' });
    await inspector.getByText('FIRED').first().waitFor({ timeout: 30_000 });
    expect(w.pageErrors).toEqual([]);
  }, 300_000);
});
