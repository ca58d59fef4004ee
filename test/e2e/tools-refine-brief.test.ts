// Refine location and brief periods (issue 14) in a real browser, as an analyst uses them,
// each through `serve --base-url` against a demo service this test runs (so it can read what
// the service charged, change the plan and stop it). Alternate profile: a signal not yet
// pinpointed, refined from the inspector (priced 3–29 tokens, asked first above the threshold),
// shows the place before and after, the evidence and the charge the service made; a pinpointed
// one is not improved and charges nothing. Main profile: a weekly brief asked of the service
// answers the week on the demo's default plan, a plan without it answers the daily brief and
// the view says so in the service's terms with the periods offered; both are in the history and
// readable with the service stopped, after a reload. axe finds no serious or critical violation
// on the Brief view and on the inspector with the refine panel open. Screenshots go to
// .tmp/artifacts/.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { goTo, screenshot, seriousBothThemes, useBrowser, useWindow, waitReady } from '../helpers/e2e';

const browser = useBrowser();

const shot = (page: Page, name: string) => screenshot(page, `tools-refine-brief-${name}`);

/** "locality · ±5 km · centroid" → metres (5000); null when not given. */
function metres(place: string | null): number | null {
  const m = /±([\d.]+) (m|km)/.exec(place ?? '');
  return m ? Number(m[1]) * (m[2] === 'km' ? 1000 : 1) : null;
}

