// The contract row watches.get through `watchfloor serve`, as the Watches view calls it: after
// a sync from the alternate demo service, with that service stopped, each watch answers from
// the cache with what the service's detail carried (its event's thread, its notes) and the
// decision-package revisions cached; a note written offline is there at once, marked pending;
// an unknown watch is null, not an error.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel, Input, Result } from '../../../shared/contract';
import { createClient, type AlternateClient } from '../../../electron/api';
import { startDemoService, type DemoService } from '../../../electron/demo';
import { DEMO_KEY, DEMO_NOW } from '../../helpers/demo';
import { startServeProcess, type ServeProcess } from '../../helpers/serve';

let demo: DemoService | null = null;
let serve: ServeProcess;
/** The service's own answers, asked directly before it went away. */
let service: Awaited<ReturnType<AlternateClient['watch']>>['data'][];

async function call<C extends Channel>(channel: C, input: Input<C>): Promise<Result<C>> {
  const res = await fetch(`${serve.origin}/api/contract/${channel}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Watchfloor-Token': serve.secret },
    body: JSON.stringify(input),
  });
  const body = (await res.json()) as
    { ok: true; result: Result<C> } | { ok: false; error: { message: string } };
  if (!body.ok) throw new Error(`${channel}: ${body.error.message}`);
  return body.result;
}

beforeAll(async () => {
  demo = await startDemoService({ profile: 'alternate', now: DEMO_NOW, signalsPerDay: 4 });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wf-watch-detail-'));
  serve = await startServeProcess(
    ['--base-url', demo.url, '--profile', 'alternate', '--db', path.join(dir, 'cache.db')],
    { ...process.env, HOME: dir, XDG_CONFIG_HOME: path.join(dir, '.config'), WATCHFLOOR_API_KEY: DEMO_KEY },
  );
  expect((await call('sync.now', {})).lastOutcome?.complete).toBe(true);
  const direct = createClient({
    baseUrl: demo.url,
    profile: 'alternate',
    apiKey: DEMO_KEY,
  }) as AlternateClient;
  const ids = (await direct.watches({ limit: 500 })).data.watches.map((w) => w.id);
  service = await Promise.all(ids.map(async (watchId) => (await direct.watch({ watchId })).data));
  await demo.close();
  demo = null;
});

afterAll(async () => {
  await serve?.stop();
  await demo?.close();
});

describe('watches.get (serve, alternate cache, service stopped)', () => {
  it('gives each watch with the thread, notes and package revisions its detail carried', async () => {
    expect(service.length).toBeGreaterThan(0);
    for (const d of service) {
      const got = await call('watches.get', { watchId: d.watch.id });
      expect(got.watch?.id).toBe(d.watch.id);
      expect(got.watch?.pending).toBe(false);
      expect(got.watch?.record.name).toBe(d.watch.name);
      expect(got.watch?.record.bucket).toBe(d.watch.bucket);
      expect(got.detailCached).toBe(true);
      expect(got.asOf).not.toBeNull();
      // An event watch carries its event's thread; an area watch none.
      expect(got.thread?.canonical_event.title ?? null).toBe(d.thread?.canonical_event.title ?? null);
      expect(got.thread?.timeline.length ?? 0).toBe(d.thread?.timeline.length ?? 0);
      const notes = (d.watch.notes ?? []).map((n) => ({ id: n.id, note: n.note }));
      expect(got.notes.map((n) => ({ id: n.id, note: n.note.note }))).toEqual(notes);
      expect(got.notes.every((n) => !n.pending)).toBe(true);
      expect(got.packageRevisions).toBeGreaterThan(0);
    }
  });

  it('shows a note written with the service gone at once, pending, with both judgments apart', async () => {
    const watchId = service[0]!.watch.id;
    const before = (await call('watches.get', { watchId })).notes.length;
    const queued = await call('notes.add', {
      watchId,
      title: 'Port status',
      note: 'Cranes idle on two passes.',
      confidence: 'moderate',
      likelihood: 'likely',
    });
    expect(queued.state).toMatch(/pending|sending/);
    const got = await call('watches.get', { watchId });
    expect(got.notes).toHaveLength(before + 1);
    const mine = got.notes.find((n) => n.id === queued.localId);
    expect(mine?.pending).toBe(true);
    expect(mine?.note).toMatchObject({ title: 'Port status', confidence: 'moderate', likelihood: 'likely' });
  });

  it('answers null for a watch the cache does not hold, and refuses an empty id', async () => {
    const got = await call('watches.get', { watchId: 'no-such-watch' });
    expect(got).toEqual({
      watch: null,
      thread: null,
      detailCached: false,
      notes: [],
      packageRevisions: 0,
      asOf: null,
    });
    await expect(call('watches.get', { watchId: '' })).rejects.toThrow(/watchId/);
  });
});
