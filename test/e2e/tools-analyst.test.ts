// The Analyst view in a real browser, as an analyst uses it, through `serve --base-url` against
// a demo service this test runs (so it can slow the service and restart serve alone): a fast
// question answered at once (200), a finding selecting its event; the assessment reached from
// the inspector's "Assess…", asking first above a low threshold, a cached answer not charged
// again, and "Search imagery with these parameters" filling the Imagery form with the
// handoff's parameters unchanged; a deep question answered 202, its job polled to done; and a
// job left running by a restart of serve, finished after it by main alone (before any window
// opens). axe finds no serious or critical violation, dark or light. Screenshots go to
// .tmp/artifacts/.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StoredAnswer } from '../../shared/contract';
import { goTo, seriousBothThemes, useWindow } from '../helpers/e2e';

const w = useWindow({
  tag: 'tools-analyst',
  // The service's world at the real clock, so the sync's default window finds its signals.
  service: { demoService: { profile: 'main', signalsPerDay: 20 } },
  shots: 'tools-analyst-',
});
const problems = w.pageErrors;
let page: Page;
beforeAll(async () => {
  ({ page } = await w.open());
});

const shot = (name: string) => w.shot(page, name);
const view = () => page.getByTestId('analyst-view');
const bar = () => page.getByRole('region', { name: 'Run analyst question' });
const historyRows = () => page.getByRole('region', { name: 'Analyst history' }).locator('tbody tr');
const answer = () => page.getByRole('region', { name: 'Analyst answer' });
const polls = () =>
  w.demo.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/api/v1/analyst/'));
const history = async (tool: 'analyst' | 'assess') => (await w.call('tools.history', { tool })).answers;

async function ask(question: string, mode: 'Fast' | 'Deep'): Promise<void> {
  await view().getByRole('textbox', { name: 'Question' }).fill(question);
  await view().getByRole('radio', { name: mode, exact: true }).check();
  await page.getByRole('button', { name: 'Run analyst question' }).click();
}

async function setThreshold(n: number): Promise<void> {
  const threshold = bar().getByLabel('Ask before spending more than (tokens)');
  await threshold.fill(String(n));
  await threshold.press('Enter');
  await expect.poll(async () => (await w.call('tools.wallet')).confirmAbove).toBe(n);
}

