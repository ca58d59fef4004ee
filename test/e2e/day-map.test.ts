// The analyst's day on the map (issue 25, items 5 and 10), in a real browser through
// `watchfloor serve --demo`, on both profiles (one serve each) at 1280×720 and 1440×900:
// - dense areas can be read: at world zoom the signals are clusters with their counts drawn
//   on them, and the counts (with the points drawn singly and the readings drawn by their own
//   layers) add up to the points the status line counts;
// - points stacked at one place are listed on a click and each can be selected from the list;
// - one glyph per cyclone reading: with the Cyclones layer shown, the cyclone signals are not
//   drawn again as points (with it hidden they are);
// - city names: none at world zoom, and the gazetteer not even read; "kyiv" in the palette takes
//   the map to Kyiv, which is then named on it.
// Screenshots (.tmp/artifacts/day-map-*.png): the clusters, a listed stack, the city names.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignalRow } from '../../shared/contract';
import {
  goTo,
  seriousViolations,
  useBrowser,
  useWindow,
  type E2EWindow,
  type OpenWindow,
} from '../helpers/e2e';

const browser = useBrowser();

interface Clusters {
  counts: number[];
  singles: number;
  covered: number;
}

const clustersOf = async (map: Locator): Promise<Clusters | null> => {
  const v = await map.getAttribute('data-signal-clusters');
  return v ? (JSON.parse(v) as Clusters) : null;
};
const placeNames = async (map: Locator): Promise<string[]> =>
  JSON.parse((await map.getAttribute('data-place-names')) ?? '[]') as string[];
/** The points the status line counts ("2,356 points …"). */
const pointsCounted = async (page: Page) =>
  Number(((await page.locator('.map-count .num').first().textContent()) ?? '').replace(/,/g, ''));

/** Opens the map at a place and zoom (the window's saved view), with the layers given on or off. */
async function openAt(
  page: Page,
  center: [number, number],
  zoom: number,
  layers: Record<string, boolean> = {},
) {
  await page.evaluate(
    (state) => localStorage.setItem('watchfloor.view-state', JSON.stringify({ state, version: 1 })),
    { view: 'map', theme: 'dark', map: { center, zoom, layers } },
  );
  await page.reload();
  await page.locator('[data-testid="map"][data-rendered="true"]').waitFor({ timeout: 30_000 });
}

const VIEWPORTS = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
] as const;

// One serve per profile (its demo synced once), a window of its own for each size.
for (const profile of ['main', 'alternate'] as const)
  describe(`the map on the ${profile} profile (serve --demo)`, () => {
    const w = useWindow({ tag: `day-map-${profile}`, service: 'demo', profile }, browser);
    beforeAll(async () => {
      // The demo's first sync fills the cache: these tests read a cache that holds it.
      for (let waited = 0; ; waited += 500) {
        if ((await w.call('sync.status')).lastOutcome?.complete) break;
        if (waited > 90_000) throw new Error('the demo sync did not complete in 90 s');
        await new Promise((r) => setTimeout(r, 500));
      }
    }, 150_000);

    for (const viewport of VIEWPORTS) describeAt(w, profile, viewport);
  });

