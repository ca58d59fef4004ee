// The Watches view in a real browser through `watchfloor serve --demo --profile alternate`, as
// an analyst on that service works it: the four buckets with counts equal to the cached
// watches' buckets, a watch's detail opened, a note added (pending, then sent), the watch
// renamed and paused, and its decision package opened. Screenshots go to .tmp/artifacts/.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addWatchNote,
  goTo,
  screenshot,
  seriousViolations as axeCheck,
  switchTheme,
  useBrowser,
  useWindow,
  WATCH_BUCKETS,
} from '../helpers/e2e';

const browser = useBrowser();
const w = useWindow(
  { tag: 'watches', service: 'demo', profile: 'alternate', shots: 'watches-', open: true },
  browser,
);
const problems = w.problems;
const call = w.call;
let page: Page;

beforeAll(async () => {
  page = w.page;
  // The demo's first sync brings the watches.
  const until = Date.now() + 60_000;
  while ((await call('watches.list')).rows.length === 0) {
    if (Date.now() > until) throw new Error('the demo sync brought no watches in 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
});

const shot = (name: string) => w.shot(page, name);
const detail = () => page.getByTestId('watch-detail');

/** Serious and critical axe violations in the view as shown (test/helpers/axe.ts). */
const seriousViolations = (where: string) => axeCheck(page, where, { include: 'main' });

describe('Watches (serve --demo --profile alternate)', () => {
  it('shows the four buckets with counts equal to the cached watches’ buckets', async () => {
    await goTo(page, 'Watches');
    const cached = (await call('watches.list')).rows;
    for (const [bucket, label] of WATCH_BUCKETS) {
      const want = cached.filter((r) => r.record.bucket === bucket);
      const region = page.getByRole('region', { name: new RegExp(`^${label}`) });
      // The window refreshes when the sync run ends (its cache.changed push), after the watches are stored.
      await expect
        .poll(() => region.locator('.bucket-count').textContent(), { timeout: 60_000 })
        .toBe(String(want.length));
      expect(
        (
          await region
            .locator('.watch-item')
            .evaluateAll((els) => els.map((e) => e.getAttribute('data-watch-id')))
        ).sort(),
      ).toEqual(want.map((r) => r.id).sort());
    }
    await shot('buckets-dark');
  });

  it('opens a watch’s detail with what its cached record carries', async () => {
    const first = page
      .getByRole('region', { name: /^Needs attention/ })
      .locator('.watch-item')
      .first();
    const id = (await first.getAttribute('data-watch-id'))!;
    await first.click();
    const cached = (await call('watches.get', { watchId: id })).watch!.record;
    await detail().getByRole('heading', { level: 2, name: cached.name!, exact: true }).waitFor();
    const measurements = detail().getByRole('region', { name: 'Measurements' });
    for (const m of cached.measurements ?? [])
      await measurements.getByRole('row', { name: new RegExp(m.metric!.replace(/_/g, ' ')) }).waitFor();
    if (cached.latest_change?.summary)
      await detail()
        .getByRole('region', { name: 'Latest change' })
        .getByText(cached.latest_change.summary)
        .waitFor();
    await shot('detail-dark');
  });

  it('adds a note: pending, then sent, with its two judgments apart', async () => {
    await addWatchNote(detail(), {
      title: 'Port status',
      text: 'Cranes idle on two passes.',
      confidence: 'moderate',
      likelihood: /^likely \/ probable/,
    });
    const status = detail().locator('.watch-notes').getByRole('status');
    await expect
      .poll(() => status.textContent(), { timeout: 30_000 })
      .toMatch(/Note.*(PENDING|sent to the service)/);
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toContain('sent to the service');
    const note = detail().getByRole('article', { name: 'Port status' });
    await expect.poll(() => note.getAttribute('data-state'), { timeout: 30_000 }).toBe('sent');
    expect(await note.textContent()).toContain('moderate');
    expect(await note.textContent()).toContain('likely (55–80 %)');
    await shot('note-sent-dark');
    expect(await seriousViolations('watch detail, dark')).toEqual([]);
  });

  it('renames and pauses the watch through the outbox', async () => {
    await detail().getByRole('button', { name: 'Rename' }).click();
    const rename = detail().getByRole('form', { name: 'Rename watch' });
    await rename.getByRole('textbox', { name: 'Name' }).fill('Port of interest');
    await rename.getByRole('button', { name: 'Save name' }).click();
    await detail().getByRole('heading', { level: 2, name: 'Port of interest' }).waitFor();
    await page
      .getByRole('region', { name: /^Needs attention/ })
      .getByRole('button', { name: /Port of interest/ })
      .waitFor();

    await detail().getByRole('button', { name: 'Pause' }).click();
    await detail().getByRole('button', { name: 'Resume' }).waitFor({ timeout: 30_000 });
    const statuses = detail().locator('.watch-actions').getByRole('status');
    await expect.poll(() => detail().getByTestId('watch-status').textContent()).toBe('paused');
    await expect
      .poll(async () => (await statuses.allTextContents()).every((t) => t.includes('sent to the service')), {
        timeout: 30_000,
      })
      .toBe(true);
    const id = (await page.locator('.watch-item[aria-current="true"]').getAttribute('data-watch-id'))!;
    await expect
      .poll(async () => (await call('watches.get', { watchId: id })).watch?.pending, { timeout: 30_000 })
      .toBe(false);
    const cached = (await call('watches.get', { watchId: id })).watch!.record;
    expect(cached.name).toBe('Port of interest');
    expect(cached.status).toBe('paused');
    await shot('renamed-paused-dark');
    await switchTheme(page, 'light');
    await shot('renamed-paused-light');
    expect(await seriousViolations('watch detail, light')).toEqual([]);
    await switchTheme(page, 'dark');
  });

  it('opens the watch’s decision package', async () => {
    await detail().getByRole('button', { name: 'Decision package' }).click();
    await page.getByRole('main').getByRole('heading', { level: 1, name: 'Decision package' }).waitFor();
    expect(problems).toEqual([]);
  });
});

describe('Watches on the main profile (serve --demo)', () => {
  const main = useWindow({ tag: 'watches-main', service: 'demo' }, browser);

  it('says plainly its service has no watches, and keeps notes local-only', async () => {
    const { context: ctx, page: p, pageErrors: errors } = await main.open();
    await goTo(p, 'Watches');
    await p.getByText('This service has no watches').waitFor();
    const notes = p.getByRole('region', { name: 'Local notes' });
    await notes.getByText('LOCAL-ONLY').first().waitFor();
    expect(await notes.getByRole('form').count()).toBe(0);
    await screenshot(p, 'watches-main-profile-dark');
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
