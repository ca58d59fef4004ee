// The Collection and Registry views in a real browser, as an analyst uses them. Main profile
// (`serve --base-url` against a demo service this test runs, so it can change the plan and be
// stopped): a priority survey over 30 days on a plan with a 14-day history shows the window the
// service narrowed it to, charges 1 token (shown), and its ranked rows select their event; an
// entity search charges 1 token (shown), an entity's history another, its linked signals 3,
// and a plan without linked_to says which plan has it; with the service stopped, the stored
// answers are read again from the history, after a reload. Alternate profile (`serve --demo`):
// its shapes (integer ids, `top`) answer in both views. axe finds no serious or critical
// violation on either view, dark or light. Screenshots go to .tmp/artifacts/.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DemoService } from '../../electron/demo';
import {
  goTo,
  screenshot,
  seriousViolations,
  switchTheme,
  useBrowser,
  useWindow,
  waitReady,
} from '../helpers/e2e';

const browser = useBrowser();

const day = (d: Date) => d.toISOString().slice(0, 10);
const daysBefore = (n: number) => day(new Date(Date.now() - n * 86_400_000));
const collection = (page: Page) => page.getByTestId('collection-view');
const registry = (page: Page) => page.getByTestId('registry-view');
/**
 * What the service charged for the last call to a path, from its own record: the window's sync
 * runs (and spends) meanwhile, so the wallet's difference would not be the call's alone.
 */
const lastCharged = (demo: DemoService, path: string) =>
  demo.requests.filter((r) => r.path === path && r.status === 200).at(-1)?.charged;
const historyRows = (page: Page, name: string) => page.getByRole('region', { name }).locator('tbody tr');

