// The Imagery view in a real browser, as an analyst uses it. Main profile (`serve --base-url`
// against a demo service this test runs, so it can run out of tokens and be stopped): a
// signal picked in Signals fills the event's parameters and the box from its AOI; the cost and
// the tokens left are shown before the call; the answer lists the scenes with their timing and
// the map draws their footprints; a call above the analyst's threshold asks first; a 402 shows
// the service's words and is kept in the history; with the service stopped, a stored answer
// is read again from the cache, after a reload too. Alternate profile (`serve --demo`): a typed
// box and a date + days window answer. axe finds no serious or critical violation, dark or
// light. Screenshots go to .tmp/artifacts/.
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoService, type DemoService } from '../../electron/demo';
import { seriousBothThemes, seriousViolations } from '../helpers/axe';
import { launchChromium } from '../helpers/browser';
import { DEMO_KEY } from '../helpers/demo';
import { startServeProcess, type ServeProcess } from '../helpers/serve';
import { artifacts, freshHome, goTo } from '../helpers/window';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function open(serve: ServeProcess, problems: string[]): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(serve.url);
  await page.locator('[data-testid="app-shell"][data-ready="true"]').waitFor();
  return page;
}

/** What the axe checks cover: the Imagery view. */
const IMAGERY = '[data-testid="imagery-view"]';
const historyRows = (page: Page) => page.getByRole('region', { name: 'Imagery history' }).locator('tbody tr');
const view = (page: Page) => page.getByTestId('imagery-view');
/** The imagery search's cost panel (the index series has its own). */
const bar = (page: Page) => page.getByRole('region', { name: 'Run imagery search' });
const scenes = (page: Page) => page.getByRole('table', { name: 'Scenes' });

