// The window in a real browser through `watchfloor serve --demo`, as the e2e suites open it:
// a demo serve with a fresh HOME beside a headless chromium, and the way a person moves
// between views (by the navigation's accessible names).
import { mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './browser';
import { repoRoot } from './cli';
import { startServeProcess, type ServeProcess } from './serve';

/** Screenshots for a person to look at (ignored by git). */
export const artifacts = path.join(repoRoot, '.tmp', 'artifacts');

export interface DemoWindow {
  serve: ServeProcess;
  browser: Browser;
  close(): Promise<void>;
}

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

/** `watchfloor serve --demo` (no service configured, a fresh HOME) and a browser to open it. */
export async function startDemoWindow(tag: string): Promise<DemoWindow> {
  mkdirSync(artifacts, { recursive: true });
  const [serve, browser] = await Promise.all([
    startServeProcess(['--demo'], {
      ...process.env,
      WATCHFLOOR_BASE_URL: '',
      WATCHFLOOR_API_KEY: '',
      ...freshHome(tag),
    }),
    launchChromium(),
  ]);
  return {
    serve,
    browser,
    close: async () => {
      await browser.close();
      await serve.stop();
    },
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
