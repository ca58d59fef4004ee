// The map's box tool in a real browser through `watchfloor serve --demo`, driven by the mouse
// as an analyst draws: the km² while dragging, the panel with the box and its area, what the
// service would refuse disabled with its reason, a small box created as a monitoring area
// through the outbox, Esc dropping a drawing, and a box across the 180th meridian kept whole.
// Screenshots go to .tmp/artifacts/ for a person to look at.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { goTo, screenshot, useWindow } from '../helpers/e2e';

const w = useWindow({ tag: 'box-tool', service: 'demo' });
const problems = w.problems;

/** Opens the window on the Map with it at a given place and zoom (as if left there last time). */
async function open(map?: { center: [number, number]; zoom: number }) {
  const opened = await w.open({ viewState: map && { view: 'map', map: { ...map, layers: {} } } });
  await goTo(opened.page, 'Map');
  await opened.page.locator('[data-testid="map"][data-rendered="true"]').waitFor({ timeout: 30_000 });
  return opened;
}

/** The middle of the map, where no overlay lies. */
async function middle(page: Page): Promise<{ x: number; y: number }> {
  const b = (await page.getByTestId('map').boundingBox())!;
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

/** Presses at `from`, drags by (dx, dy) in steps; leaves the button down unless `release`. */
async function drag(page: Page, from: { x: number; y: number }, dx: number, dy: number, release = true) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + dx, from.y + dy, { steps: 12 });
  if (release) await page.mouse.up();
}

const panel = (page: Page) => page.getByRole('region', { name: 'Drawn box' });
const drawButton = (page: Page) => page.getByRole('button', { name: 'Draw box' });
const km2 = (text: string | null) => Number(/([\d,.]+) km²/.exec(text ?? '')?.[1]?.replace(/,/g, '') ?? NaN);
const boxOf = (text: string | null) => (text ?? '').split(',').map((v) => Number(v.trim()));

/** The service's measure of a W,S,E,N box on the sphere (R = 6371.0088 km), written out here. */
function sphereKm2([w, s, e, n]: number[]): number {
  const rad = Math.PI / 180;
  const width = e! >= w! ? e! - w! : e! + 360 - w!;
  return 6371.0088 ** 2 * width * rad * (Math.sin(n! * rad) - Math.sin(s! * rad));
}

describe('the box tool (serve --demo)', () => {
  it('shows km² while dragging, then the box with what the service would refuse, and filters to it', async () => {
    const { context, page } = await open();
    await drawButton(page).click();
    expect(await drawButton(page).getAttribute('aria-pressed')).toBe('true');
    const readout = page.getByTestId('box-readout');
    expect(await readout.textContent()).toContain('Drag on the map');

    const start = await middle(page);
    await drag(page, { x: start.x - 120, y: start.y - 60 }, 160, 110, false);
    await expect.poll(async () => km2(await readout.textContent())).toBeGreaterThan(100_000);
    expect(await readout.textContent()).toContain('too large for a monitoring area or a standing order');
    await screenshot(page, 'box-tool-drawing-dark');
    await page.mouse.up();

    const box = panel(page);
    await box.waitFor();
    expect(await drawButton(page).getAttribute('aria-pressed')).toBe('false');
    const bbox = boxOf(await box.getByTestId('box-bbox').textContent());
    expect(bbox).toHaveLength(4);
    expect(bbox[0]).toBeLessThan(bbox[2]!);
    expect(bbox[1]).toBeLessThan(bbox[3]!);
    // The area shown is the sphere's for the box shown (its corners rounded to 2 decimals).
    const shown = km2(await box.getByTestId('box-area').textContent());
    expect(Math.abs(shown / sphereKm2(bbox) - 1)).toBeLessThan(0.01);

    const order = box.getByRole('button', { name: 'Create standing order' });
    const area = box.getByRole('button', { name: 'Create monitoring area' });
    expect(await order.isDisabled()).toBe(true);
    expect(await area.isDisabled()).toBe(true);
    await box.getByText('bbox is larger than 100,000 km2').waitFor();
    await box.getByText('bbox must be under 5,000 km2').waitFor();
    await screenshot(page, 'box-tool-refused-dark');

    await box.getByRole('button', { name: 'Filter to box' }).click();
    await box.getByText('Signals are filtered to this box.').waitFor();
    const stored = await page.evaluate(() => localStorage.getItem('watchfloor.view-state'));
    expect(JSON.parse(stored!).state.filters.bbox).toEqual(bbox.map((v) => expect.closeTo(v, 2)));

    await box.getByRole('button', { name: 'Clear box' }).click();
    await panel(page).waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('creates a monitoring area from a small box through the outbox: pending, then sent', async () => {
    // Zoomed in over the Nile delta: a drag of 120 px is about half a degree.
    const { context, page } = await open({ center: [31.2, 30.6], zoom: 8 });
    await page.keyboard.press('b');
    expect(await drawButton(page).getAttribute('aria-pressed')).toBe('true');
    const start = await middle(page);
    await drag(page, { x: start.x - 60, y: start.y - 60 }, 120, 120);
    const box = panel(page);
    await box.waitFor();
    const shown = km2(await box.getByTestId('box-area').textContent());
    expect(shown).toBeGreaterThan(100);
    expect(shown).toBeLessThan(5_000);
    expect(await box.getByText('REFUSED').count()).toBe(0);

    await box.getByRole('button', { name: 'Create monitoring area' }).click();
    const form = box.getByRole('form', { name: 'New monitoring area' });
    await form.getByRole('textbox', { name: 'Name' }).fill('Delta water');
    await form.getByRole('combobox', { name: 'Metric' }).selectOption('water');
    await screenshot(page, 'box-tool-create-dark');
    await form.getByRole('button', { name: 'Create monitoring area' }).click();

    const status = box.getByRole('status');
    await expect
      .poll(() => status.textContent(), { timeout: 30_000 })
      .toMatch(/Monitoring area.*(PENDING|sent to the service)/);
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toContain('sent to the service');
    await screenshot(page, 'box-tool-sent-dark');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('drops a drawing with Esc, and keeps a box across the 180th meridian whole', async () => {
    const { context, page } = await open({ center: [180, 0], zoom: 5 });
    await page.keyboard.press('b');
    await page.getByTestId('box-readout').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('box-readout').waitFor({ state: 'detached' });
    expect(await drawButton(page).getAttribute('aria-pressed')).toBe('false');
    // A drag with the tool off pans the map and draws nothing.
    const start = await middle(page);
    await drag(page, start, 40, 0);
    expect(await panel(page).count()).toBe(0);

    await drawButton(page).click();
    const mid = await middle(page);
    await drag(page, { x: mid.x - 30, y: mid.y - 20 }, 60, 40);
    const box = panel(page);
    await box.waitFor();
    const [w, , e] = boxOf(await box.getByTestId('box-bbox').textContent());
    // West of the line in the east, east of it in the west: drawn across, not around the world.
    expect(w).toBeGreaterThan(170);
    expect(e).toBeLessThan(-170);
    await box.getByText('crosses the 180th meridian', { exact: false }).waitFor();
    for (const name of ['Filter to box', 'Create standing order', 'Create monitoring area'])
      expect(await box.getByRole('button', { name }).isDisabled()).toBe(true);
    await box.getByText(/bbox west \(.+\) must be less than east/).waitFor();
    await screenshot(page, 'box-tool-antimeridian-dark');
    expect(problems).toEqual([]);
    await context.close();
  });
});
