// The Orders view in a real browser through `watchfloor serve --demo --profile alternate` (the
// profile whose service can pause and delete standing orders), as an analyst uses it: the
// seeded orders and areas listed, "Draw on map" arming the box tool, a box too large for a
// standing order refused with the service's reason, a valid one created (pending, then listed
// with the service), paused, and deleted after a confirmation; a fired order's events and an
// area's series chart. Screenshots go to .tmp/artifacts/.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dragBoxOnMap, goTo, seriousViolations, useWindow } from '../helpers/e2e';
import { placement, type Box } from '../helpers/map-placement';

const w = useWindow({ tag: 'orders', service: 'demo', profile: 'alternate', shots: 'orders-' });
const problems = w.problems;
const shot = w.shot;

/** Opens the window on the Orders view, the map left at `center` (the Nile delta) at zoom 5. */
async function open(theme: 'dark' | 'light' = 'dark', center: [number, number] = [31.2, 30.6]) {
  const opened = await w.open({ viewState: { view: 'orders', theme, map: { center, zoom: 5, layers: {} } } });
  await opened.page
    .getByRole('main')
    .getByRole('heading', { level: 1, name: 'Orders', exact: true })
    .waitFor();
  return opened;
}

const ordersTable = (page: Page) => page.getByRole('table', { name: 'Standing orders' });
const orderRow = (page: Page, name: string): Locator =>
  ordersTable(page)
    .getByTestId('order-row')
    .filter({ has: page.getByRole('cell', { name, exact: true }) });
const panel = (page: Page) => page.getByRole('region', { name: 'Drawn box' });

/** Drags a box of `size` px around the map's middle with the box tool armed. */
async function drawBox(page: Page, size: number): Promise<void> {
  await dragBoxOnMap(page, size);
  await panel(page).waitFor();
}

