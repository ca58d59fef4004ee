// "Show on map" goes where it is asked (issue 25, item 1), on both profiles (serve --demo) at
// 1280×720 and 1440×900. The window opens on the list the analyst left it on (Watches on the
// alternate profile, Orders on the main one, which has no watches), so the map is made only when
// "Show on map" is pressed; then each record's "Show on map" in the Inspector (a watch's, a
// standing order's, a monitoring area's) must leave the record's box in the middle of the map,
// zoomed so the box shows whole with a margin, clear of the panels over the map (the legend, the
// layer list, the status line), taking a good share of the view: not the world view, where a box
// of a degree is a few pixels, nor anywhere else. Each record's box is away from the one before,
// so the map has to move each time. One serve and one window per profile: every kind of record at
// 1280×720, then the window made 1440×900 and the first record's "Show on map" again.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goTo, seriousViolations, useBrowser, useWindow } from '../helpers/e2e';

const SMALL = { width: 1280, height: 720 };
const LARGE = { width: 1440, height: 900 };

type Box = [number, number, number, number];
type Kind = 'watch' | 'order' | 'area';
interface Shown {
  kind: Kind;
  id: string;
  name: string;
  box: Box;
}

const boxOf = (v: unknown): Box | null =>
  Array.isArray(v) && v.length === 4 && v.every((x) => Number.isFinite(x)) ? (v as Box) : null;
const overlaps = (a: Box, b: Box) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

// Web Mercator, as the map draws: metres from lon/lat, and metres per pixel at a zoom.
const R = 6378137;
const mx = (lon: number) => (lon * Math.PI * R) / 180;
const my = (lat: number) => R * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
const metresPerPixel = (zoom: number) => (2 * Math.PI * R) / 256 / 2 ** zoom;

/** The least margin (px) between the box and the map's edges, and the least share of the view it takes. */
const MARGIN = 20;
const SHARE = 0.4;
/** What stands over the map: the legend and the layer list (or its button), the status line, the strip of buttons, the zoom. */
const OVER_MAP = '.layer-list, .map-legend, .map-status, .map-strip, .map .ol-zoom';

/**
 * Where the box stands in the map as the analyst sees it, from the position the window keeps
 * (saved when the map stops moving) and the map's size: 'fitted', or what is wrong.
 */
async function placement(page: Page, [w, s, e, n]: Box): Promise<string> {
  const at = await page.evaluate(() => {
    const saved = JSON.parse(localStorage.getItem('watchfloor.view-state') ?? '{}') as {
      state?: { map?: { center: [number, number]; zoom: number } };
    };
    return saved.state?.map ?? null;
  });
  const size = await page
    .getByTestId('map')
    .boundingBox()
    .catch(() => null);
  if (!at || !size) return 'no map yet';
  const [lon, lat] = at.center;
  const res = metresPerPixel(at.zoom);
  // The box in the map's pixels, from its top left corner.
  const left = size.width / 2 + (mx(e < w ? w - 360 : w) - mx(lon)) / res;
  const right = size.width / 2 + (mx(e) - mx(lon)) / res;
  const top = size.height / 2 - (my(n) - my(lat)) / res;
  const bottom = size.height / 2 - (my(s) - my(lat)) / res;
  const where = `map at ${lon.toFixed(2)}, ${lat.toFixed(2)} zoom ${at.zoom.toFixed(1)}; box at x ${left.toFixed(0)}…${right.toFixed(0)} of ${size.width.toFixed(0)}, y ${top.toFixed(0)}…${bottom.toFixed(0)} of ${size.height.toFixed(0)}`;
  const inside = Math.min(left, top, size.width - right, size.height - bottom);
  if (inside < MARGIN) return `the box is not whole with a ${MARGIN} px margin (${where})`;
  // In the middle of the view (the part the panels leave clear is a little off the map's centre).
  const [x, y] = [(left + right) / 2 / size.width, (top + bottom) / 2 / size.height];
  if (Math.min(x, y) < 0.2 || Math.max(x, y) > 0.8)
    return `the box is not in the middle of the view (${where})`;
  const share = Math.max((right - left) / size.width, (bottom - top) / size.height);
  if (share < SHARE) return `the box takes ${(share * 100).toFixed(1)}% of the view (${where})`;
  // Nothing over it: the panels and the controls on the map stand clear of the box.
  const over: string[] = [];
  for (const el of await page.locator(OVER_MAP).all()) {
    const r = await el.boundingBox().catch(() => null);
    if (!r || !r.width || !r.height) continue;
    const [l, t] = [r.x - size.x, r.y - size.y];
    if (l < right && left < l + r.width && t < bottom && top < t + r.height)
      over.push(
        `${await el.getAttribute('class')} (x ${l.toFixed(0)}…${(l + r.width).toFixed(0)}, y ${t.toFixed(0)}…${(t + r.height).toFixed(0)})`,
      );
  }
  if (over.length) return `the box is partly under ${over.join(', ')} (${where})`;
  return 'fitted';
}

