// The Passes view as a new analyst reads it at 1280×720 (issue 25): the list starts at now, the
// passes of the window that already peaked listed apart under a heading that says why; the
// timeline shades the past; a failed CelesTrak refresh says what happened in words, inside its
// column (no raw URL spilling out); the stale marks draw every glyph they use (the hourglass
// was a missing-glyph box). serve --demo on both profiles, the demo world's seed and clock
// pinned; the passes themselves are predicted from the demo's shipped elements at the machine's
// time (main's clock), so the window asked starts yesterday: it always holds passes already past
// and passes to come. Screenshots: .tmp/artifacts/passes-now-*.png.
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Profile } from '../../shared/contract';
import { artifacts, goTo, seriousViolations, useBrowser, useWindow } from '../helpers/e2e';

/** The rows a passes table lists (renderer/src/features/passes/pass-table.tsx, TABLE_ROWS). */
const TABLE_ROWS = 300;

const SMALL = { width: 1280, height: 720 } as const;
const DAY_MS = 86_400_000;
const browser = useBrowser();

/** A table's peaks (its first column, "YYYY-MM-DD HH:MM:SS" UTC), in ms. */
async function peaks(table: Locator): Promise<number[]> {
  const cells = await table.getByTestId('pass-row').locator('td:first-child').allTextContents();
  return cells.map((c) => Date.parse(`${c.trim().replace(' ', 'T')}Z`));
}

/** What `missingGlyphs` reads of the page (the Node side has no DOM types). */
interface Ctx2D {
  font: string;
  fillStyle: string;
  textBaseline: string;
  clearRect(x: number, y: number, w: number, h: number): void;
  fillText(text: string, x: number, y: number): void;
  getImageData(x: number, y: number, w: number, h: number): { data: { join(sep: string): string } };
}
interface PageElement {
  getClientRects(): { length: number };
}
interface PageDom {
  document: {
    createElement(tag: 'canvas'): {
      width: number;
      height: number;
      getContext(kind: '2d', opts: { willReadFrequently: boolean }): Ctx2D | null;
    };
    createTreeWalker(
      root: unknown,
      show: number,
    ): { nextNode(): { textContent: string | null; parentElement: PageElement | null } | null };
  };
  getComputedStyle(el: PageElement): { fontStyle: string; fontWeight: string; fontFamily: string };
}

/**
 * The characters of `where`'s text that the page draws as the missing-glyph box: each is drawn on
 * a canvas in its element's font and compared with a code point no font has (U+10FFFD, private
 * use), which every browser draws as its .notdef.
 */
function missingGlyphs(where: Locator): Promise<string[]> {
  return where.evaluate((root) => {
    const { document, getComputedStyle } = globalThis as unknown as PageDom;
    const canvas = document.createElement('canvas');
    canvas.width = 48;
    canvas.height = 48;
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    const draw = (ch: string, font: string) => {
      ctx.clearRect(0, 0, 48, 48);
      ctx.font = font;
      ctx.fillStyle = '#000';
      ctx.textBaseline = 'top';
      ctx.fillText(ch, 4, 4);
      return ctx.getImageData(0, 0, 48, 48).data.join(',');
    };
    const missing = new Set<string>();
    // NodeFilter.SHOW_TEXT
    const walker = document.createTreeWalker(root, 4);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || !el.getClientRects().length) continue;
      const style = getComputedStyle(el);
      const font = `${style.fontStyle} ${style.fontWeight} 24px ${style.fontFamily}`;
      const notdef = draw('\u{10FFFD}', font);
      for (const ch of new Set(node.textContent ?? '')) {
        if (ch.charCodeAt(0) < 0x80 || /\s/.test(ch)) continue;
        if (draw(ch, font) === notdef)
          missing.add(`${ch} U+${ch.codePointAt(0)!.toString(16).toUpperCase()}`);
      }
    }
    return [...missing];
  });
}

async function askWindow(page: Page, from: string, days: number): Promise<void> {
  const place = page.getByRole('form', { name: 'Type a place' });
  // Beirut: the demo's elements give passes there every few hours.
  await place.getByLabel('Latitude').fill('33.8938');
  await place.getByLabel('Longitude').fill('35.5018');
  await place.getByRole('button', { name: 'Use this place' }).click();
  await page.getByLabel('Start date (UTC)', { exact: true }).fill(from);
  await page.getByLabel('Days', { exact: true }).fill(String(days));
}

