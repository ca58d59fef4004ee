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
    // The secret leaves the address bar once the page has taken it; it was never sent.
    await expect.poll(() => page.url()).toBe(serve.origin + '/');
    await page.locator('[data-testid="app-shell"][data-ready="true"]').waitFor();
    // Pushed over SSE on connect: the link state.
    await expect.poll(() => page.getByTestId('link-status').textContent()).toBe('offline');
    await page.getByTestId('first-run').waitFor();
    expect(await page.getByRole('button', { name: 'Try the demo' }).isEnabled()).toBe(true);
    await page.screenshot({ path: path.join(repoRoot, '.tmp', 'artifacts', 'first-run-dark.png') });
    expect(problems).toEqual([]);
  });

  it('does not open without the secret: it says so, and no call is answered', async () => {
    const page = await browser.newPage();
    await page.goto(serve.origin + '/');
    await expect
      .poll(() => page.getByRole('alert').first().textContent(), { timeout: 15_000 })
      .toMatch(/open the URL serve printed/);
    expect(await page.locator('[data-testid="app-shell"]').getAttribute('data-ready')).toBe('false');
    await page.close();
  });

  it('keeps the secret out of cookies, works as localhost:, and a second serve does not break the first', async () => {
    const context = await browser.newContext();
    const second = await startServeProcess([], {
      ...process.env,
      WATCHFLOOR_BASE_URL: '',
      HOME: mkdtempSync(path.join(os.tmpdir(), 'wf-shell-2-')),
    });
    try {
      const port = new URL(serve.origin).port;
      const first = await context.newPage();
      await first.goto(serve.url);
      await first.locator('[data-testid="app-shell"][data-ready="true"]').waitFor();
      // A second launch's window on the same host, in the same browser.
      const other = await context.newPage();
      await other.goto(second.url);
      await other.locator('[data-testid="app-shell"][data-ready="true"]').waitFor();
      expect(await context.cookies()).toEqual([]);
      // The first window still answers after the second opened, and after a reload (from this
      // tab's own memory of its secret).
      await first.reload();
      await first.locator('[data-testid="app-shell"][data-ready="true"]').waitFor();
      expect(first.url()).toBe(`${serve.origin}/`);
      await expect.poll(() => first.getByTestId('link-status').textContent()).toBe('offline');
      // Opened as localhost: the same window, the same answers.
      const local = await context.newPage();
      await local.goto(serve.url.replace('127.0.0.1', 'localhost'));
      await local.locator('[data-testid="app-shell"][data-ready="true"]').waitFor();
      expect(local.url()).toBe(`http://localhost:${port}/`);
    } finally {
      await context.close();
      await second.stop();
    }
  });
});
