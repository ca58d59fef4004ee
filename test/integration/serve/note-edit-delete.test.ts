// A watch's notes through `watchfloor serve`, as the Watches view writes them: a note written
// with the service gone can be rewritten before it is sent (notes.edit: the queued request and
// the note shown change together, and the service gets only the rewrite); a note the service
// has is deleted through the outbox and stays in the cache as the record of its deletion, which
// a later sync does not undo; a delete not yet sent can be taken back.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel, OutboxItem } from '../../../shared/contract';
import { startDemoService, type DemoService } from '../../../electron/demo';
import { DEMO_KEY, DEMO_NOW } from '../../helpers/demo';
import { contractCall, startServeProcess, type InputArg, type ServeProcess } from '../../helpers/serve';

let demo: DemoService | null = null;
let port = 0;
let serve: ServeProcess;
let watchId = '';

const call = <C extends Channel>(channel: C, ...input: InputArg<C>) => contractCall(serve, channel, ...input);
const start = (at?: number) =>
  startDemoService({ profile: 'alternate', now: DEMO_NOW, signalsPerDay: 4, ...(at ? { port: at } : {}) });
const noteOf = async (id: string) => (await call('watches.get', { watchId })).notes.find((n) => n.id === id);
const served = () => demo!.world.watches.find((w) => w.id === watchId)!.notes;

beforeAll(async () => {
  demo = await start();
  port = Number(new URL(demo.url).port);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wf-note-edit-'));
  serve = await startServeProcess(
    ['--base-url', demo.url, '--profile', 'alternate', '--db', path.join(dir, 'cache.db')],
    { ...process.env, HOME: dir, XDG_CONFIG_HOME: path.join(dir, '.config'), WATCHFLOOR_API_KEY: DEMO_KEY },
  );
  expect((await call('sync.now', {})).lastOutcome?.complete).toBe(true);
  watchId = (await call('watches.list', {})).rows.find((w) => !w.pending)!.id;
});

afterAll(async () => {
  await serve?.stop();
  await demo?.close();
});

describe('notes: edit before sending, delete kept as a record (serve, alternate)', () => {
  let sentId = '';

  it('rewrites a note queued while the service is down, and the service gets only the rewrite', async () => {
    await demo!.close();
    demo = null;
    const queued = await call('notes.add', {
      watchId,
      title: 'Berths',
      note: 'Three berths empty.',
      confidence: 'low',
    });
    await call('outbox.flush', {}); // the link is down: it stays queued
    const edited = await call('notes.edit', {
      localId: queued.localId,
      title: 'Berths at dusk',
      note: 'Two berths empty since the last pass.',
      likelihood: 'likely',
      gaps: ['no AIS since 18:00'],
    });
    expect(edited.localId).toBe(queued.localId);
    expect(edited.payload).toMatchObject({ watchId, title: 'Berths at dusk', likelihood: 'likely' });
    expect(edited.payload).not.toHaveProperty('confidence'); // the rewrite left it out
    const shown = await noteOf(queued.localId);
    expect(shown?.pending).toBe(true);
    expect(shown?.note).toMatchObject({
      title: 'Berths at dusk',
      note: 'Two berths empty since the last pass.',
    });
    expect(shown?.note.confidence ?? null).toBeNull();

    demo = await start(port);
    const report = await call('outbox.flush', {});
    expect(report.sent).toBeGreaterThanOrEqual(1);
    const there = served().filter((n) => n.title?.startsWith('Berths'));
    expect(there.map((n) => [n.title, n.note, n.likelihood])).toEqual([
      ['Berths at dusk', 'Two berths empty since the last pass.', 'likely'],
    ]);
    const after = (await call('watches.get', { watchId })).notes.find(
      (n) => n.note.title === 'Berths at dusk',
    );
    expect(after?.pending).toBe(false);
    sentId = after!.id;
  });

  it('refuses to edit a note the service already has', async () => {
    await expect(call('notes.edit', { localId: sentId, note: 'changed after the fact' })).rejects.toThrow(
      /no unsent note/,
    );
    expect((await noteOf(sentId))?.note.note).toBe('Two berths empty since the last pass.');
  });

  it('deletes a sent note: the service removes it, the cache keeps the record, a sync does not undo it', async () => {
    const del = await call('notes.delete', { watchId, noteId: sentId });
    expect(del.op).toBe('note.delete');
    await call('outbox.flush', {});
    expect(served().find((n) => n.id === sentId)?.deleted_at).toBeTruthy();
    const kept = await noteOf(sentId);
    expect(kept?.deletedAt).toEqual(expect.any(String));
    expect(kept?.pending).toBe(false);
    // The service no longer lists it; the next sync leaves the record alone.
    expect((await call('sync.now', {})).lastOutcome?.complete).toBe(true);
    expect((await noteOf(sentId))?.deletedAt).toBe(kept?.deletedAt);
  });

  it('takes back a delete not yet sent: the note is as it was', async () => {
    const other = (await call('watches.get', { watchId })).notes.find((n) => !n.pending && !n.deletedAt)!;
    expect(other).toBeDefined();
    await demo!.close();
    demo = null;
    const del = await call('notes.delete', { watchId, noteId: other.id });
    await call('outbox.flush', {});
    const open = (await call('outbox.list', {})) as OutboxItem[];
    expect(open.find((i) => i.localId === del.localId)?.state).not.toBe('sent');
    await call('outbox.discard', { localId: del.localId });
    const back = await noteOf(other.id);
    expect(back?.pending).toBe(false);
    expect(back?.deletedAt).toBeNull();
    demo = await start(port);
    expect((await call('outbox.flush', {})).sent).toBe(0); // nothing left to send
    expect(served().find((n) => n.id === other.id)?.deleted_at).toBeUndefined();
  });
});
