// The window's link indicator tells the truth, seen through `serve`: online once a call
// reached the service, offline once calls fail on the network (the service is gone), online
// again when it answers again.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushPayload, SyncStatusResult } from '../../../shared/contract';
import { startDemoService, type DemoService } from '../../../electron/demo';
import { DEMO_KEY, DEMO_NOW } from '../../helpers/demo';
import { startServeProcess, type ServeProcess } from '../../helpers/serve';

let demo: DemoService;
let serve: ServeProcess;
const links: PushPayload<'link.status'>[] = [];
let stream: AbortController;

beforeAll(async () => {
  demo = await startDemoService({ profile: 'main', now: DEMO_NOW, signalsPerDay: 3 });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wf-link-'));
  serve = await startServeProcess(
    ['--base-url', demo.url, '--profile', 'main', '--db', path.join(dir, 'cache.db')],
    { ...process.env, HOME: dir, WATCHFLOOR_API_KEY: DEMO_KEY },
  );
  stream = new AbortController();
  const res = await fetch(`${serve.origin}/api/events`, {
    headers: { 'X-Watchfloor-Token': serve.secret },
    signal: stream.signal,
  });
  void (async () => {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (/^event: link\.status$/m.test(block))
            links.push(JSON.parse(/^data: (.+)$/m.exec(block)![1]!) as PushPayload<'link.status'>);
        }
      }
    } catch {
      /* aborted at the end */
    }
  })();
});

afterAll(async () => {
  stream?.abort();
  await serve?.stop();
  await demo?.close();
});

async function call<T>(channel: string, input: unknown = {}): Promise<T> {
  const res = await fetch(`${serve.origin}/api/contract/${channel}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Watchfloor-Token': serve.secret },
    body: JSON.stringify(input),
  });
  const body = (await res.json()) as { ok: boolean; result: T };
  if (!body.ok) throw new Error(JSON.stringify(body));
  return body.result;
}

const shown = () => links.at(-1)?.online;

describe('link status through serve', () => {
  it('online after the service answered, offline once it is gone, online when it is back', async () => {
    const synced = await call<SyncStatusResult>('sync.now');
    expect(synced.lastOutcome?.complete).toBe(true);
    await expect.poll(shown).toBe(true);
    expect(synced.online).toBe(true);

    // The service stops: the next calls meet a refused connection.
    const port = new URL(demo.url).port;
    await demo.close();
    const failed = await call<SyncStatusResult>('sync.now');
    expect(failed.lastOutcome?.linkLost).toBe(true);
    await expect.poll(shown).toBe(false);
    expect(failed.online).toBe(false);
    // One push per change, not one per failed call.
    const offlineAt = links.length;

    // It comes back on the same address: the next call that reaches it says so.
    demo = await startDemoService({ profile: 'main', now: DEMO_NOW, signalsPerDay: 3, port: Number(port) });
    const back = await call<SyncStatusResult>('sync.now');
    expect(back.lastOutcome?.linkLost).toBe(false);
    await expect.poll(shown).toBe(true);
    expect(links.length).toBe(offlineAt + 1);
    // Every push is a change.
    links.slice(1).forEach((l, i) => expect(l.online).not.toBe(links[i]!.online));
  });
});
