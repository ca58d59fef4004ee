// An analyst's day, issue 25 items 3 and 7, on both profiles (serve --demo) at 1280×720 and
// 1440×900:
// - 3: the Categories menu is one filter on Signals and the Map: it offers every category the
//   map draws (measured kinds too), takes two at once without narrowing its list, shows the same
//   choice on both views, and closes on Esc (focus back on its button) and on a click outside;
// - 7: the country-level count follows the time strip and the box; the strip stays when the
//   filters match no point, and its track does not move as its text changes; Developments reads
//   to its last row.
// Every expectation comes from the demo world's own answers (the contract), none from a date.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goTo, mapWithSignals, seriousViolations, useWindow } from '../helpers/e2e';

const VIEWPORTS = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
] as const;
const PROFILES = ['main', 'alternate'] as const;

const words = (v: string) => v.replace(/_/g, ' ');
const num = (text: string | null | undefined) => Number((text ?? '').replace(/,/g, ''));

/** The Categories button of a view's filter bar (whatever element it is). */
const categoriesIn = (scope: Locator) =>
  scope.locator('.filter-bar .choices').first().locator('summary, button.choices-button').first();
/** What a screen reader says of it ("Categories: flood, so2 anomaly"): its label, else its text. */
const nameOf = async (button: Locator) =>
  (await button.getAttribute('aria-label')) ??
  (await button.locator('.visually-hidden').first().textContent())?.trim() ??
  '';
/** The checkboxes of the Categories menu a view shows now. */
const categoryBoxes = (scope: Locator) => scope.locator('.filter-bar .choices').first().getByRole('checkbox');
const openBoxes = async (scope: Locator) => {
  const boxes = categoryBoxes(scope);
  let n = 0;
  for (const b of await boxes.all()) if (await b.isVisible()) n++;
  return n;
};
const boxNames = async (scope: Locator) =>
  (
    await categoryBoxes(scope).evaluateAll((els) => els.map((e) => e.closest('label')?.textContent ?? ''))
  ).map((t) => t.trim());

/** The map's "· N country-level in M countries" (0 when it says none). */
async function countryLevel(page: Page): Promise<number> {
  const text =
    (await page
      .locator('.map-count')
      .textContent()
      .catch(() => '')) ?? '';
  const m = /·\s*([\d,]+)\s+country-level/.exec(text);
  return m ? num(m[1]) : 0;
}

/** On the Map with no search, no filter and the whole time window (what an earlier check left is undone). */
async function resetFilters(page: Page): Promise<void> {
  await goTo(page, 'Map');
  const search = page.getByRole('searchbox', { name: 'Search signals' });
  if (await search.inputValue()) await search.fill('');
  const clear = page.getByRole('button', { name: 'Clear search and filters' }).first();
  // Pressed as a program would (a menu left open must not stand in the way).
  if (await clear.isVisible()) await clear.dispatchEvent('click');
  const all = page.getByRole('button', { name: 'All', exact: true });
  if ((await all.count()) && (await all.isEnabled())) await all.dispatchEvent('click');
}

const pointsDrawn = async (page: Page) =>
  Number(await page.getByTestId('map').getAttribute('data-signal-features'));

