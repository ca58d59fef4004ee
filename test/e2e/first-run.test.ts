// First run in a real browser through `serve`: a refused key is named as such and nothing is
// kept; the demo choice starts clearly marked demo data and its first sync.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoService, type DemoService } from '../../electron/demo';
import { DEMO_NOW } from '../helpers/demo';
import { useWindow } from '../helpers/e2e';

let demo: DemoService;
beforeAll(async () => {
  demo = await startDemoService({
    profile: 'main',
    now: DEMO_NOW,
    signalsPerDay: 5,
    apiKeys: ['the-right-key-123'],
  });
});
afterAll(async () => {
  await demo?.close();
});
const w = useWindow({ tag: 'first-run', service: 'first-run' });

describe('first run', () => {
  it('says when the service refuses the key, then starts the demo on request', async () => {
    const { page, pageErrors: problems } = await w.open({ ready: false });
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
