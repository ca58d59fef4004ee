// The window when the service goes away, in a real browser through `watchfloor serve`: every
// view (Map, Signals, Developments, Brief, Status) still shows what the cache holds, each with
// its as-of, and the status bar says the link is down; when the service is back, so is the
// link. The service is a demo service this test runs itself, so it can stop and restart it on
// the same address (as test/integration/serve/link-status.test.ts does). Screenshots go to
// .tmp/artifacts/.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoService, type DemoService } from '../../electron/demo';
import { goTo, useWindow, waitReady, mapWithSignals } from '../helpers/e2e';

let demo: DemoService;
let page: Page;

// The service's world at the real clock, so the sync's default window finds its signals.
const startService = (port?: number) =>
  startDemoService({ profile: 'main', signalsPerDay: 20, ...(port ? { port } : {}) });

beforeAll(async () => {
  demo = await startService();
});
afterAll(async () => {
  await demo?.close();
});
const w = useWindow(() => ({
  tag: 'window-offline',
  service: { baseUrl: demo.url },
  profile: 'main',
  shots: 'offline-',
  open: true,
}));
const problems = w.pageErrors;
beforeAll(() => {
  page = w.page;
});

const shot = (name: string) => w.shot(page, name);
const linkWord = () => page.getByTestId('link-status').textContent();
const bodyRows = () => page.locator('table.signals-table tbody tr[data-signal-id]');
/** The "CACHED · as of …" mark of an answer inside `where`, as shown. */
const asOf = (where: string) =>
  page.locator(where).locator('.mark-cached').first().textContent({ timeout: 30_000 });

async function syncNow(): Promise<void> {
  await goTo(page, 'Status');
  const button = page.getByTestId('sync-panel').getByRole('button', { name: 'Sync now' });
  await expect.poll(() => button.isEnabled(), { timeout: 90_000 }).toBe(true);
  await button.click();
}

/** What each view shows from the cache: the Map's points, each list's rows, each as-of. */
async function everyView(tag: string): Promise<Record<string, string | null>> {
  const seen: Record<string, string | null> = {};

  await mapWithSignals(page);
  seen.map = await asOf('.map-status');
  await shot(`${tag}-map`);

  await goTo(page, 'Signals');
  await expect.poll(() => bodyRows().count(), { timeout: 30_000 }).toBeGreaterThan(3);
  seen.signals = await asOf('[data-testid="signals-view"] .view-line');
  await shot(`${tag}-signals`);

  await goTo(page, 'Developments');
  await page.getByTestId('developments-view').locator('tbody tr').first().waitFor({ timeout: 30_000 });
  seen.developments = await asOf('[data-testid="developments-view"] .view-line');
  await shot(`${tag}-developments`);

  await goTo(page, 'Brief');
  await page.getByTestId('brief-view').locator('article.brief h2').waitFor({ timeout: 30_000 });
  seen.brief = await asOf('[data-testid="brief-view"]');
  await shot(`${tag}-brief`);

  await goTo(page, 'Status');
  const state = page.getByTestId('sync-state');
  await expect.poll(() => state.textContent(), { timeout: 30_000 }).toMatch(/Last run/);
  // The sync's table keeps the last run's figures; the status bar names the oldest as-of.
  expect(await page.getByTestId('sync-panel').locator('tbody tr').count()).toBeGreaterThan(0);
  seen.status = await page.getByTestId('statusbar-streams').textContent();
  await shot(`${tag}-status`);
  return seen;
}

describe('the window with the service gone (serve --base-url, the demo service stopped)', () => {
  let online: Record<string, string | null>;

  it('shows every view from the first sync while the link is up', async () => {
    await goTo(page, 'Status');
    await expect
      .poll(() => page.getByTestId('sync-state').textContent(), { timeout: 90_000 })
      .toMatch(/Last run/);
    await expect.poll(linkWord, { timeout: 30_000 }).toBe('online');
    online = await everyView('online');
    for (const [view, text] of Object.entries(online))
      expect(text, view).toMatch(/as of \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
  });

  it('still shows every view, as of the last sync, and the link down once the service is gone', async () => {
    const port = Number(new URL(demo.url).port);
    await demo.close();
    await syncNow();
    await expect.poll(linkWord, { timeout: 60_000 }).toBe('offline');
    expect(await page.locator('.statusbar .link-offline').count()).toBe(1);
    // The failed run says why, and is not taken for a finished one.
    await expect
      .poll(() => page.getByTestId('sync-state').textContent(), { timeout: 60_000 })
      .toMatch(/Last run .*\(incomplete\)/);
    await shot('link-down');

    const offline = await everyView('offline');
    // The same cached answers, each still dated by the sync that stored them.
    expect(offline).toEqual(online);

    // A window opened while the service is down reads the cache too.
    await page.reload();
    await waitReady(page);
    await expect.poll(linkWord, { timeout: 30_000 }).toBe('offline');
    expect(await everyView('offline-reopened')).toEqual(online);

    // The service comes back on the same address: the next sync finds it, the link is up.
    demo = await startService(port);
    await syncNow();
    await expect.poll(linkWord, { timeout: 60_000 }).toBe('online');
    await expect
      .poll(() => page.getByTestId('sync-state').textContent(), { timeout: 90_000 })
      .toMatch(/^Last run [^(]*·/);
    expect(await page.locator('.statusbar .link-online').count()).toBe(1);
    await shot('link-back');
  });

  it('threw no error in the page', () => {
    expect(problems).toEqual([]);
  });
});