for (const profile of PROFILES) {
  describe(`filters and counts agree (${profile} profile, serve --demo)`, () => {
    const w = useWindow({
      tag: `day-filters-${profile}`,
      service: 'demo',
      profile,
      shots: `day-${profile}-`,
    });

    /** Every category the cache holds, read from its signals: all of them must be in the menu. */
    let drawnCategories: string[] = [];
    /** A signal with a point (the box is drawn round it). */
    let placed: { lng: number; lat: number } | undefined;
    let read: Promise<void> | undefined;
    /** What the cache holds once the demo's first sync has filled it (read once). */
    const world = () =>
      (read ??= (async () => {
        // Filled: the demo's first sync has completed (the world stands still: PACE 0).
        await expect
          .poll(async () => (await w.call('sync.status')).lastOutcome?.complete ?? false, {
            timeout: 120_000,
            interval: 250,
          })
          .toBe(true);
        const total = (await w.call('signals.query', { limit: 1 })).total;
        const found = new Set<string>();
        for (let offset = 0; offset < Math.min(total, 60_000); offset += 1000) {
          const { rows } = await w.call('signals.query', { limit: 1000, ...(offset ? { offset } : {}) });
          for (const r of rows) {
            if (r.category) found.add(r.category);
            if (!placed && r.plottable && r.lat !== null && r.lng !== null)
              placed = { lng: r.lng, lat: r.lat };
          }
        }
        drawnCategories = [...found].sort();
        // The list is whole: every cached signal is in one of these categories.
        let counted = 0;
        for (const c of drawnCategories)
          counted += (await w.call('signals.query', { categories: [c], limit: 1 })).total;
        expect(counted).toBe(total);
      })());

    for (const viewport of VIEWPORTS) {
      describe(`at ${viewport.width}×${viewport.height}`, () => {
        let page: Page;
        const tag = `${viewport.width}x${viewport.height}`;
        beforeAll(async () => {
          ({ page } = await w.open({ viewport }));
        });
        afterAll(async () => {
          await page?.context().close();
        });

        it(
          '3: the Signals menu offers every category, measured ones too, and takes two at once',
          { timeout: 240_000 },
          async () => {
            await world();
            expect(drawnCategories.length, 'the demo draws several categories').toBeGreaterThan(3);
            await goTo(page, 'Signals');
            const signals = page.getByTestId('signals-view');
            await expect
              .poll(() => signals.locator('tbody tr').count(), { timeout: 90_000 })
              .toBeGreaterThan(0);
            await categoriesIn(signals).click();
            await expect.poll(() => openBoxes(signals), { timeout: 15_000 }).toBeGreaterThan(0);
            const offered = await boxNames(signals);
            for (const c of drawnCategories) expect(offered, `the menu offers ${c}`).toContain(words(c));
            if (viewport.width === 1280) await w.shot(page, `categories-menu-${tag}`);

            const [a, b] = [drawnCategories[0]!, drawnCategories.at(-1)!];
            await signals.getByRole('checkbox', { name: words(a), exact: true }).check();
            await signals.getByRole('checkbox', { name: words(b), exact: true }).check();
            await expect
              .poll(() => nameOf(categoriesIn(signals)), { timeout: 15_000 })
              .toBe(`Categories: ${words(a)}, ${words(b)}`);
            // Both chosen and the list not narrowed to them.
            await expect.poll(() => boxNames(signals), { timeout: 15_000 }).toEqual(offered);
            expect(await signals.getByRole('checkbox', { name: words(a), exact: true }).isChecked()).toBe(
              true,
            );
            expect(await signals.getByRole('checkbox', { name: words(b), exact: true }).isChecked()).toBe(
              true,
            );
            expect(
              await seriousViolations(page, `Signals, Categories open (${profile}, ${tag})`, {
                include: '[data-testid="signals-view"] .filter-bar',
              }),
            ).toEqual([]);
          },
        );

        it('3: the menu closes on Esc (focus back on its button) and on a click outside', async () => {
          const signals = page.getByTestId('signals-view');
          if ((await openBoxes(signals)) === 0) await categoriesIn(signals).click();
          await expect.poll(() => openBoxes(signals)).toBeGreaterThan(0);
          await signals.getByRole('checkbox').first().focus();
          await page.keyboard.press('Escape');
          await expect.poll(() => openBoxes(signals), { timeout: 5_000 }).toBe(0);
          expect(
            await categoriesIn(signals).evaluate((el) => el === el.ownerDocument.activeElement),
            'focus back on the Categories button',
          ).toBe(true);

          await categoriesIn(signals).click();
          await expect.poll(() => openBoxes(signals)).toBeGreaterThan(0);
          await page.getByRole('main').getByRole('heading', { level: 1 }).click();
          await expect.poll(() => openBoxes(signals), { timeout: 5_000 }).toBe(0);
        });

        it('3: the Map’s menu shows the same choice and the same categories', async () => {
          const chosen = await nameOf(categoriesIn(page.getByTestId('signals-view')));
          await goTo(page, 'Map');
          const header = page.locator('.map-view');
          await expect.poll(() => nameOf(categoriesIn(header))).toBe(chosen);
          await categoriesIn(header).click();
          await expect.poll(() => openBoxes(header), { timeout: 15_000 }).toBeGreaterThan(0);
          const offered = await boxNames(header);
          for (const c of drawnCategories) expect(offered).toContain(words(c));
          await page.keyboard.press('Escape');
          await expect.poll(() => openBoxes(header), { timeout: 5_000 }).toBe(0);
          await page.getByRole('button', { name: 'Clear search and filters' }).first().click();
          await expect.poll(() => nameOf(categoriesIn(header))).toBe('Categories: any');
        });

        it('7: the country-level count follows the time strip', async () => {
          await resetFilters(page);
          const all = (await w.call('signals.countryCounts', {})).countries.reduce((n, c) => n + c.count, 0);
          expect(all, 'the demo has country-level signals').toBeGreaterThan(0);
          await mapWithSignals(page, 90_000);
          await expect.poll(() => countryLevel(page), { timeout: 30_000 }).toBe(all);
          const drawn = await pointsDrawn(page);
          // The end handle to the start of the window: the earliest points only, and the
          // country-level signals of that time only.
          await page.getByRole('slider', { name: 'End of the time range' }).focus();
          await page.keyboard.press('Home');
          await expect.poll(() => pointsDrawn(page), { timeout: 15_000 }).toBeLessThan(drawn);
          await expect.poll(() => countryLevel(page), { timeout: 15_000 }).toBeLessThan(all);
          await page.getByRole('button', { name: 'All', exact: true }).click();
          await expect.poll(() => countryLevel(page), { timeout: 15_000 }).toBe(all);
        });

        it('7: the time strip’s track keeps its place as its text changes, and the text is whole', async () => {
          await resetFilters(page);
          await mapWithSignals(page, 90_000);
          const drawn = await pointsDrawn(page);
          const track = page.locator('.time-track');
          const before = (await track.boundingBox())!;
          await page.getByRole('slider', { name: 'End of the time range' }).focus();
          await page.keyboard.press('Home');
          await expect.poll(() => pointsDrawn(page), { timeout: 15_000 }).toBeLessThan(drawn);
          await page.getByTestId('time-shown').waitFor();
          const after = (await track.boundingBox())!;
          expect(Math.abs(after.x - before.x), 'the track does not move').toBeLessThan(1);
          expect(Math.abs(after.width - before.width), 'the track keeps its width').toBeLessThan(1);
          // Its text is read whole, not cut.
          for (const line of await page.getByTestId('time-range').locator('xpath=.//*').all())
            expect(await line.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
          if (viewport.width === 1280) await w.shot(page, `time-strip-${tag}`);
          // Page Up walks the end out again: the text changes, the track stays.
          await page.keyboard.press('PageUp');
          await page.keyboard.press('PageUp');
          const later = (await track.boundingBox())!;
          expect(Math.abs(later.width - before.width)).toBeLessThan(1);
          await page.getByRole('button', { name: 'All', exact: true }).click();
        });

        it('7: the time strip stays, the same size, when the filters match no point', async () => {
          await resetFilters(page);
          await mapWithSignals(page, 90_000);
          const strip = page.getByTestId('time-slider');
          const before = (await strip.boundingBox())!;
          const map = (await page.getByTestId('map').boundingBox())!;
          const search = page.getByRole('searchbox', { name: 'Search signals' });
          await search.fill('zzqxjw');
          await expect.poll(() => pointsDrawn(page), { timeout: 30_000 }).toBe(0);
          await expect.poll(() => strip.isVisible(), { timeout: 5_000 }).toBe(true);
          const after = (await strip.boundingBox())!;
          expect(Math.abs(after.height - before.height)).toBeLessThan(1);
          expect(Math.abs((await page.getByTestId('map').boundingBox())!.height - map.height)).toBeLessThan(
            1,
          );
          if (viewport.width === 1280) await w.shot(page, `time-strip-empty-${tag}`);
          await search.fill('');
          await expect.poll(() => pointsDrawn(page), { timeout: 30_000 }).toBeGreaterThan(0);
        });

        it('7: the country-level count and shading follow the box', async () => {
          await resetFilters(page);
          const all = (await w.call('signals.countryCounts', {})).countries.reduce((n, c) => n + c.count, 0);
          // A box of 4° round a drawn point: a country or two of the world's.
          await world();
          expect(placed, 'a signal with a point').toBeDefined();
          const { lng: x, lat: y } = placed!;
          const bbox = [
            Math.max(-180, x - 2),
            Math.max(-90, y - 2),
            Math.min(180, x + 2),
            Math.min(90, y + 2),
          ] as [number, number, number, number];
          await page.evaluate((box) => {
            const saved = JSON.parse(localStorage.getItem('watchfloor.view-state') ?? '{}') as {
              state: { filters: Record<string, unknown> };
            };
            saved.state.filters = { ...saved.state.filters, bbox: box };
            localStorage.setItem('watchfloor.view-state', JSON.stringify(saved));
          }, bbox);
          await page.reload();
          await mapWithSignals(page, 90_000);
          await page.getByRole('group', { name: 'Box filter' }).first().waitFor();
          const inBox = (await w.call('signals.countryCounts', { bbox })).countries;
          const expected = inBox.reduce((n, c) => n + c.count, 0);
          expect(expected, 'fewer country-level signals in a 4° box than in the world').toBeLessThan(all);
          await expect.poll(() => countryLevel(page), { timeout: 30_000 }).toBe(expected);
          await page.getByRole('button', { name: 'Remove box filter' }).first().click();
          await expect.poll(() => countryLevel(page), { timeout: 30_000 }).toBe(all);
        });

        it('7: Developments reads to its last row', async () => {
          await goTo(page, 'Developments');
          const view = page.getByTestId('developments-view');
          const rows = view.locator('tbody tr');
          await expect.poll(() => rows.count(), { timeout: 60_000 }).toBeGreaterThan(0);
          const total = (await w.call('developments.list', { limit: 1 })).total;
          const scroller = view.locator('.table-scroll');
          for (let tries = 0; tries < 40; tries++) {
            const shown = await rows.count();
            if (shown >= total) break;
            await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
            // Pressed unless the end's own reading has begun: the button then says "Reading
            // more…" and goes with the last page (a short wait, not Playwright's 30 s for it).
            const more = view.getByRole('button', { name: /^Show [\d,]+ more/ });
            if (await more.isVisible().catch(() => false))
              await more.click({ timeout: 2_000 }).catch(() => undefined);
            // The next page's rows in (at worst 10 s gone; the count below says what came).
            await rows
              .nth(shown)
              .waitFor({ state: 'attached', timeout: 10_000 })
              .catch(() => undefined);
          }
          expect(await rows.count()).toBe(total);
          expect(num(await view.locator('.count .num').first().textContent())).toBe(total);
        });

        it('logged no error', () => {
          expect(w.problems).toEqual([]);
        });
      });
    }
  });
}
