// The Imagery view in a real browser, as an analyst uses it. Main profile (`serve --base-url`
// against a demo service this test runs, so it can run out of tokens and be stopped): a
// signal picked in Signals fills the event's parameters and the box from its AOI; the cost and
// the tokens left are shown before the call; the answer lists the scenes with their timing and
// the map draws their footprints; a call above the analyst's threshold asks first; a 402 shows
// the service's words and is kept in the history; with the service stopped, a stored answer
// is read again from the cache, after a reload too. Alternate profile (`serve --demo`): a typed
// box and a date + days window answer. axe finds no serious or critical violation, dark or
// light. Screenshots go to .tmp/artifacts/.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  goTo,
  screenshot,
  seriousBothThemes,
  seriousViolations,
  useBrowser,
  useWindow,
  waitReady,
} from '../helpers/e2e';

const browser = useBrowser();

/** What the axe checks cover: the Imagery view. */
const IMAGERY = '[data-testid="imagery-view"]';
const historyRows = (page: Page) => page.getByRole('region', { name: 'Imagery history' }).locator('tbody tr');
const view = (page: Page) => page.getByTestId('imagery-view');
/** The imagery search's cost panel (the index series has its own). */
const bar = (page: Page) => page.getByRole('region', { name: 'Run imagery search' });
const scenes = (page: Page) => page.getByRole('table', { name: 'Scenes' });
/** A count as the window writes it, with thousands separators ("999,862"). */
const tokenCount = (text: string | undefined) => Number(text?.replace(/,/g, ''));

