// The Decision package view in a real browser, as an analyst on the alternate profile meets it.
// On `serve --demo --profile alternate`: it asks for a watch, picking one shows its package
// (discriminators as a table, negative evidence typed "Could not look" in words and a sign, the
// limitations, the schema version) and says one revision is all the cache holds (the demo
// answers its latest revision and nothing inside serve can advance its world). Against an
// alternate demo service this test can advance: the service publishes a new revision, a sync
// keeps both, and the open window shows what changed between them. Screenshots in .tmp/artifacts/.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_NOW, publishRevision } from '../helpers/demo';
import { goTo, screenshot, useBrowser, useWindow, type E2EWindow } from '../helpers/e2e';

const browser = useBrowser();

/** The window and its own console and page errors (each test closes its own). */
function open(win: E2EWindow) {
  // Generous: on a loaded machine the first load of the bundle alone can take many seconds.
  return win.open({ ready: 90_000 });
}

const shot = (page: Page, name: string) => screenshot(page, `package-${name}`);

const view = (page: Page) => page.getByTestId('package-view');
const picker = (page: Page) => view(page).getByRole('combobox', { name: 'Watch', exact: true });

/** Picks a watch by its name in the view's own picker, once the first sync has listed it. */
async function pickWatch(page: Page, name: string): Promise<void> {
  await expect
    .poll(() => picker(page).locator('option', { hasText: name }).count(), { timeout: 60_000 })
    .toBeGreaterThan(0);
  await picker(page).selectOption({ label: name });
}

describe('Decision package on `serve --demo --profile alternate`', () => {
  const win = useWindow({ tag: 'package-demo', service: 'demo', profile: 'alternate' }, browser);

  it('asks for a watch, then shows its package with could-not-look evidence in words and a sign', async () => {
    const { page, problems } = await open(win);
    await goTo(page, 'Decision package');
    await view(page).getByText('Pick a watch to see its decision package').waitFor();

    // The first watch the cache lists, by the name the service gave it.
    await expect
      .poll(async () => (await win.call('watches.list')).rows.length, {
        timeout: 60_000,
      })
      .toBeGreaterThan(0);
    const watch = (await win.call('watches.list')).rows[0]!;
    const name = watch.record.name ?? watch.id;
    await pickWatch(page, name);

    const table = view(page).getByRole('table', { name: 'Discriminators' });
    await table.waitFor({ timeout: 30_000 });
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Observable',
      'Verdict',
      'Max elimination',
      'Refutes if absent',
    ]);
    expect(await table.locator('tbody tr').count()).toBeGreaterThan(0);

    // The demo's negative evidence is a look cloud prevented: "Could not look", never absence.
    const neg = view(page).getByRole('table', { name: 'Negative evidence' });
    const row = neg.locator('tbody tr', { hasText: 'burn scar' });
    expect((await row.locator('td').first().textContent())?.trim()).toBe('⊘Could not look');
    expect(await row.textContent()).toContain('cloud cover over the site');
    expect(await row.textContent()).toContain('no usable scene');
    expect(await neg.getByText('Looked, absent').count()).toBe(0);

    const facts = view(page).locator('dl.package-facts');
    expect(await facts.locator('.fact:has(> dt:text-is("Schema version")) > dd').textContent()).toBe('1');
    expect(await view(page).getByRole('list', { name: 'Limitations' }).locator('li').count()).toBeGreaterThan(
      0,
    );
    await view(page)
      .getByText(/Only one revision is cached/)
      .waitFor();
    expect(await view(page).getByText('DEMO', { exact: true }).count()).toBeGreaterThan(0);
    await shot(page, 'demo');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('Decision package: a new revision arrives and the two are compared', () => {
  const win = useWindow(
    {
      tag: 'package-live',
      service: { demoService: { profile: 'alternate', now: DEMO_NOW, signalsPerDay: 4 } },
    },
    browser,
  );
  beforeAll(async () => {
    const synced = await win.call('sync.now');
    expect(synced.lastOutcome?.complete).toBe(true);
  });

  it('keeps both revisions and shows what was added, removed and changed', async () => {
    const w = win.demo.world.watches[0]!;
    const { page, problems } = await open(win);
    await goTo(page, 'Decision package');
    await pickWatch(page, w.name);
    await view(page)
      .getByText(/Only one revision is cached/)
      .waitFor({ timeout: 30_000 });

    // The service publishes a new revision: the discriminator's verdict moves, one is added,
    // and a look that found nothing is added to the evidence.
    const first = publishRevision(win.demo, w, 'r-next', (last) => [
      ...last.negative,
      {
        observable: 'oil slick',
        axis: 'sar',
        status: 'absent',
        reason: 'a clear scene',
        source_status: 'ok',
      },
    ]);
    expect((await win.call('sync.now')).lastOutcome?.complete).toBe(true);

    // The open window learns of it from the cache's change, without a reload.
    await view(page).getByText('2 revisions kept').waitFor({ timeout: 30_000 });
    const diff = view(page).getByRole('group', { name: `Changes from ${first.revision} to r-next` });
    await diff.waitFor();
    const disc = diff.getByRole('region', { name: 'Discriminators changes' });
    expect(await disc.locator('li[data-change="added"]').allTextContents()).toEqual([
      '+ Added port AIS traffic ',
    ]);
    const changed = (await disc.locator('li[data-change="changed"]').textContent()) ?? '';
    expect(changed).toContain('verdict: procurable → actionable');
    expect(changed).toContain(
      `max elimination: ${(first.discriminators[0] as { max_elimination: number }).max_elimination} → 4`,
    );
    const ev = diff.getByRole('region', { name: 'Negative evidence changes' });
    const added = (await ev.locator('li[data-change="added"]').textContent()) ?? '';
    expect(added).toContain('oil slick');
    expect(added).toContain('Looked, absent');

    // The latest revision's evidence now holds both kinds, each said in words.
    const neg = view(page).getByRole('table', { name: 'Negative evidence' });
    expect(
      (await neg.locator('tbody tr', { hasText: 'burn scar' }).locator('td').first().textContent())?.trim(),
    ).toBe('⊘Could not look');
    expect(
      (await neg.locator('tbody tr', { hasText: 'oil slick' }).locator('td').first().textContent())?.trim(),
    ).toBe('○Looked, absent');
    await shot(page, 'compare');

    // The older revision is still kept and opens as it was.
    await view(page).getByRole('combobox', { name: 'Revision', exact: true }).selectOption(first.revision);
    await expect
      .poll(() => view(page).getByRole('table', { name: 'Negative evidence' }).locator('tbody tr').count())
      .toBe(first.negative.length);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
