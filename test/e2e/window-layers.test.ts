// The map's measured readings and the analyst's areas, in a real browser through `watchfloor
// serve --demo`: every cached quake, cyclone, heat source, night-light and SO2 reading, every
// transit chokepoint, standing order and monitoring area is on the map; a layer's checkbox
// hides it (features gone, pixels gone) and the choice survives a reload; hovering a reading
// shows its key figures and a click selects its signal. Screenshots go to .tmp/artifacts/.
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MeasuredListResult } from '../../shared/contract';
import { goTo, screenshot, useWindow } from '../helpers/e2e';

const w = useWindow({ tag: 'window-layers', service: 'demo' });
const problems = w.problems;

beforeAll(async () => {
  // The demo's first sync fills the cache: these tests read a cache that holds it.
  for (let waited = 0; waited < 60_000; waited += 500) {
    if ((await w.call('sync.status')).lastOutcome?.complete) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the demo sync did not complete in 60 s');
});

/** Each record layer's features at the map's last complete render. */
async function drawn(map: Locator): Promise<Record<string, number>> {
  return JSON.parse((await map.getAttribute('data-layer-features')) ?? '{}') as Record<string, number>;
}

/** The page's canvas, as far as this test reads it (the Node side has no DOM types). */
interface PageCanvas {
  width: number;
  height: number;
  getContext(kind: '2d'): {
    getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
  };
}

/** Pixels drawn on the readings' shared canvas (none when no reading layer is shown: no canvas). */
const measuredPixels = async (page: Page) =>
  (await page.locator('.wf-measured canvas').count()) === 0
    ? 0
    : page.locator('.wf-measured canvas').evaluate((canvas: PageCanvas) => {
        if (!canvas.width) return 0;
        const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
        let n = 0;
        for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) n++;
        return n;
      });

const layerBox = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Layers' }).getByRole('checkbox', { name, exact: true });

/** The features the cache's records should give, from the same contract rows the window reads. */
async function expectedFeatures(): Promise<Record<string, number>> {
  const list = async <K extends MeasuredListResult['kind']>(kind: K) =>
    (await w.call('measured.list', { kind, limit: 1000 })).rows;
  const quakes = (await list('quake')) as Extract<MeasuredListResult, { kind: 'quake' }>['rows'];
  const cyclones = (await list('cyclone')) as Extract<MeasuredListResult, { kind: 'cyclone' }>['rows'];
  const nightlights = (await list('nightlight')) as Extract<
    MeasuredListResult,
    { kind: 'nightlight' }
  >['rows'];
  const transit = await w.call('transit.get');
  const orders = await w.call('orders.list');
  const areas = await w.call('monitoring.list');
  return {
    thermal: (await list('thermal')).length,
    so2: (await list('so2')).length,
    // Each part the record gives: the epicentre, and the radius around it when both are there.
    quakes: quakes.reduce((n, q) => n + 1 + (q.earthquake?.epicentre && q.radius_km ? 1 : 0), 0),
    nightlight: nightlights.reduce((n, r) => n + 1 + (r.city?.half_size_deg ? 1 : 0), 0),
    cyclones: cyclones.reduce((n, c) => {
      const forecast = (c.forecast_positions ?? []).filter((p) => p.lat != null && p.lng != null).length;
      const track = (c.centre ? 1 : 0) + forecast >= 2 ? 1 : 0;
      const radii =
        c.centre && c.wind_radii_34kt_nm && Object.values(c.wind_radii_34kt_nm).some((r) => r) ? 1 : 0;
      return n + (c.centre ? 1 : 0) + radii + track + forecast;
    }, 0),
    transit: transit.record?.places.filter((p) => p.lat != null && p.lng != null).length ?? 0,
    'standing-orders': orders.rows.filter((r) => r.record.bbox).length,
    'monitoring-areas': areas.rows.filter((r) => r.record.bbox).length,
    // The demo's main profile has no watches.
    watches: 0,
  };
}

