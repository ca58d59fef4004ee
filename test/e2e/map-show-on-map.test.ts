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
import { placement, type Box } from '../helpers/map-placement';

const SMALL = { width: 1280, height: 720 };
const LARGE = { width: 1440, height: 900 };

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
