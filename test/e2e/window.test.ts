// The window as an analyst meets it, in a real browser through `watchfloor serve --demo`:
// every view reachable by name, the offline basemap drawn, the palette and keys working,
// the theme remembered, and not one request leaving this machine. Screenshots of each view
// go to .tmp/artifacts/ for a person to look at.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { artifacts, goTo, useWindow, waitReady } from '../helpers/e2e';

const VIEWS = ['Map', 'Signals', 'Developments', 'Brief', 'Status'];

const w = useWindow({ tag: 'window', service: 'demo' });
const requests: string[] = [];
const shot = w.shot;

/** The window as this suite looks at it: 1280×800 unless a test says, every request it makes kept. */
const open = (viewport = { width: 1280, height: 800 }) =>
  w.open({ viewport, setup: (context) => context.on('request', (r) => requests.push(r.url())) });

const nav = (page: Page) => page.getByRole('navigation', { name: 'Views' });

/** The page's canvas, as far as this test reads it (the Node side has no DOM types). */
interface PageCanvas {
  width: number;
  height: number;
  getContext(kind: '2d'): {
    getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
  };
}

/** Share of the basemap land layer's canvas that is drawn (not transparent background). */
function drawnShare(page: Page): Promise<{ drawn: number; colours: number }> {
  return page.locator('.wf-basemap-countries canvas').evaluate((canvas: PageCanvas) => {
    if (!canvas.width) return { drawn: 0, colours: 0 };
    const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    let drawn = 0;
    const colours = new Set<number>();
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3]! > 0) drawn++;
      colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
    }
    return { drawn: drawn / (data.length / 4), colours: colours.size };
  });
}

const theme = (page: Page) => page.locator('html').getAttribute('data-theme');

