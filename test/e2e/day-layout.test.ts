// Issue 25, items 6 and 8, as the analyst's eye meets them at 1280×720 and 1440×900 on both
// profiles (`serve --demo`, its world pinned to DEMO_NOW and seed 1), with the demo's data in
// and every online tool's answer shown:
//   6. nothing scrolls sideways: no landmark (navigation, main, the inspector, the status bar,
//      any region) and no scroll box inside one is wider inside than it shows, in any view;
//   8. a calm first screen: the Layers panel closed on first open; the legend, the coordinates,
//      the scale, the Layers panel (opened) and the time strip never overlap; no empty row under
//      the filter bar; the tool forms' inputs show their whole value.
// Screenshots of every view at each size go to .tmp/artifacts/layout-<profile>-<size>-<view>.png.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_NOW } from '../helpers/demo';
import { goTo, screenshot, stillFrame, useBrowser, useWindow } from '../helpers/e2e';

const browser = useBrowser();

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
] as const;
const PROFILES = ['main', 'alternate'] as const;

// The page's globals, typed as far as the checks below read them (run in the page by
// page.evaluate; the tests' own TypeScript has no DOM library).
interface PageElement {
  tagName: string;
  className: unknown;
  type?: string;
  value?: string;
  name?: string;
  scrollWidth: number;
  clientWidth: number;
  offsetWidth: number;
  selectedOptions?: ArrayLike<{ textContent: string | null }>;
  labels?: ArrayLike<{ firstElementChild: { textContent: string | null } | null }> | null;
  getAttribute(name: string): string | null;
  checkVisibility(options?: object): boolean;
  closest(selector: string): PageElement | null;
  querySelectorAll(selector: string): Iterable<PageElement>;
}
declare const document: {
  querySelectorAll(selector: string): Iterable<PageElement>;
  createElement(tag: 'canvas'): {
    getContext(kind: '2d'): { font: string; measureText(text: string): { width: number } };
  };
};
declare function getComputedStyle(e: PageElement): {
  overflowX: string;
  textOverflow: string;
  display: string;
  fontWeight: string;
  fontSize: string;
  fontFamily: string;
  paddingLeft: string;
  paddingRight: string;
  borderLeftWidth: string;
  borderRightWidth: string;
};

/**
 * In the page: every landmark, and every scroll box inside one, wider inside than it shows; and
 * every box in one that cuts its content short sideways with no sign of it (no ellipsis, no title).
 */
function sideways(): string[] {
  const name = (e: PageElement) => {
    const label = e.getAttribute('aria-label') ?? e.getAttribute('data-testid') ?? '';
    const cls = typeof e.className === 'string' ? e.className.split(' ')[0] : '';
    return `${e.tagName.toLowerCase()}${cls ? '.' + cls : ''}${label ? `[${label}]` : ''}`;
  };
  const landmarks = document.querySelectorAll(
    'nav, main, aside, footer, [role="region"], [role="navigation"], [role="main"], [role="complementary"], [role="contentinfo"], section[aria-label], section[aria-labelledby]',
  );
  const found = new Set<string>();
  for (const landmark of landmarks) {
    if (!landmark.checkVisibility()) continue;
    for (const e of [landmark, ...landmark.querySelectorAll('*')]) {
      if (!e.checkVisibility()) continue;
      // The map's own canvas box (OpenLayers sizes it to the map) is no table or form.
      if (e.closest('.ol-viewport') && e !== landmark) continue;
      if (e.scrollWidth <= e.clientWidth + 1) continue;
      const style = getComputedStyle(e);
      const overflow = style.overflowX;
      if (e === landmark || overflow === 'auto' || overflow === 'scroll')
        found.add(`${name(landmark)} › ${name(e)}: ${e.scrollWidth} > ${e.clientWidth}`);
      // Cut short with no sign: no ellipsis drawn (a flex box draws none) and no title to read it whole.
      else if (
        (overflow === 'hidden' || overflow === 'clip') &&
        e.clientWidth > 8 &&
        !(style.textOverflow === 'ellipsis' && !/flex|grid/.test(style.display)) &&
        e.getAttribute('title') === null
      )
        found.add(`${name(landmark)} › ${name(e)}: cut at ${e.clientWidth} of ${e.scrollWidth} px, no sign`);
    }
  }
  return [...found];
}

/** Waits until the view's content has come: no "Reading…" left in main. */
async function settled(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page
          .getByRole('main')
          .getByText(/^Reading…$/)
          .count(),
      { timeout: 30_000 },
    )
    .toBe(0);
}

