// What `--out` (and the app's save dialog, and serve's exports) may name: a regular file or
// nothing yet, in a folder that exists and is not the system's. Checked before any work, so
// nothing here ever writes: /dev/null is safe to name.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkOutputPath, OutputError } from '../../../electron/reports/write';

const dir = mkdtempSync(path.join(os.tmpdir(), 'wf-out-'));
const file = path.join(dir, 'report.csv');
writeFileSync(file, 'old\n');
symlinkSync(file, path.join(dir, 'link.csv'));
symlinkSync('/dev', path.join(dir, 'devices'));
execFileSync('mkfifo', [path.join(dir, 'pipe.csv')]);

describe('checkOutputPath', () => {
  it.each([
    ['a new file', path.join(dir, 'new.pdf')],
    ['an existing regular file (replaced whole)', file],
  ])('accepts %s', (_, out) => {
    expect(checkOutputPath(out)).toBe(out);
  });

  it.each([
    ['/dev/null', '/dev/null', /\/dev holds the system/],
    ['/dev/zero', '/dev/zero', /\/dev holds the system/],
    ['a new file under /dev', '/dev/shm/report.csv', /\/dev holds the system/],
    ['/dev reached through a link', path.join(dir, 'devices', 'null'), /\/dev holds the system/],
    ['/proc', '/proc/self/comm', /\/proc holds the system/],
    ['a symbolic link', path.join(dir, 'link.csv'), /symbolic link/],
    ['a FIFO', path.join(dir, 'pipe.csv'), /not a regular file \(a pipe\)/],
    ['a folder', dir, /it is a folder/],
    ['a missing folder', path.join(dir, 'nope', 'r.csv'), /does not exist/],
  ])('refuses %s', (_, out, why) => {
    expect(() => checkOutputPath(out)).toThrow(OutputError);
    expect(() => checkOutputPath(out)).toThrow(why);
  });
});