/** Opens the map at a place and zoom with only the named record layers shown. */
async function openAt(page: Page, center: [number, number], zoom: number, shown: string[]): Promise<void> {
  const ids = ['signals', 'country-signals', 'thermal', 'nightlight', 'so2', 'quakes', 'cyclones', 'transit'];
  const layers = Object.fromEntries(ids.map((id) => [id, shown.includes(id)]));
  await page.evaluate(
    (state) => localStorage.setItem('watchfloor.view-state', JSON.stringify({ state, version: 1 })),
    { view: 'map', theme: 'dark', map: { center, zoom, layers } },
  );
  await page.reload();
  await page.locator('[data-testid="map"][data-rendered="true"]').waitFor({ timeout: 30_000 });
}

describe('measured and area layers on the map (serve --demo)', () => {
  it('draws every cached reading, chokepoint and area; a checkbox hides its layer and is remembered', async () => {
    const { context, page } = await w.open();
    await goTo(page, 'Map');
    // The layer list is closed on first open (a calm first screen): the analyst opens it.
    await page.getByRole('button', { name: /^Layers/ }).click();
    const map = page.getByTestId('map');
    await page.locator('[data-testid="map"][data-rendered="true"]').waitFor({ timeout: 30_000 });
    await expect.poll(async () => (await drawn(map)).quakes ?? 0, { timeout: 60_000 }).toBeGreaterThan(0);
    const expected = await expectedFeatures();
    for (const id of [
      'thermal',
      'so2',
      'quakes',
      'cyclones',
      'transit',
      'standing-orders',
      'monitoring-areas',
    ])
      expect(expected[id], id).toBeGreaterThan(0);
    await expect.poll(() => drawn(map), { timeout: 30_000 }).toEqual(expected);
    // The list says how many records each layer holds: every quake the cache has.
    const quakes = (await w.call('measured.list', { kind: 'quake', limit: 1000 })).rows.length;
    const quakeRow = page.locator('.layer-row[data-layer="quakes"]');
    expect((await quakeRow.locator('.layer-count').textContent())?.trim()).toBe(String(quakes));
    await screenshot(page, 'map-layers-dark');

    const before = await measuredPixels(page);
    expect(before).toBeGreaterThan(0);
    for (const name of ['Quakes', 'Cyclones', 'Thermal', 'Night lights', 'SO2', 'Transit chokepoints']) {
      await layerBox(page, name).uncheck();
      expect(await layerBox(page, name).isChecked()).toBe(false);
    }
    await expect
      .poll(async () => {
        const d = await drawn(map);
        return [d.quakes, d.cyclones, d.thermal, d.nightlight, d.so2, d.transit];
      })
      .toEqual([0, 0, 0, 0, 0, 0]);
    expect((await drawn(map))['standing-orders']).toBe(expected['standing-orders']);
    expect(await measuredPixels(page)).toBe(0);

    // Turned off, it stays off across a reload; turned on, every feature is back.
    await page.reload();
    await page.locator('[data-testid="map"][data-rendered="true"]').waitFor({ timeout: 30_000 });
    expect(await layerBox(page, 'Quakes').isChecked()).toBe(false);
    await expect.poll(async () => (await drawn(map)).quakes).toBe(0);
    await layerBox(page, 'Quakes').check();
    await expect.poll(async () => (await drawn(map)).quakes, { timeout: 30_000 }).toBe(expected.quakes);
    await expect.poll(() => measuredPixels(page)).toBeGreaterThan(0);

    // A region with every layer on, in both themes, for a person to judge.
    const all = [
      'signals',
      'country-signals',
      'thermal',
      'nightlight',
      'so2',
      'quakes',
      'cyclones',
      'transit',
    ];
    await openAt(page, [40, 22], 4, all);
    await expect.poll(async () => (await drawn(map)).cyclones ?? 0, { timeout: 30_000 }).toBeGreaterThan(0);
    await screenshot(page, 'map-layers-region-dark');
    await page.getByRole('button', { name: 'Switch to the light theme' }).click();
    await page.waitForTimeout(500);
    await screenshot(page, 'map-layers-region-light');
    await context.close();
  });

  it('hovering a quake or a chokepoint shows its key figures; a click on the quake selects its signal', async () => {
    const { context, page } = await w.open();
    await goTo(page, 'Map');
    const map = page.getByTestId('map');
    await page.locator('[data-testid="map"][data-rendered="true"]').waitFor({ timeout: 30_000 });
    await expect.poll(async () => (await drawn(map)).quakes ?? 0, { timeout: 60_000 }).toBeGreaterThan(0);
    const quakes = (await w.call('measured.list', { kind: 'quake', limit: 1000 })).rows as Extract<
      MeasuredListResult,
      { kind: 'quake' }
    >['rows'];
    const epicentre = quakes[0]!.earthquake!.epicentre!;
    // Several readings may share a place: the tooltip is one of those here.
    const here = quakes.filter(
      (q) => q.earthquake?.epicentre?.lat === epicentre.lat && q.earthquake.epicentre.lng === epicentre.lng,
    );

    // Only the quakes, centred on one: the pointer in the middle of the map is on its epicentre.
    await openAt(page, [epicentre.lng, epicentre.lat], 6, ['quakes']);
    await expect.poll(async () => (await drawn(map)).quakes ?? 0, { timeout: 30_000 }).toBeGreaterThan(0);
    const box = (await map.boundingBox())!;
    const middle = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await page.mouse.move(middle.x - 20, middle.y - 20);
    await page.mouse.move(middle.x, middle.y);
    const tip = page.getByRole('tooltip');
    await tip.waitFor();
    const text = (await tip.textContent()) ?? '';
    // The latest reading is drawn on top, so it is the one the pointer finds.
    const quake = quakes[0]!;
    expect(text).toContain('Measured · Quake');
    expect(text).toContain(`M ${quake.earthquake!.magnitude} `);
    expect(text).toContain(`Depth${quake.earthquake!.depth_km} km`);
    expect(text).toContain(`Radius${quake.radius_km} km`);
    expect(text).toContain(`Facilities in range${quake.facilities_total}`);
    // Readings under the pointer are counted: every one at this epicentre, and any other the
    // day's world puts within the pointer's reach (on 2026-11-28 a third quake close by).
    if (here.length > 1) {
      const counted = /(\d+) readings of this kind here/.exec(text);
      expect(Number(counted?.[1] ?? 1)).toBeGreaterThanOrEqual(here.length);
    }
    await screenshot(page, 'map-quake-tooltip-dark');
    await page.mouse.click(middle.x, middle.y);
    const inspector = page.getByRole('complementary', { name: 'Inspector' });
    await inspector.getByTestId('signal-detail').waitFor({ timeout: 15_000 });
    expect(await inspector.getByTestId('signal-detail').textContent()).toMatch(/Measured/);

    // A chokepoint: its index (100 = usual) and the day the index is as of.
    const transit = await w.call('transit.get');
    const place = transit.record!.places.find(
      (p) => p.lat != null && p.lng != null && p.level?.index != null,
    )!;
    await openAt(page, [place.lng!, place.lat!], 5, ['transit']);
    await expect.poll(async () => (await drawn(map)).transit ?? 0, { timeout: 30_000 }).toBeGreaterThan(0);
    await page.mouse.move(middle.x - 20, middle.y - 20);
    await page.mouse.move(middle.x, middle.y);
    await tip.waitFor();
    const chokepoint = (await tip.textContent()) ?? '';
    expect(chokepoint).toContain(place.name!);
    expect(chokepoint).toContain(`Index${place.level!.index}`);
    expect(chokepoint).toContain(`index as of ${place.level!.as_of}`);
    await screenshot(page, 'map-transit-tooltip-dark');
    await context.close();
  });

  it('logged no error', () => {
    expect(problems).toEqual([]);
  });
});
