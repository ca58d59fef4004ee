// The palette finds places, signals by their words, watches and orders, not only commands
// (issue 25, item 10), at 1280×720 on both profiles: "kyiv" lists Kyiv from the offline
// gazetteer and the map goes there; a word of a signal's title lists the signal and choosing
// it shows it in the inspector; a watch is found by its name (alternate); "pass" lists the
// Passes view first and not Terrain or Map. Screenshots go to .tmp/artifacts/.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { goTo, seriousViolations, useBrowser, useWindow } from '../helpers/e2e';

const browser = useBrowser();
const VIEWPORT = { width: 1280, height: 720 };

async function openPalette(page: Page, text: string) {
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.waitFor();
  await palette.getByRole('combobox', { name: 'Command' }).fill(text);
  return palette;
}

/** Where the map is, as the window keeps it (the view state it saves). */
const mapAt = (page: Page) =>
  page.evaluate(() => {
    const saved = JSON.parse(localStorage.getItem('watchfloor.view-state') ?? '{}') as {
      state?: { map?: { center: [number, number]; zoom: number } };
    };
    return saved.state?.map ?? null;
  });

describe.each(['main', 'alternate'] as const)('The palette on the %s profile (serve --demo)', (profile) => {
  const w = useWindow(
    {
      tag: `palette-${profile}`,
      service: 'demo',
      profile,
      shots: `palette-${profile}-`,
      open: { viewport: VIEWPORT },
    },
    browser,
  );
  let page: Page;
  beforeAll(async () => {
    page = w.page;
    await goTo(page, 'Signals');
    await page.locator('table.signals-table tbody tr[data-signal-id]').nth(3).waitFor({ timeout: 90_000 });
  });

  it('finds a place and sends the map there', async () => {
    const palette = await openPalette(page, 'kyiv');
    const places = palette.getByRole('group', { name: 'Places' });
    const first = places.getByRole('option').first();
    await first.waitFor({ timeout: 30_000 });
    expect(await first.textContent()).toMatch(/^Kyiv · Ukraine · [\d,]+ people$/);
    expect(await seriousViolations(page, 'palette, dark', { include: '.palette-content' })).toEqual([]);
    await w.shot(page, 'kyiv');
    await page.keyboard.press('Enter');
    await page.getByRole('main').getByRole('heading', { level: 1, name: 'Map', exact: true }).waitFor();
    await expect
      .poll(
        async () => {
          const at = await mapAt(page);
          return (
            at && [
              Math.round(at.center[0] * 10) / 10,
              Math.round(at.center[1] * 10) / 10,
              Math.round(at.zoom),
            ]
          );
        },
        { timeout: 15_000 },
      )
      .toEqual([30.5, 50.5, 9]);
    await w.shot(page, 'kyiv-map');
  });

  it('finds a signal by a word of its title and shows it in the inspector', async () => {
    await goTo(page, 'Signals');
    const row = page.locator('table.signals-table tbody tr[data-signal-id]').nth(2);
    const id = (await row.getAttribute('data-signal-id'))!;
    const title = (await row.locator('td').nth(2).textContent())!.replace('RETRACTED', '').trim();
    const word = title
      .split(/[^\p{L}]+/u)
      .filter((x) => x.length >= 4)
      .sort((a, b) => b.length - a.length)[0]!;
    const palette = await openPalette(page, word);
    const option = palette
      .getByRole('group', { name: 'Signals' })
      .getByRole('option')
      .filter({ hasText: title });
    await option.first().waitFor({ timeout: 30_000 });
    await option.first().click();
    await page
      .getByRole('complementary', { name: 'Inspector' })
      .locator(`[data-testid="signal-detail"][data-signal-id="${id}"]`)
      .waitFor({ timeout: 30_000 });
  });

  it('names the Passes view first for "pass", and not Terrain or Map', async () => {
    const palette = await openPalette(page, 'pass');
    const options = palette.getByRole('option');
    await options.first().waitFor();
    const names = await options.allTextContents();
    expect(names[0]).toMatch(/^Go to Passes/);
    expect(names.filter((n) => /Go to (Terrain|Map)/.test(n))).toEqual([]);
    await page.keyboard.press('Escape');
  });

  // Watches are the alternate profile's (the main profile has none).
  if (profile === 'alternate')
    it('finds a watch by its name and opens it', async () => {
      await goTo(page, 'Watches');
      const first = page.getByTestId('watches-view').locator('[data-watch-id]').first();
      await first.waitFor({ timeout: 30_000 });
      await goTo(page, 'Map');
      const watches = await w.call('watches.list');
      const named = watches.rows.find((r) => (r.record.name ?? '').length > 4)!;
      const name = named.record.name!;
      const palette = await openPalette(page, name.slice(0, Math.min(12, name.length)));
      const option = palette
        .getByRole('group', { name: 'Watches' })
        .getByRole('option')
        .filter({ hasText: name });
      await option.first().click();
      await page.getByRole('main').getByRole('heading', { level: 1, name: 'Watches', exact: true }).waitFor();
      await expect.poll(() => page.locator('#watch-detail-title').textContent()).toBe(name);
      expect(w.problems).toEqual([]);
    });
});
