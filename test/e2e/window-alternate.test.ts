// The window on the alternate profile's demo (`watchfloor serve --demo --profile alternate`), as
// an analyst on that service meets it: the map draws, the Signals table lists, a row fills the
// inspector, the thread opens, Developments and the Brief show their data, and no field the
// alternate profile never carries (stage, band, casualties, imagery, basis: main-profile
// fields) is shown as if it were missing. Screenshots go to .tmp/artifacts/.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { goTo, useWindow } from '../helpers/e2e';

const w = useWindow({ tag: 'window-alternate', service: 'demo', profile: 'alternate', shots: 'alternate-' });
const problems = w.problems;
const shot = w.shot;

const bodyRows = (page: Page) => page.locator('table.signals-table tbody tr[data-signal-id]');

/** The page's canvas, as far as this test reads it (the Node side has no DOM types). */
interface PageCanvas {
  width: number;
  height: number;
  getContext(kind: '2d'): {
    getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
  };
}

/** Share of the basemap land layer's canvas that is drawn (not transparent background). */
function drawnShare(page: Page): Promise<number> {
  return page.locator('.wf-basemap-countries canvas').evaluate((canvas: PageCanvas) => {
    if (!canvas.width) return 0;
    const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    let drawn = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) drawn++;
    return drawn / (data.length / 4);
  });
}

/** The value of one labelled fact in a group of the inspector. */
const fact = async (group: Locator, label: string) =>
  (await group.locator(`.fact:has(> dt:text-is("${label}")) > dd`).textContent())?.trim();

/** The texts of the "unknown" marks inside `where`, each with the label of the fact it is in. */
function unknowns(where: Locator): Promise<string[]> {
  return where.locator('.unknown').evaluateAll((marks) =>
    marks.map((m) => {
      const fact = m.closest('.fact, tr, li');
      const label = fact?.querySelector('dt, th')?.textContent ?? '';
      const group = m.closest('section')?.getAttribute('aria-label') ?? '';
      return `${group} / ${label}: ${m.textContent ?? ''}`;
    }),
  );
}

