// First run in a real browser through `serve`: a refused key is named as such and nothing is
// kept; the demo choice starts clearly marked demo data and its first sync.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoService, type DemoService } from '../../electron/demo';
import { launchChromium } from '../helpers/browser';
import { DEMO_NOW } from '../helpers/demo';
import { startServeProcess, type ServeProcess } from '../helpers/serve';

let serve: ServeProcess;
let browser: Browser;
let demo: DemoService;
let home: string;
beforeAll(async () => {
  home = mkdtempSync(path.join(os.tmpdir(), 'wf-first-run-'));
  demo = await startDemoService({
    profile: 'main',
    now: DEMO_NOW,
    signalsPerDay: 5,
    apiKeys: ['the-right-key-123'],
  });
  [serve, browser] = await Promise.all([
    startServeProcess([], { ...process.env, WATCHFLOOR_BASE_URL: '', WATCHFLOOR_API_KEY: '', HOME: home }),
    launchChromium(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await serve?.stop();
  await demo?.close();
});

describe('first run', () => {
  it('says when the service refuses the key, then starts the demo on request', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(serve.url);
    await page.getByTestId('first-run').waitFor();

    await page.getByLabel('Service address').fill(demo.url);
    await page.getByLabel('API key').fill('a-wrong-key-456');
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect
      .poll(() => page.getByTestId('first-run-error').textContent())
      .toContain('rejected the API key (401)');
    // Nothing was kept: still the first run, the key field emptied.
    expect(await page.getByLabel('API key').inputValue()).toBe('');
    expect(demo.requests.filter((r) => r.status === 401)).toHaveLength(1);

    await page.getByRole('button', { name: 'Try the demo' }).click();
    await page.getByTestId('demo-banner').waitFor();
    expect(await page.getByTestId('demo-banner').textContent()).toContain('DEMO DATA');
    expect(await page.getByTestId('base-url').textContent()).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    // The demo's first sync runs in the background and reports each stream.
    await expect
      .poll(() => page.getByTestId('sync-state').textContent(), { timeout: 30_000 })
      .toMatch(/Last run/);
    expect(await page.getByTestId('sync-panel').locator('tbody tr').count()).toBeGreaterThan(5);
    expect(problems).toEqual([]);
  });
});