describe('Collection and Registry, main profile (serve --base-url, a demo service the test can stop)', () => {
  const w = useWindow(
    {
      tag: 'tools-cr',
      // The service's world at the real clock, so the surveys' default window finds its events.
      service: { demoService: { profile: 'main', signalsPerDay: 20 } },
      shots: 'tools-cr-main-',
      open: true,
    },
    browser,
  );
  const problems = w.pageErrors;
  const shot = (name: string) => w.shot(w.page, name);

  it('runs a priority survey: charged 1 token, the narrowed window said, a ranked row selects its event', async () => {
    await goTo(w.page, 'Collection');
    const bar = w.page.getByRole('region', { name: 'Run priority survey' });
    await expect
      .poll(() => bar.getByTestId('cost-line').textContent(), { timeout: 30_000 })
      .toMatch(/^Costs: 1 token · /);
    // 30 days asked on a plan that keeps 14 days of history: the service narrows the start.
    await collection(w.page).getByLabel('From (UTC day)').fill(daysBefore(29));
    await collection(w.page).getByLabel('To (UTC day)').fill(daysBefore(0));
    const answer = w.page.getByRole('region', { name: 'Priority survey answer' });
    w.demo.setPlan('free');
    try {
      await bar.getByRole('button', { name: 'Run priority survey' }).click();
      await answer.waitFor({ timeout: 30_000 });
    } finally {
      w.demo.setPlan('pro');
    }
    expect(lastCharged(w.demo, '/api/v1/collection/priority')).toBe(1);
    await expect
      .poll(() => bar.getByTestId('run-outcome').textContent())
      .toMatch(/^Charged 1 token · [\d,]+ left after it/);
    expect(await answer.getByTestId('stored-charged').textContent()).toMatch('charged 1 token');
    expect(await answer.getByTestId('clamp-banner').textContent()).toMatch(/narrowed the time window/);
    expect(await answer.getByTestId('survey-window').textContent()).toMatch(/the service narrowed it/);

    const rows = answer.getByRole('table', { name: 'Ranked events' }).locator('tbody tr');
    expect(await rows.count()).toBeGreaterThan(0);
    await rows.first().getByRole('button').click();
    await expect.poll(() => rows.first().getAttribute('aria-selected')).toBe('true');
    expect(await collection(w.page).getByTestId('collection-picked').textContent()).toMatch(/^Selected: /);
    // The selected event is the plan's event now.
    const eventId = await rows.first().getAttribute('data-event-id');
    await expect.poll(() => collection(w.page).getByLabel('Event id').inputValue()).toBe(eventId);
    expect(await historyRows(w.page, 'Priority survey history').count()).toBe(1);
    await shot('priority');
  });

  it('runs an entity search (1 token), an entity’s history (1), its linked signals (3), and a dropped filter', async () => {
    await goTo(w.page, 'Registry');
    await registry(w.page).getByLabel('Name').fill('port');
    const bar = w.page.getByRole('region', { name: 'Run entity search' });
    await expect
      .poll(() => bar.getByTestId('cost-line').textContent(), { timeout: 30_000 })
      .toMatch(/^Costs: 1 token · /);
    await bar.getByRole('button', { name: 'Run entity search' }).click();
    const results = w.page.getByRole('region', { name: 'Entity search answer' });
    await results.waitFor({ timeout: 30_000 });
    expect(lastCharged(w.demo, '/api/v1/entities')).toBe(1);
    expect(w.demo.requests.filter((r) => r.path === '/api/v1/entities').at(-1)?.query).toMatchObject({
      q: 'port',
    });
    await expect
      .poll(() => bar.getByTestId('run-outcome').textContent())
      .toMatch(/^Charged 1 token · [\d,]+ left after it/);
    const entities = results.getByRole('table', { name: 'Entities' }).locator('tbody tr');
    expect(await entities.count()).toBeGreaterThan(0);

    await entities
      .first()
      .getByRole('button', { name: /^Look up the history of / })
      .click();
    const history = w.page.getByRole('region', { name: 'Entity history answer' });
    await history.waitFor({ timeout: 30_000 });
    const detailCalls = w.demo.requests.filter((r) => r.path.startsWith('/api/v1/entities/'));
    expect(detailCalls.map((r) => r.charged)).toEqual([1]);
    expect(await w.page.getByTestId('history-outcome').textContent()).toMatch('Charged 1 token');
    const linkedEvents = history.getByRole('table', { name: 'Linked events' });
    if ((await linkedEvents.count()) > 0)
      expect(await linkedEvents.locator('tbody tr').first().textContent()).toMatch(/alias named target/);

    await history.getByRole('button', { name: 'Find the signals linked to this entity' }).click();
    const linked = w.page.getByRole('region', { name: 'Linked signals answer' });
    await linked.waitFor({ timeout: 30_000 });
    const linkedCall = w.demo.requests.filter((r) => r.query.linked_to !== undefined).at(-1);
    expect(linkedCall).toMatchObject({ path: '/api/v1/signals', charged: 3 });
    expect(linkedCall?.query.linked_to).toMatch(/^facility:/);
    expect(await linked.getByTestId('stored-charged').textContent()).toMatch('charged 3 tokens');
    expect(await linked.getByTestId('linked-count').textContent()).toMatch(/^\d+ signals linked/);
    await shot('linked');

    // A plan without linked_to: the service drops the filter and names the plan that has it.
    const dropped = linked.getByTestId('linked-dropped');
    w.demo.setPlan('analyst');
    try {
      await history.getByRole('button', { name: 'Find the signals linked to this entity' }).click();
      await dropped.waitFor({ timeout: 30_000 });
    } finally {
      w.demo.setPlan('pro');
    }
    expect(await dropped.textContent()).toMatch(/it needs pro/);
    expect(await linked.getByTestId('clamp-banner').textContent()).toMatch(/needs pro/);
    expect(await linked.getByRole('table', { name: 'Linked signals' }).count()).toBe(0);
    await shot('dropped');
  });

  it('has no serious or critical accessibility violation on either view, dark or light', async () => {
    const found = await seriousViolations(w.page, 'registry-view dark', { testId: 'registry-view' });
    await goTo(w.page, 'Collection');
    await w.page.getByRole('region', { name: 'Priority survey answer' }).waitFor();
    found.push(...(await seriousViolations(w.page, 'collection-view dark', { testId: 'collection-view' })));
    await switchTheme(w.page, 'light');
    found.push(...(await seriousViolations(w.page, 'collection-view light', { testId: 'collection-view' })));
    await goTo(w.page, 'Registry');
    found.push(...(await seriousViolations(w.page, 'registry-view light', { testId: 'registry-view' })));
    await switchTheme(w.page, 'dark');
    expect(found).toEqual([]);
  });

  it('reads the stored answers from the history with the service stopped, after a reload', async () => {
    await w.demo.close();
    await w.page.reload();
    await waitReady(w.page);

    await goTo(w.page, 'Collection');
    const priority = historyRows(w.page, 'Priority survey history');
    await expect.poll(() => priority.count(), { timeout: 30_000 }).toBe(1);
    await priority
      .first()
      .getByRole('button', { name: /^Show the answer/ })
      .click();
    const answer = w.page.getByRole('region', { name: 'Priority survey answer' });
    await answer.getByRole('table', { name: 'Ranked events' }).waitFor({ timeout: 30_000 });
    expect(await answer.locator('.mark-cached').textContent()).toMatch(
      /asked \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/,
    );
    expect(await answer.getByTestId('stored-charged').textContent()).toMatch('charged 1 token');
    expect(await answer.getByTestId('clamp-banner').count()).toBe(1);

    await goTo(w.page, 'Registry');
    const searches = historyRows(w.page, 'Entity search history');
    await expect.poll(() => searches.count(), { timeout: 30_000 }).toBe(1);
    expect(await searches.first().textContent()).toMatch(/“port” · any subtype/);
    await searches
      .first()
      .getByRole('button', { name: /^Show the answer/ })
      .click();
    const results = w.page.getByRole('region', { name: 'Entity search answer' });
    await results.getByRole('table', { name: 'Entities' }).waitFor({ timeout: 30_000 });
    expect(await results.getByTestId('stored-charged').textContent()).toMatch('charged 1 token');
    expect(await historyRows(w.page, 'Linked signals history').count()).toBe(2);
    await shot('offline');
    expect(problems).toEqual([]);
  });
});

