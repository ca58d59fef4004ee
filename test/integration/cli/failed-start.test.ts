// A failed start ends the process, says why in words, and leaves nothing bound: `serve` on a
// busy port, and `serve`/`sync` given an address that is not a URL (which printed zod's JSON,
// hung, and bound a new cache to "not a url"), or http:// to another machine without
// --insecure-http (the key would cross the network in clear text).
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runWatchfloor } from '../../helpers/cli';
import { contractCall, startServeProcess } from '../../helpers/serve';

function freshEnv() {
  const home = mkdtempSync(path.join(os.tmpdir(), 'wf-start-'));
  const { WATCHFLOOR_API_KEY: _k, WATCHFLOOR_BASE_URL: _u, WATCHFLOOR_DB: _d, ...rest } = process.env;
  return { home, env: { ...rest, HOME: home, XDG_CONFIG_HOME: path.join(home, '.config') } };
}
const dataDir = (home: string) => path.join(home, '.config', 'Watchfloor');

describe('a failed start', () => {
  it.each([
    [['serve', '--base-url', 'not a url'], /not a URL/],
    [['sync', '--base-url', 'not a url'], /not a URL/],
    [['serve', '--base-url', 'http://service.example'], /clear text.*--insecure-http/],
    [['sync', '--base-url', 'http://192.0.2.10:8080'], /clear text.*--insecure-http/],
  ])('%j: bad usage at once, in words, nothing bound', async (args, why) => {
    const { home, env } = freshEnv();
    const run = await runWatchfloor(args, {
      env: { ...env, WATCHFLOOR_API_KEY: 'a-key-for-the-test' },
      timeoutMs: 20_000,
    });
    expect(run.signal).toBeNull(); // ended by itself, not by the test's timeout
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(why);
    expect(run.stderr).not.toMatch(/invalid_format|"code"/);
    // No cache (nor settings) was made for the address.
    expect(existsSync(dataDir(home)) ? readdirSync(dataDir(home)) : []).toEqual([]);
  });

  it('serve on a busy port: exits 1 naming the port, with the demo it had started closed', async () => {
    const busy = http.createServer();
    await new Promise<void>((r) => busy.listen(0, '127.0.0.1', () => r()));
    const port = (busy.address() as { port: number }).port;
    try {
      const { env } = freshEnv();
      const started = Date.now();
      const run = await runWatchfloor(['serve', '--demo', '--port', String(port)], {
        env,
        timeoutMs: 30_000,
      });
      expect(run.signal).toBeNull();
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(new RegExp(`port ${port} on 127\\.0\\.0\\.1 is in use`));
      expect(Date.now() - started).toBeLessThan(25_000);
    } finally {
      busy.close();
    }
  });

  it('with --insecure-http the address is used, and the window is told the link is unencrypted', async () => {
    const { home, env } = freshEnv();
    const serve = await startServeProcess(
      ['--base-url', 'http://192.0.2.10:8080', '--insecure-http', '--db', path.join(home, 'c.db')],
      { ...env, WATCHFLOOR_API_KEY: 'a-key-for-the-test' },
    );
    try {
      const info = await contractCall(serve, 'app.info');
      expect(info).toMatchObject({ baseUrl: 'http://192.0.2.10:8080', insecureHttp: true });
    } finally {
      await serve.stop();
    }
  });
});
