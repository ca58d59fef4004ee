// The analyst's note survives a killed app and reaches the service exactly once: after a lost
// answer (the service stored it, the reply never came) and after a refused link.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoService, type DemoService } from '../../../electron/demo';
import { DEMO_KEY, DEMO_NOW } from '../../helpers/demo';
import { startServeProcess, type ServeProcess, contractCall } from '../../helpers/serve';

let demo: DemoService;
let dir: string;
beforeAll(async () => {
  demo = await startDemoService({ profile: 'alternate', now: DEMO_NOW, signalsPerDay: 5 });
  dir = mkdtempSync(path.join(os.tmpdir(), 'wf-outbox-'));
});
// Every serve started here is stopped at the end, even when an expectation fails midway.
const started: ServeProcess[] = [];
afterAll(async () => {
  await Promise.all(started.map((s) => s.stop()));
  await demo.close();
});
const start = async () => {
  const s = await startServeProcess(serveArgs(), serveEnv());
  started.push(s);
  return s;
};

const serveArgs = () => [
  '--base-url',
  demo.url,
  '--profile',
  'alternate',
  '--db',
  path.join(dir, 'cache.db'),
];
const serveEnv = () => ({ ...process.env, HOME: dir, WATCHFLOOR_API_KEY: DEMO_KEY });

const call = contractCall;

const kill = (s: ServeProcess) =>
  new Promise<void>((resolve) => {
    s.child.once('exit', () => resolve());
    s.child.kill('SIGKILL');
  });

const notePosts = () => demo.requests.filter((r) => r.method === 'POST' && /\/notes$/.test(r.path));
const notesWith = (text: string) => demo.world.watches.flatMap((w) => w.notes).filter((n) => n.note === text);

describe('outbox across a kill', () => {
  it('a lost answer: verified before resending, stored once; a refused link: sent once when back', async () => {
    let serve = await start();
    await call(serve, 'sync.now');
    const watchId = demo.world.watches[1]!.id;

    // 1. The service stores the note but the answer is cut off.
    demo.setFaults({ dropEveryNth: 1 });
    const lost = await call(serve, 'notes.add', {
      watchId,
      note: 'Lost answer note',
      confidence: 'moderate',
    });
    expect(lost.state).toBe('pending');
    await expect
      .poll(
        async () =>
          (await call(serve, 'outbox.list')).find((i) => i.localId === lost.localId)?.error?.message ?? '',
      )
      .toMatch(/link/);
    expect(notesWith('Lost answer note')).toHaveLength(1);

    // 2. Offline: the service answers nothing useful (429 with a Retry-After too long to wait).
    demo.setFaults({ rateLimitEveryNth: 1, retryAfterSeconds: 3600 });
    const offline = await call(serve, 'notes.add', {
      watchId,
      note: 'Written offline',
      likelihood: 'likely',
    });
    // Writes go out in order: the flush stops at the first one, which cannot even be checked.
    await expect
      .poll(
        async () =>
          (await call(serve, 'outbox.list')).find((i) => i.localId === lost.localId)?.error?.message ?? '',
      )
      .toMatch(/429|rate limit/);
    expect((await call(serve, 'outbox.list')).map((i) => [i.localId, i.state])).toEqual([
      [lost.localId, 'sending'],
      [offline.localId, 'pending'],
    ]);
    expect(notesWith('Written offline')).toHaveLength(0);

    // The app is killed; both writes are on disk.
    await kill(serve);
    demo.setFaults({});
    const postsBefore = notePosts().length;
    serve = await start();
    {
      // The start-up sync flushes first; an explicit flush joins or follows it.
      await call(serve, 'outbox.flush');
      await expect.poll(async () => (await call(serve, 'outbox.list')).length).toBe(0);
      // The lost one was found by re-reading the watch, not sent again; the offline one was sent once.
      expect(notesWith('Lost answer note')).toHaveLength(1);
      expect(notesWith('Written offline')).toHaveLength(1);
      expect(notePosts().length - postsBefore).toBe(1);
    }
  });
});