const PROFILES = [
  { profile: 'main', opensOn: 'orders', kinds: ['order', 'area'] },
  { profile: 'alternate', opensOn: 'watches', kinds: ['watch', 'order', 'area'] },
] as const;

const browser = useBrowser();

for (const { profile, opensOn, kinds } of PROFILES) {
  describe(`Show on map (${profile} profile, serve --demo)`, () => {
    const w = useWindow(
      { tag: `show-on-map-${profile}`, service: 'demo', profile, shots: `show-on-map-${profile}-` },
      browser,
    );

    /** One record of each kind with a box, each box away from the one checked before it. */
    let records: Shown[] | undefined;
    const pick = async (): Promise<Shown[]> => {
      if (records) return records;
      const lists: Record<Kind, Shown[]> = { watch: [], order: [], area: [] };
      await expect
        .poll(
          async () => {
            const [watches, orders, areas] = await Promise.all([
              (kinds as readonly Kind[]).includes('watch') ? w.call('watches.list') : { rows: [] },
              w.call('orders.list'),
              w.call('monitoring.list'),
            ]);
            lists.watch = watches.rows.flatMap((r) => {
              const box = boxOf(r.record.area?.bbox);
              return box
                ? [{ kind: 'watch' as const, id: r.id, name: String(r.record.name ?? ''), box }]
                : [];
            });
            lists.order = orders.rows.flatMap((r) => {
              const box = boxOf(r.record.bbox);
              return box
                ? [{ kind: 'order' as const, id: r.id, name: String(r.record.name ?? ''), box }]
                : [];
            });
            lists.area = areas.rows.flatMap((r) => {
              const box = boxOf(r.record.bbox);
              return box ? [{ kind: 'area' as const, id: r.id, name: String(r.record.name ?? ''), box }] : [];
            });
            return kinds.every((k) => lists[k].length > 0);
          },
          { timeout: 60_000, message: `the demo seeds ${kinds.join(', ')} records with boxes` },
        )
        .toBe(true);
      const chosen: Shown[] = [];
      for (const k of kinds) {
        const before = chosen.at(-1);
        const one = lists[k].find((r) => r.name && (!before || !overlaps(r.box, before.box)));
        expect(one, `a ${k} whose box is away from the ${before?.kind ?? 'world'}'s`).toBeDefined();
        chosen.push(one!);
      }
      return (records = chosen);
    };

    /** Chooses the record's row in its list, then the Inspector's "Show on map". */
    async function showOnMap(page: Page, r: Shown): Promise<void> {
      const row =
        r.kind === 'watch'
          ? page.getByTestId('watches-view').locator(`[data-watch-id="${r.id}"]`)
          : page
              .getByRole('table', { name: r.kind === 'order' ? 'Standing orders' : 'Monitoring areas' })
              .getByTestId(`${r.kind}-row`)
              .filter({ hasText: r.name })
              .first();
      await row.click({ timeout: 30_000 });
      const inspector = page.getByRole('complementary', { name: 'Inspector' });
      await inspector.getByRole('heading', { name: r.name }).waitFor({ timeout: 10_000 });
      await inspector.getByRole('button', { name: 'Show on map' }).click({ timeout: 5_000 });
      await page.getByRole('main').getByRole('heading', { level: 1, name: 'Map', exact: true }).waitFor();
    }

    /** The record's "Show on map", from its list; the map must end fitted to its box. */
    async function check(page: Page, r: Shown): Promise<void> {
      await goTo(page, r.kind === 'watch' ? 'Watches' : 'Orders');
      await showOnMap(page, r);
      const { width, height } = page.viewportSize()!;
      await expect
        .poll(() => placement(page, r.box), {
          timeout: 10_000,
          message: `${profile} ${width}×${height}: "Show on map" for the ${r.kind} "${r.name}" [${r.box.join(', ')}]`,
        })
        .toBe('fitted');
    }

    let page: Page;
    beforeAll(async () => {
      // The window reopens where the analyst left it: on a list, the map not made yet.
      ({ page } = await w.open({ viewport: SMALL, viewState: { view: opensOn } }));
    });
    afterAll(async () => {
      await page?.context().close();
    });

    it(
      `at 1280×720: fits the box of ${kinds.map((k) => `a${k === 'watch' ? '' : 'n'} ${k}`).join(', then ')}, the map made by the first`,
      { timeout: 120_000 },
      async () => {
        for (const [i, r] of (await pick()).entries()) {
          if (i === 0) expect(await page.getByTestId('map').count(), 'no map made before').toBe(0);
          await check(page, r);
          await w.shot(page, r.kind);
          if (r.kind === 'area')
            expect(
              await seriousViolations(page, `${profile}: the area's inspector`, { testId: 'inspector' }),
            ).toEqual([]);
        }
      },
    );

    // The order, checked before the area, whose box is away from the area's where the map now is.
    it('at 1440×900 (the window made larger): fits the order’s box again', async () => {
      await page.setViewportSize(LARGE);
      await check(
        page,
        (await pick()).find((r) => r.kind === 'order')!,
      );
    });

    it('shows no error in the page', () => {
      expect(w.problems).toEqual([]);
    });
  });
}
