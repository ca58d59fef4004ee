// The window refetches an answer when a `cache.changed` push names a resource it reads
// (shared/row-reads.ts). A resource a hook reads that main never pushes leaves that
// answer stale for good: so every resource a hook reads must be one main pushes (seen here
// through `serve`, in each profile: a sync, a queued write, a local-only note, a tool's
// answer), or one the window's own calls refresh (WINDOW_RESOURCES). And main pushes only
// names on the list (shared/contract-resources.ts).
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CACHE_RESOURCES,
  MEASURED_LIST_KINDS,
  PUSHED_RESOURCES,
  WINDOW_RESOURCES,
  type Profile,
} from '../../../shared/contract';
import { startDemoService, type DemoService } from '../../../electron/demo';
import { readsOf, rowReads, type ReadChannel } from '../../../shared/row-reads';
import { DEMO_KEY, DEMO_NOW } from '../../helpers/demo';
import { contractCall, followPushes, startServeProcess, type ServeProcess } from '../../helpers/serve';

const demos: DemoService[] = [];
const serves: ServeProcess[] = [];
afterAll(async () => {
  await Promise.all(serves.map((s) => s.stop()));
  await Promise.all(demos.map((d) => d.close()));
});

/** Every resource named by a push while `act` ran against serve on a demo of `profile`. */
async function pushedWhile(
  profile: Profile,
  act: (serve: ServeProcess) => Promise<void>,
): Promise<Set<string>> {
  const demo = await startDemoService({ profile, now: DEMO_NOW, signalsPerDay: 5 });
  demos.push(demo);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wf-resources-'));
  const serve = await startServeProcess(
    ['--base-url', demo.url, '--profile', profile, '--db', path.join(dir, 'cache.db')],
    { ...process.env, HOME: dir, WATCHFLOOR_API_KEY: DEMO_KEY },
  );
  serves.push(serve);
  const named = new Set<string>();
  const stop = await followPushes(serve, (event, data) => {
    if (event === 'cache.changed') for (const r of (data as { resources: string[] }).resources) named.add(r);
  });
  await act(serve);
  // The last pushes of a call may trail its answer by a moment.
  await new Promise((r) => setTimeout(r, 500));
  stop();
  return named;
}

/** Every resource some hook's answer is read from, whatever its input. */
function hookReads(): Set<string> {
  const out = new Set<string>();
  for (const channel of Object.keys(rowReads) as ReadChannel[]) {
    const reads =
      channel === 'measured.list'
        ? MEASURED_LIST_KINDS.flatMap((kind) => readsOf('measured.list', { kind }))
        : rowReads[channel];
    if (reads !== 'all' && typeof reads !== 'function') for (const r of reads) out.add(r);
  }
  return out;
}

describe('cache.changed: what hooks read, main pushes', { timeout: 180_000 }, () => {
  it('every resource a hook reads is pushed by main (or refreshed by the window itself), from the list', async () => {
    const main = await pushedWhile('main', async (serve) => {
      expect((await contractCall(serve, 'sync.now')).lastOutcome?.complete).toBe(true);
      const signal = (await contractCall(serve, 'signals.query', { limit: 1 })).rows[0]!;
      await contractCall(serve, 'localNotes.add', { subjectId: signal.id, title: 'Depot', note: 'Smoke.' });
      await contractCall(serve, 'tools.run', {
        tool: 'imagery',
        params: {
          bbox: [30.2, 46.2, 31.2, 46.9],
          collection: 'sentinel-1-grd',
          start_date: '2026-11-01',
          end_date: '2026-11-20',
        },
      });
    });
    const alternate = await pushedWhile('alternate', async (serve) => {
      expect((await contractCall(serve, 'sync.now')).lastOutcome?.complete).toBe(true);
      const watch = (await contractCall(serve, 'watches.list')).rows[0]!;
      await contractCall(serve, 'notes.add', { watchId: watch.id, title: 'Port', note: 'Cranes idle.' });
    });
    const pushed = new Set([...main, ...alternate]);

    const window: readonly string[] = WINDOW_RESOURCES;
    const neverPushed = [...hookReads()].filter((r) => !pushed.has(r) && !window.includes(r));
    expect(neverPushed, 'read by a hook, never pushed').toEqual([]);

    const list: readonly string[] = [...PUSHED_RESOURCES, '*'];
    expect(
      [...pushed].filter((r) => !list.includes(r)),
      'pushed, not on the list',
    ).toEqual([]);
    // The list is the hooks' too: no hook reads a name outside it.
    const all: readonly string[] = CACHE_RESOURCES;
    expect([...hookReads()].filter((r) => !all.includes(r))).toEqual([]);
  });
});
