// The UI shell in a real browser through `watchfloor serve`, as an analyst on a machine
// without a desktop would use it.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/browser';
import { repoRoot } from '../helpers/cli';
import { startServeProcess, type ServeProcess } from '../helpers/serve';

let serve: ServeProcess;
let browser: Browser;
beforeAll(async () => {
  [serve, browser] = await Promise.all([
    // A fresh HOME: no remembered service, so the window offers the first-run choice.
    startServeProcess([], {
      ...process.env,
      WATCHFLOOR_BASE_URL: '',
      HOME: mkdtempSync(path.join(os.tmpdir(), 'wf-shell-')),
    }),
    launchChromium(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await serve?.stop();
});

describe('the window through serve', () => {
  it('loads the shell, answers the contract and receives a push event, with no console errors', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(serve.url);
    // The secret leaves the address bar once it has become a cookie.
    expect(page.url()).toBe(serve.origin + '/');
    await page.locator('[data-testid="app-shell"][data-ready="true"]').waitFor();
    // Pushed over SSE on connect: the link state.
    await expect.poll(() => page.getByTestId('link-status').textContent()).toBe('offline');
    await page.getByTestId('first-run').waitFor();
    expect(await page.getByRole('button', { name: 'Try the demo' }).isEnabled()).toBe(true);
    await page.screenshot({ path: path.join(repoRoot, '.tmp', 'artifacts', 'first-run-dark.png') });
    expect(problems).toEqual([]);
  });

  it('does not open without the secret', async () => {
    const page = await browser.newPage();
    const res = await page.goto(serve.origin + '/');
    expect(res?.status()).toBe(401);
  });
});