describe('the window on the alternate profile (serve --demo --profile alternate)', () => {
  it('draws the map and its signal points, and says the profile in the status bar', async () => {
    const { context, page } = await w.open();
    await expect
      .poll(() => page.getByRole('contentinfo').textContent(), { timeout: 30_000 })
      .toContain('alternate profile');
    await goTo(page, 'Map');
    const map = page.getByTestId('map');
    await page.locator('[data-testid="map"][data-rendered="true"]').waitFor({ timeout: 30_000 });
    expect(await drawnShare(page)).toBeGreaterThan(0.1);
    // The first sync fills the cache; the signal layer counts its points at each rendercomplete.
    await expect
      .poll(async () => Number(await map.getAttribute('data-signal-features')), { timeout: 90_000 })
      .toBeGreaterThan(0);
    expect(await page.locator('.wf-signals canvas').count()).toBe(1);
    await shot(page, 'map');
    await context.close();
  });

  it('lists signals, fills the inspector from a row and opens its thread', async () => {
    const { context, page } = await w.open();
    await goTo(page, 'Signals');
    await expect.poll(() => bodyRows(page).count(), { timeout: 90_000 }).toBeGreaterThan(3);
    expect(
      await page
        .getByTestId('signals-view')
        .getByText(/CACHED · as of/)
        .count(),
    ).toBe(1);
    await shot(page, 'signals');

    const row = bodyRows(page).and(page.locator('[data-plottable="true"]')).first();
    const title = (await row.locator('td').nth(2).textContent())!.replace('RETRACTED', '').trim();
    await row.click();
    const inspector = page.getByRole('complementary', { name: 'Inspector' });
    const detail = inspector.getByTestId('signal-detail');
    await detail.waitFor();
    expect((await inspector.getByRole('heading', { level: 3 }).textContent())?.trim()).toBe(title);
    expect(await detail.getByText(/CACHED · as of/).count()).toBe(1);
    await shot(page, 'inspector');

    // What the alternate record carries is shown as it is: a day (no invented hour), a score,
    // a verified place with its coordinates, the breadth of reporting.
    const severe = detail.getByRole('region', { name: 'When and how severe' });
    expect(await fact(severe, 'Occurred')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await fact(severe, 'Severity')).toMatch(/^\d+(\.\d+)?$/);
    const placeGroup = detail.getByRole('region', { name: 'Place' });
    expect(await fact(placeGroup, 'Place verified')).toBe('yes');
    expect(await fact(placeGroup, 'Coordinates')).toMatch(/^-?\d+\.\d{4}, -?\d+\.\d{4}$/);
    const breadth = detail.getByRole('region', { name: 'Breadth of reporting, not confirmation' });
    expect(await fact(breadth, 'Publishers (hosts)')).toMatch(/^\d+$/);
    await detail.getByRole('button', { name: 'Show on map' }).waitFor();

    // The main profile's own fields are not there to be missing: no stage ladder saying
    // "unknown", no "?" band, no casualties or imagery "not given".
    for (const group of ['Where: the stage ladder', 'Casualties', 'Imagery'])
      expect(await detail.getByRole('region', { name: group }).count(), group).toBe(0);
    expect(await detail.locator('.band-unknown').count()).toBe(0);
    expect(await unknowns(detail)).not.toContainEqual(expect.stringMatching(/Stage|Casualties|Imagery/));

    await inspector.getByRole('button', { name: 'Thread' }).click();
    const thread = page.getByTestId('thread');
    await thread.getByText(/Timeline/).waitFor({ timeout: 30_000 });
    expect(await thread.getByRole('heading', { level: 2 }).textContent()).toContain(title);
    expect(await thread.locator('.tl-entry').count()).toBeGreaterThan(0);
    expect(await thread.locator('.source-hosts > li').count()).toBeGreaterThan(0);
    await shot(page, 'thread');
    await page.keyboard.press('Escape');
    await thread.waitFor({ state: 'hidden' });
    await detail.waitFor();

    // A signal whose place is not verified is listed, never placed as a point.
    const unplaced = bodyRows(page).and(page.locator('[data-plottable="false"]')).first();
    await unplaced.click();
    await expect
      .poll(async () => fact(detail.getByRole('region', { name: 'Place' }), 'Place verified'))
      .toBe('no');
    expect(await fact(detail.getByRole('region', { name: 'Place' }), 'Coordinates')).toBe(
      'country level: not drawn as a point',
    );
    await shot(page, 'inspector-unplaced');
    await context.close();
  });

  it('shows Developments and the Brief from the cache, each with its as-of', async () => {
    const { context, page } = await w.open();
    await goTo(page, 'Developments');
    const view = page.getByTestId('developments-view');
    const devRows = view.locator('tbody tr');
    await devRows.first().waitFor({ timeout: 60_000 });
    expect(await devRows.count()).toBeGreaterThan(0);
    expect(await view.getByText(/CACHED · as of/).count()).toBe(1);
    // The alternate development_type stands as the axis, its change summary as the basis.
    const first = devRows.first().locator('td');
    expect((await first.nth(3).textContent())?.trim()).not.toBe('');
    expect(await first.nth(6).locator('.unknown').count()).toBe(0);
    await shot(page, 'developments');

    await goTo(page, 'Brief');
    const brief = page.getByTestId('brief-view');
    await brief.locator('article.brief h2').waitFor({ timeout: 60_000 });
    expect(await brief.getByTestId('brief-period').textContent()).toMatch(/^daily brief · \d{4}-\d{2}-\d{2}/);
    expect(await brief.getByText(/CACHED · as of/).count()).toBe(1);
    expect(await brief.getByRole('region', { name: 'Developments' }).locator('li').count()).toBeGreaterThan(
      0,
    );
    await shot(page, 'brief');
    await goTo(page, 'Status');
    await shot(page, 'status');
    await context.close();
  });

  // The alternate profile has no band and no stage (the table shows its severity score and no
  // stage column), and a bare event_date is a day, never "00:00" UTC.
  it('the Signals table shows no main-only column as missing (band, stage, hour)', async () => {
    const { context, page } = await w.open();
    await goTo(page, 'Signals');
    await expect.poll(() => bodyRows(page).count(), { timeout: 90_000 }).toBeGreaterThan(3);
    try {
      const first = bodyRows(page).first();
      expect(await first.locator('.band-unknown').count()).toBe(0);
      expect(await first.getByText('unknown', { exact: true }).count()).toBe(0);
      expect(await first.locator('td').first().textContent()).not.toMatch(/00:00$/);
    } finally {
      await context.close();
    }
  });

  it('logged no error', () => {
    expect(problems).toEqual([]);
  });
});