describe('Imagery, main profile (serve --base-url, a demo service the test can stop)', () => {
  let demo: DemoService;
  let serve: ServeProcess;
  let page: Page;
  const problems: string[] = [];
  const shot = (name: string) => page.screenshot({ path: path.join(artifacts, `imagery-main-${name}.png`) });

  beforeAll(async () => {
    // The service's world at the real clock, so the sync's default window finds its signals.
    demo = await startDemoService({ profile: 'main', signalsPerDay: 20 });
    const home = freshHome('imagery');
    serve = await startServeProcess(
      ['--base-url', demo.url, '--profile', 'main', '--db', path.join(home.HOME, 'cache.db')],
      { ...process.env, ...home, WATCHFLOOR_API_KEY: DEMO_KEY },
    );
    page = await open(serve, problems);
  });
  afterAll(async () => {
    await serve?.stop();
    await demo?.close();
  });

  it('fills the event from a picked signal, shows the cost, runs and draws the footprints', async () => {
    await goTo(page, 'Signals');
    const rows = page.locator('table.signals-table tbody tr[data-signal-id][data-plottable="true"]');
    await expect.poll(() => rows.count(), { timeout: 90_000 }).toBeGreaterThan(3);
    await rows.first().click();
    await page.getByRole('complementary', { name: 'Inspector' }).getByTestId('signal-detail').waitFor();

    await goTo(page, 'Imagery');
    const eventDate = view(page).getByLabel('Event date');
    await expect.poll(() => eventDate.inputValue(), { timeout: 30_000 }).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await view(page).getByLabel('Event point (lon,lat)').inputValue()).toMatch(
      /^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/,
    );
    const aoi = await view(page).getByLabel('Event AOI (W,S,E,N)').inputValue();
    expect(aoi.split(',')).toHaveLength(4);
    expect(await view(page).getByLabel('Box (W,S,E,N)').inputValue()).toBe(aoi);
    await expect
      .poll(() => bar(page).getByTestId('cost-line').textContent(), { timeout: 30_000 })
      .toMatch(/^Costs: 2 tokens · /);

    await view(page).getByLabel('Collection').selectOption('sentinel-1-grd');
    // The window's background sync may spend tokens meanwhile: the search's own charge is read
    // from the service's record of that call, and the balance shown is the one it answered.
    const before = demo.tokens();
    await page.getByRole('button', { name: 'Run imagery search' }).click();
    await scenes(page).waitFor({ timeout: 30_000 });
    const sent = demo.requests.filter((r) => r.path === '/api/v1/imagery').at(-1)!;
    expect(sent.charged).toBe(2);
    expect(sent.query).toMatchObject({
      collection: 'sentinel-1-grd',
      event_date: await eventDate.inputValue(),
      event_aoi: aoi,
    });
    await expect
      .poll(() => bar(page).getByTestId('run-outcome').textContent())
      .toMatch(/^Charged 2 tokens · \d+ left/);
    const left = Number(/· (\d+) left/.exec((await bar(page).getByTestId('run-outcome').textContent())!)![1]);
    expect(left).toBeLessThanOrEqual(before - 2);
    // The cost line says the latest balance the wallet knows: this answer's, or a later
    // background sync's, never more.
    const latest = Number(
      /· (\d+) tokens left/.exec((await bar(page).getByTestId('cost-line').textContent())!)![1],
    );
    expect(latest).toBeLessThanOrEqual(left);
    const count = Number(await page.getByTestId('imagery-count').textContent());
    expect(await scenes(page).locator('tbody tr').count()).toBe(count);
    expect(await historyRows(page).count()).toBe(1);
    await shot('answer');

    if (count > 0) {
      await page.getByRole('button', { name: 'Show the footprints on the map' }).click();
      await page.getByRole('main').getByRole('heading', { level: 1, name: 'Map', exact: true }).waitFor();
      const status = page.getByTestId('imagery-footprints-status');
      // Every scene's footprint and the event's point.
      await expect
        .poll(async () => Number(await status.getAttribute('data-features')), { timeout: 30_000 })
        .toBe(count + 1);
      await shot('footprints');
      await goTo(page, 'Imagery');
    }
  });

  it('detects ships on a scene, asking first since the price is per detection', async () => {
    const first = scenes(page).locator('tbody tr').first();
    if ((await first.count()) === 0) return; // no scene to ask about in this window
    const sceneId = (await first.locator('td').first().textContent())!.trim();
    await first.getByRole('button', { name: `Detect ships on ${sceneId}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm spending tokens' });
    expect(await dialog.textContent()).toMatch(/5 tokens per detection/);
    const before = demo.tokens();
    await dialog.getByRole('button', { name: 'Spend the tokens' }).click();
    const count = page.getByTestId('ships-count');
    await count.waitFor({ timeout: 30_000 });
    expect(before - demo.tokens()).toBe(Number(await count.textContent()) * 5);
    expect(demo.requests.at(-1)).toMatchObject({ method: 'POST', path: '/api/v1/ships' });
    expect(await page.getByRole('region', { name: 'Ships history' }).locator('tbody tr').count()).toBe(1);
    await shot('ships');
  });

  it('asks before a call above the threshold, and keeps a 402 in the service’s words', async () => {
    const threshold = bar(page).getByLabel('Ask before spending more than (tokens)');
    await threshold.fill('1');
    await threshold.press('Enter');
    await expect.poll(() => threshold.inputValue()).toBe('1');
    const sent = demo.requests.length;
    await page.getByRole('button', { name: 'Run imagery search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm spending tokens' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(/costs 2 tokens, which may be more than your threshold of 1/);
    await shot('confirm');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(demo.requests.length).toBe(sent);

    demo.setTokens(1);
    await page.getByRole('button', { name: 'Run imagery search' }).click();
    await dialog.getByRole('button', { name: 'Spend the tokens' }).click();
    const refused = bar(page).getByTestId('run-outcome').getByRole('alert');
    await refused.waitFor({ timeout: 30_000 });
    expect(await refused.textContent()).toMatch(/402.*this call costs 2 tokens; 1 left/);
    await expect.poll(() => historyRows(page).count()).toBe(2);
    expect(await historyRows(page).first().textContent()).toMatch(/REFUSED/);
    await shot('402');
  });

  it('has no serious or critical accessibility violation, dark or light', async () => {
    await historyRows(page)
      .nth(1)
      .getByRole('button', { name: /^Show the answer/ })
      .click();
    await scenes(page).waitFor();
    expect(await seriousBothThemes(page, 'Imagery', { include: IMAGERY })).toEqual([]);
  });

  it('reads a stored answer from the cache with the service stopped, after a reload too', async () => {
    await demo.close();
    await page.reload();
    await page.locator('[data-testid="app-shell"][data-ready="true"]').waitFor();
    await goTo(page, 'Imagery');
    await expect.poll(() => historyRows(page).count(), { timeout: 30_000 }).toBe(2);
    await historyRows(page)
      .nth(1)
      .getByRole('button', { name: /^Show the answer/ })
      .click();
    await scenes(page).waitFor({ timeout: 30_000 });
    expect(
      await page.getByRole('region', { name: 'Imagery answer' }).locator('.mark-cached').textContent(),
    ).toMatch(/asked \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    await shot('offline');
    expect(problems).toEqual([]);
  });
});

describe('Imagery, alternate profile (serve --demo)', () => {
  let serve: ServeProcess;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    serve = await startServeProcess(['--demo', '--profile', 'alternate'], {
      ...process.env,
      WATCHFLOOR_BASE_URL: '',
      WATCHFLOOR_API_KEY: '',
      ...freshHome('imagery-alt'),
    });
    page = await open(serve, problems);
  });
  afterAll(async () => {
    await serve?.stop();
  });

  it('answers a typed box over a date and days, marked as demo data', async () => {
    await goTo(page, 'Imagery');
    await view(page).getByLabel('Box (W,S,E,N)').fill('30.2,46.2,31.2,46.9');
    await view(page).getByLabel('Days').fill('10');
    await page.getByRole('button', { name: 'Run imagery search' }).click();
    await scenes(page).or(page.getByText('The catalog has no scene')).first().waitFor({ timeout: 30_000 });
    const answer = page.getByRole('region', { name: 'Imagery answer' });
    expect(await answer.locator('.mark-demo').count()).toBe(1);
    expect(await historyRows(page).first().textContent()).toMatch(
      /sentinel-2-l2a · \[30.2, 46.2, 31.2, 46.9\] · .* \+10 d/,
    );
    // A free estimate of an index series over the same box.
    const index = page.getByRole('region', { name: 'Index series over the box' });
    await index.getByRole('button', { name: 'Run index series' }).click();
    const estimate = index.getByTestId('index-answer');
    await estimate.waitFor({ timeout: 30_000 });
    expect(await estimate.textContent()).toMatch(
      /scenes would be measured.*measuring would cost \d+(\.\d+)? tokens/,
    );
    await page.screenshot({ path: path.join(artifacts, 'imagery-alternate.png') });
    expect(await seriousViolations(page, 'Imagery, dark', { include: IMAGERY })).toEqual([]);
    expect(problems).toEqual([]);
  });
});