/** Runs the view's online tools once each (confirming the spend when asked), so their answers show. */
async function runTools(page: Page): Promise<void> {
  const main = page.getByRole('main');
  const runs = main.getByRole('button', { name: /^Run (?!again)/ });
  const n = await runs.count();
  for (let i = 0; i < n; i++) {
    const run = runs.nth(i);
    if (!(await run.isEnabled())) continue;
    await run.click();
    const spend = page.getByRole('button', { name: 'Spend the tokens' });
    if (await spend.isVisible().catch(() => false)) await spend.click();
    await expect.poll(() => main.getByText('Asking the service…').count(), { timeout: 30_000 }).toBe(0);
  }
}

type Box = { x: number; y: number; width: number; height: number };
/** The pairs of named boxes that overlap (by more than a pixel each way). */
function overlaps(boxes: Record<string, Box | null>): string[] {
  const named = Object.entries(boxes).filter((e): e is [string, Box] => e[1] !== null);
  const found: string[] = [];
  for (const [i, [a, p]] of named.entries())
    for (const [b, q] of named.slice(i + 1)) {
      const w = Math.min(p.x + p.width, q.x + q.width) - Math.max(p.x, q.x);
      const h = Math.min(p.y + p.height, q.y + q.height) - Math.max(p.y, q.y);
      if (w > 1 && h > 1) found.push(`${a} overlaps ${b} (${Math.round(w)}×${Math.round(h)} px)`);
    }
  return found;
}

/** The first match's box, or null when there is none in sight. */
async function boxOf(l: Locator): Promise<Box | null> {
  if ((await l.count()) === 0 || !(await l.first().isVisible())) return null;
  return l.first().boundingBox();
}

/** In the page: the form fields in main that do not show their whole value (name, shown width, needed width). */
function clippedFields(): string[] {
  const canvas = document.createElement('canvas').getContext('2d');
  const out: string[] = [];
  const fields = document.querySelectorAll(
    'main form input:not([type="checkbox"]):not([type="radio"]):not([type="range"]):not([type="file"]), main form select',
  );
  for (const f of fields) {
    if (!f.checkVisibility()) continue;
    const cs = getComputedStyle(f);
    canvas.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const select = f.tagName === 'SELECT';
    // A date shows as the browser writes it (mm/dd/yyyy here), whatever its value's form.
    const text = select
      ? (f.selectedOptions?.[0]?.textContent ?? '')
      : f.type === 'date'
        ? '00/00/0000'
        : (f.value ?? '');
    // The select's arrow, the date's calendar button, the number's spinner.
    const chrome = select || f.type === 'date' ? 24 : f.type === 'number' ? 16 : 0;
    const need =
      canvas.measureText(text).width +
      parseFloat(cs.paddingLeft) +
      parseFloat(cs.paddingRight) +
      parseFloat(cs.borderLeftWidth) +
      parseFloat(cs.borderRightWidth) +
      chrome;
    const label =
      f.getAttribute('aria-label') ?? f.labels?.[0]?.firstElementChild?.textContent?.trim() ?? f.name ?? '';
    if (f.offsetWidth + 0.5 < need)
      out.push(`${label} "${text}": ${f.offsetWidth} px shown, ${Math.ceil(need)} px needed`);
  }
  return out;
}

/** Chooses the first signal with a point: the inspector is filled and the tools take its event. */
async function chooseSignal(page: Page): Promise<void> {
  await goTo(page, 'Signals');
  const rows = page.locator('table.signals-table tbody tr[data-signal-id][data-plottable="true"]');
  await expect.poll(() => rows.count(), { timeout: 90_000 }).toBeGreaterThan(0);
  await rows.first().click();
  await page.getByRole('complementary', { name: 'Inspector' }).getByTestId('signal-detail').waitFor();
}

/** What an analyst gives a tool's form before it can run (a question, hypotheses, a name). */
async function fillForm(page: Page, view: string): Promise<void> {
  const main = page.getByRole('main');
  if (view === 'Analyst') {
    await main.getByRole('textbox', { name: 'Question' }).fill('What changed around the event this week?');
    await main.getByRole('button', { name: 'Use the selected signal' }).click();
  }
  // Discriminators on the main profile says the tool is the alternate profile's: nothing to fill.
  const hypotheses = main.getByRole('textbox', { name: /Hypotheses/ });
  if (view === 'Discriminators' && (await hypotheses.count()) > 0)
    await hypotheses.fill('The strike hit the depot\nThe fire was an accident');
  if (view === 'Registry') await main.getByRole('searchbox', { name: 'Name' }).fill('port');
}

