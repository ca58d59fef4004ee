// Export from the window, in a real browser through `watchfloor serve --demo --profile
// alternate`: the map's current view with its filters as GeoJSON (its key, e), then a watch
// as HTML from the watch's detail. Under serve the browser downloads them (the dialog names
// them) and nothing goes to the exports folder (WATCHFLOOR_EXPORT_DIR here); the test reads the
// files the browser saved.
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { goTo, screenshot, seriousViolations, useWindow } from '../helpers/e2e';

let exportDir: string;
const w = useWindow(() => {
  exportDir = mkdtempSync(path.join(os.tmpdir(), 'wf-exports-'));
  return { tag: 'export', service: 'demo', profile: 'alternate', env: { WATCHFLOOR_EXPORT_DIR: exportDir } };
});
const call = w.call;
const problems = w.problems;
let page: Page;

/** The map as the analyst left it: the world view, signals of severity 6 and above only. */
const VIEW_STATE = {
  view: 'map',
  map: { center: [20, 25], zoom: 2.4, layers: {} },
  filters: { categories: [], stages: [], minBand: 6, markets: [] },
};

beforeAll(async () => {
  // The demo's first sync (serve starts it) brings the signals and the watches; the window
  // opens on the synced cache, since what it shows while a sync lands is not this suite's subject.
  const until = Date.now() + 90_000;
  while (
    (await call('watches.list')).rows.length === 0 ||
    (await call('signals.query', { limit: 1 })).total === 0
  ) {
    if (Date.now() > until) throw new Error('the demo sync brought no watches or signals in 90 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  // Let the sync settle so the count and the report read the same cache.
  while ((await call('sync.status')).running) {
    if (Date.now() > until) throw new Error('the demo sync did not finish in 90 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  ({ page } = await w.open({ viewState: VIEW_STATE }));
}, 180_000);

const dialog = () => page.getByRole('dialog', { name: 'Export a report' });

interface Collection {
  type: 'FeatureCollection';
  features: {
    id: string;
    geometry: { type: 'Point'; coordinates: [number, number] } | null;
    properties: Record<string, unknown>;
  }[];
  report: { title: string; scope: string };
}

describe('Export in the window', { timeout: 120_000 }, () => {
  it('exports the current map view with its filters as GeoJSON: one Feature per signal of the view', async () => {
    await page.getByTestId('map').waitFor();
    await page.locator('[data-testid="map"][data-rendered="true"]').waitFor({ timeout: 60_000 });
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('e');
    const d = dialog();
    await d.waitFor();
    expect(await d.getByRole('radio', { name: /Current map view with its filters/ }).isChecked()).toBe(true);
    const count = d.getByTestId('export-view-count');
    await expect.poll(() => count.textContent(), { timeout: 30_000 }).toMatch(/^[\d,]+ signals in this view/);
    const listed = Number((await count.textContent())!.match(/^([\d,]+)/)![1]!.replace(/,/g, ''));
    expect(listed).toBeGreaterThan(0);
    // Every control named, contrast enough (as test/e2e/a11y.test.ts counts violations).
    expect(await seriousViolations(page, 'Export dialog', { include: '.export-dialog' })).toEqual([]);

    await d.getByRole('radio', { name: /^GeoJSON/ }).check();
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      d.getByRole('button', { name: 'Export GeoJSON' }).click(),
    ]);
    const result = d.getByTestId('export-result');
    await result.waitFor({ timeout: 60_000 });
    await screenshot(page, 'export-view-geojson');
    expect(await d.getByTestId('export-name').textContent()).toBe(download.suggestedFilename());
    const file = (await download.path())!;
    const written = JSON.parse(readFileSync(file, 'utf8')) as Collection;
    const said = Number((await d.getByTestId('export-signals').textContent())!.replace(/,/g, ''));
    expect(written.features.length).toBe(said);

    // The window's own list for the view's box and filters, read page by page over the contract.
    const box = written.report.title
      .match(/Area report: (.+)$/)![1]!
      .split(',')
      .map(Number);
    expect(box).toHaveLength(4);
    const ids: string[] = [];
    for (let offset = 0; ; offset += 1000) {
      const page = await call('signals.query', { bbox: box, minSeverityBand: 6, limit: 1000, offset });
      ids.push(...page.rows.map((r) => r.id));
      if (ids.length >= page.total) break;
    }
    expect(ids.length).toBe(listed);
    // Every signal the window lists for the view is a Feature; the others are the country-level
    // signals of the countries the view overlaps, never placed.
    const featureIds = new Set(written.features.map((f) => String(f.id)));
    expect(ids.filter((id) => !featureIds.has(id))).toEqual([]);
    const listedIds = new Set(ids);
    const added = written.features.filter((f) => !listedIds.has(String(f.id)));
    expect(written.features.length).toBe(listed + added.length);
    for (const f of added) {
      expect(f.geometry).toBeNull();
      expect(f.properties.plottable, `${f.id} is country-level`).toBe(false);
      // Country-level in the cache too: no point (main), or not geo-verified (alternate: the
      // coordinates it carries are its country's centre).
      const cached = (await call('signals.get', { id: String(f.id) })).signal as Record<string, unknown>;
      const geo = cached.geo_validation as { search_ready?: boolean } | undefined;
      expect(
        cached.lat == null ||
          cached.plottable === false ||
          (geo?.search_ready ?? cached.geo_verified) === false,
        `${f.id} is country-level`,
      ).toBe(true);
    }
    // The filters travelled: every feature is of severity 6 or more (the alternate's 0–10 score).
    for (const f of written.features)
      expect(Number(f.properties.severity_band ?? f.properties.severity_score)).toBeGreaterThanOrEqual(6);
    expect(written.report.scope).toContain('severity band 6 and above');
    // The size said is the file's.
    const size = statSync(file).size;
    expect(await result.textContent()).toContain(
      size < 1024 * 1024
        ? `${(size / 1024).toFixed(size < 10 * 1024 ? 1 : 0)} KB`
        : `${(size / 1024 / 1024).toFixed(1)} MB`,
    );
    await d.getByRole('button', { name: 'Close', exact: true }).click();
    await d.waitFor({ state: 'hidden' });
  });

  it('exports a watch as HTML from its detail: the file holds the watch’s title', async () => {
    if (await dialog().isVisible()) await page.keyboard.press('Escape');
    await goTo(page, 'Watches');
    const first = page.locator('.watch-item').first();
    await first.waitFor({ timeout: 30_000 }).catch(async (e: unknown) => {
      await screenshot(page, 'export-watches-missing');
      throw e;
    });
    const id = (await first.getAttribute('data-watch-id'))!;
    await first.click();
    const name = (await call('watches.get', { watchId: id })).watch!.record.name!;
    const detail = page.getByTestId('watch-detail');
    await detail.getByRole('heading', { level: 2, name, exact: true }).waitFor();
    await detail.getByRole('button', { name: 'Export this watch' }).click();
    const d = dialog();
    await d.waitFor();
    expect(await d.getByRole('radio', { name: new RegExp(`This watch`) }).isChecked()).toBe(true);
    expect(await d.getByRole('radio', { name: /^HTML/ }).isChecked()).toBe(true);
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      d.getByRole('button', { name: 'Export HTML' }).click(),
    ]);
    await d.getByTestId('export-result').waitFor({ timeout: 60_000 });
    await screenshot(page, 'export-watch-html');
    expect(download.suggestedFilename()).toMatch(/\.html$/);
    const file = (await download.path())!;
    const html = readFileSync(file, 'utf8');
    const escaped = name
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&#39;');
    expect(html).toContain(`<title>DEMO: Watch report: ${escaped}</title>`);
    expect(html).toContain(`<h2>Watch: ${escaped}</h2>`);
    expect(html).toContain('Passes over the area, next 48 hours');
    // The browser has the two reports; the server's exports folder holds nothing.
    expect(existsSync(exportDir) ? readdirSync(exportDir) : []).toEqual([]);
    expect(problems).toEqual([]);
  });
});
