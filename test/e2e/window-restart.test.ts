// The window comes back as it was left, in a real browser through `watchfloor serve --demo`:
// the analyst goes to the Map and zooms and pans, goes to Signals and searches, picks a
// category and a severity band, then closes the browser and stops serve. Serve started again
// with the same HOME, and the same browser profile opening the URL it prints, show Signals
// with that search and those filters, and the Map where it was. Screenshots go to
// .tmp/artifacts/.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshHome, goTo, openPersistentWindow, screenshot, startServe, type Problems } from '../helpers/e2e';
import type { ServeProcess } from '../helpers/serve';

let home: ReturnType<typeof freshHome>;
let profileDir: string;
let serve: ServeProcess | undefined;
let context: BrowserContext | undefined;
const seen: Problems = { problems: [], pageErrors: [] };
const problems = seen.problems;

/** `serve --demo`, on the same HOME each time (its cache, settings and port). */
const startDemoServe = async () => (await startServe({ tag: 'window-restart', service: 'demo' }, home)).serve;

/** The analyst's own browser: a profile on disk that outlives the browser. */
async function openBrowser(): Promise<Page> {
  let page: Page;
  ({ context, page } = await openPersistentWindow(profileDir, serve!.url, seen));
  return page;
}

async function closeAll(): Promise<void> {
  await context?.close();
  context = undefined;
  await serve?.stop();
  serve = undefined;
}

beforeAll(async () => {
  home = freshHome('window-restart');
  profileDir = mkdtempSync(path.join(os.tmpdir(), 'wf-window-restart-browser-'));
});
afterAll(closeAll);

const shot = (page: Page, name: string) => screenshot(page, `restart-${name}`);
const bodyRows = (page: Page) => page.locator('table.signals-table tbody tr[data-signal-id]');
const mapRendered = (page: Page) =>
  page.locator('[data-testid="map"][data-rendered="true"]').waitFor({ timeout: 30_000 });
const scale = (page: Page) => page.locator('.ol-scale-line-inner').textContent();

/** The page's canvas, as far as this test reads it (the Node side has no DOM types). */
interface PageCanvas {
  width: number;
  height: number;
  getContext(kind: '2d'): {
    getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
  };
}

/** Where land is on the basemap: the drawn share of each cell of a 48 × 32 grid over the canvas. */
function landGrid(page: Page): Promise<number[]> {
  return page.locator('.wf-basemap-countries canvas').evaluate((canvas: PageCanvas) => {
    const { width, height } = canvas;
    const { data } = canvas.getContext('2d').getImageData(0, 0, width, height);
    const cols = 48;
    const rows = 32;
    const cells = new Array<number>(cols * rows).fill(0);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++)
        if (data[(y * width + x) * 4 + 3]! > 0)
          cells[Math.floor((y * rows) / height) * cols + Math.floor((x * cols) / width)]! += 1;
    const perCell = (width / cols) * (height / rows);
    return cells.map((n) => n / perCell);
  });
}
const gridDistance = (a: number[], b: number[]) =>
  a.reduce((sum, v, i) => sum + Math.abs(v - (b[i] ?? 0)), 0) / a.length;

/** Waits until the map has stopped moving (the last move is what is remembered). */
async function settled(page: Page): Promise<number[]> {
  let last = await landGrid(page);
  for (let i = 0; i < 20; i++) {
    await page.waitForTimeout(250);
    const now = await landGrid(page);
    if (gridDistance(now, last) === 0) return now;
    last = now;
  }
  return last;
}

const categories = (page: Page) =>
  page.getByTestId('signals-view').getByRole('button', { name: /^Categories:/ });
const band = (page: Page) => page.getByLabel('Band at least');
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search signals' });
const current = (page: Page) =>
  page.getByRole('navigation', { name: 'Views' }).locator('[aria-current="page"]').textContent();
const cell = (row: Locator, n: number) => row.locator('td').nth(n).textContent();