/** The tool views of a profile, whose forms must show their whole value. */
const TOOLS = {
  main: ['Imagery', 'Terrain', 'Analyst', 'Collection', 'Registry'],
  alternate: [
    'Imagery',
    'Terrain',
    'Hotspots',
    'Claims',
    'Discriminators',
    'Analyst',
    'Collection',
    'Registry',
  ],
} as const;

/** What a walk through every view found: boxes scrolling sideways, and tool forms cut short. */
interface Walk {
  sideways: string[];
  forms: string[];
}

/** In a tool view as first met: its fields that do not show their whole value, and a form squeezed. */
async function formsCut(page: Page, view: string): Promise<string[]> {
  if (view === 'Imagery')
    await expect
      .poll(() => page.getByRole('main').getByLabel('Event date').inputValue(), { timeout: 30_000 })
      .not.toBe('');
  const found = (await page.evaluate(clippedFields)).map((f) => `${view}: ${f}`);
  // The form has the room: the side it stands in is no narrow strip beside an empty pane.
  const side = await boxOf(page.locator('main .tool-side').first());
  const main = (await boxOf(page.getByRole('main')))!;
  if (side && side.width < Math.min(420, main.width * 0.45))
    found.push(`${view}: the form is ${Math.round(side.width)} px wide in ${Math.round(main.width)} px`);
  return found;
}

/**
 * Every view in the navigation with a signal chosen (the inspector filled, the tools given its
 * event): each tool form read as first met, then filled and run, and the view checked sideways.
 */
async function walkEveryView(page: Page, profile: (typeof PROFILES)[number], tag: string): Promise<Walk> {
  await chooseSignal(page);
  const views = await page
    .getByRole('navigation', { name: 'Views' })
    .getByRole('link')
    .evaluateAll((links) => links.map((l) => l.querySelector('.nav-label')!.textContent!.trim()));
  const walk: Walk = { sideways: [], forms: [] };
  for (const tool of TOOLS[profile])
    if (!views.includes(tool)) walk.forms.push(`${tool}: not in the navigation`);
  for (const view of views) {
    await goTo(page, view);
    await settled(page);
    if ((TOOLS[profile] as readonly string[]).includes(view))
      walk.forms.push(...(await formsCut(page, view)));
    await fillForm(page, view);
    await runTools(page);
    await settled(page);
    // What the last answer rendered is laid out and still (two frames, no animation running).
    await stillFrame(page);
    const found = await page.evaluate(sideways);
    await screenshot(page, `layout-${tag}-${view.toLowerCase().replace(/\W+/g, '-')}`);
    walk.sideways.push(...found.map((s) => `${view}: ${s}`));
  }
  return walk;
}

/** The Map on the window's first open: the Layers panel closed, nothing overlapping, no empty row. */
async function calmMap(page: Page, tag: string): Promise<void> {
  await goTo(page, 'Map');
  const map = page.getByTestId('map');
  await page.locator('[data-testid="map"][data-rendered="true"]').waitFor({ timeout: 60_000 });
  await page.getByTestId('time-slider').waitFor({ timeout: 60_000 });
  await page.locator('.map-legend').waitFor();

  // The Layers panel is closed on first open.
  const toggle = page.getByRole('button', { name: /^Layers/ });
  expect.soft(await toggle.getAttribute('aria-expanded')).toBe('false');
  if ((await toggle.getAttribute('aria-expanded')) === 'true') await toggle.click();
  expect(await page.getByRole('group', { name: 'Layers' }).count()).toBe(0);

  // The pointer over the map shows its coordinates.
  const m = (await map.boundingBox())!;
  await page.mouse.move(m.x + m.width * 0.4, m.y + m.height * 0.5);
  await expect.poll(() => page.locator('.wf-mouse-position').textContent()).not.toBe('');
  const boxes = async () => ({
    legend: await boxOf(page.locator('.map-legend')),
    coordinates: await boxOf(page.locator('.wf-mouse-position')),
    scale: await boxOf(page.locator('.ol-scale-line')),
    attribution: await boxOf(page.locator('.ol-attribution')),
    'time strip': await boxOf(page.getByTestId('time-slider')),
    'layers toggle': await boxOf(toggle),
  });
  const closed = await boxes();
  expect(closed.legend && closed.coordinates && closed.scale && closed['time strip']).toBeTruthy();
  expect.soft(overlaps(closed)).toEqual([]);

  // Opened, the Layers panel covers none of them, nor the status line.
  await toggle.click();
  const panel = page.getByRole('group', { name: 'Layers' });
  await panel.waitFor();
  await page.mouse.move(m.x + m.width * 0.3, m.y + m.height * 0.6);
  const open = {
    ...(await boxes()),
    'layers toggle': null,
    'layers panel': await boxOf(page.locator('.layer-list')),
    'status line': await boxOf(page.locator('.map-status')),
  };
  await screenshot(page, `layout-${tag}-map-layers-open`);
  expect.soft(overlaps(open)).toEqual([]);

  // No row under the filter bar is empty: its foot is its last shown field's, plus its padding.
  const bar = page.getByRole('group', { name: 'Signal filters' });
  const gap = await bar.evaluate((el) => {
    const shown = [...el.children].filter((c) => c.checkVisibility({ visibilityProperty: true }));
    const foot = Math.max(...shown.map((c) => c.getBoundingClientRect().bottom));
    return el.getBoundingClientRect().bottom - foot;
  });
  expect(gap).toBeLessThanOrEqual(12);
  await toggle.click();
  await page.getByRole('group', { name: 'Layers' }).waitFor({ state: 'detached' });
}

