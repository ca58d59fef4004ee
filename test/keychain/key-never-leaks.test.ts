// A whole session with a real key in the real keychain, then a search of every artefact it
// left (cache files, command output, the serve log and answers, HOME) for the key: never found.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startDemoService } from '../../electron/demo';
import { runWatchfloor } from '../helpers/cli';
import { startServeProcess } from '../helpers/serve';

const KEY = 'wf_live_Leak5earchKey_9f3a7c21e8';
const DEMO_NOW = new Date('2026-11-20T12:00:00Z');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    // The keyring's own store holds the key encrypted: that is where it belongs.
    if (name === 'keyrings') return [];
    const st = statSync(p);
    return st.isDirectory() ? filesUnder(p) : st.isFile() ? [p] : [];
  });
}

describe('the key never leaks', () => {
  it('appears in no cache file, output, log, contract answer or file under HOME', async () => {
    const env = { ...process.env };
    delete env.WATCHFLOOR_API_KEY;
    const home = env.HOME!;
    const demo = await startDemoService({
      profile: 'alternate',
      now: DEMO_NOW,
      signalsPerDay: 5,
      apiKeys: [KEY],
    });
    const db = path.join(home, 'session', 'cache.db');
    const outputs: string[] = [];
    try {
      const set = await runWatchfloor(['key', 'set', '--base-url', demo.url], { env, input: `${KEY}\n` });
      expect(set.code).toBe(0);
      const sync = await runWatchfloor(
        ['sync', '--base-url', demo.url, '--profile', 'alternate', '--db', db, '--json', '--full'],
        { env },
      );
      expect(sync.code, sync.stderr).toBe(0);
      const wrong = await runWatchfloor(['sync', '--base-url', demo.url, '--db', db], {
        env: { ...env, WATCHFLOOR_API_KEY: `${KEY}x` },
      });
      expect(wrong.code).toBe(1);
      const list = await runWatchfloor(['signals', '--db', db, '--format', 'csv'], { env });
      const status = await runWatchfloor(['key', 'status', '--base-url', demo.url, '--json'], { env });
      outputs.push(...[set, sync, wrong, list, status].flatMap((r) => [r.stdout, r.stderr]));

      const serve = await startServeProcess(
        ['--base-url', demo.url, '--profile', 'alternate', '--db', db],
        env,
      );
      try {
        for (const channel of ['sync.now', 'app.info', 'key.status', 'sync.status', 'outbox.list']) {
          const res = await fetch(`${serve.origin}/api/contract/${channel}`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'X-Watchfloor-Token': serve.secret },
            body: '{}',
          });
          outputs.push(await res.text());
        }
      } finally {
        await serve.stop();
        outputs.push(serve.stderr());
      }
    } finally {
      await demo.close();
    }
    expect(outputs.join('\n').length).toBeGreaterThan(1000);
    for (const text of outputs) expect(text).not.toContain(KEY);
    const files = filesUnder(home);
    expect(files.some((f) => f.endsWith('cache.db'))).toBe(true);
    for (const f of files) expect(readFileSync(f).includes(KEY), f).toBe(false);
  });
});
