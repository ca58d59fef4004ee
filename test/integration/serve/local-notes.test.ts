// The analyst's local-only notes through `watchfloor serve` on the main profile (its service
// keeps no notes): added, listed, replied to and deleted in the account's cache, never sent
// to the service; the window is told (cache.changed 'local_notes'); they survive a restart
// with the same HOME; bad input is refused and changes nothing.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalNoteRow, LocalNotesListResult } from '../../../shared/contract';
import { startDemoService, type DemoService } from '../../../electron/demo';
import { DEMO_KEY, DEMO_NOW } from '../../helpers/demo';
import { contractCall, followPushes, startServeProcess, type ServeProcess } from '../../helpers/serve';

let demo: DemoService;
let dir: string;
let signalId: string;
const started: ServeProcess[] = [];

const start = async () => {
  const s = await startServeProcess(
    ['--base-url', demo.url, '--profile', 'main', '--db', path.join(dir, 'cache.db')],
    { ...process.env, HOME: dir, WATCHFLOOR_API_KEY: DEMO_KEY },
  );
  started.push(s);
  return s;
};

/** The dispatcher's answer as it is, refusals included. */
async function raw(serve: ServeProcess, channel: string, input: unknown) {
  const res = await fetch(`${serve.origin}/api/contract/${channel}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Watchfloor-Token': serve.secret },
    body: JSON.stringify(input),
  });
  return (await res.json()) as { ok: boolean; error?: { code: string; message: string } };
}

const list = async (serve: ServeProcess, input: { subjectId?: string } = {}) =>
  (await contractCall<LocalNotesListResult>(serve, 'localNotes.list', input)).notes;

beforeAll(async () => {
  demo = await startDemoService({ profile: 'main', now: DEMO_NOW, signalsPerDay: 5 });
  dir = mkdtempSync(path.join(os.tmpdir(), 'wf-local-notes-'));
});

afterAll(async () => {
  await Promise.all(started.map((s) => s.stop()));
  await demo.close();
});

describe('local-only notes through serve (main profile)', { timeout: 120_000 }, () => {
  let serve: ServeProcess;
  let head: LocalNoteRow;
  let reply: LocalNoteRow;

  it('adds a note about a signal, lists it, replies under it, and tells the window', async () => {
    serve = await start();
    await contractCall(serve, 'sync.now');
    signalId = (await contractCall<{ rows: { id: string }[] }>(serve, 'signals.query', { limit: 1 })).rows[0]!
      .id;
    const pushes: { event: string; data: unknown }[] = [];
    const stop = await followPushes(serve, (event, data) => pushes.push({ event, data }));
    const requestsBefore = demo.requests.length;

    head = await contractCall<LocalNoteRow>(serve, 'localNotes.add', {
      subjectId: signalId,
      subjectLabel: 'Fire at the depot',
      title: 'Depot fire',
      note: 'Smoke seen from the road.',
      confidence: 'low',
      likelihood: 'likely',
      gaps: ['who started it', 'how many trucks'],
      nextCheck: 'tomorrow’s imagery',
    });
    expect(head).toMatchObject({
      subjectKind: 'signal',
      subjectId: signalId,
      subjectLabel: 'Fire at the depot',
      parentId: null,
      title: 'Depot fire',
      note: 'Smoke seen from the road.',
      confidence: 'low',
      likelihood: 'likely',
      gaps: ['who started it', 'how many trucks'],
      nextCheck: 'tomorrow’s imagery',
      localOnly: true,
    });
    expect(head.id).toMatch(/^local-note:/);
    expect(Date.parse(head.createdAt)).not.toBeNaN();

    reply = await contractCall<LocalNoteRow>(serve, 'localNotes.add', {
      subjectId: signalId,
      parentId: head.id,
      note: 'Still burning at noon.',
    });
    expect(reply).toMatchObject({ parentId: head.id, subjectLabel: 'Fire at the depot', confidence: null });

    // Another signal's note is listed apart.
    await contractCall(serve, 'localNotes.add', { subjectId: 'another-signal', note: 'Unrelated.' });
    expect((await list(serve, { subjectId: signalId })).map((n) => n.note)).toEqual([
      'Smoke seen from the road.',
      'Still burning at noon.',
    ]);
    expect(await list(serve)).toHaveLength(3);

    // Nothing went to the service: it keeps no notes.
    expect(demo.requests.slice(requestsBefore).filter((r) => /note/i.test(r.path))).toEqual([]);
    expect(await contractCall<unknown[]>(serve, 'outbox.list')).toEqual([]);
    await expect
      .poll(() => pushes.filter((p) => p.event === 'cache.changed').map((p) => p.data))
      .toContainEqual({ resources: ['local_notes'] });
    stop();
  });

  it('refuses bad input and changes nothing', async () => {
    const before = await list(serve);
    const refusals: [string, unknown, string][] = [
      ['localNotes.add', { subjectId: signalId, note: '   ' }, 'invalid_input'],
      ['localNotes.add', { subjectId: signalId, note: 'x'.repeat(20_001) }, 'invalid_input'],
      ['localNotes.add', { subjectId: '', note: 'No subject.' }, 'invalid_input'],
      ['localNotes.add', { subjectId: signalId, note: 'Extra.', sendTo: 'service' }, 'invalid_input'],
      ['localNotes.add', { subjectId: signalId, note: 'Bad id.', id: '../../etc' }, 'invalid_input'],
      [
        'localNotes.add',
        { subjectId: signalId, note: 'Too many gaps.', gaps: Array(21).fill('g') },
        'invalid_input',
      ],
      ['localNotes.add', { subjectId: signalId, note: 'Orphan.', parentId: 'local-note:none' }, 'failed'],
      // Replies are one level deep.
      ['localNotes.add', { subjectId: signalId, note: 'Deeper.', parentId: reply.id }, 'failed'],
      [
        'localNotes.add',
        { subjectId: 'another-signal', note: 'Wrong subject.', parentId: head.id },
        'failed',
      ],
      // An id the cache does not hold: not found (404 over serve).
      ['localNotes.delete', { noteId: 'local-note:none' }, 'not_found'],
      ['localNotes.delete', {}, 'invalid_input'],
    ];
    for (const [channel, input, code] of refusals) {
      const answer = await raw(serve, channel, input);
      expect(answer, JSON.stringify(input).slice(0, 60)).toMatchObject({ ok: false, error: { code } });
    }
    expect(await list(serve)).toEqual(before);
  });

  it('keeps every note across a restart with the same HOME', async () => {
    const before = await list(serve);
    await serve.stop();
    serve = await start();
    expect(await list(serve)).toEqual(before);
  });

  it('deletes a note with its replies, and only those', async () => {
    expect(await contractCall(serve, 'localNotes.delete', { noteId: head.id })).toEqual({ deleted: 2 });
    expect(await list(serve, { subjectId: signalId })).toEqual([]);
    expect((await list(serve)).map((n) => n.note)).toEqual(['Unrelated.']);
  });
});
