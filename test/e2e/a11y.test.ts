// Accessibility, as a screen-reader or keyboard user meets the window: every view, the
// inspector holding a signal and the open thread, in the dark and the light theme, pass axe
// with no serious or critical violation. Runs in a real browser through `watchfloor serve --demo`.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { goTo, screenshot, seriousViolations, useWindow } from '../helpers/e2e';

// Every view in the navigation (the main-profile demo: Watches and the package say the service has none).
const VIEWS = [
  'Map',
  'Signals',
  'Developments',
  'Watches',
  'Decision package',
  'Orders',
  'Passes',
  'Brief',
  'Status',
];

const w = useWindow({ tag: 'a11y', service: 'demo' });

const bodyRows = (page: Page) => page.locator('table.signals-table tbody tr[data-signal-id]');

/** Every view, the status bar's details, the inspector holding a signal and the open thread, in one theme. */
async function violationsEverywhere(theme: 'dark' | 'light'): Promise<string[]> {
  const { context, page } = await w.open();
  if (theme === 'light') {
    await page.getByRole('button', { name: 'Switch to the light theme' }).click();
  }
  const worn = await page.locator('html').getAttribute('data-theme');
  if (worn !== theme) throw new Error(`the window wears the ${worn} theme, not ${theme}`);

  const found: string[] = [];
  for (const view of VIEWS) {
    await goTo(page, view);
    if (view === 'Map') {
      await page.locator('[data-testid="map"][data-rendered="true"]').waitFor();
      await page.getByTestId('time-slider').waitFor({ timeout: 60_000 });
    }
    if (view === 'Signals') await bodyRows(page).first().waitFor({ state: 'attached', timeout: 60_000 });
    found.push(...(await seriousViolations(page, view)));
  }

  // The status bar's streams detail (on focus) and the notifications list (opened).
  await page.getByTestId('statusbar-streams').focus();
  await page.getByRole('tooltip').waitFor();
  found.push(...(await seriousViolations(page, 'Status bar streams')));
  await page.getByTestId('statusbar-notifications').click();
  await page
    .getByRole('contentinfo', { name: 'Status bar' })
    .getByRole('region', { name: 'Notifications' })
    .waitFor();
  found.push(...(await seriousViolations(page, 'Status bar notifications')));
  await page.keyboard.press('Escape');

  // A signal selected: the inspector is filled.
  await goTo(page, 'Signals');
  await bodyRows(page).first().click();
  const inspector = page.getByRole('complementary', { name: 'Inspector' });
  await inspector.getByTestId('signal-detail').waitFor();
  found.push(...(await seriousViolations(page, 'Signals + inspector')));
  await goTo(page, 'Map');
  await page.locator('[data-testid="map"][data-rendered="true"]').waitFor();
  found.push(...(await seriousViolations(page, 'Map + inspector')));

  // The thread dialog open.
  await inspector.getByRole('button', { name: 'Thread' }).click();
  await page
    .getByTestId('thread')
    .getByText(/Timeline/)
    .waitFor({ timeout: 30_000 });
  found.push(...(await seriousViolations(page, 'Thread')));
  await page.keyboard.press('Escape');
  await context.close();
  return found;
}

describe('accessibility (axe, serve --demo)', () => {
  // The two themes' walks run side by side, each in its own window: axe is the page's own work
  // (one core each), and over every view one after another it alone nears two minutes on a
  // loaded two-core machine (a check of violations, not of speed). Each test reads its own. A
  // walk runs outside any one test: it waits with Playwright and throws, never `expect`s.
  const walks = new Map<'dark' | 'light', Promise<string[]>>();
  beforeAll(() => {
    for (const theme of ['dark', 'light'] as const) {
      const walk = violationsEverywhere(theme);
      walk.catch(() => undefined); // read (and failed) by its test
      walks.set(theme, walk);
    }
  });

  for (const theme of ['dark', 'light'] as const)
    it(`has no serious or critical violation in any view, the inspector or the thread (${theme})`, async () => {
      expect(await walks.get(theme)).toEqual([]);
    }, 300_000);

  it('works the map’s time slider from the keyboard: the drawn points follow the range', async () => {
    const { context, page } = await w.open();
    await goTo(page, 'Map');
    const map = page.getByTestId('map');
    await page.locator('[data-testid="map"][data-rendered="true"]').waitFor();
    await expect
      .poll(async () => Number(await map.getAttribute('data-signal-features')), { timeout: 60_000 })
      .toBeGreaterThan(1);
    const all = Number(await map.getAttribute('data-signal-features'));
    const range = page.getByTestId('time-range');
    const before = await range.textContent();
    expect(before).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC → \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);

    // The end handle to the start of the window: only the earliest points stay drawn.
    await page.getByRole('slider', { name: 'End of the time range' }).focus();
    await page.keyboard.press('Home');
    await expect.poll(async () => Number(await map.getAttribute('data-signal-features'))).toBeLessThan(all);
    const atStart = (await range.textContent())!;
    expect(atStart).not.toBe(before);
    expect(atStart).toMatch(/ of [\d,]+ points$/);
    // Page Up walks the end handle back out; the range text follows.
    await page.keyboard.press('PageUp');
    await page.keyboard.press('PageUp');
    expect(await range.textContent()).not.toBe(atStart);
    await screenshot(page, 'map-time-slider-dark');

    // Enter on "All" widens it back to every point.
    await page.getByRole('button', { name: 'All', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => Number(await map.getAttribute('data-signal-features'))).toBe(all);
    await page.getByTestId('statusbar-streams').focus();
    await page.getByRole('tooltip').waitFor();
    await screenshot(page, 'statusbar-streams-dark');
    await context.close();
  });
});
