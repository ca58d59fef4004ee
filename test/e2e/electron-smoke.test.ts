// The desktop app itself, the real Electron binary running the built main, preload and
// window: the window opens on app://watchfloor/index.html and its contract answers (its own
// frame is trusted), with no console errors; then, as a new analyst would, the first-run
// choice starts the alternate profile's demo and Map, Signals and one watch open. Runs where
// Electron's binary exists — on the desktop's display, or under xvfb-run where there is none
// (CI, a headless machine); reported as skipped, with the reason, where it cannot (the binary
// detected from node_modules/electron/path.txt — never require('electron') to find out, since
// that starts the download). The output says which. Where the binary cannot be had, the
// desktop project (test/desktop/) runs the same main.ts and preload.ts against a stand-in.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { _electron as electron, type ElectronApplication, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import type { WatchfloorApi } from '../../shared/contract';
import { repoRoot } from '../helpers/cli';
import {
  artifacts,
  freshHome,
  goTo,
  screenshot,
  waitReady,
  watchProblems,
  mapWithSignals,
} from '../helpers/e2e';

function electronBinary(): { path: string } | { skip: string } {
  const pathTxt = path.join(repoRoot, 'node_modules/electron/path.txt');
  if (!existsSync(pathTxt))
    return {
      skip: 'the Electron binary is not downloaded on this machine (no node_modules/electron/path.txt)',
    };
  const bin = path.join(repoRoot, 'node_modules/electron/dist', readFileSync(pathTxt, 'utf8').trim());
  return existsSync(bin)
    ? { path: bin }
    : { skip: `the Electron binary named in path.txt is missing: ${bin}` };
}

/** An executable on PATH, or null. */
function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const file = path.join(dir, name);
    if (dir && existsSync(file)) return file;
  }
  return null;
}

/**
 * How to start Electron here: directly on a display, or through xvfb-run when there is none
 * (Linux without DISPLAY). Playwright takes one executable and adds its own arguments, so
 * xvfb-run is reached through a two-line wrapper that passes them on.
 */
function launcher(bin: string): { executablePath: string; how: string } | { skip: string } {
  if (process.platform !== 'linux') return { executablePath: bin, how: 'on the desktop' };
  if (process.env.DISPLAY || process.env.WAYLAND_DISPLAY)
    return { executablePath: bin, how: `on DISPLAY=${process.env.DISPLAY ?? process.env.WAYLAND_DISPLAY}` };
  const xvfbRun = onPath('xvfb-run');
  if (!xvfbRun) return { skip: 'no DISPLAY and no xvfb-run (install xvfb to run the desktop app headless)' };
  const wrapper = path.join(mkdtempSync(path.join(os.tmpdir(), 'wf-xvfb-')), 'electron-under-xvfb');
  writeFileSync(
    wrapper,
    `#!/bin/sh\nexec '${xvfbRun}' --auto-servernum --server-args='-screen 0 1600x1000x24' '${bin}' "$@"\n`,
  );
  chmodSync(wrapper, 0o755);
  return { executablePath: wrapper, how: 'under xvfb-run (no DISPLAY)' };
}

/** Why the desktop app cannot run here, or how it will (decided once, launched lazily). */
function howToRun(): { executablePath: string; how: string; bin: string } | { skip: string } {
  const bin = electronBinary();
  if ('skip' in bin) return bin;
  const how = launcher(bin.path);
  return 'skip' in how ? how : { ...how, bin: bin.path };
}

const plan = howToRun();
let app: ElectronApplication | null = null;
let win: Page;
let problems: string[] = [];

/** Skips the test, saying why, where the desktop app cannot run. */
function skipHere(ctx: TestContext): void {
  if ('skip' in plan) {
    console.warn(`skipped: ${plan.skip}`);
    ctx.skip(plan.skip);
  }
}

/** A contract row as the window calls it (window.watchfloor, the preload's bridge). */
function call<T>(channel: keyof WatchfloorApi, input: object = {}): Promise<T> {
  return win.evaluate(
    ([c, i]) =>
      (globalThis as unknown as { watchfloor: Record<string, (x: unknown) => Promise<unknown>> }).watchfloor[
        c
      ]!(i),
    [channel, input] as const,
  ) as Promise<T>;
}

beforeAll(async () => {
  if ('skip' in plan) return;
  console.warn(`running the Electron smoke test ${plan.how}: ${plan.bin}`);
  mkdirSync(artifacts, { recursive: true });
  const home = freshHome('electron-smoke');
  app = await electron.launch({
    executablePath: plan.executablePath,
    args: [repoRoot],
    // A new analyst: a fresh per-user folder and cache, no service remembered, no key.
    env: {
      ...process.env,
      ...home,
      WATCHFLOOR_DB: path.join(home.XDG_CONFIG_HOME, 'Watchfloor', 'watchfloor.db'),
      WATCHFLOOR_BASE_URL: '',
      WATCHFLOOR_API_KEY: '',
    },
  });
  win = await app.firstWindow();
  ({ problems } = watchProblems(win));
});
afterAll(async () => {
  await app?.close();
});

describe('desktop app (Electron)', () => {
  it('opens a window on app://watchfloor whose contract answers, with no console errors', async (ctx) => {
    skipHere(ctx);
    await waitReady(win);
    expect(win.url()).toBe('app://watchfloor/index.html');
    // The app's own frame is trusted: a call answers (not "untrusted sender").
    expect(await call('app.info')).toMatchObject({ transport: 'electron' });
    // The window sees the table and nothing of Node or Electron.
    expect(await win.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
    expect(await win.evaluate(() => typeof (globalThis as { process?: unknown }).process)).toBe('undefined');
    expect(problems).toEqual([]);
  });

  it('starts the alternate demo from the first-run choice, then opens Map, Signals and a watch', async (ctx) => {
    skipHere(ctx);
    await win.getByTestId('first-run').waitFor();
    await win.getByLabel('Profile').selectOption('alternate');
    await win.getByRole('button', { name: 'Try the demo' }).click();
    await win.getByTestId('demo-banner').waitFor({ timeout: 60_000 });
    expect(await call('app.info')).toMatchObject({
      mode: 'demo',
      profile: 'alternate',
      transport: 'electron',
    });
    // The demo's first sync brings the signals and the watches.
    await expect
      .poll(async () => (await call<{ rows: unknown[] }>('watches.list')).rows.length, { timeout: 120_000 })
      .toBeGreaterThan(0);

    await mapWithSignals(win, 60_000);
    await screenshot(win, 'electron-map');

    await goTo(win, 'Signals');
    const rows = win.locator('table.signals-table tbody tr[data-signal-id]');
    await expect.poll(() => rows.count(), { timeout: 60_000 }).toBeGreaterThan(0);
    await rows.first().click();
    await win.getByRole('complementary', { name: 'Inspector' }).getByTestId('signal-detail').waitFor();
    await screenshot(win, 'electron-signals');

    await goTo(win, 'Watches');
    const first = win.locator('.watch-item').first();
    await first.waitFor({ timeout: 60_000 });
    const id = (await first.getAttribute('data-watch-id'))!;
    await first.click();
    const watch = await call<{ watch: { record: { name: string | null } } | null }>('watches.get', {
      watchId: id,
    });
    const name = watch.watch?.record.name;
    expect(name).toBeTruthy();
    await win
      .getByTestId('watch-detail')
      .getByRole('heading', { level: 2, name: name!, exact: true })
      .waitFor();
    await screenshot(win, 'electron-watch');
    expect(problems).toEqual([]);
  });
});
