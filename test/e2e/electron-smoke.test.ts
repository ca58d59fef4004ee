// The desktop app itself: window opens, contract answers, no console errors. Runs where
// Electron's binary exists; reported as skipped, with the reason, where it does not
// (detected from node_modules/electron/path.txt — never require('electron') to find out,
// since that starts the download).
import { existsSync, readFileSync } from 'node:fs';
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

describe('desktop app (Electron)', () => {
  it('opens a window whose contract answers, with no console errors', async (ctx) => {
    const bin = electronBinary();
    if ('skip' in bin) {
      console.warn(`skipped: ${bin.skip}`);
      return ctx.skip(bin.skip);
    }
    const app = await electron.launch({
      executablePath: bin.path,
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
