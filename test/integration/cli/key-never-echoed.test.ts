// The key is never printed: a key typed where an argument or an option's value goes is refused
// with a usage error that names the option, never its value, and says where the key belongs.
// (Commander's own messages echo `--api-key=KEY` and each excess argument.)
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runWatchfloor } from '../../helpers/cli';

const KEY = 'wf-live-7Qz9Xk2LmP4vB8nR';
const env = {
  ...process.env,
  HOME: mkdtempSync(path.join(os.tmpdir(), 'wf-key-echo-')),
  WATCHFLOOR_BASE_URL: '',
  WATCHFLOOR_API_KEY: '',
};

describe('a key typed on the command line', () => {
  it.each([
    [['key', 'set', KEY]],
    [['key', 'set', `--key=${KEY}`]],
    [['key', 'set', '--base-url', 'http://127.0.0.1:9', KEY]],
    [['sync', `--api-key=${KEY}`]],
    [['sync', '--api-key', KEY, '--demo']],
    [['sync', '--demo', `--token=${KEY}`]],
    [['signals', KEY]],
    [[KEY]],
  ])('%j is refused as bad usage without printing the key', async (args) => {
    const run = await runWatchfloor(args, { env });
    expect(run.code).toBe(2);
    expect(run.stdout + run.stderr).not.toContain(KEY);
    expect(run.stderr).toMatch(/error: /);
  });

  it('says where the key goes instead', async () => {
    const run = await runWatchfloor(['key', 'set', KEY], { env });
    expect(run.stderr).toMatch(/pipe it to `watchfloor key set/);
    expect(run.stderr).toMatch(/WATCHFLOOR_API_KEY/);
  });

  it('still names a mistyped option and suggests the right one', async () => {
    const run = await runWatchfloor(['sync', '--mx-tokens=3'], { env });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/unknown option '--mx-tokens'.*Did you mean --max-tokens\?/);
  });
});