describe('Refine location, alternate profile (serve --base-url, a demo service the test reads)', () => {
  const w = useWindow(
    {
      tag: 'tools-refine',
      // The service's world at the real clock, so the sync's default window finds its signals.
      service: { demoService: { profile: 'alternate', signalsPerDay: 20 } },
      open: true,
    },
    browser,
  );
  const problems = w.pageErrors;
  const inspector = () => w.page.getByRole('complementary', { name: 'Inspector' });
  const panel = () => inspector().getByRole('region', { name: 'Refine location', exact: true });
  const bar = () => panel().getByRole('region', { name: 'Run refine location' });
  const refineRequests = () =>
    w.demo.requests.filter((r) => /^\/api\/v1\/signals\/\d+\/refine-location$/.test(r.path));
  let listed: number[] = [];
  let pinpointed: number | undefined;

  async function select(id: number): Promise<void> {
    await goTo(w.page, 'Signals');
    await w.page.locator(`table.signals-table tbody tr[data-signal-id="${id}"]`).click();
    // The detail of this signal, not the one selected before it (still shown for a moment).
    await inspector()
      .locator(`[data-testid="signal-detail"][data-signal-id="${id}"]`)
      .waitFor({ timeout: 30_000 });
    await panel().waitFor();
  }

  /** Runs the refinement of the selected signal, spending the tokens when asked first. */
  async function refine(): Promise<void> {
    const sent = refineRequests().length;
    await bar().getByRole('button', { name: 'Run refine location' }).click();
    const dialog = w.page.getByRole('dialog', { name: 'Confirm spending tokens' });
    // Up to 29 tokens is above the default threshold (10): it asks first, before any call.
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(
      /costs 3–29 tokens.*which may be more than your threshold of 10/,
    );
    expect(refineRequests().length).toBe(sent);
    await dialog.getByRole('button', { name: 'Spend the tokens' }).click();
  }

  beforeAll(async () => {
    await goTo(w.page, 'Signals');
    const rows = w.page.locator('table.signals-table tbody tr[data-signal-id]');
    await rows.nth(3).waitFor({ timeout: 90_000 });
    listed = (await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-signal-id')))).map(Number);
    pinpointed = listed.find((n) => w.demo.world.byInt(n)?.stage === 'pinpointed');
  });

  it('refines a signal not yet pinpointed: before and after, the evidence, and what the service charged', async () => {
    // The alternate records carry no stage: the demo's world says which one is placed at a town
    // whose sources name a facility (a finer place to find).
    const id = listed.find((n) => {
      const e = w.demo.world.byInt(n);
      return e?.stage === 'localized' && w.demo.world.canRefineLocation(e);
    });
    expect(id).toBeDefined();
    await select(id!);
    expect(await bar().getByTestId('cost-line').textContent()).toMatch(
      /^Costs: 3–29 tokens \(0 when the location is not improved\) · /,
    );
    expect(await panel().textContent()).toMatch(
      'Charged only if the location improves; nothing when it does not.',
    );
    expect(await panel().getByTestId('refine-answer').count()).toBe(0);
    expect(await seriousBothThemes(w.page, 'refine-location', { testId: 'refine-location' })).toEqual([]);

    const asked = refineRequests().length;
    await refine();
    const answer = panel().getByTestId('refine-answer');
    await answer.waitFor({ timeout: 30_000 });
    expect(refineRequests().length).toBe(asked + 1);
    const request = refineRequests().at(-1)!;
    expect(request).toMatchObject({
      method: 'POST',
      path: `/api/v1/signals/${id}/refine-location`,
      status: 200,
    });
    // What the service charged, as it counted it and as the view shows it.
    expect(request.charged).toBeGreaterThanOrEqual(3);
    expect(request.charged).toBeLessThanOrEqual(29);
    expect(await answer.getAttribute('data-improved')).toBe('true');
    expect(await answer.textContent()).toMatch('Located more precisely');
    expect(await answer.getByTestId('refine-charged').textContent()).toBe(
      `${request.charged} tokens (at most 29)`,
    );
    await expect
      .poll(() => bar().getByTestId('run-outcome').textContent())
      .toMatch(new RegExp(`^Charged ${request.charged} tokens`));

    const was = await answer.getByTestId('refine-before').textContent();
    const now = await answer.getByTestId('refine-after').textContent();
    expect(was).toMatch(/^locality · ±/);
    expect(now).toMatch(/^facility · ±/);
    expect(metres(now)!).toBeLessThan(metres(was)!);
    const evidence = answer.getByRole('list', { name: 'Evidence' }).getByRole('listitem');
    expect(await evidence.count()).toBeGreaterThan(0);
    // The facility the sources named, where the event now stands.
    expect(await evidence.first().textContent()).toMatch(
      `“${w.demo.world.byInt(id!)!.facility!.name}” named by`,
    );
    expect(await evidence.first().textContent()).toMatch(`/news/${id}`);
    expect(await seriousBothThemes(w.page, 'refine-location', { testId: 'refine-location' })).toEqual([]);
    await shot(w.page, 'improved');
  });

  it('does not improve a pinpointed signal, and charges nothing for it', async () => {
    // Pinpointed before any refinement: the signal refined above is pinpointed now, with its
    // answer stored, and may come first in the list.
    const id = pinpointed;
    expect(id).toBeDefined();
    await select(id!);
    expect(await panel().getByTestId('refine-answer').count()).toBe(0);
    // The first signal's outcome is not shown as this one's.
    expect(await bar().getByTestId('run-outcome').textContent()).toBe('');
    await refine();
    const answer = panel().getByTestId('refine-answer');
    await answer.waitFor({ timeout: 30_000 });
    expect(refineRequests().at(-1)).toMatchObject({
      path: `/api/v1/signals/${id}/refine-location`,
      status: 200,
      charged: 0,
    });
    expect(await answer.getAttribute('data-improved')).toBe('false');
    expect(await answer.textContent()).toMatch(/Not improved/);
    expect(await answer.getByTestId('refine-charged').textContent()).toBe('0 tokens (at most 29)');
    expect(await answer.getByTestId('refine-before').textContent()).toBe(
      await answer.getByTestId('refine-after').textContent(),
    );
    expect(await answer.getByRole('list', { name: 'Evidence' }).count()).toBe(0);
    expect(await answer.textContent()).toMatch('No evidence of a finer place.');
    await expect.poll(() => bar().getByTestId('run-outcome').textContent()).toMatch(/^Charged 0 tokens · /);
    await shot(w.page, 'not-improved');
    expect(problems).toEqual([]);
  });
});

describe('Brief periods, main profile (serve --base-url, a demo service the test can stop)', () => {
  const w = useWindow(
    { tag: 'tools-brief', service: { demoService: { profile: 'main', signalsPerDay: 20 } }, open: true },
    browser,
  );
  const problems = w.pageErrors;
  const view = () => w.page.getByTestId('brief-view');
  const periods = () => view().getByRole('group', { name: 'Brief period' });
  const historyRows = () => w.page.getByRole('region', { name: 'Brief history' }).locator('tbody tr');
  const asked = () => view().getByRole('region', { name: 'Asked brief' });
  // The sync asks its daily brief (no period) meanwhile: only the periods asked here count.
  const briefRequests = (period: string) =>
    w.demo.requests.filter((r) => r.path === '/api/v1/brief' && r.query.period === period);

  it('asks the weekly brief for free; the default plan answers the week', async () => {
    await goTo(w.page, 'Brief');
    await periods().getByRole('button', { name: 'weekly', exact: true }).click();
    const bar = w.page.getByRole('region', { name: 'Run weekly brief' });
    await expect
      .poll(() => bar.getByTestId('cost-line').textContent(), { timeout: 30_000 })
      .toMatch(/^Costs: free · /);
    await bar.getByRole('button', { name: 'Run weekly brief' }).click();
    await asked().waitFor({ timeout: 30_000 });
    // Free: the service charged nothing for it (the sync's own calls are charged meanwhile).
    expect(briefRequests('weekly')).toHaveLength(1);
    expect(briefRequests('weekly')[0]).toMatchObject({
      method: 'GET',
      status: 200,
      charged: 0,
    });
    const period = await asked().getByTestId('brief-period').textContent();
    // Seven days, start → end.
    const [, start, end] =
      /^weekly brief · (\d{4}-\d{2}-\d{2}) → (\d{4}-\d{2}-\d{2})/.exec(period ?? '') ?? [];
    expect(start).toBeDefined();
    expect((Date.parse(end!) - Date.parse(start!)) / 86_400_000).toBe(6);
    expect(await asked().getByTestId('brief-plan-refusal').count()).toBe(0);
    expect(await asked().getByRole('heading', { level: 2 }).textContent()).not.toBe('');
    expect(await asked().getByTestId('brief-available').textContent()).toBe(`${start} → ${end}`);
    await expect.poll(() => historyRows().count()).toBe(1);
    expect(await historyRows().first().textContent()).toMatch('weekly');
    expect(await seriousBothThemes(w.page, 'brief-view', { testId: 'brief-view' })).toEqual([]);
    await shot(w.page, 'weekly');
  });

  it('on a plan without it, the monthly brief answers the daily one and says so with the periods offered', async () => {
    w.demo.setPlan('free');
    await periods().getByRole('button', { name: 'monthly', exact: true }).click();
    await w.page.getByRole('button', { name: 'Run monthly brief' }).click();
    const refusal = asked().getByTestId('brief-plan-refusal');
    await refusal.waitFor({ timeout: 30_000 });
    expect(briefRequests('monthly')).toHaveLength(1);
    expect(briefRequests('monthly')[0]).toMatchObject({ method: 'GET', status: 200, charged: 0 });
    expect(await refusal.textContent()).toBe(
      'Your plan does not include the monthly brief: the service answered the daily one. The monthly brief needs the analyst or pro plan.',
    );
    // What was answered is the daily brief, one day, and the periods the service offers.
    const [, start, end] =
      /^daily brief · (\d{4}-\d{2}-\d{2}) → (\d{4}-\d{2}-\d{2})/.exec(
        (await asked().getByTestId('brief-period').textContent()) ?? '',
      ) ?? [];
    expect(start).toBeDefined();
    expect(end).toBe(start);
    expect(await asked().getByRole('region', { name: 'Available periods' }).textContent()).toMatch(
      `${start} → ${end}`,
    );
    await expect.poll(() => historyRows().count()).toBe(2);
    expect(await historyRows().first().textContent()).toMatch('monthly');
    expect(await seriousBothThemes(w.page, 'brief-view', { testId: 'brief-view' })).toEqual([]);
    await shot(w.page, 'monthly-refused');
  });

  it('reads both asked briefs from the history with the service stopped, after a reload too', async () => {
    await w.demo.close();
    await w.page.reload();
    await waitReady(w.page);
    await goTo(w.page, 'Brief');
    await expect.poll(() => historyRows().count(), { timeout: 30_000 }).toBe(2);
    await historyRows()
      .last()
      .getByRole('button', { name: /^Show the answer/ })
      .click();
    await asked().waitFor({ timeout: 30_000 });
    // The kit's head of an asked answer: the request in one line, then what it charged.
    expect(await asked().textContent()).toMatch('weekly · charged nothing');
    expect(await asked().getByTestId('brief-period').textContent()).toMatch(/^weekly brief · /);
    expect(await asked().locator('.mark-cached').textContent()).toMatch(
      /asked \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/,
    );

    await historyRows()
      .first()
      .getByRole('button', { name: /^Show the answer/ })
      .click();
    await expect.poll(() => asked().textContent()).toMatch('monthly · charged nothing');
    expect(await asked().getByTestId('brief-plan-refusal').textContent()).toMatch(
      'Your plan does not include the monthly brief',
    );
    await shot(w.page, 'offline');
    expect(problems).toEqual([]);
  });
});
