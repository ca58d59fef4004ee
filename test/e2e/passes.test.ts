// The Passes view in a real browser through `watchfloor serve --demo --profile alternate`, as an
// analyst uses it: the demo's own elements are there from the start (the snapshot it ships,
// stale by their true age), a corrupt element file is refused with a clear reason and changes
// nothing, a good one (test/fixtures/tle/) is stored; a signal picked in the Signals view becomes the
// place and its passes are listed, optical and SAR apart; choosing a pass and showing it on the
// map draws its ground track with the place; the soonest passes over the watches are listed;
// "Ask the service" asks GET /passes for the same place and 10 days, is charged 2 tokens, and
// lists the service's passes in their own table with the 7-day narrowing marked.
// Screenshots go to .tmp/artifacts/.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/cli';
import { goTo, seriousViolations, switchTheme, useWindow } from '../helpers/e2e';

const GOOD = path.join(repoRoot, 'test/fixtures/tle/celestrak_active_2026-05-07_datasatarg.txt');

const w = useWindow({
  tag: 'passes',
  service: 'demo',
  profile: 'alternate',
  // Never CelesTrak from a test: nothing listens here.
  env: { WATCHFLOOR_CELESTRAK_URL: 'http://127.0.0.1:9/gp.php' },
  shots: 'passes-',
  open: true,
});
const problems = w.pageErrors;
let page: Page;
beforeAll(() => {
  page = w.page;
});

const shot = (name: string) => w.shot(page, name);
const fileInput = () => page.getByLabel('Import an element file (TLE, 3LE or OMM)');

