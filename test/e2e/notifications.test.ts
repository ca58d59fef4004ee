// Notifications that happened before the window opened (issue 25): on `serve --demo`, the first
// sync finds a standing order that has fired and, on the alternate profile, two watches in needs
// attention. None of that is news to the sync's comparison (a first sighting), yet an analyst
// opening the window must see it: the list shows what the cache records, dated when it happened,
// in the status bar's list and in the Status view, on both profiles, at 1280×720. Seed and clock
// pinned (the demo world of 2026-11-20 12:00 UTC). Screenshots: .tmp/artifacts/notifications-*.png.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Profile } from '../../shared/contract';
import { goTo, seriousViolations, useBrowser, useWindow, type E2EWindow } from '../helpers/e2e';

const SMALL = { width: 1280, height: 720 } as const;
const browser = useBrowser();

/** The bell's count, as the status bar says it ("3 notifications"). */
const bellCount = async (page: Page) =>
  Number((await page.getByTestId('statusbar-notifications').textContent())!.split(' ')[0]);

/** Waits until serve's first sync is done, before any window opens. */
async function firstSyncDone(w: E2EWindow): Promise<void> {
  await expect
    .poll(async () => (await w.call('sync.status')).lastOutcome?.complete ?? false, { timeout: 90_000 })
    .toBe(true);
}

function suite(profile: Profile, needsAttention: number) {
  describe(`on the ${profile} profile`, () => {
    const w = useWindow(
      {
        tag: `notifications-${profile}`,
        service: 'demo',
        profile,
        shots: `notifications-${profile}-`,
        env: {
          WATCHFLOOR_CELESTRAK_URL: 'http://127.0.0.1:9/gp.php',
          WATCHFLOOR_DEMO_SEED: '1',
          WATCHFLOOR_DEMO_NOW: '2026-11-20T12:00:00Z',
        },
      },
      browser,
    );

    it('lists the order that fired and the watches that need attention from before the window opened', async () => {
      await firstSyncDone(w);
      // What the cache records (the demo's seed): the order with runs, the watches in needs attention.
      const orders = (await w.call('orders.list')).rows.map(
        (r) => r.record as { name: string; total_runs: number },
      );
      const fired = orders.filter((o) => o.total_runs > 0).map((o) => o.name);
      expect(fired).toEqual(['Order 1: Event: Tanker attacked off Latakia']);
      const watches = (await w.call('watches.list')).rows
        .map((r) => r.record as { name: string; bucket: string })
        .filter((r) => r.bucket === 'needs_attention')
        .map((r) => r.name);
      expect(watches).toHaveLength(needsAttention);

      const { page } = await w.open({ viewport: SMALL });
      await expect.poll(() => bellCount(page), { timeout: 30_000 }).toBe(fired.length + needsAttention);
      await page.getByTestId('statusbar-notifications').click();
      const list = page.getByRole('region', { name: 'Notifications' });
      await list.getByRole('button', { name: `Standing order fired: ${fired[0]}` }).waitFor();
      for (const name of watches)
        await list.getByRole('button', { name: `Needs attention: ${name}` }).waitFor();
      expect(await list.getByText('No notifications').count()).toBe(0);
      // Dated when it happened (the service's run time, on hover in UTC), not when the window opened.
      const firedRow = list.locator('li', { hasText: `Standing order fired: ${fired[0]}` });
      expect(await firedRow.locator('.row-time').getAttribute('title')).toMatch(/^2026-11-17 12:00/);
      await w.shot(page, 'status-bar');
      expect(await seriousViolations(page, 'Notifications open')).toEqual([]);

      // Following it opens the order on the map, as a pushed one does.
      await list.getByRole('button', { name: `Standing order fired: ${fired[0]}` }).click();
      await page.getByRole('main').getByRole('heading', { level: 1, name: 'Map', exact: true }).waitFor();
      const inspector = page.getByRole('complementary', { name: 'Inspector' });
      await inspector
        .getByRole('heading', { level: 3, name: fired[0], exact: true })
        .waitFor({ timeout: 30_000 });

      // The Status view lists the same.
      await goTo(page, 'Status');
      const panel = page.getByRole('main').getByRole('region', { name: 'Notifications' });
      await panel.getByRole('button', { name: `Standing order fired: ${fired[0]}` }).waitFor();
      expect(await panel.getByTestId('notifications').locator('li').count()).toBe(
        fired.length + needsAttention,
      );
      await w.shot(page, 'status-view');
      expect(w.pageErrors).toEqual([]);
    });
  });
}

suite('alternate', 2);
suite('main', 0);