describe('the window across a restart of serve and the browser (serve --demo, same HOME)', () => {
  let before: { grid: number[]; scale: string | null; world: number[] };
  let chosen: { q: string; category: string; band: string };
  let address: string;

  it('takes the analyst’s view: Signals searched and filtered, the map zoomed and panned', async () => {
    serve = await startDemoServe();
    address = serve.origin;
    const page = await openBrowser();

    await goTo(page, 'Signals');
    await expect.poll(() => bodyRows(page).count(), { timeout: 90_000 }).toBeGreaterThan(3);
    // Filters that still leave rows: a row of band 4 or more gives the category and a word.
    const rows = bodyRows(page);
    let row: Locator | undefined;
    for (let i = 0; i < (await rows.count()) && !row; i++)
      if (Number(await rows.nth(i).locator('.band').textContent()) >= 4) row = rows.nth(i);
    expect(row, 'a row of band 4 or more').toBeDefined();
    const title = (await row!.locator('td').nth(2).locator('span[title]').getAttribute('title'))!;
    const word = title.split(/\s+/).find((w) => /^[A-Za-z]{4,}$/.test(w))!;
    chosen = { q: word, category: (await cell(row!, 3))!.trim(), band: '4' };

    await search(page).pressSequentially(chosen.q, { delay: 15 });
    await categories(page).click();
    await page.getByRole('checkbox', { name: chosen.category, exact: true }).check();
    await categories(page).click();
    await band(page).selectOption(chosen.band);
    await expect.poll(() => categories(page).getAttribute('aria-expanded')).toBe('false');
    await page
      .getByTestId('signals-view')
      .getByRole('button', { name: `Categories: ${chosen.category}`, exact: true })
      .waitFor();
    await expect.poll(() => bodyRows(page).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    for (const r of await bodyRows(page).all()) expect((await cell(r, 3))?.trim()).toBe(chosen.category);
    await shot(page, 'signals-before');

    // The filters first, so the map is measured with the filter bar as it will be after.
    await goTo(page, 'Map');
    const map = page.getByTestId('map');
    await mapRendered(page);
    const world = await settled(page);
    // Zoom in twice from the keyboard, then drag the map to pan.
    await map.focus();
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    await settled(page);
    const box = (await map.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 220, box.y + box.height / 2 + 90, { steps: 8 });
    await page.mouse.up();
    const grid = await settled(page);
    expect(gridDistance(grid, world)).toBeGreaterThan(0.05);
    before = { grid, scale: await scale(page), world };
    await shot(page, 'map-before');

    // The analyst leaves the window on Signals.
    await goTo(page, 'Signals');
    await closeAll();
  });

  it('opens on the same view, with the same search and filters, and the map where it was', async () => {
    expect(chosen, 'the first step ran').toBeDefined();
    serve = await startDemoServe();
    // The same address as before (the port of the last launch): the browser keeps the
    // window's view for that address.
    expect(serve.origin).toBe(address);
    const page = await openBrowser();

    expect(await current(page)).toContain('Signals');
    await page.getByRole('main').getByRole('heading', { level: 1, name: 'Signals', exact: true }).waitFor();
    expect(await search(page).inputValue()).toBe(chosen.q);
    await page
      .getByTestId('signals-view')
      .getByRole('button', { name: `Categories: ${chosen.category}`, exact: true })
      .waitFor();
    expect(await band(page).inputValue()).toBe(chosen.band);
    // The demo cache is filled afresh; what it lists is narrowed by the same filters.
    await expect.poll(() => bodyRows(page).count(), { timeout: 90_000 }).toBeGreaterThan(0);
    for (const r of await bodyRows(page).all()) {
      expect((await cell(r, 3))?.trim()).toBe(chosen.category);
      expect(Number(await r.locator('.band').textContent())).toBeGreaterThanOrEqual(Number(chosen.band));
    }
    await shot(page, 'signals-after');

    await goTo(page, 'Map');
    await mapRendered(page);
    const grid = await settled(page);
    expect(await scale(page)).toBe(before.scale);
    // Land where it was before the restart, not where the world view puts it.
    expect(gridDistance(grid, before.grid)).toBeLessThan(0.01);
    expect(gridDistance(grid, before.world)).toBeGreaterThan(0.05);
    // The map's filter bar holds the same filters.
    await page
      .locator('.map-view')
      .getByRole('button', { name: `Categories: ${chosen.category}`, exact: true })
      .waitFor();
    await shot(page, 'map-after');
  });

  it('logged no error', () => {
    expect(problems).toEqual([]);
  });
});
