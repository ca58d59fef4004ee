// What the e2e suites (test/helpers/e2e.ts) and serve's integration tests share of the window:
// a fresh HOME, where screenshots go, and the way a person moves between views (by the
// navigation's accessible names).
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from './cli';

/** Screenshots for a person to look at (ignored by git). */
export const artifacts = path.join(repoRoot, '.tmp', 'artifacts');

/** A fresh HOME and the per-user folders under it: the app's folder follows XDG_CONFIG_HOME
 * first, so a fresh HOME alone would share (and the demo would reset) one folder across suites. */
export function freshHome(tag: string): { HOME: string; XDG_CONFIG_HOME: string; XDG_DATA_HOME: string } {
  const home = mkdtempSync(path.join(os.tmpdir(), `wf-${tag}-`));
  return {
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, '.config'),
    XDG_DATA_HOME: path.join(home, '.local', 'share'),
  };
}

/** Goes to a view by its name in the navigation and waits for its heading. */
export async function goTo(page: Page, label: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Views' })
    .getByRole('link', { name: label, exact: true })
    .click();
  await page.getByRole('main').getByRole('heading', { level: 1, name: label, exact: true }).waitFor();
}
