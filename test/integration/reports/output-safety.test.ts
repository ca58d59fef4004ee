// `--out` writes only a regular file, and an interrupted report leaves nothing behind: not the
// report, not its temporary sibling, not the browser's profile or temporary folders. (Run as
// root, a report that replaced what --out named would destroy /dev/null: that case is held by
// test/unit/reports/output-path.test.ts, which only checks the path and never writes.)
import { execFileSync, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../helpers/cli';
import { demoCache, env, expectNothingWritten, report, tmpDir } from './helpers';

let dir: string;
let db: string;
beforeAll(async () => {
  dir = tmpDir();
  db = await demoCache(dir);
}, 180_000);

describe('--out', () => {
  it('refuses a symbolic link, a FIFO and anything under /dev, and leaves each as it was', async () => {
    const target = path.join(dir, 'target.txt');
    writeFileSync(target, 'the analyst’s own file\n');
    const link = path.join(dir, 'link.csv');
    symlinkSync(target, link);
    const fifo = path.join(dir, 'fifo.csv');
    execFileSync('mkfifo', [fifo]);
    for (const [out, why] of [
      [link, /symbolic link/],
      [fifo, /not a regular file \(a pipe\)/],
      ['/dev/shm/wf-report.csv', /\/dev holds the system/],
    ] as const) {
      const run = await report(dir, [
        '--bbox',
        '-180,-90,180,90',
        '--format',
        'csv',
        '--db',
        db,
        '--out',
        out,
      ]);
      expect(run.code, out).toBe(1);
      expect(run.stderr).toMatch(why);
    }
    expect(readFileSync(target, 'utf8')).toBe('the analyst’s own file\n');
    expect(statSync(link, { throwIfNoEntry: true }).isFile()).toBe(true); // still the link to the file
    expect(statSync(fifo).isFIFO()).toBe(true);
    expect(existsSync('/dev/shm/wf-report.csv')).toBe(false);
  });

  it('writes a report private to the user (0600)', async () => {
    const out = path.join(dir, 'private.geojson');
    const run = await report(dir, [
      '--bbox',
      '-180,-90,180,90',
      '--format',
      'geojson',
      '--db',
      db,
      '--out',
      out,
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(statSync(out).mode & 0o777).toBe(0o600);
  });
});

/** `watchfloor report … --format pdf` in its own process group (as a terminal runs it) and TMPDIR. */
function startPdf(out: string, tmp: string) {
  const child = spawn(
    process.execPath,
    [
      path.join(repoRoot, 'bin/watchfloor.js'),
      'report',
      '--bbox',
      '-180,-90,180,90',
      '--format',
      'pdf',
      '--db',
      db,
      '--out',
      out,
    ],
    { cwd: repoRoot, env: env(dir, { TMPDIR: tmp }), detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  return { child, done, stderr: () => stderr };
}

/** Waits until the browser is up: something of it appears in the run's TMPDIR. */
async function browserStarted(tmp: string, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (readdirSync(tmp).length > 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the browser never started');
}

describe('an interrupted PDF report', () => {
  it.each([
    ['Ctrl+C in the terminal (SIGINT to the whole process group, the browser too)', 'SIGINT', true, 130],
    ['a kill of the command alone (SIGTERM)', 'SIGTERM', false, 143],
  ] as const)(
    '%s: exits as signalled, says nothing was written, leaves nothing',
    async (_, signal, group, code) => {
      const tmp = path.join(dir, `tmp-${signal}`);
      mkdirSync(tmp);
      const out = path.join(dir, `interrupted-${signal}.pdf`);
      const run = startPdf(out, tmp);
      await browserStarted(tmp);
      process.kill(group ? -run.child.pid! : run.child.pid!, signal);
      const ended = await run.done;
      expect(ended.code, run.stderr()).toBe(code);
      expect(run.stderr()).toMatch(new RegExp(`report interrupted \\(${signal}\\); nothing was written`));
      expectNothingWritten(out);
      // The browser's profile and Chromium's own temporary folders went with it.
      await new Promise((r) => setTimeout(r, 500));
      expect(readdirSync(tmp)).toEqual([]);
    },
    120_000,
  );
});