/** A column of Orders widened by its head's edge; a cut cell of Developments read whole on hover. */
async function resizeAndHover(page: Page): Promise<void> {
  await goTo(page, 'Orders');
  const head = page.getByRole('table', { name: 'Standing orders' }).locator('thead th').first();
  await head.waitFor({ timeout: 30_000 });
  const before = (await head.boundingBox())!;
  await page.mouse.move(before.x + before.width - 2, before.y + before.height / 2);
  await page.mouse.down();
  await page.mouse.move(before.x + before.width + 38, before.y + before.height / 2, { steps: 5 });
  await page.mouse.up();
  expect(Math.abs((await head.boundingBox())!.width - (before.width + 40))).toBeLessThanOrEqual(3);

  // Developments cuts its long cells short (one line a row): the cut text is whole on hover.
  await goTo(page, 'Developments');
  const cells = page.locator('table.dev-table tbody td');
  await cells.first().waitFor({ timeout: 30_000 });
  const cut = await cells.evaluateAll((tds) => tds.findIndex((td) => td.scrollWidth > td.clientWidth + 1));
  expect(cut).toBeGreaterThanOrEqual(0);
  const cell = cells.nth(cut);
  await cell.hover();
  const text = (await cell.textContent())!.replace(/\s+/g, ' ').trim();
  await expect.poll(() => cell.getAttribute('title')).toBe(text);
}

for (const profile of PROFILES)
  describe(`layout, ${profile} profile (serve --demo)`, () => {
    const w = useWindow(
      {
        tag: `layout-${profile}`,
        service: 'demo',
        profile,
        env: {
          WATCHFLOOR_DEMO_NOW: DEMO_NOW.toISOString(),
          WATCHFLOOR_DEMO_SEED: '1',
          WATCHFLOOR_CELESTRAK_URL: 'http://127.0.0.1:9/gp.php',
        },
      },
      browser,
    );

    for (const size of SIZES)
      describe(`at ${size.width}×${size.height}`, () => {
        const tag = `${profile}-${size.width}x${size.height}`;
        // One window for the size: the calm first screen is checked first, on its first open;
        // the walk through every view then carries both the sideways check and the tool forms'
        // (each form read before the walk fills it); the column drag comes last.
        let page: Page;
        beforeAll(async () => {
          ({ page } = await w.open({ viewport: size, ready: 90_000 }));
        });
        afterAll(async () => {
          await page?.context().close();
        });
        let walked: Promise<Walk> | undefined;
        const walk = () => (walked ??= walkEveryView(page, profile, tag));

        it(`opens on a calm map at ${size.width}×${size.height}: nothing overlaps, no empty row`, async () => {
          await calmMap(page, tag);
        });

        it(`no landmark or table scrolls sideways in any view at ${size.width}×${size.height}`, async () => {
          expect((await walk()).sideways).toEqual([]);
        });

        it(`gives the tool forms room at ${size.width}×${size.height}: every field shows its whole value`, async () => {
          expect((await walk()).forms).toEqual([]);
        });

        if (size.width === 1280)
          it('resizes a table’s columns by a head’s edge, and shows a cut text whole on hover', async () => {
            await resizeAndHover(page);
          });
      });
  });
