// An in-memory cache (tests, tools) is SQLite's ':memory:': opening one must not leave a file
// named ':memory:' in the working folder (the private-file step once created it).
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openCache } from '../../../electron/cache';

const cwd = process.cwd();
afterEach(() => process.chdir(cwd));

it('opens an in-memory cache without creating a file', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wf-mem-'));
  process.chdir(dir);
  const db = openCache(':memory:', { baseUrl: 'http://127.0.0.1:9', profile: 'main' });
  db.prepare('SELECT count(*) FROM sync_checkpoints').get();
  db.close();
  expect(existsSync(path.join(dir, ':memory:'))).toBe(false);
});