describe('Collection and Registry, alternate profile (serve --demo)', () => {
  const w = useWindow({ tag: 'tools-cr-alt', service: 'demo', profile: 'alternate', open: true }, browser);
  const problems = w.pageErrors;

  it('answers an observability survey and an entity history in the alternate shapes, marked as demo', async () => {
    await goTo(w.page, 'Collection');
    await collection(w.page).getByLabel('Sensor (observability)').selectOption('sentinel-1');
    await w.page.getByRole('button', { name: 'Run observability survey' }).click();
    const answer = w.page.getByRole('region', { name: 'Observability survey answer' });
    await answer.waitFor({ timeout: 30_000 });
    expect(await answer.locator('.mark-demo').count()).toBe(1);
    expect(await answer.getByLabel('Survey counts').textContent()).toMatch(/Sensorsentinel-1/);
    const rows = answer.getByRole('table', { name: 'Ranked events' }).locator('tbody tr');
    if ((await rows.count()) > 0) expect(await rows.first().getAttribute('data-event-id')).toMatch(/^\d+$/);
    expect(await seriousViolations(w.page, 'collection-view dark', { testId: 'collection-view' })).toEqual(
      [],
    );

    // `g r` jumps to the Registry (the navigation, palette and shortcuts sheet list it).
    await w.page.getByRole('main').getByRole('heading', { level: 1 }).click();
    await w.page.keyboard.press('g');
    await w.page.keyboard.press('r');
    await w.page
      .getByRole('main')
      .getByRole('heading', { level: 1, name: 'Registry', exact: true })
      .waitFor();
    const subtypes = registry(w.page).getByRole('group', { name: 'Subtypes (none ticked: any)' });
    // The alternate document's six subtypes.
    await expect.poll(() => subtypes.getByRole('checkbox').count(), { timeout: 30_000 }).toBe(6);
    await registry(w.page).getByLabel('Name').fill('port');
    await w.page.getByRole('button', { name: 'Run entity search' }).click();
    const results = w.page.getByRole('region', { name: 'Entity search answer' });
    await results.getByRole('table', { name: 'Entities' }).waitFor({ timeout: 30_000 });
    await results
      .getByRole('button', { name: /^Look up the history of / })
      .first()
      .click();
    const history = w.page.getByRole('region', { name: 'Entity history answer' });
    await history.waitFor({ timeout: 30_000 });
    expect(await history.getByText(/has no linked_to filter/).count()).toBe(1);
    await screenshot(w.page, 'tools-cr-alternate');
    expect(await seriousViolations(w.page, 'registry-view dark', { testId: 'registry-view' })).toEqual([]);
    expect(problems).toEqual([]);
  });
});
