// Bad input gets a clear error and changes nothing: a day that does not exist, and a file
// that is not a Watchfloor cache (said in words, not "disk I/O error" or "file is not a
// database"), left exactly as it was.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runWatchfloor } from '../../helpers/cli';

const dir = mkdtempSync(path.join(os.tmpdir(), 'wf-bad-'));
const { WATCHFLOOR_BASE_URL: _u, WATCHFLOOR_DB: _d, ...rest } = process.env;
const env = {
  ...rest,
  HOME: dir,
  XDG_CONFIG_HOME: path.join(dir, '.config'),
  WATCHFLOOR_API_KEY: 'key-0123456789',
};
const digest = (f: string) => createHash('sha256').update(readFileSync(f)).digest('hex');

describe('a day that does not exist', () => {
  it.each([
    [
      ['signals', '--start-date', '2026-02-30'],
      /--start-date must be a day that exists.*2026-02-30 \(no such day/,
    ],
    [['signals', '--end-date', '2027-02-29'], /--end-date must be a day that exists/],
    [
      [
        'report',
        '--bbox',
        '1,2,3,4',
        '--start-date',
        '2026-04-31',
        '--format',
        'csv',
        '--out',
        path.join(dir, 'r.csv'),
      ],
      /must be a day that exists/,
    ],
    [['passes', '--lat', '50.45', '--lon', '30.52', '--start-date', '2026-02-30'], /2026-02-30/],
  ])('%j is bad usage, said', async (args, why) => {
    const run = await runWatchfloor(args, { env });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(why);
  });
});

describe('a file that is not a Watchfloor cache', () => {
  const text = path.join(dir, 'notes.db');
  writeFileSync(text, 'meeting notes, not a database\n');
  const folder = path.join(dir, 'folder.db');
  mkdirSync(folder);
  const foreign = path.join(dir, 'contacts.db');
  execFileSync(process.execPath, [
    '-e',
    `const D = require(${JSON.stringify(path.resolve('node_modules/better-sqlite3'))}); const d = new D(${JSON.stringify(foreign)}); d.exec('CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES (1)'); d.close();`,
  ]);

  it.each([
    ['a text file', text, /is not a Watchfloor cache \(it is not an SQLite database\)/],
    ['a folder', folder, /is not a Watchfloor cache \(it is a folder\)/],
    [
      'another program’s SQLite database',
      foreign,
      /is not a Watchfloor cache \(it is another program's SQLite database, with tables contacts\)/,
    ],
  ])('%s: named and said to be so, for reading and for a sync, and left as it was', async (_, file, why) => {
    const before = statSync(file).isFile() ? digest(file) : null;
    const read = await runWatchfloor(['signals', '--db', file], { env });
    expect(read.code).toBe(1);
    expect(read.stderr).toContain(file);
    expect(read.stderr).toMatch(/is not a Watchfloor cache/);
    expect(read.stderr).not.toMatch(/disk I\/O error|file is not a database/);
    const sync = await runWatchfloor(['sync', '--base-url', 'https://service.example', '--db', file], {
      env,
    });
    expect(sync.code).toBe(1);
    expect(sync.stderr).toMatch(why);
    if (before) expect(digest(file)).toBe(before);
    // No WAL or lock left beside it.
    expect(
      readdirSync(dir).filter((f) => f.startsWith(path.basename(file)) && f !== path.basename(file)),
    ).toEqual([]);
  });
});