function suite(profile: Profile) {
  describe(`on the ${profile} profile`, () => {
    const w = useWindow(
      {
        tag: `passes-now-${profile}`,
        service: 'demo',
        profile,
        shots: `passes-now-${profile}-`,
        env: {
          // Never CelesTrak from a test: nothing listens here, so a refresh fails.
          WATCHFLOOR_CELESTRAK_URL: 'http://127.0.0.1:9/gp.php',
          WATCHFLOOR_DEMO_SEED: '1',
          WATCHFLOOR_DEMO_NOW: '2026-11-20T12:00:00Z',
        },
        open: { viewport: SMALL },
      },
      browser,
    );

    it('starts the list at now, with the passes already past apart and explained', async () => {
      const page = w.page;
      await goTo(page, 'Passes');
      const asked = Date.now();
      const yesterday = new Date(asked - DAY_MS).toISOString().slice(0, 10);
      await askWindow(page, yesterday, 3);
      const count = page.getByTestId('passes-count');
      await expect.poll(() => count.textContent(), { timeout: 60_000 }).toContain(yesterday);

      // The list: every pass in it is still to come, the first the soonest from now.
      const table = page.getByRole('table', { name: 'Passes', exact: true });
      await expect.poll(async () => (await peaks(table)).length, { timeout: 30_000 }).toBeGreaterThan(3);
      const upcoming = await peaks(table);
      expect(Math.min(...upcoming)).toBeGreaterThanOrEqual(asked - 60_000);
      expect(upcoming[0]).toBe(Math.min(...upcoming));
      expect(await count.textContent()).toMatch(/\d+ to come, \d+ already past \(listed apart\)/);
      // The line that says so, and its stale mark, stay inside their column at 1280×720.
      const column = (await page.locator('.passes-layout .tool-main').boundingBox())!;
      for (const part of [count, page.getByTestId('passes-stale')]) {
        const box = (await part.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(column.x + column.width + 0.5);
      }
      await w.shot(page, 'top');

      // The past: apart, closed, and said why.
      const past = page.getByTestId('passes-past');
      const summary = past.locator('summary');
      expect(await summary.textContent()).toMatch(/^Already past: \d+ passes earlier in the window$/);
      const pastCount = Number(/(\d+)/.exec((await summary.textContent())!)![1]);
      expect(pastCount).toBeGreaterThan(0);
      await summary.click();
      expect(await past.textContent()).toContain(`The window starts at ${yesterday} 00:00 UTC`);
      const pastTable = page.getByRole('table', { name: 'Already past', exact: true });
      const gone = await peaks(pastTable);
      // Late in the day the past holds more than a table's rows: the first ones, and says so.
      expect(gone).toHaveLength(Math.min(pastCount, TABLE_ROWS));
      if (pastCount > TABLE_ROWS)
        expect(await page.getByTestId('passes-past-more').textContent()).toMatch(
          new RegExp(`^Showing the first ${TABLE_ROWS} of ${pastCount} `),
        );
      expect(Math.max(...gone)).toBeLessThanOrEqual(Date.now());
      expect(Math.min(...gone)).toBeGreaterThanOrEqual(Date.parse(`${yesterday}T00:00:00Z`));

      // The timeline shades the past and says so.
      expect(await page.locator('.timeline-past').count()).toBeGreaterThan(0);
      expect(await page.getByTestId('passes-timeline').textContent()).toContain('shaded: already past');
      await w.shot(page, 'list');
      expect(await seriousViolations(page, 'Passes, the past open')).toEqual([]);
    });

    it('draws every glyph of its stale marks (no missing-glyph box)', async () => {
      const page = w.page;
      const stale = page.getByTestId('passes-stale');
      // The demo's elements are from 2026-08-22: stale by the time any test runs.
      await stale.waitFor();
      expect(await stale.textContent()).toContain('STALE ELEMENTS');
      expect(await missingGlyphs(page.getByTestId('passes-view'))).toEqual([]);
      await stale.screenshot({ path: path.join(artifacts, `passes-now-${profile}-stale-mark.png`) });
    });

    it('says a failed CelesTrak refresh in words, inside its column', async () => {
      const page = w.page;
      const side = page.locator('.passes-layout .tool-side');
      await side.getByRole('button', { name: 'Refresh from CelesTrak' }).click();
      const alert = side.getByRole('alert').filter({ hasText: 'Refresh failed' });
      await alert.waitFor({ timeout: 60_000 });
      const text = (await alert.textContent())!;
      // Port 9 is one fetch refuses outright (a blocked port): said so, not "fetch failed".
      expect(text).toMatch(
        /^Refresh failed: CelesTrak \(127\.0\.0\.1:9\) could not be reached: its port is one/,
      );
      expect(text).toContain('The elements in the cache are unchanged.');
      expect(text).not.toMatch(/https?:\/\/|gp\.php|fetch failed/);
      // Inside its column: nothing overflows it, sideways.
      const box = (await alert.boundingBox())!;
      const column = (await side.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(column.x + column.width + 0.5);
      expect(await side.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      await w.shot(page, 'refresh-failed');
      expect(w.pageErrors).toEqual([]);
    });
  });
}

suite('alternate');
suite('main');