describe('the window (serve --demo)', () => {
  it('has its landmarks and reaches every view by its name in the navigation', async () => {
    const { context, page } = await open();
    expect(await nav(page).getByRole('link').allTextContents()).toEqual(
      expect.arrayContaining(VIEWS.map((v) => expect.stringContaining(v))),
    );
    await page.getByRole('main').waitFor();
    await page.getByRole('complementary', { name: 'Inspector' }).waitFor();
    await page.getByRole('contentinfo').waitFor();
    await page.getByTestId('demo-banner').waitFor();

    for (const label of [...VIEWS.slice(1), VIEWS[0]!]) {
      await goTo(page, label);
      const link = nav(page).getByRole('link', { name: label, exact: true });
      expect(await link.getAttribute('aria-current')).toBe('page');
      if (label === 'Status')
        await expect
          .poll(() => page.getByTestId('sync-state').textContent(), { timeout: 75_000 })
          .toMatch(/Last run/);
      if (label === 'Map') await page.locator('[data-testid="map"][data-rendered="true"]').waitFor();
      await shot(page, `view-${label.toLowerCase()}-dark`);
    }
    await context.close();
  });

  it('draws the offline basemap: the first rendercomplete comes with land on the canvas', async () => {
    const { context, page } = await open();
    await goTo(page, 'Map');
    await page.locator('[data-testid="map"][data-rendered="true"]').waitFor({ timeout: 30_000 });
    const { drawn, colours } = await drawnShare(page);
    // The world view at 1280×800 is roughly a quarter land; fills and borders differ.
    expect(drawn).toBeGreaterThan(0.1);
    expect(colours).toBeGreaterThan(2);
    // Graticule and country names are their own layers, on by default.
    expect(await page.locator('.wf-basemap-graticule canvas').count()).toBe(1);
    expect(await page.locator('.wf-basemap-labels canvas').count()).toBe(1);
    await context.close();
  });

  it('compiles the code it opens on the map with as it arrives, and not the other views’', async () => {
    const { context, page } = await open();
    await page.locator('[data-testid="map"][data-rendered="true"]').waitFor({ timeout: 30_000 });
    const scripts = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => e.name)
          .filter((n) => n.endsWith('.js')),
      );
    /** Each script's file name, and whether it starts with V8's compile hint. */
    const hinted = (urls: string[]) =>
      page.evaluate(
        (list) =>
          Promise.all(
            list.map(async (url) => {
              const head = (await (await fetch(url)).text()).split('\n', 2);
              return [url.split('/').pop(), head.includes('//# allFunctionsCalledOnLoad')] as const;
            }),
          ),
        urls,
      );
    const opening = await scripts();
    const core = (await hinted(opening)).filter(([file]) => /^(index|map-view)-/.test(file ?? ''));
    expect(core.map(([file]) => file?.split('-')[0]).sort()).toEqual(['index', 'map']);
    for (const [file, hint] of core) expect(hint, file).toBe(true);
    await goTo(page, 'Signals');
    await page.getByRole('main').getByRole('heading', { level: 1, name: 'Signals' }).waitFor();
    const later = (await scripts()).filter((url) => !opening.includes(url));
    const view = (await hinted(later)).filter(([file]) => file?.startsWith('signals-view-'));
    expect(view).toEqual([[expect.stringMatching(/^signals-view-/), false]]);
    await context.close();
  });

  it('reaches views and actions from the palette and the keyboard', async () => {
    const { context, page } = await open();
    await goTo(page, 'Signals');
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await palette.waitFor();
    await page.keyboard.type('brief');
    await shot(page, 'palette-dark');
    await page.keyboard.press('Enter');
    await page.getByRole('main').getByRole('heading', { level: 1, name: 'Brief' }).waitFor();
    expect(await palette.count()).toBe(0);

    await page.keyboard.press('g');
    await page.keyboard.press('t');
    await page.getByRole('main').getByRole('heading', { level: 1, name: 'Status' }).waitFor();

    await page.keyboard.press('/');
    expect(await page.locator(':focus').getAttribute('aria-label')).toBe('Search signals');
    await page.keyboard.press('Escape');

    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await sheet.waitFor();
    expect(await sheet.textContent()).toContain('Go to Developments');
    await shot(page, 'shortcuts-dark');
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    await context.close();
  });

  it("asks for the map's points once as it opens, with the filters it had", async () => {
    const asked: string[] = [];
    const { context, page } = await w.open({
      viewport: { width: 1280, height: 800 },
      setup: (c) =>
        c.on('request', (r) => {
          if (new URL(r.url()).pathname === '/api/contract/signals.points') asked.push(r.postData() ?? '');
        }),
    });
    const drawn = () =>
      page.locator('[data-testid="map"][data-rendered="true"]').waitFor({ timeout: 30_000 });
    await drawn();
    // A first window asks for every point (it has no filter yet), once: the ask its first script
    // made before its code was in is the one the map takes (data/early-answers.ts).
    expect(asked).toEqual(['{}']);
    await page.getByLabel('Band at least').selectOption('6');
    await expect.poll(() => asked.at(-1)).toBe('{"minSeverityBand":6}');

    // Opened again, it asks at once for what it showed: the band it had, once.
    asked.length = 0;
    await page.reload();
    await waitReady(page);
    await drawn();
    expect(asked).toEqual(['{"minSeverityBand":6}']);
    await page.getByLabel('Band at least').selectOption('');
    await context.close();
  });

  it('remembers the light theme and the view across a reload, and draws the basemap in it', async () => {
    const { context, page } = await open();
    await goTo(page, 'Map');
    await page.getByRole('button', { name: 'Switch to the light theme' }).click();
    expect(await theme(page)).toBe('light');
    await page.reload();
    await waitReady(page);
    expect(await theme(page)).toBe('light');
    expect(await nav(page).getByRole('link', { name: 'Map', exact: true }).getAttribute('aria-current')).toBe(
      'page',
    );
    await page.locator('[data-testid="map"][data-rendered="true"]').waitFor({ timeout: 30_000 });
    expect((await drawnShare(page)).drawn).toBeGreaterThan(0.1);
    await shot(page, 'view-map-light');
    await goTo(page, 'Status');
    await shot(page, 'view-status-light');
    await context.close();
  });

  it('lays out at 4K', async () => {
    const { context, page } = await open({ width: 3840, height: 2160 });
    await goTo(page, 'Map');
    await page.locator('[data-testid="map"][data-rendered="true"]').waitFor({ timeout: 30_000 });
    await shot(page, 'view-map-4k');
    // A 1:1 detail, as the analyst's eye sees it on the panel.
    await page.screenshot({
      path: path.join(artifacts, 'view-map-4k-detail.png'),
      clip: { x: 0, y: 0, width: 1600, height: 900 },
    });
    await context.close();
  });

  it('sent no request beyond 127.0.0.1 and logged no error', () => {
    expect(requests.length).toBeGreaterThan(10);
    const outside = requests.filter((u) => {
      if (u.startsWith('data:') || u.startsWith('blob:')) return false;
      return new URL(u).hostname !== '127.0.0.1';
    });
    expect(outside).toEqual([]);
    expect(w.problems).toEqual([]);
  });
});
