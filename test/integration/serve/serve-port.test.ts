// `watchfloor serve` without --port listens where it listened last time when that port is
// free (the browser keeps the window's view per address), with a fresh secret each launch;
// when the port is taken, any free port, remembered for next time.
import { mkdtempSync, readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServeProcess } from '../../helpers/serve';

const portOf = (url: string) => Number(new URL(url).port);

function occupy(port: number): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

describe('the port serve listens on', () => {
  it('is the last launch’s when free, any free one (remembered) when taken', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'wf-serve-port-'));
    const args = ['--db', path.join(dir, 'cache.db')];
    const env = { ...process.env, WATCHFLOOR_BASE_URL: '', HOME: dir };
    // Beside the cache's settings: cache.settings.json → cache.serve.json.
    const kept = () =>
      (JSON.parse(readFileSync(path.join(dir, 'cache.serve.json'), 'utf8')) as { port: number }).port;

    const first = await startServeProcess(args, env);
    await first.stop();
    const again = await startServeProcess(args, env);
    await again.stop();
    expect(portOf(again.url)).toBe(portOf(first.url));
    expect(again.secret).not.toBe(first.secret);

    const holder = await occupy(portOf(first.url));
    let moved;
    try {
      moved = await startServeProcess(args, env);
      await moved.stop();
      expect(portOf(moved.url)).not.toBe(portOf(first.url));
      expect(kept()).toBe(portOf(moved.url));
    } finally {
      await new Promise((done) => holder.close(done));
    }

    // An explicit --port is used as asked and not remembered.
    const asked = await startServeProcess([...args, '--port', '0'], env);
    await asked.stop();
    expect(portOf(asked.url)).not.toBe(portOf(moved.url));
    expect(kept()).toBe(portOf(moved.url));
  });
});