function describeAt(w: E2EWindow, profile: string, viewport: (typeof VIEWPORTS)[number]) {
  describe(`at ${viewport.width} px`, () => {
    const shot = (page: Page, name: string) => w.shot(page, `day-map-${profile}-${viewport.width}-${name}`);
    let page: Page;
    let map: Locator;
    let opened: OpenWindow;
    /** Requests for the gazetteer's file (the places). */
    const gazetteerAsked: string[] = [];

    beforeAll(async () => {
      opened = await w.open({ viewport });
      page = opened.page;
      page.on('request', (r) => {
        if (/cities[^/]*\.pbf/.test(r.url())) gazetteerAsked.push(r.url());
      });
      await goTo(page, 'Map');
      map = page.getByTestId('map');
      await page.locator('[data-testid="map"][data-rendered="true"]').waitFor({ timeout: 30_000 });
    }, 150_000);
    afterAll(async () => {
      await opened?.context.close();
    });

    it('draws clusters with their counts at world zoom, adding up to every point', async () => {
      await expect.poll(() => pointsCounted(page), { timeout: 60_000 }).toBeGreaterThan(100);
      await expect.poll(() => clustersOf(map), { timeout: 30_000 }).not.toBeNull();
      const points = await pointsCounted(page);
      const clusters = (await clustersOf(map))!;
      expect(clusters.counts.length).toBeGreaterThan(5);
      for (const n of clusters.counts) expect(n).toBeGreaterThanOrEqual(2);
      expect(clusters.counts.reduce((a, b) => a + b, 0) + clusters.singles + clusters.covered).toBe(points);
      // Fewer glyphs than points: the clusters say how many they hold.
      expect(clusters.counts.length + clusters.singles).toBeLessThan(points / 5);
      // The counts are drawn on their own canvas over the points.
      expect(await page.locator('.wf-signal-counts canvas').count()).toBe(1);
      await shot(page, 'clusters');
    });

    it('names no place at world zoom, and does not read the gazetteer for it', async () => {
      expect(await placeNames(map)).toEqual([]);
      expect(gazetteerAsked).toEqual([]);
    });

    it('lists the signals stacked at one place on a click; each is selected from the list', async () => {
      // Signals at one place (a town's reports sit on its centre), from the cache's own rows.
      const rows: SignalRow[] = [];
      for (let offset = 0; offset < 3000; offset += 1000)
        rows.push(...(await w.call('signals.query', { limit: 1000, offset })).rows);
      // Not a reading's signal: its own layer draws it (the alternate profile's rows do not say
      // measured, its readings name them).
      const readings = new Set<string>();
      for (const kind of ['thermal', 'nightlight', 'so2', 'quake', 'cyclone'] as const)
        for (const r of (await w.call('measured.list', { kind, limit: 1000 })).rows) readings.add(r.event_id);
      const at = new Map<string, SignalRow[]>();
      for (const r of rows) {
        if (r.lat === null || r.lng === null || r.measured || readings.has(r.id)) continue;
        const key = `${r.lng},${r.lat}`;
        at.set(key, [...(at.get(key) ?? []), r]);
      }
      const stacks = [...at.values()].filter((s) => s.length >= 2).sort((a, b) => a.length - b.length);
      expect(stacks.length).toBeGreaterThan(0);
      const stack = stacks[0]!;
      const { lng, lat } = stack[0]!;
      await openAt(page, [lng!, lat!], 12, { 'country-signals': false });
      await expect.poll(() => clustersOf(map), { timeout: 30_000 }).not.toBeNull();
      const box = (await map.boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      const list = page.getByRole('dialog', { name: /signals here/ });
      await list.waitFor({ timeout: 10_000 });
      const items = list
        .getByRole('button', { pressed: false })
        .or(list.getByRole('button', { pressed: true }));
      const ids = await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-signal-id')));
      for (const r of stack) expect(ids).toContain(r.id);
      expect(await seriousViolations(page, 'cluster list', { include: '.cell-list' })).toEqual([]);
      await shot(page, 'stack-listed');
      // Each of them, picked from the list, is the selection (the map rings it, the inspector shows it).
      for (const r of stack.slice(0, 3)) {
        await list.locator(`button[data-signal-id="${r.id}"]`).click();
        await expect.poll(() => map.getAttribute('data-selected-signal')).toBe(r.id);
        expect(await list.locator(`button[data-signal-id="${r.id}"]`).getAttribute('aria-pressed')).toBe(
          'true',
        );
      }
      const inspector = page.getByRole('complementary', { name: 'Inspector' });
      await inspector.getByTestId('signal-detail').waitFor();
      await page.keyboard.press('Escape');
      await expect.poll(() => list.count()).toBe(0);
    });

    it('draws one glyph per cyclone reading: its signal is not drawn again as a point', async () => {
      const cyclones = (await w.call('measured.list', { kind: 'cyclone', limit: 1000 })).rows;
      expect(cyclones.length).toBeGreaterThan(0);
      const only = {
        signals: true,
        cyclones: true,
        thermal: false,
        nightlight: false,
        so2: false,
        quakes: false,
        transit: false,
      };
      await openAt(page, [-85, 20], 4, only);
      await expect
        .poll(async () => (await clustersOf(map))?.covered, { timeout: 30_000 })
        .toBe(cyclones.length);
      const shown = (await clustersOf(map))!;
      // Hidden, the readings' signals are points again: every point is still on the map.
      await openAt(page, [-85, 20], 4, { ...only, cyclones: false });
      await expect.poll(async () => (await clustersOf(map))?.covered, { timeout: 30_000 }).toBe(0);
      const hidden = (await clustersOf(map))!;
      const total = (s: Clusters) => s.counts.reduce((a, b) => a + b, 0) + s.singles + s.covered;
      expect(total(hidden)).toBe(total(shown));
      await shot(page, 'cyclones');
    });

    it('names Kyiv when the palette takes the map there', async () => {
      await openAt(page, [0, 20], 2);
      await page.keyboard.press('Control+k');
      const palette = page.getByRole('dialog', { name: 'Command palette' });
      await palette.getByRole('combobox', { name: 'Command' }).fill('kyiv');
      await palette
        .getByRole('group', { name: 'Places' })
        .getByRole('option')
        .first()
        .waitFor({ timeout: 30_000 });
      await page.keyboard.press('Enter');
      await expect.poll(() => placeNames(map), { timeout: 30_000 }).toContain('Kyiv');
      const names = await placeNames(map);
      // Kyiv's neighbours by size, not every hamlet: the largest first.
      expect(names[0]).toBe('Kyiv');
      await page.waitForTimeout(500);
      await shot(page, 'kyiv-names');
      // Back at world zoom, the names go.
      await page.getByRole('button', { name: 'World view' }).click();
      await expect.poll(() => placeNames(map), { timeout: 15_000 }).toEqual([]);
      expect(opened.problems).toEqual([]);
    });
  });
}
