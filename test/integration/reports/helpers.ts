// A demo-synced cache to report on, and `watchfloor report` run as a user runs it.
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { runWatchfloor, type CliRun } from '../../helpers/cli';

export const tmpDir = () => mkdtempSync(path.join(os.tmpdir(), 'wf-report-'));

/** No key anywhere (the demo needs none); WATCHFLOOR_DB points into the test's own folder. */
export function env(dir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const { WATCHFLOOR_API_KEY: _k, WATCHFLOOR_BASE_URL: _u, ...rest } = process.env;
  return { ...rest, WATCHFLOOR_DB: path.join(dir, 'watchfloor.db'), ...extra };
}

/** `watchfloor sync --demo --db FILE` (main or alternate profile); returns FILE. */
export async function demoCache(dir: string, profile: 'main' | 'alternate' = 'main'): Promise<string> {
  const file = path.join(dir, `demo-${profile}.db`);
  const run = await runWatchfloor(['sync', '--demo', '--profile', profile, '--db', file], {
    env: env(dir),
    timeoutMs: 120_000,
  });
  expect(run.code, run.stderr).toBe(0);
  return file;
}

export function report(dir: string, args: string[], extraEnv: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  return runWatchfloor(['report', ...args], { env: env(dir, extraEnv), timeoutMs: 180_000 });
}

/** Nothing half-written: neither the file nor a temporary sibling of it. */
export function expectNothingWritten(out: string): void {
  expect(existsSync(out)).toBe(false);
  const dir = path.dirname(out);
  if (existsSync(dir)) expect(readdirSync(dir).filter((f) => f.includes(path.basename(out)))).toEqual([]);
}

/** pdftotext wraps lines and drops a hyphen at a line's end: compare without either. */
export const squash = (s: string) => s.replace(/[\s\u00ad-]+/g, '');
