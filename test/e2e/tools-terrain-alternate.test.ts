// Terrain and the alternate profile's tools in a real browser, as an analyst uses them.
// Main profile (`serve --base-url` against a demo service this test runs, so it can be
// stopped): the elevation at a typed point (free: nothing charged) and over water (absence,
// never 0 m), over a box drawn with the map's box tool, the SAR geometry refused without its
// angles; the alternate-only views say this service has none; with the service stopped a
// stored answer is read again from the cache. Alternate profile (`serve --demo`): hotspots drawn
// on the map as a grid (one feature per cell), claims, and discriminators at 3 tokens. axe finds
// no serious or critical violation on any of these views. Screenshots go to .tmp/artifacts/.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  screenshot,
  goTo,
  seriousViolations,
  seriousBothThemes,
  useBrowser,
  useWindow,
  waitReady,
} from '../helpers/e2e';

const browser = useBrowser();

const shot = (page: Page, name: string) => screenshot(page, `tools-${name}`);
const rowsOf = (page: Page, history: string) =>
  page.getByRole('region', { name: history }).locator('tbody tr');

describe('Terrain, main profile (serve --base-url, a demo service the test can stop)', () => {
  const w = useWindow(
    { tag: 'tools-terrain', service: { demoService: { profile: 'main', signalsPerDay: 5 } }, open: true },
    browser,
  );
  const problems = w.pageErrors;
  const view = () => w.page.getByTestId('terrain-view');
  const elevationBar = () => w.page.getByRole('region', { name: 'Run elevation' });
  const elevationRequests = () => w.demo.requests.filter((r) => r.path === '/api/v1/elevation');

  it('asks the elevation at a point for free, and shows water as absence, never 0 m', async () => {
    await goTo(w.page, 'Terrain');
    await view().getByLabel('Latitude').fill('46.5');
    await view().getByLabel('Longitude').fill('30.7');
    await expect
      .poll(() => elevationBar().getByTestId('cost-line').textContent(), { timeout: 30_000 })
      .toMatch(/^Costs: free · /);
    const before = w.demo.tokens();
    await w.page.getByRole('button', { name: 'Run elevation' }).click();
    const figures = w.page.getByTestId('elevation-figures');
    await figures.waitFor({ timeout: 30_000 });
    expect(await figures.textContent()).toMatch(/Elevation\d+ m/);
    expect(elevationRequests().at(-1)).toMatchObject({ method: 'GET', query: { lat: '46.5', lon: '30.7' } });
    // The service's record of this call says what it charged (the window's background sync may
    // spend tokens meanwhile, so the balance alone cannot say it).
    expect(elevationRequests().at(-1)!.charged).toBe(0);
    expect(w.demo.tokens()).toBeLessThanOrEqual(before);
    expect(await elevationBar().getByTestId('run-outcome').textContent()).toMatch(/^Charged nothing/);

    // 0°N 0°E, the Gulf of Guinea: the service gives no height.
    await view().getByLabel('Latitude').fill('0');
    await view().getByLabel('Longitude').fill('0');
    await w.page.getByRole('button', { name: 'Run elevation' }).click();
    const absent = w.page.getByTestId('elevation-absent');
    await absent.waitFor({ timeout: 30_000 });
    expect(await absent.textContent()).toMatch(/No elevation here.*elevation: null.*not 0 m/);
    expect(await w.page.getByTestId('elevation-figures').count()).toBe(0);
    await shot(w.page, 'elevation-water');
  });

  it('asks the elevation over a box drawn with the map’s box tool', async () => {
    await goTo(w.page, 'Map');
    await w.page.locator('[data-testid="map"][data-rendered="true"]').waitFor({ timeout: 30_000 });
    const b = (await w.page.getByTestId('map').boundingBox())!;
    await w.page.getByRole('button', { name: 'Draw box' }).click();
    const from = { x: b.x + b.width / 2 - 60, y: b.y + b.height / 2 - 40 };
    await w.page.mouse.move(from.x, from.y);
    await w.page.mouse.down();
    await w.page.mouse.move(from.x + 120, from.y + 80, { steps: 12 });
    await w.page.mouse.up();
    await w.page.getByRole('region', { name: 'Drawn box' }).waitFor();

    await goTo(w.page, 'Terrain');
    await view().getByRole('radio', { name: 'Over a box' }).check();
    await view()
      .getByRole('form', { name: 'Elevation' })
      .getByRole('button', { name: 'Use the drawn box' })
      .click();
    const box = await view().getByLabel('Box (W,S,E,N)').first().inputValue();
    expect(box.split(',').map(Number).every(Number.isFinite)).toBe(true);
    expect(await view().getByText('From: The box drawn on the map').count()).toBe(1);
    await w.page.getByRole('button', { name: 'Run elevation' }).click();
    await expect.poll(() => rowsOf(w.page, 'Elevation history').count(), { timeout: 30_000 }).toBe(3);
    expect(elevationRequests().at(-1)).toMatchObject({ method: 'GET', query: { bbox: box } });
    // Land or sea, the answer says which: figures or the service's absence.
    await w.page.getByTestId('elevation-figures').or(w.page.getByTestId('elevation-absent')).waitFor();
    expect(await rowsOf(w.page, 'Elevation history').first().textContent()).toMatch(
      `box [${box.split(',').join(', ')}]`,
    );
    await shot(w.page, 'elevation-box');
  });

  it('asks the elevation over a polygon drawn on the map', async () => {
    await goTo(w.page, 'Map');
    await w.page.locator('[data-testid="map"][data-rendered="true"]').waitFor({ timeout: 30_000 });
    const b = (await w.page.getByTestId('map').boundingBox())!;
    const c = { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    await w.page.getByRole('button', { name: 'Draw polygon' }).click();
    await w.page.getByTestId('polygon-readout').waitFor();
    // Corners a moment apart (not a double-click), then a double-click closes the polygon.
    for (const [dx, dy] of [
      [-80, -50],
      [80, -50],
      [60, 60],
    ] as const) {
      await w.page.mouse.click(c.x + dx, c.y + dy);
      await w.page.waitForTimeout(400);
    }
    await w.page.mouse.dblclick(c.x - 70, c.y + 50);
    const drawn = w.page.getByTestId('polygon-drawn');
    await drawn.waitFor({ timeout: 10_000 });
    const corners = Number(await drawn.getAttribute('data-corners'));
    expect(corners).toBeGreaterThanOrEqual(4);
    await shot(w.page, 'polygon-drawn');

    await drawn.getByRole('button', { name: 'Elevation over it' }).click();
    await w.page.getByRole('main').getByRole('heading', { level: 1, name: 'Terrain', exact: true }).waitFor();
    expect(await view().getByRole('radio', { name: 'Over a polygon' }).isChecked()).toBe(true);
    expect(await w.page.getByTestId('terrain-polygon').textContent()).toBe(
      `A polygon of ${corners} corners, drawn on the map.`,
    );
    await w.page.getByRole('button', { name: 'Run elevation' }).click();
    await expect.poll(() => rowsOf(w.page, 'Elevation history').count(), { timeout: 30_000 }).toBe(4);
    expect(elevationRequests().at(-1)).toMatchObject({ method: 'POST' });
    expect(await rowsOf(w.page, 'Elevation history').first().textContent()).toMatch(
      `polygon of ${corners} corners`,
    );
    await w.page.getByTestId('elevation-figures').or(w.page.getByTestId('elevation-absent')).waitFor();
  });

  it('does not ask the SAR geometry without its angles, then answers with them', async () => {
    const sar = view().getByRole('form', { name: 'SAR geometry' });
    await sar.getByLabel('Box (W,S,E,N)').fill('34.9,32.6,35.3,32.9');
    const bar = w.page.getByRole('region', { name: 'Run SAR geometry' });
    expect(await bar.getByRole('note').textContent()).toMatch(/needs both the incidence angle/);
    expect(await bar.getByRole('button', { name: 'Run SAR geometry' }).isDisabled()).toBe(true);
    await sar.getByLabel('Incidence (°, 10–80)').fill('35');
    await sar.getByLabel('Look azimuth (°, 0–360)').fill('280');
    await bar.getByRole('button', { name: 'Run SAR geometry' }).click();
    await w.page.getByTestId('terrain-figures').waitFor({ timeout: 30_000 });
    expect(await w.page.getByTestId('terrain-figures').textContent()).toMatch(/Usable\d+(\.\d+)? %/);
    expect(w.demo.requests.at(-1)).toMatchObject({
      path: '/api/v1/terrain',
      query: { operation: 'sar_geometry', incidence_deg: '35', look_azimuth_deg: '280' },
    });
    expect(await seriousBothThemes(w.page, 'terrain-view', { testId: 'terrain-view' })).toEqual([]);
  });

  it('says the main profile’s service has no hotspots, claims or discriminators', async () => {
    for (const [name, title] of [
      ['Hotspots', 'This service has no stats or hotspots'],
      ['Claims', 'This service has no claims'],
      ['Discriminators', 'This service has no discriminators'],
    ] as const) {
      await goTo(w.page, name);
      await w.page.getByText(title).waitFor();
    }
  });

  it('reads a stored elevation from the cache with the service stopped, after a reload too', async () => {
    await w.demo.close();
    await w.page.reload();
    await waitReady(w.page);
    await goTo(w.page, 'Terrain');
    await expect.poll(() => rowsOf(w.page, 'Elevation history').count(), { timeout: 30_000 }).toBe(4);
    await rowsOf(w.page, 'Elevation history')
      .last()
      .getByRole('button', { name: /^Show the answer/ })
      .click();
    const answer = w.page.getByRole('region', { name: 'Elevation answer' });
    await answer.getByTestId('elevation-figures').waitFor({ timeout: 30_000 });
    expect(await answer.textContent()).toMatch(/point 46.5, 30.7/);
    expect(await answer.locator('.mark-cached').textContent()).toMatch(
      /asked \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/,
    );
    await shot(w.page, 'elevation-offline');
    expect(problems).toEqual([]);
  });
});

describe('Hotspots, claims and discriminators, alternate profile (serve --demo)', () => {
  const w = useWindow({ tag: 'tools-alternate', service: 'demo', profile: 'alternate', open: true }, browser);
  const problems = w.pageErrors;

  it('asks hotspots for 1 token and draws their grid on the map, a feature per cell', async () => {
    await goTo(w.page, 'Hotspots');
    const view = w.page.getByTestId('hotspots-view');
    await view.getByLabel('Days').fill('30');
    const bar = w.page.getByRole('region', { name: 'Run hotspots' });
    await expect
      .poll(() => bar.getByTestId('cost-line').textContent(), { timeout: 30_000 })
      .toMatch(/^Costs: 1 token · /);
    await bar.getByRole('button', { name: 'Run hotspots' }).click();
    const count = w.page.getByTestId('hotspots-count');
    await count.waitFor({ timeout: 30_000 });
    const cells = Number(await count.textContent());
    expect(cells).toBeGreaterThan(0);
    expect(await w.page.getByRole('table', { name: 'Hotspots' }).locator('tbody tr').count()).toBe(cells);
    expect(await bar.getByTestId('run-outcome').textContent()).toMatch(/^Charged 1 token/);

    await w.page
      .getByRole('region', { name: 'Run stats' })
      .getByRole('button', { name: 'Run stats' })
      .click();
    await w.page.getByRole('table', { name: 'By category' }).waitFor({ timeout: 30_000 });
    expect(await seriousViolations(w.page, 'hotspots-view', { testId: 'hotspots-view' })).toEqual([]);
    await shot(w.page, 'hotspots');

    await w.page.getByRole('button', { name: 'Show the hotspots on the map' }).click();
    await w.page.locator('[data-testid="map"][data-rendered="true"]').waitFor({ timeout: 30_000 });
    const status = w.page.getByTestId('hotspots-status');
    await expect
      .poll(async () => Number(await status.getAttribute('data-features')), { timeout: 30_000 })
      .toBe(cells);
    await shot(w.page, 'hotspots-map');
  });

  it('lists claims for free with their evidence classes', async () => {
    await goTo(w.page, 'Claims');
    const bar = w.page.getByRole('region', { name: 'Run claims' });
    await expect
      .poll(() => bar.getByTestId('cost-line').textContent(), { timeout: 30_000 })
      .toMatch(/^Costs: free · /);
    await bar.getByRole('button', { name: 'Run claims' }).click();
    const count = w.page.getByTestId('claims-count');
    await count.waitFor({ timeout: 30_000 });
    const table = w.page.getByRole('table', { name: 'Claims' });
    expect(await table.locator('tbody tr').count()).toBe(Number(await count.textContent()));
    if (Number(await count.textContent()) > 0)
      expect(await table.locator('tbody tr').first().textContent()).toMatch(/CONFIRMED|REPORTED/);
    expect(await rowsOf(w.page, 'Claims history').first().textContent()).toMatch(/all claims/);
    expect(await seriousViolations(w.page, 'claims-view', { testId: 'claims-view' })).toEqual([]);
    await shot(w.page, 'claims');
  });

  it('weighs two hypotheses for 3 tokens and shows the observables', async () => {
    await goTo(w.page, 'Discriminators');
    await w.page
      .getByLabel('Hypotheses (one per line, 2–8)')
      .fill('The depot was struck by a drone\nThe fire at the depot was an accident');
    const bar = w.page.getByRole('region', { name: 'Run discriminators' });
    await expect
      .poll(() => bar.getByTestId('cost-line').textContent(), { timeout: 30_000 })
      .toMatch(/^Costs: 3 tokens · /);
    await bar.getByRole('button', { name: 'Run discriminators' }).click();
    const table = w.page.getByRole('table', { name: 'Observables' });
    await table.waitFor({ timeout: 30_000 });
    expect(await table.locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await bar.getByTestId('run-outcome').textContent()).toMatch(/^Charged 3 tokens/);
    expect(await seriousViolations(w.page, 'discriminators-view', { testId: 'discriminators-view' })).toEqual(
      [],
    );
    await shot(w.page, 'discriminators');
    expect(problems).toEqual([]);
  });
});
