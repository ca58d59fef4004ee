// The desktop app itself: window opens, contract answers, no console errors. Runs where
// Electron's binary exists — on the desktop's display, or under xvfb-run where there is
// none (CI, a headless machine); reported as skipped, with the reason, where it cannot
// (the binary detected from node_modules/electron/path.txt — never require('electron') to
// find out, since that starts the download). The output says which.
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { _electron as electron } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { WatchfloorApi } from '../../shared/contract';
import { repoRoot } from '../helpers/cli';

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

describe('desktop app (Electron)', () => {
  it('opens a window whose contract answers, with no console errors', async (ctx) => {
    const bin = electronBinary();
    if ('skip' in bin) {
      console.warn(`skipped: ${bin.skip}`);
      return ctx.skip(bin.skip);
    }
    const how = launcher(bin.path);
    if ('skip' in how) {
      console.warn(`skipped: ${how.skip}`);
      return ctx.skip(how.skip);
    }
    console.warn(`running the Electron smoke test ${how.how}: ${bin.path}`);
    const app = await electron.launch({
      executablePath: how.executablePath,
      args: [repoRoot],
      env: { ...process.env, WATCHFLOOR_BASE_URL: '' },
    });
    try {
      const win = await app.firstWindow();
      const problems: string[] = [];
      win.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
      await win.locator('[data-testid="app-shell"][data-ready="true"]').waitFor();
      const info = await win.evaluate(() =>
        (globalThis as unknown as { watchfloor?: WatchfloorApi }).watchfloor?.['app.info']({}),
      );
      expect(info).toMatchObject({ transport: 'electron' });
      // The window sees the table and nothing of Node or Electron.
      expect(await win.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe(
        'undefined',
      );
      expect(problems).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
