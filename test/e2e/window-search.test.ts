// A search typed in the window finds what `watchfloor signals --q` finds in the same cache:
// the window of `watchfloor serve --demo` and the command line read one demo cache (the same
// HOME), and the service's q rules (shared/q.ts: every word, "a phrase" in order, -word left
// out) narrow both alike. Screenshots go to .tmp/artifacts/.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { runWatchfloor } from '../helpers/cli';
import { goTo, screenshot, useWindow } from '../helpers/e2e';

// The command line reads the serve's cache: the same HOME and per-user folder, no other cache.
const win = useWindow({
  tag: 'window-search',
  service: 'demo',
  env: { WATCHFLOOR_DB: undefined },
  open: true,
});
const problems = win.problems;
let page: Page;

beforeAll(async () => {
  page = win.page;
  // The first sync fills the cache; until it has finished the two could read different states.
  await goTo(page, 'Status');
  await page
    .getByTestId('sync-state')
    .filter({ hasText: /^Last run [^(]*·/ })
    .waitFor({ timeout: 90_000 });
});

interface CliSignal {
  id: string | number;
  title?: string;
  location?: string;
}

/** `watchfloor signals --demo --q Q` on the serve's cache: the ids it lists. */
async function cliIds(q: string): Promise<string[]> {
  const run = await runWatchfloor(['signals', '--demo', '--q', q, '--format', 'json'], { env: win.env });
  expect(run.code, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as CliSignal[]).map((s) => String(s.id));
}

const search = () => page.getByRole('searchbox', { name: 'Search signals' });
const bodyRows = () => page.locator('table.signals-table tbody tr[data-signal-id]');
/** The table's total ("N signals", or "N of TOTAL signals" past the first rows). */
async function windowTotal(): Promise<number> {
  const text = (await page.getByTestId('signals-count').textContent()) ?? '';
  const numbers = [...text.matchAll(/[\d,]+/g)].map((m) => Number(m[0].replace(/,/g, '')));
  return numbers.at(-1) ?? NaN;
}
/** What a person reads when nothing matches. */
const nothingFound = () => page.getByText('No signal matches this search and these filters').count();

/** Types `q` into the search field as a person would, and waits for the table to settle on it. */
async function typeSearch(q: string, expected: number): Promise<void> {
  await search().fill('');
  await search().pressSequentially(q, { delay: 15 });
  await expect
    .poll(async () => ((await nothingFound()) ? 0 : windowTotal()), { timeout: 15_000 })
    .toBe(expected);
}

describe('searching signals in the window (serve --demo) and on the command line', () => {
  it('narrows the table to what `watchfloor signals --q` lists, for words, a phrase and -word', async () => {
    await goTo(page, 'Signals');
    await expect.poll(() => bodyRows().count(), { timeout: 30_000 }).toBeGreaterThan(3);
    const all = await windowTotal();
    expect(all).toBe((await cliIds('')).length);

    // The queries come from what the table shows: the commonest word of the first title, two
    // of its words in a row as a phrase, and the word without the place of a signal that has it.
    const title = (await bodyRows()
      .first()
      .locator('td')
      .nth(2)
      .locator('span[title]')
      .getAttribute('title'))!;
    const tokens = title.split(/\s+/);
    const at = tokens.findIndex((t, i) => /^[A-Za-z]+$/.test(t) && /^[A-Za-z]+$/.test(tokens[i + 1] ?? ''));
    expect(at, title).toBeGreaterThanOrEqual(0);
    const [a, b] = [tokens[at]!, tokens[at + 1]!];
    const phrase = `"${a} ${b}"`;
    let word = '';
    let withWord: string[] = [];
    for (const w of tokens.filter((t) => /^[A-Za-z]{4,}$/.test(t))) {
      const ids = await cliIds(w);
      if (ids.length > withWord.length) [word, withWord] = [w, ids];
    }
    expect(word, title).not.toBe('');
    // A word of the title and a place word of a signal having it that leaves some of them out,
    // not all (the demo's world follows the clock: a title may name a city all of whose signals
    // share one place).
    let without = '';
    let beforeMinus = 0;
    for (const w of tokens.filter((t) => /^[A-Za-z]{4,}$/.test(t))) {
      const listed = JSON.parse(
        (await runWatchfloor(['signals', '--demo', '--q', w, '--format', 'json'], { env: win.env })).stdout,
      ) as CliSignal[];
      const places = [
        ...new Set(listed.flatMap((x) => (x.location ?? '').toLowerCase().match(/[a-z]{4,}/g) ?? [])),
      ];
      for (const place of places) {
        const left = (await cliIds(`${w} -${place}`)).length;
        if (left > 0 && left < listed.length) {
          [without, beforeMinus] = [`${w} -${place}`, listed.length];
          break;
        }
      }
      if (without) break;
    }
    expect(without, `a word of "${title}" and a place word that takes some of it out`).not.toBe('');

    const counts: Record<string, number> = {};
    for (const q of [word, phrase, without, `${phrase} ${word}`]) {
      const ids = await cliIds(q);
      await typeSearch(q, ids.length);
      counts[q] = ids.length;
      // The rows shown are among those the command line lists. (The count can land a frame
      // before the rows it counts: wait for them.)
      await expect.poll(() => bodyRows().count(), { timeout: 15_000 }).toBeGreaterThan(0);
      const shown = await bodyRows().evaluateAll((rows) => rows.map((r) => r.getAttribute('data-signal-id')));
      for (const id of shown) expect(ids, q).toContain(id);
      await screenshot(page, `search-${Object.keys(counts).length}`);
    }
    // Each narrows, and the minus takes some out: the rules did something, not nothing.
    expect(counts[word]).toBe(withWord.length);
    expect(counts[word]).toBeLessThan(all);
    expect(counts[phrase]).toBeGreaterThan(0);
    expect(counts[without]).toBeLessThan(beforeMinus);
    expect(counts[without]).toBeGreaterThan(0);

    // A phrase in the wrong order is not the phrase.
    const reversed = `"${b} ${a}"`;
    const reversedIds = await cliIds(reversed);
    expect(reversedIds.length).toBeLessThan(counts[phrase]!);
    await search().fill('');
    await search().pressSequentially(reversed, { delay: 15 });
    await expect
      .poll(async () => ((await nothingFound()) ? 0 : windowTotal()), { timeout: 15_000 })
      .toBe(reversedIds.length);

    // Clearing the search gives the whole table back.
    await search().fill('');
    await expect.poll(windowTotal, { timeout: 15_000 }).toBe(all);
  });

  it('logged no error', () => {
    expect(problems).toEqual([]);
  });
});
