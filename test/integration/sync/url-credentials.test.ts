// Issue 26, defect 8: credentials in a base URL (`http://user:secret@host`) are never printed,
// in `sync`'s errors, its summary, or any other message of the command line.
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runWatchfloor } from '../../helpers/cli';
import { hideUrlCredentials } from '../../../shared/url-credentials';

const SECRET = 's3cr3t-Pa55word';

function env(dir: string): NodeJS.ProcessEnv {
  const { WATCHFLOOR_BASE_URL: _u, ...rest } = process.env;
  return { ...rest, WATCHFLOOR_API_KEY: 'wf-test-key-0123456789', WATCHFLOOR_DB: path.join(dir, 'c.db') };
}

describe('a base URL with credentials', () => {
  it('sync never prints them, whether the link fails or the URL does not parse', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'wf-cred-'));
    // Port 9 (discard) on loopback: nothing answers, so the link fails at once.
    for (const args of [
      ['sync', '--base-url', `http://analyst:${SECRET}@127.0.0.1:9`],
      ['sync', '--base-url', `http://analyst:${SECRET}@127.0.0.1:9`, '--json'],
      ['sync', '--base-url', `http://analyst:${SECRET}@`],
      ['key', 'status', '--base-url', `https://analyst:${SECRET}@service.example`],
    ]) {
      const run = await runWatchfloor(args, { env: env(dir), timeoutMs: 60_000 });
      if (args[0] === 'sync') expect(run.code, args.join(' ')).not.toBe(0);
      expect(run.stderr + run.stdout, args.join(' ')).not.toContain(SECRET);
      expect(run.stderr + run.stdout, args.join(' ')).not.toContain(`analyst:`);
    }
  });

  it('hides the userinfo of every URL in a text, and nothing else', () => {
    expect(hideUrlCredentials(`GET http://u:${SECRET}@h:8080/api/v1?x=1 and https://h/p`)).toBe(
      'GET http://[redacted]@h:8080/api/v1?x=1 and https://h/p',
    );
    expect(hideUrlCredentials('mail me at a@b.example')).toBe('mail me at a@b.example');
  });
});