describe('Passes', () => {
  it('has the demo’s elements from the start, marked stale by their true age', async () => {
    await goTo(page, 'Passes');
    const summary = page.getByTestId('elements-summary');
    await summary.waitFor({ timeout: 60_000 });
    await expect
      .poll(() => summary.textContent(), { timeout: 30_000 })
      .toMatch(/\d+ satellites of the families have elements/);
    const text = (await summary.textContent())!;
    // Never re-dated: the newest epoch is the snapshot's own, and its age is counted from it.
    expect(text).toMatch(/Newest epoch 2026-08-22 17:10/);
    expect(text).toContain('Last from demo snapshot: CelesTrak GROUP=active, 2026-08-22');
    if (Date.now() - Date.parse('2026-08-22T17:10:17Z') > 3 * 86_400_000) expect(text).toMatch(/STALE/);
    await shot('demo-elements');
  });

  it('refuses a corrupt element file clearly and stores a good one', async () => {
    await goTo(page, 'Passes');
    const summary = page.getByTestId('elements-summary');
    const before = await summary.textContent();

    const lines = readFileSync(GOOD, 'utf8').split('\n');
    // A changed digit on a line 1: its checksum no longer holds.
    lines[1] = lines[1]!.slice(0, 30) + (lines[1]![30] === '5' ? '6' : '5') + lines[1]!.slice(31);
    await fileInput().setInputFiles({
      name: 'corrupt.tle',
      mimeType: 'text/plain',
      buffer: Buffer.from(lines.join('\n')),
    });
    const alert = page.getByRole('alert').filter({ hasText: 'Not imported' });
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(
      /corrupt\.tle: 1 of \d+ element sets are corrupt \(lines 1-3 .*checksum.*nothing was imported/,
    );
    await shot('import-refused');
    // Nothing changed.
    expect(await summary.textContent()).toBe(before);

    await fileInput().setInputFiles(GOOD);
    const imported = page
      .getByRole('status')
      .filter({ hasText: /Imported \d+ element sets from celestrak_active/ });
    await imported.waitFor();
    // Older epochs than the demo's: stored beside them, the newest still the demo's.
    expect(await imported.textContent()).toMatch(/\([1-9]\d* new, \d+ already cached\)/);
    await expect
      .poll(() => summary.textContent(), { timeout: 30_000 })
      .toMatch(/Last from the file celestrak_active/);
  });

  it('lists the passes over a picked signal, optical and SAR apart', async () => {
    await goTo(page, 'Signals');
    const rows = page.locator('table.signals-table tbody tr[data-signal-id]');
    await expect.poll(() => rows.count(), { timeout: 90_000 }).toBeGreaterThan(3);
    const row = rows.and(page.locator('[data-plottable="true"]')).first();
    await row.click();
    await page.getByRole('complementary', { name: 'Inspector' }).getByTestId('signal-detail').waitFor();

    await goTo(page, 'Passes');
    await expect
      .poll(() => page.getByTestId('passes-target').textContent(), { timeout: 30_000 })
      .toMatch(/^Signal: .+-?\d+\.\d{4}, -?\d+\.\d{4}$/);
    const table = page.getByRole('table', { name: 'Passes', exact: true });
    await table.waitFor({ timeout: 60_000 });
    await expect.poll(() => table.getByTestId('pass-row').count(), { timeout: 30_000 }).toBeGreaterThan(5);
    const optical = page.getByRole('region', { name: 'Optical' });
    const sar = page.getByRole('region', { name: 'SAR (radar: day and night)' });
    expect(await optical.getByRole('button', { name: 'sentinel-2' }).count()).toBe(1);
    expect(await sar.getByRole('button', { name: 'sentinel-1' }).count()).toBe(1);
    expect(await optical.getByRole('button', { name: 'iceye' }).count()).toBe(0);
    // The demo's sets are from 2026-08-22: months before these passes, and said so.
    const now = Date.now();
    if (now - Date.parse('2026-08-22T00:00:00Z') > 4 * 86_400_000)
      expect(await page.getByTestId('passes-stale').textContent()).toMatch(/STALE ELEMENTS/);
    await shot('view');
  });

  it('draws the chosen pass’s ground track with the place on the map', async () => {
    const first = page.getByRole('table', { name: 'Passes', exact: true }).getByTestId('pass-row').first();
    const satellite = (await first.locator('td').nth(1).textContent())!.trim();
    await first.click();
    await page.getByRole('button', { name: 'Show track on map' }).click();
    await page.getByRole('main').getByRole('heading', { level: 1, name: 'Map', exact: true }).waitFor();
    const status = page.getByTestId('pass-track-status');
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toMatch(/track ±10 min, 61 points/);
    expect(await status.textContent()).toContain(satellite);
    // The track (one line, or two where it crosses the antimeridian), the peak and the place.
    const features = Number(await status.getAttribute('data-features'));
    expect(features).toBeGreaterThanOrEqual(3);
    expect(features).toBeLessThanOrEqual(4);
    await page.locator('[data-testid="map"][data-rendered="true"]').waitFor();
    await shot('map-track');
  });

  it('lists the soonest sunlit optical and SAR pass over each watch', async () => {
    await goTo(page, 'Passes');
    const table = page.getByRole('table', { name: 'Soonest passes over my watches' });
    await table.waitFor({ timeout: 60_000 });
    expect(await table.getByTestId('soonest-row').count()).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  it('asks the service for the same place: charged 2 tokens, its passes apart, the window narrowed', async () => {
    await goTo(page, 'Passes');
    // Ten days: past the service's 7-day horizon, so its answer is narrowed and says so.
    await page.getByLabel('Days', { exact: true }).fill('10');
    const section = page.getByRole('region', { name: 'Ask the service (2 tokens)' });
    const bar = section.getByRole('region', { name: 'Run service pass search' });
    await expect
      .poll(() => bar.getByTestId('cost-line').textContent(), { timeout: 30_000 })
      .toMatch(/^Costs: 2 tokens · /);
    const run = bar.getByRole('button', { name: 'Run service pass search' });
    await expect.poll(() => run.isEnabled(), { timeout: 30_000 }).toBe(true);
    await run.click();

    // serve --demo runs its service in-process: the charge read is this call's own (meta.tokens
    // of the answer), never a balance difference the background sync also moves.
    const outcome = bar.getByTestId('run-outcome');
    await expect
      .poll(() => outcome.textContent(), { timeout: 30_000 })
      .toMatch(/^Charged 2 tokens · [\d,]+ left after it/);
    const answer = section.getByRole('region', { name: 'The service’s passes' });
    expect(await answer.getByRole('heading').textContent()).toMatch(
      /^The service’s answer \(GET \/passes\), as of \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/,
    );
    expect(await answer.getByTestId('service-passes-charged').textContent()).toMatch('charged 2 tokens');
    const window = (await answer.getByTestId('service-passes-window').textContent())!;
    const [, count, start, end] = /^(\d+) passes from the service · searched (\S+) to (\S+) \(UTC\)/.exec(
      window,
    )!;
    // Asked 10 days, searched 7 (start + 7, the end day included): marked where the answer is.
    expect(Date.parse(end!) - Date.parse(start!)).toBe(7 * 86_400_000);
    expect(window).toMatch(/CLAMPED/);
    expect(await answer.getByTestId('clamp-banner').textContent()).toMatch(/window_clamp/);
    expect(Number(count)).toBeGreaterThan(0);
    expect(Number(count)).toBeLessThanOrEqual(40);
    // Every pass of the answer is listed: those to come in its table, those already past apart.
    expect(await answer.getByTestId('service-pass-row').count()).toBe(Number(count));
    expect(
      await answer.getByRole('table', { name: 'Service passes' }).getByTestId('service-pass-row').count(),
    ).toBeGreaterThan(0);
    // The prediction keeps its own table, with none of the service's rows in it.
    const predicted = page.getByRole('table', { name: 'Passes', exact: true });
    expect(await predicted.getByTestId('service-pass-row').count()).toBe(0);
    expect(await predicted.getByTestId('pass-row').count()).toBeGreaterThan(0);

    const history = section.getByRole('region', { name: 'Service passes history' }).locator('tbody tr');
    await expect.poll(() => history.count()).toBe(1);
    expect(await history.first().locator('td').nth(3).textContent()).toBe('2');
    await shot('service');
    expect(problems).toEqual([]);
  });

  it('has no serious or critical accessibility violation, dark or light', async () => {
    await page.getByRole('table', { name: 'Passes', exact: true }).waitFor();
    const scope = { include: '[data-testid="passes-view"]' };
    const found = await seriousViolations(page, 'Passes, dark', scope);
    await switchTheme(page, 'light');
    await shot('view-light');
    found.push(...(await seriousViolations(page, 'Passes, light', scope)));
    expect(found).toEqual([]);
  });
});
