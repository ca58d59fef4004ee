// The UI shell in a real browser through `watchfloor serve`, as an analyst on a machine
// without a desktop would use it.
import { describe, expect, it } from 'vitest';
import { screenshot, startServe, useWindow, waitReady } from '../helpers/e2e';

// A fresh HOME: no remembered service, so the window offers the first-run choice.
const w = useWindow({ tag: 'shell', service: 'first-run' });
const serve = () => w.serve;

describe('the window through serve', () => {
  it('loads the shell, answers the contract and receives a push event, with no console errors', async () => {
    const { page, problems } = await w.open({ ready: false });
    // The secret leaves the address bar once the page has taken it; it was never sent.
    await expect.poll(() => page.url()).toBe(serve().origin + '/');
    await waitReady(page);
    // Pushed over SSE on connect: the link state.
    await expect.poll(() => page.getByTestId('link-status').textContent()).toBe('offline');
    await page.getByTestId('first-run').waitFor();
    expect(await page.getByRole('button', { name: 'Try the demo' }).isEnabled()).toBe(true);
    await screenshot(page, 'first-run-dark');
    expect(problems).toEqual([]);
  });

  it('does not open without the secret: it says so, and no call is answered', async () => {
    const { page } = await w.open({ url: serve().origin + '/', ready: false });
    await expect
      .poll(() => page.getByRole('alert').first().textContent(), { timeout: 15_000 })
      .toMatch(/open the URL serve printed/);
    expect(await page.locator('[data-testid="app-shell"]').getAttribute('data-ready')).toBe('false');
    await page.close();
  });

  it('keeps the secret out of cookies, works as localhost:, and a second serve does not break the first', async () => {
    const context = await w.browser.newContext();
    const { serve: second } = await startServe({ tag: 'shell-2', service: 'first-run' });
    try {
      const port = new URL(serve().origin).port;
      const first = await context.newPage();
      await first.goto(serve().url);
      await waitReady(first);
      // A second launch's window on the same host, in the same browser.
      const other = await context.newPage();
      await other.goto(second.url);
      await waitReady(other);
      expect(await context.cookies()).toEqual([]);
      // The first window still answers after the second opened, and after a reload (from this
      // tab's own memory of its secret).
      await first.reload();
      await waitReady(first);
      expect(first.url()).toBe(`${serve().origin}/`);
      await expect.poll(() => first.getByTestId('link-status').textContent()).toBe('offline');
      // Opened as localhost: the same window, the same answers.
      const local = await context.newPage();
      await local.goto(serve().url.replace('127.0.0.1', 'localhost'));
      await waitReady(local);
      expect(local.url()).toBe(`http://localhost:${port}/`);
    } finally {
      await context.close();
      await second.stop();
    }
  });
});
