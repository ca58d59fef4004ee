// The e2e suites' one accessibility check: axe (through @axe-core/playwright) on the window as
// shown, counting only serious and critical violations, each named by where it was seen, its
// rule and the elements it hit, so a failing `toEqual([])` says what to fix and where.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export interface AxeScope {
  /** A CSS selector to check only that part of the page (the whole page when absent). */
  include?: string;
  /** Or only the element of this test id (`[data-testid="…"]`). */
  testId?: string;
}

/** How many of a violation's elements are named: enough to find it, short enough to read. */
const TARGETS_NAMED = 4;

/**
 * Waits until what the page last changed is drawn and no transition or fade is running (so
 * colours are measured as shown): two frames, then no finite animation left (at most 2 s; a
 * spinner's endless turn does not count). The page's own globals, as a string: the tests'
 * TypeScript has no DOM library.
 */
export async function stillFrame(page: Page): Promise<void> {
  await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
  await page
    .waitForFunction(
      `document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().activeDuration === Infinity)`,
      undefined,
      { timeout: 2_000 },
    )
    .catch(() => undefined);
}

/** Serious and critical violations only, each as `where: rule (impact) — help — targets`. */
export async function seriousViolations(page: Page, where: string, opts: AxeScope = {}): Promise<string[]> {
  await stillFrame(page);
  // Only the violations are read: axe then spends no time naming every passing node.
  let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  const include = opts.testId ? `[data-testid="${opts.testId}"]` : opts.include;
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${where}: ${v.id} (${v.impact}) — ${v.help} — ${v.nodes
          .slice(0, TARGETS_NAMED)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
}

/** Switches the window's theme with its toggle and waits until the page wears it. */
export async function switchTheme(page: Page, to: 'dark' | 'light'): Promise<void> {
  await page.getByRole('button', { name: `Switch to the ${to} theme` }).click();
  await page.locator(`html[data-theme="${to}"]`).waitFor();
}

/**
 * The same check in the dark theme (the window as it is), then the light one, then back to
 * dark so the suite goes on as it was; each violation says which theme it was seen in.
 */
export async function seriousBothThemes(page: Page, where: string, opts: AxeScope = {}): Promise<string[]> {
  const found = await seriousViolations(page, `${where}, dark`, opts);
  await switchTheme(page, 'light');
  found.push(...(await seriousViolations(page, `${where}, light`, opts)));
  await switchTheme(page, 'dark');
  return found;
}
