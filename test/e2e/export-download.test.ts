// Export under `watchfloor serve` downloads in the browser (issue 25): the window is a browser
// tab, so the report is the browser's download, not a file left in a folder of the machine serve
// runs on. At 1280×720 on both profiles, with the demo's seed and clock pinned: the report
// arrives through Playwright's `download` event with its name, holds what the dialog says, and
// nothing stays behind (no exports folder, the staged file deleted). Serve's rules hold: the
// file is fetched with the secret header only, once; the key is in no report.
// Screenshots: .tmp/artifacts/export-download-*.png.
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Profile } from '../../shared/contract';
import { DEMO_API_KEY } from '../../electron/demo/session';
import { seriousViolations, useBrowser, useWindow } from '../helpers/e2e';

const SMALL = { width: 1280, height: 720 } as const;
const browser = useBrowser();

/** The world view, every signal of severity 6 and above (the view scope's filters). */
const VIEW_STATE = {
  view: 'map',
  map: { center: [20, 25], zoom: 2.4, layers: {} },
  filters: { categories: [], stages: [], minBand: 6, markets: [] },
};

/** Files left under `dir`, however deep. */
const filesUnder = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => d.name)
    : [];

function suite(profile: Profile) {
  describe(`on the ${profile} profile`, () => {
    let exportDir = '';
    let stagingTmp = '';
    const w = useWindow(() => {
      exportDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'wf-exports-')), 'exports');
      stagingTmp = mkdtempSync(path.join(os.tmpdir(), 'wf-serve-tmp-'));
      return {
        tag: `export-download-${profile}`,
        service: 'demo',
        profile,
        shots: `export-download-${profile}-`,
        env: {
          WATCHFLOOR_EXPORT_DIR: exportDir,
          // serve's temporary folder: where it stages a report before the browser takes it.
          TMPDIR: stagingTmp,
          WATCHFLOOR_CELESTRAK_URL: 'http://127.0.0.1:9/gp.php',
          WATCHFLOOR_DEMO_SEED: '1',
          WATCHFLOOR_DEMO_NOW: '2026-11-20T12:00:00Z',
        },
      };
    }, browser);

    async function openSynced(): Promise<Page> {
      await expect
        .poll(async () => (await w.call('sync.status')).lastOutcome?.complete ?? false, { timeout: 90_000 })
        .toBe(true);
      const { page } = await w.open({ viewport: SMALL, viewState: VIEW_STATE });
      return page;
    }

    it('downloads the map view’s report through the browser, and leaves nothing on the server', async () => {
      const page = await openSynced();
      await page.locator('[data-testid="map"][data-rendered="true"]').waitFor({ timeout: 60_000 });
      await page.locator('body').click({ position: { x: 5, y: 5 } });
      await page.keyboard.press('e');
      const d = page.getByRole('dialog', { name: 'Export a report' });
      await d.waitFor();
      await d.getByRole('radio', { name: /^GeoJSON/ }).check();
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 60_000 }),
        d.getByRole('button', { name: 'Export GeoJSON' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^watchfloor-view-.+Z\.geojson$/);
      const text = readFileSync((await download.path())!, 'utf8');
      const report = JSON.parse(text) as { type: string; features: unknown[]; report: { title: string } };
      expect(report.type).toBe('FeatureCollection');
      // The dialog says what the browser got.
      const result = d.getByTestId('export-result');
      await result.waitFor();
      expect(await result.textContent()).toContain('Downloaded the GeoJSON report (DEMO data)');
      expect(await d.getByTestId('export-name').textContent()).toBe(download.suggestedFilename());
      const said = Number((await d.getByTestId('export-signals').textContent())!.replace(/,/g, ''));
      expect(report.features.length).toBe(said);
      expect(text).not.toContain(DEMO_API_KEY);
      await w.shot(page, 'view-geojson');
      expect(await seriousViolations(page, 'Export dialog', { include: '.export-dialog' })).toEqual([]);
      // Nothing on the server's disk: no exports folder, nothing left staged.
      expect(filesUnder(exportDir)).toEqual([]);
      await expect.poll(() => filesUnder(stagingTmp).filter((f) => f.includes('watchfloor-'))).toEqual([]);
      expect(w.pageErrors).toEqual([]);
    });

    it('hands a report over once, only with serve’s secret', async () => {
      const offered = await w.call('reports.export', {
        scope: { kind: 'bbox', bbox: [30, 30, 40, 40] },
        format: 'csv',
      });
      expect(offered.status).toBe('download');
      if (offered.status !== 'download') return;
      const at = `${w.serve.origin}/api/download/${encodeURIComponent(offered.download)}`;
      // No secret, a wrong one: refused, and the report is still there for the window.
      expect((await fetch(at)).status).toBe(401);
      expect((await fetch(at, { headers: { 'X-Watchfloor-Token': 'not-the-secret' } })).status).toBe(401);
      const got = await fetch(at, { headers: { 'X-Watchfloor-Token': w.serve.secret } });
      expect(got.status).toBe(200);
      expect(got.headers.get('content-disposition')).toContain(`attachment; filename="${offered.name}"`);
      expect(got.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      const csv = Buffer.from(await got.arrayBuffer());
      expect(csv.length).toBe(offered.bytes);
      expect(csv.toString('utf8')).not.toContain(DEMO_API_KEY);
      // Once: a second ask finds nothing, and nothing is left staged.
      expect((await fetch(at, { headers: { 'X-Watchfloor-Token': w.serve.secret } })).status).toBe(404);
      expect(filesUnder(stagingTmp).filter((f) => f.includes('watchfloor-'))).toEqual([]);
      expect(filesUnder(exportDir)).toEqual([]);
    });
  });
}

suite('alternate');
suite('main');