describe('Imagery, main profile (serve --base-url, a demo service the test can stop)', () => {
  const w = useWindow(
    {
      tag: 'imagery',
      // The service's world at the real clock, so the sync's default window finds its signals.
      service: { demoService: { profile: 'main', signalsPerDay: 20 } },
      shots: 'imagery-main-',
      open: true,
    },
    browser,
  );
  const problems = w.pageErrors;
  const shot = (name: string) => w.shot(w.page, name);

  it('fills the event from a picked signal, shows the cost, runs and draws the footprints', async () => {
    await goTo(w.page, 'Signals');
    const rows = w.page.locator('table.signals-table tbody tr[data-signal-id][data-plottable="true"]');
    await expect.poll(() => rows.count(), { timeout: 90_000 }).toBeGreaterThan(3);
    await rows.first().click();
    await w.page.getByRole('complementary', { name: 'Inspector' }).getByTestId('signal-detail').waitFor();

    await goTo(w.page, 'Imagery');
    const eventDate = view(w.page).getByLabel('Event date');
    await expect.poll(() => eventDate.inputValue(), { timeout: 30_000 }).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await view(w.page).getByLabel('Event point (lon,lat)').inputValue()).toMatch(
      /^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/,
    );
    const aoi = await view(w.page).getByLabel('Event AOI (W,S,E,N)').inputValue();
    expect(aoi.split(',')).toHaveLength(4);
    expect(await view(w.page).getByLabel('Box (W,S,E,N)').inputValue()).toBe(aoi);
    await expect
      .poll(() => bar(w.page).getByTestId('cost-line').textContent(), { timeout: 30_000 })
      .toMatch(/^Costs: 2 tokens · /);

    await view(w.page).getByLabel('Collection').selectOption('sentinel-1-grd');
    // The window's background sync may spend tokens meanwhile: the search's own charge is read
    // from the service's record of that call, and the balance shown is the one it answered.
    const before = w.demo.tokens();
    await w.page.getByRole('button', { name: 'Run imagery search' }).click();
    await scenes(w.page).waitFor({ timeout: 30_000 });
    const sent = w.demo.requests.filter((r) => r.path === '/api/v1/imagery').at(-1)!;
    expect(sent.charged).toBe(2);
    expect(sent.query).toMatchObject({
      collection: 'sentinel-1-grd',
      event_date: await eventDate.inputValue(),
      event_aoi: aoi,
    });
    await expect
      .poll(() => bar(w.page).getByTestId('run-outcome').textContent())
      .toMatch(/^Charged 2 tokens · [\d,]+ left after it/);
    const left = tokenCount(
      /· ([\d,]+) left/.exec((await bar(w.page).getByTestId('run-outcome').textContent())!)![1],
    );
    expect(left).toBeLessThanOrEqual(before - 2);
    // The cost line says the latest balance the wallet knows: this answer's, or a later
    // background sync's, never more.
    const latest = tokenCount(
      /· ([\d,]+) tokens left/.exec((await bar(w.page).getByTestId('cost-line').textContent())!)![1],
    );
    expect(latest).toBeLessThanOrEqual(left);
    const count = Number(await w.page.getByTestId('imagery-count').textContent());
    expect(await scenes(w.page).locator('tbody tr').count()).toBe(count);
    expect(await historyRows(w.page).count()).toBe(1);
    await shot('answer');

    if (count > 0) {
      await w.page.getByRole('button', { name: 'Show the footprints on the map' }).click();
      await w.page.getByRole('main').getByRole('heading', { level: 1, name: 'Map', exact: true }).waitFor();
      const status = w.page.getByTestId('imagery-footprints-status');
      // Every scene's footprint and the event's point.
      await expect
        .poll(async () => Number(await status.getAttribute('data-features')), { timeout: 30_000 })
        .toBe(count + 1);
      await shot('footprints');
      await goTo(w.page, 'Imagery');
    }
  });

  it('detects ships on a scene, asking first since the price is per detection', async () => {
    const first = scenes(w.page).locator('tbody tr').first();
    if ((await first.count()) === 0) return; // no scene to ask about in this window
    const sceneId = (await first.locator('td').first().textContent())!.trim();
    await first.getByRole('button', { name: `Detect ships on ${sceneId}` }).click();
    const dialog = w.page.getByRole('dialog', { name: 'Confirm spending tokens' });
    expect(await dialog.textContent()).toMatch(/5 tokens per detection/);
    const before = w.demo.tokens();
    await dialog.getByRole('button', { name: 'Spend the tokens' }).click();
    const count = w.page.getByTestId('ships-count');
    await count.waitFor({ timeout: 30_000 });
    expect(before - w.demo.tokens()).toBe(Number(await count.textContent()) * 5);
    expect(w.demo.requests.at(-1)).toMatchObject({ method: 'POST', path: '/api/v1/ships' });
    expect(await w.page.getByRole('region', { name: 'Ships history' }).locator('tbody tr').count()).toBe(1);
    await shot('ships');
  });

  it('asks before a call above the threshold, and keeps a 402 in the service’s words', async () => {
    const threshold = bar(w.page).getByLabel('Ask before spending more than (tokens)');
    await threshold.fill('1');
    await threshold.press('Enter');
    await expect.poll(() => threshold.inputValue()).toBe('1');
    const sent = w.demo.requests.length;
    await w.page.getByRole('button', { name: 'Run imagery search' }).click();
    const dialog = w.page.getByRole('dialog', { name: 'Confirm spending tokens' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(/costs 2 tokens, which may be more than your threshold of 1/);
    await shot('confirm');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(w.demo.requests.length).toBe(sent);

    w.demo.setTokens(1);
    await w.page.getByRole('button', { name: 'Run imagery search' }).click();
    await dialog.getByRole('button', { name: 'Spend the tokens' }).click();
    const refused = bar(w.page).getByTestId('run-outcome').getByRole('alert');
    await refused.waitFor({ timeout: 30_000 });
    expect(await refused.textContent()).toMatch(/402.*this call costs 2 tokens; 1 left/);
    await expect.poll(() => historyRows(w.page).count()).toBe(2);
    expect(await historyRows(w.page).first().textContent()).toMatch(/REFUSED/);
    await shot('402');
  });

  it('has no serious or critical accessibility violation, dark or light', async () => {
    await historyRows(w.page)
      .nth(1)
      .getByRole('button', { name: /^Show the answer/ })
      .click();
    await scenes(w.page).waitFor();
    expect(await seriousBothThemes(w.page, 'Imagery', { include: IMAGERY })).toEqual([]);
  });

  it('reads a stored answer from the cache with the service stopped, after a reload too', async () => {
    await w.demo.close();
    await w.page.reload();
    await waitReady(w.page);
    await goTo(w.page, 'Imagery');
    await expect.poll(() => historyRows(w.page).count(), { timeout: 30_000 }).toBe(2);
    await historyRows(w.page)
      .nth(1)
      .getByRole('button', { name: /^Show the answer/ })
      .click();
    await scenes(w.page).waitFor({ timeout: 30_000 });
    expect(
      await w.page.getByRole('region', { name: 'Imagery answer' }).locator('.mark-cached').textContent(),
    ).toMatch(/asked \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    await shot('offline');
    expect(problems).toEqual([]);
  });
});

describe('Imagery, alternate profile (serve --demo)', () => {
  const w = useWindow({ tag: 'imagery-alt', service: 'demo', profile: 'alternate', open: true }, browser);
  const problems = w.pageErrors;

  it('answers a typed box over a date and days, marked as demo data', async () => {
    await goTo(w.page, 'Imagery');
    await view(w.page).getByLabel('Box (W,S,E,N)').fill('30.2,46.2,31.2,46.9');
    await view(w.page).getByLabel('Days').fill('10');
    await w.page.getByRole('button', { name: 'Run imagery search' }).click();
    await scenes(w.page)
      .or(w.page.getByText('The catalog has no scene'))
      .first()
      .waitFor({ timeout: 30_000 });
    const answer = w.page.getByRole('region', { name: 'Imagery answer' });
    expect(await answer.locator('.mark-demo').count()).toBe(1);
    expect(await historyRows(w.page).first().textContent()).toMatch(
      /sentinel-2-l2a · \[30.2, 46.2, 31.2, 46.9\] · .* \+10 d/,
    );
    // A free estimate of an index series over the same box.
    const index = w.page.getByRole('region', { name: 'Index series over the box' });
    await index.getByRole('button', { name: 'Run index series' }).click();
    const estimate = index.getByTestId('index-answer');
    await estimate.waitFor({ timeout: 30_000 });
    expect(await estimate.textContent()).toMatch(
      /scenes would be measured.*measuring would cost \d+(\.\d+)? tokens/,
    );
    await screenshot(w.page, 'imagery-alternate');
    expect(await seriousViolations(w.page, 'Imagery, dark', { include: IMAGERY })).toEqual([]);
    expect(problems).toEqual([]);
  });
});
