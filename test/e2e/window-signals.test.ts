// The signals an analyst works with all day, in a real browser through `watchfloor serve
// --demo`: the table fills from the cache, a search narrows it, a row fills the inspector, the
// map draws the points on its layer and rings the selected one; Developments and the
// Brief read the same cache. Screenshots go to .tmp/artifacts/ for a person to look at.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { goTo, screenshot, useWindow, mapWithSignals } from '../helpers/e2e';

const w = useWindow({ tag: 'window-signals', service: 'demo' });
const problems = w.problems;

const open = () =>
  w.open({ setup: (context) => context.grantPermissions(['clipboard-read', 'clipboard-write']) });

const bodyRows = (page: Page) => page.locator('table.signals-table tbody tr[data-signal-id]');
const count = async (page: Page) =>
  Number(
    /^[\d,]+/.exec((await page.getByTestId('signals-count').textContent()) ?? '')?.[0].replace(/,/g, '') ??
      NaN,
  );

describe('signals in the window (serve --demo)', () => {
  it('lists, narrows by search, selects into the inspector, and rings the selection on the map', async () => {
    const { context, page } = await open();
    await goTo(page, 'Signals');
    // The demo's first sync fills the cache; the table follows the cache.changed push.
    await expect.poll(() => bodyRows(page).count(), { timeout: 60_000 }).toBeGreaterThan(3);
    // Every signal, once that sync is done (the world then stands still: PACE 0); the table
    // shows them all once it has heard.
    await expect
      .poll(async () => (await w.call('sync.status')).lastOutcome?.complete ?? false, { timeout: 120_000 })
      .toBe(true);
    const all = (await w.call('signals.query', { limit: 1 })).total;
    await expect.poll(() => count(page), { timeout: 30_000 }).toBe(all);
    await expect(page.getByTestId('signals-view').getByText('DEMO', { exact: true })).toBeTruthy();
    await screenshot(page, 'signals-table-dark');

    // A word of the first row's title narrows the table to rows that have it.
    const title = (await bodyRows(page).first().locator('td').nth(2).textContent())!.trim();
    const word = title.split(/\s+/).find((w) => /^[A-Za-z]{5,}$/.test(w)) ?? title.split(/\s+/)[0]!;
    await page.getByRole('searchbox', { name: 'Search signals' }).fill(word);
    await expect.poll(() => count(page), { timeout: 10_000 }).toBeLessThan(all);
    expect(await count(page)).toBeGreaterThan(0);
    await screenshot(page, 'signals-search-dark');

    // Select a row with a point, see it in the inspector.
    await page.getByRole('searchbox', { name: 'Search signals' }).fill('');
    await expect.poll(() => count(page)).toBe(all);
    const row = bodyRows(page).and(page.locator('[data-plottable="true"]')).first();
    const id = (await row.getAttribute('data-signal-id'))!;
    const rowTitle = (await row.locator('td').nth(2).textContent())!.replace('RETRACTED', '').trim();
    await row.click();
    const inspector = page.getByRole('complementary', { name: 'Inspector' });
    await inspector.getByTestId('signal-detail').waitFor();
    expect((await inspector.getByRole('heading', { level: 3 }).textContent())?.trim()).toBe(rowTitle);
    await inspector.getByRole('region', { name: 'Casualties' }).waitFor();
    await screenshot(page, 'signals-inspector-dark');

    // The Map draws the points and rings the selected one.
    const map = await mapWithSignals(page);
    await expect.poll(() => map.getAttribute('data-selected-signal')).toBe(id);
    expect(await page.locator('.wf-signals canvas').count()).toBe(1);
    await page.waitForTimeout(600); // the centring animation
    // The selected point is now in the middle: hovering it names it, clicking it selects it.
    const box = (await map.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const tip = page.getByRole('tooltip');
    await tip.waitFor();
    expect(await tip.textContent()).toMatch(/Click to select/);
    await screenshot(page, 'map-signals-dark');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => inspector.getByTestId('signal-detail').count()).toBe(1);
    expect(await map.getAttribute('data-selected-signal')).toBeTruthy();
    await context.close();
  });

  it('opens the thread and shows Developments and the Brief, in the light theme too', async () => {
    const { context, page } = await open();
    await goTo(page, 'Signals');
    await expect.poll(() => bodyRows(page).count(), { timeout: 60_000 }).toBeGreaterThan(0);
    await bodyRows(page).first().click();
    const inspector = page.getByRole('complementary', { name: 'Inspector' });
    await inspector.getByRole('button', { name: 'Thread' }).click();
    const thread = page.getByTestId('thread');
    await thread.getByText(/Timeline/).waitFor({ timeout: 30_000 });
    await screenshot(page, 'thread-dark');
    await page.keyboard.press('Escape');
    await thread.waitFor({ state: 'hidden' });
    // Esc closed the thread only: the signal stays selected.
    await inspector.getByTestId('signal-detail').waitFor();

    await goTo(page, 'Developments');
    const devRow = page.getByTestId('developments-view').locator('tbody tr').first();
    await devRow.waitFor({ timeout: 30_000 });
    await screenshot(page, 'developments-dark');
    // A development jumps to its event: the Map shows, the inspector holds the event.
    await devRow.click();
    await page.getByRole('main').getByRole('heading', { level: 1, name: 'Map', exact: true }).waitFor();
    await inspector.getByTestId('inspector-selection').waitFor();
    await goTo(page, 'Brief');
    await page.getByTestId('brief-view').waitFor();
    await screenshot(page, 'brief-dark');

    await page.getByRole('button', { name: 'Commands' }).click();
    await page.keyboard.type('light theme');
    await page.keyboard.press('Enter');
    await goTo(page, 'Signals');
    await bodyRows(page).first().waitFor();
    await screenshot(page, 'signals-table-light');
    await goTo(page, 'Map');
    await page.locator('[data-testid="map"][data-rendered="true"]').waitFor({ timeout: 30_000 });
    await page.waitForTimeout(400);
    await screenshot(page, 'map-signals-light');
    await context.close();
  });

  it('logged no error', () => {
    expect(problems).toEqual([]);
  });
});