describe('Analyst and assessment (serve --base-url, a demo service the test controls)', () => {
  it('answers a fast question at once, and a finding selects its event', async () => {
    await goTo(page, 'Signals');
    const rows = page.locator('table.signals-table tbody tr[data-signal-id]');
    await expect.poll(() => rows.count(), { timeout: 90_000 }).toBeGreaterThan(3);

    await goTo(page, 'Analyst');
    expect(await view().getByTestId('analyst-price').textContent()).toMatch(
      '5–123 tokens (fast), up to 415 (deep)',
    );
    // A fast question's price (at most 123) under this threshold is not asked about.
    await setThreshold(200);
    const question = 'What happened at the port?';
    const before = w.demo.tokens();
    await ask(question, 'Fast');
    await answer().getByTestId('analyst-brief').waitFor({ timeout: 30_000 });
    expect(await answer().getByTestId('analyst-brief').textContent()).toMatch(`Answer to: ${question}`);
    // A 200: no job, charged at once (the demo's 5 + one per character).
    expect(await answer().getByTestId('analyst-job').count()).toBe(0);
    // The window's background sync may spend tokens meanwhile: the question's own charge is
    // the service's record of that call.
    const call = w.demo.requests.filter((r) => r.path === '/api/v1/analyst').at(-1)!;
    const charged = call.charged;
    expect(charged).toBe(5 + question.length);
    expect(before - w.demo.tokens()).toBeGreaterThanOrEqual(charged);
    await expect
      .poll(() => bar().getByTestId('run-outcome').textContent())
      .toMatch(`Charged ${charged} tokens`);
    expect(await historyRows().count()).toBe(1);

    const finding = answer().getByRole('region', { name: 'Findings' }).getByRole('button').first();
    // The finding reads its event's title; its title attribute names the event's id.
    const eventId = (await finding.getAttribute('title'))!.replace(/^Event /, '');
    await finding.click();
    const inspector = page.getByRole('complementary', { name: 'Inspector' });
    await inspector.getByTestId('signal-detail').waitFor({ timeout: 30_000 });
    expect(await inspector.locator('.mono').allTextContents()).toContain(eventId);
    await shot('fast');
  });

  it('assesses the selected signal from the inspector, asking first; a cached answer is not charged', async () => {
    await setThreshold(1);
    await goTo(page, 'Signals');
    await page.locator('table.signals-table tbody tr[data-signal-id]').first().click();
    const inspector = page.getByRole('complementary', { name: 'Inspector' });
    await inspector.getByTestId('signal-detail').waitFor();
    await inspector.getByRole('button', { name: 'Assess…' }).click();
    await page.getByRole('main').getByRole('heading', { level: 1, name: 'Analyst', exact: true }).waitFor();
    const panel = page.getByRole('region', { name: 'Assess an event' });
    expect(await panel.getByLabel('Event id').inputValue()).not.toBe('');

    // The window's background sync may call the service meanwhile: the assessment's own calls
    // and charges are read from the service's record of them.
    const assessCalls = () => w.demo.requests.filter((r) => r.path === '/api/v1/assess');
    const charged = () => assessCalls().reduce((a, r) => a + r.charged, 0);
    const sent = assessCalls().length;
    const before = charged();
    await panel.getByRole('button', { name: 'Run assessment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm spending tokens' });
    expect(await dialog.textContent()).toMatch(/costs 5 tokens, which may be more than your threshold of 1/);
    expect(assessCalls().length).toBe(sent);
    await shot('confirm');
    await dialog.getByRole('button', { name: 'Spend the tokens' }).click();
    const charge = panel.getByTestId('assess-charge');
    await expect.poll(() => charge.textContent(), { timeout: 30_000 }).toBe('Charged 5 tokens.');
    expect(charged() - before).toBe(5);
    expect(await panel.getByTestId('assess-summary').textContent()).toMatch(/^Assessment of /);

    await panel.getByRole('button', { name: 'Run assessment' }).click();
    await dialog.getByRole('button', { name: 'Spend the tokens' }).click();
    await expect
      .poll(() => charge.textContent(), { timeout: 30_000 })
      .toBe('The service had this assessment cached: not charged again.');
    expect(charged() - before).toBe(5);
    expect(await panel.getByRole('region', { name: 'Assessment history' }).locator('tbody tr').count()).toBe(
      2,
    );
    await shot('assessment');
  });

  it('hands the assessment’s imagery parameters to the Imagery form unchanged', async () => {
    const [stored] = (await history('assess')) as StoredAnswer[];
    if (stored?.tool !== 'assess') throw new Error('no stored assessment');
    const p = stored.answer!.context!.imagery_handoff!.parameters!;
    const text = (v: string | number[] | null | undefined) =>
      v == null ? '' : Array.isArray(v) ? v.join(',') : v;
    await page.getByRole('button', { name: 'Search imagery with these parameters' }).click();
    await page.getByRole('main').getByRole('heading', { level: 1, name: 'Imagery', exact: true }).waitFor();
    const imagery = page.getByTestId('imagery-view');
    const value = (label: string) => imagery.getByLabel(label).inputValue();
    await expect.poll(() => value('Event date')).toBe(p.eventDate);
    expect(await value('Box (W,S,E,N)')).toBe(text(p.bbox));
    expect(await value('Event point (lon,lat)')).toBe(text(p.eventPoint));
    expect(await value('Event AOI (W,S,E,N)')).toBe(text(p.eventAoi));
    expect(await value('Event time (ISO 8601)')).toBe(p.eventTimestamp ?? '');
    // The selected signal, read meanwhile, does not overwrite them.
    await page.waitForTimeout(500);
    expect(await value('Event date')).toBe(p.eventDate);
    expect(await value('Box (W,S,E,N)')).toBe(text(p.bbox));
    await shot('handoff');
  });

  it('has no serious or critical accessibility violation on Analyst, dark or light', async () => {
    await goTo(page, 'Analyst');
    await historyRows()
      .first()
      .getByRole('button', { name: /^Show the answer/ })
      .click();
    await answer().getByTestId('analyst-brief').waitFor();
    expect(await seriousBothThemes(page, 'Analyst', { testId: 'analyst-view' })).toEqual([]);
  });

  it('follows a deep question answered 202 as a job polled to done', async () => {
    const sentPolls = polls().length;
    await ask('What changed at the port this week?', 'Deep');
    await page
      .getByRole('dialog', { name: 'Confirm spending tokens' })
      .getByRole('button', { name: 'Spend the tokens' })
      .click();
    const job = answer().getByTestId('analyst-job');
    await job.waitFor({ timeout: 30_000 });
    expect(w.demo.requests.filter((r) => r.path === '/api/v1/analyst' && r.status === 202).length).toBe(1);
    expect(await job.getAttribute('data-status')).toBe('running');
    expect(await job.textContent()).toMatch(/Job running on the service · .* · step 0 of 3/);
    await shot('job-running');
    await expect.poll(() => job.getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
    expect(await job.textContent()).toMatch(/Job finished · .* · step 3 of 3/);
    expect(polls().length - sentPolls).toBe(3);
    expect(await answer().getByTestId('analyst-brief').textContent()).toMatch(
      'Answer to: What changed at the port this week?',
    );
    expect(await historyRows().first().textContent()).toMatch(/deep · .*answered/);
    await shot('job-done');
  });

  it('finishes a job left running by a restart of serve, before any window opens', async () => {
    const question = 'Why did the port close?';
    await ask(question, 'Deep');
    await page
      .getByRole('dialog', { name: 'Confirm spending tokens' })
      .getByRole('button', { name: 'Spend the tokens' })
      .click();
    const job = answer().getByTestId('analyst-job');
    await expect.poll(() => job.getAttribute('data-status'), { timeout: 30_000 }).toBe('running');
    // The service answers slowly from now: no poll can finish the job before serve stops.
    w.demo.setFaults({ latencyMs: 60_000 });
    const [running] = await history('analyst');
    expect(running).toMatchObject({ status: 'running' });
    const jobId = running!.job!.jobId;
    await page.context().close();
    await w.stopServe();
    const pollsBefore = polls().filter((r) => r.path.endsWith(jobId)).length;
    expect(pollsBefore).toBeLessThan(3);

    w.demo.setFaults({});
    await w.restartServe();
    // Main follows the job as soon as the account opens: no window, no call from one.
    await expect
      .poll(() => polls().filter((r) => r.path.endsWith(jobId) && r.status === 200).length, {
        timeout: 30_000,
      })
      .toBeGreaterThanOrEqual(2);
    // Charged once, on completion, as the service stated it (the sync spends tokens meanwhile).
    await expect.poll(async () => (await history('analyst'))[0]?.status, { timeout: 30_000 }).toBe('done');
    expect((await history('analyst'))[0]).toMatchObject({ id: running!.id, charged: 5 + question.length });

    ({ page } = await w.open());
    await goTo(page, 'Analyst');
    await expect
      .poll(() => historyRows().first().textContent(), { timeout: 30_000 })
      .toMatch(/deep · .*answered/);
    await historyRows()
      .first()
      .getByRole('button', { name: /^Show the answer/ })
      .click();
    await answer().getByTestId('analyst-brief').waitFor({ timeout: 30_000 });
    expect(await answer().getByTestId('analyst-brief').textContent()).toMatch(`Answer to: ${question}`);
    expect(await answer().getByTestId('analyst-job').getAttribute('data-status')).toBe('done');
    expect(await answer().textContent()).toMatch(`charged ${5 + question.length} tokens`);
    await shot('after-restart');
    expect(problems).toEqual([]);
  });
});
