// "Show on map" goes where it is asked (issue 25, item 1), at 1280×720 on the alternate
// profile (serve --demo, whose watches and orders have areas): from a fresh window at the
// world view, where a box of a degree or so is too small to see and the old code left the map,
// a watch's "Show on map" fits the map to the watch's box, with a margin; an order's does the
// same after the analyst has moved the map somewhere else entirely.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { goTo, useWindow } from '../helpers/e2e';

const VIEWPORT = { width: 1280, height: 720 };

/** Where the map is, as the window keeps it (the view state it saves on every move). */
const mapAt = (page: Page) =>
  page.evaluate(() => {
    const saved = JSON.parse(localStorage.getItem('watchfloor.view-state') ?? '{}') as {
      state?: { map?: { center: [number, number]; zoom: number } };
    };
    return saved.state?.map ?? null;
  });

type Box = [number, number, number, number];
const boxOf = (v: unknown): Box | null =>
  Array.isArray(v) && v.length === 4 && v.every((x) => typeof x === 'number') ? (v as Box) : null;

/** Whether the map ended centred on the box and zoomed in to it (a degree-sized box: zoom 6 or more). */
async function fitted(page: Page, [w, s, e, n]: Box): Promise<boolean> {
  const at = await mapAt(page);
  if (!at) return false;
  const [x, y] = at.center;
  const size = Math.max(e - w, n - s);
  // The zoom that shows the box whole in a view some 800 px wide is about log2(360 / size) + 1.
  const least = Math.log2(360 / size) - 0.5;
  return x >= w && x <= e && y >= s && y <= n && at.zoom >= least;
}

describe('Show on map (alternate profile, serve --demo)', () => {
  const w = useWindow({ tag: 'show-on-map', service: 'demo', profile: 'alternate', shots: 'show-on-map-' });
  let page: Page;
  beforeAll(async () => {
    ({ page } = await w.open({ viewport: VIEWPORT }));
  });

  it('fits a watch’s box from the world view of a fresh window', async () => {
    const { rows } = await w.call('watches.list');
    const watch = rows.find((r) => boxOf(r.record.area?.bbox) && r.record.name);
    expect(watch, 'a seeded watch with an area').toBeDefined();
    const box = boxOf(watch!.record.area!.bbox)!;
    expect((await mapAt(page))?.zoom).toBeLessThan(3); // the world view, as a fresh window opens
    await goTo(page, 'Watches');
    const row = page.getByTestId('watches-view').locator(`[data-watch-id="${watch!.id}"]`);
    await row.waitFor({ timeout: 60_000 });
    await row.click();
    const inspector = page.getByRole('complementary', { name: 'Inspector' });
    await inspector.getByRole('button', { name: 'Show on map' }).click();
    await page.getByRole('main').getByRole('heading', { level: 1, name: 'Map', exact: true }).waitFor();
    await expect.poll(() => fitted(page, box), { timeout: 30_000 }).toBe(true);
    await w.shot(page, 'watch');
  });

  it('fits an order’s box wherever the analyst had moved the map', async () => {
    const { rows } = await w.call('orders.list');
    const order = rows.find((r) => boxOf(r.record.bbox) && r.record.name);
    expect(order, 'a seeded order with a box').toBeDefined();
    const box = boxOf(order!.record.bbox)!;
    // The analyst looks at the other side of the world, closely.
    await page.getByRole('button', { name: 'Commands' }).click();
    await page.getByRole('combobox', { name: 'Command' }).fill(box[0] > 0 ? 'lima' : 'tokyo');
    await page
      .getByRole('dialog', { name: 'Command palette' })
      .getByRole('group', { name: 'Places' })
      .getByRole('option')
      .first()
      .waitFor({ timeout: 30_000 });
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await mapAt(page))?.zoom ?? 0, { timeout: 30_000 }).toBeGreaterThan(8);
    await goTo(page, 'Orders');
    await page
      .getByRole('row', { name: new RegExp(String(order!.record.name)) })
      .first()
      .click();
    const inspector = page.getByRole('complementary', { name: 'Inspector' });
    await inspector.getByRole('button', { name: 'Show on map' }).click();
    await expect.poll(() => fitted(page, box), { timeout: 30_000 }).toBe(true);
    await w.shot(page, 'order');
    expect(w.problems).toEqual([]);
  });
});