describe('the Orders view (serve --demo --profile alternate)', () => {
  it('lists the orders, refuses a box too large, creates, pauses and deletes a standing order', async () => {
    const { context, page } = await open();
    // The first sync brings the seeded orders and areas.
    await expect
      .poll(() => ordersTable(page).getByTestId('order-row').count(), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(3);
    await expect
      .poll(() => page.getByRole('table', { name: 'Monitoring areas' }).getByTestId('area-row').count(), {
        timeout: 30_000,
      })
      .toBe(3);
    // A seeded order has fired: it is marked.
    expect(await ordersTable(page).getByText('FIRED').count()).toBeGreaterThan(0);
    await shot(page, 'list-dark');

    await page.getByRole('button', { name: 'Draw on map' }).click();
    await page.getByRole('main').getByRole('heading', { level: 1, name: 'Map', exact: true }).waitFor();
    await page.locator('[data-testid="map"][data-rendered="true"]').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('button', { name: 'Draw box' }).getAttribute('aria-pressed')).toBe('true');

    // About 1,500 km a side at zoom 5: far over the 100,000 km² a standing order may cover.
    await drawBox(page, 300);
    const tooLarge = panel(page).getByRole('button', { name: 'Create standing order' });
    expect(await tooLarge.isDisabled()).toBe(true);
    await panel(page).getByText('bbox is larger than 100,000 km2').waitFor();
    await shot(page, 'too-large-dark');
    await panel(page).getByRole('button', { name: 'Clear box' }).click();

    // About 170 km a side: a valid standing order.
    await page.getByRole('button', { name: 'Draw box' }).click();
    await drawBox(page, 40);
    await panel(page).getByRole('button', { name: 'Create standing order' }).click();
    const form = panel(page).getByRole('form', { name: 'New standing order' });
    const projection = form.getByRole('note', { name: 'Projected monthly tokens' });
    expect(await projection.textContent()).toContain('not known');
    await form.getByRole('textbox', { name: 'Name' }).fill('Delta order');
    await shot(page, 'create-dark');
    await form.getByRole('button', { name: 'Create standing order' }).click();
    await expect
      .poll(() => panel(page).getByRole('status').textContent(), { timeout: 30_000 })
      .toMatch(/Standing order.*(PENDING|sent to the service)/);

    await goTo(page, 'Orders');
    const row = orderRow(page, 'Delta order');
    await row.waitFor();
    // Listed, then with the service once the outbox has sent it.
    await expect.poll(() => row.textContent(), { timeout: 30_000 }).toContain('with the service');
    expect(await row.textContent()).not.toContain('PENDING');

    await row.getByRole('button', { name: 'Pause Delta order' }).click();
    await expect.poll(() => row.textContent(), { timeout: 30_000 }).toMatch(/paused.*with the service/);
    await row.getByRole('button', { name: 'Resume Delta order' }).waitFor();
    await shot(page, 'paused-dark');

    await row.getByRole('button', { name: 'Delete Delta order' }).click();
    await row
      .getByRole('group', { name: 'Delete Delta order?' })
      .getByRole('button', { name: 'Confirm delete' })
      .click();
    await row.waitFor({ state: 'detached', timeout: 30_000 });
    expect(await ordersTable(page).getByTestId('order-row').count()).toBeGreaterThanOrEqual(3);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows a fired order’s events and an area’s series with its anomalies, accessibly, in both themes', async () => {
    for (const theme of ['dark', 'light'] as const) {
      const { context, page } = await open(theme);
      const fired = ordersTable(page).getByTestId('order-row').filter({ hasText: 'FIRED' }).first();
      await fired.waitFor({ timeout: 30_000 });
      await fired.click();
      await page
        .getByRole('region', { name: /^What .* found$/ })
        .getByText(/FIRED/)
        .first()
        .waitFor();
      await shot(page, `fired-${theme}`);
      await page.getByRole('table', { name: 'Monitoring areas' }).getByTestId('area-row').first().click();
      const figure = page.getByRole('figure', { name: / series$/ });
      await figure.waitFor();
      expect(await figure.locator('canvas').count()).toBe(1);
      expect(await figure.textContent()).toMatch(/\d+ measurements/);
      await shot(page, `series-${theme}`);
      // Serious or critical accessibility problems in the view as shown (both themes).
      expect(await seriousViolations(page, `Orders, ${theme}`, { include: 'main' })).toEqual([]);
      await context.close();
    }
    expect(problems).toEqual([]);
  });

  it('brings an order chosen in Orders into view on the map, from the inspector', async () => {
    // An order of the world's, and the map left on the other side of the Earth from it (not a
    // place picked by hand, which the day's world may hold orders near).
    await expect
      .poll(async () => (await w.call('orders.list')).rows.length, {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    const { rows } = await w.call('orders.list');
    const far = rows
      .map((r) => ({ name: String(r.record.name), bbox: r.record.bbox as number[] }))
      .find((o) => Array.isArray(o.bbox) && o.bbox.length === 4);
    expect(far, 'a seeded order with a box').toBeDefined();
    const [lng, lat] = [(far!.bbox[0]! + far!.bbox[2]!) / 2, (far!.bbox[1]! + far!.bbox[3]!) / 2];
    const { context, page } = await open('dark', [lng > 0 ? lng - 180 : lng + 180, -lat]);
    try {
      await expect
        .poll(() => ordersTable(page).getByTestId('order-row').count(), { timeout: 30_000 })
        .toBeGreaterThan(0);
      await orderRow(page, far!.name).click();
      const inspector = page.getByRole('complementary', { name: 'Inspector' });
      await inspector.getByRole('heading', { level: 3, name: far!.name, exact: true }).waitFor();
      await inspector.getByRole('button', { name: 'Show on map' }).click();
      await page.getByTestId('map').waitFor();
      // The order's box whole in the middle of the map, clear of the panels over it, as the
      // analyst sees it (from the place the window keeps once the map stops).
      await expect.poll(() => placement(page, far!.bbox as Box), { timeout: 30_000 }).toBe('fitted');
      await shot(page, 'order-on-map');
    } finally {
      await context.close();
    }
    expect(problems).toEqual([]);
  });
});
