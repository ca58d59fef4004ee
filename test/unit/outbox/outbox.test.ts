import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../electron/cache';
import { Outbox, type OutboxExecutor, type SendFailure } from '../../../electron/outbox/outbox';

class Rejected extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
const classify = (err: unknown): SendFailure =>
  err instanceof Rejected
    ? { kind: 'rejected', status: err.status, message: err.message }
    : { kind: 'link', message: (err as Error).message, unsent: (err as Error).message === 'ECONNREFUSED' };

/** A service that stores notes, and a switch to cut the link. */
function fakeService() {
  const notes: { id: string; note: string; parent_id?: string }[] = [];
  const state = { linkUp: true, reachedButCut: false, refused: false, calls: 0 };
  const executor: OutboxExecutor<{ id: string }> = {
    async send(payload, resolve) {
      state.calls++;
      if (state.refused) throw new Error('ECONNREFUSED'); // no connection: nothing arrived
      if (!state.linkUp) throw new Error('ECONNRESET');
      if (String(payload.note).trim() === '') throw new Rejected(400, 'note must not be empty');
      const parent = payload.parent_local_id ? resolve(String(payload.parent_local_id)) : undefined;
      const note = {
        id: `n${notes.length + 1}`,
        note: String(payload.note),
        ...(parent ? { parent_id: parent } : {}),
      };
      notes.push(note);
      if (state.reachedButCut) throw new Error('socket hang up'); // stored, but the answer was lost
      return { id: note.id };
    },
    async verify(payload) {
      if (state.refused) throw new Error('ECONNREFUSED');
      if (!state.linkUp) throw new Error('ECONNRESET');
      const found = notes.find((n) => n.note === payload.note);
      return found ? { id: found.id } : null;
    },
    remoteId: (r) => r.id,
    apply(db, row, r) {
      db.prepare('UPDATE scratch_notes SET remote_id = ?, pending = 0 WHERE local_id = ?').run(
        r.id,
        row.localId,
      );
    },
    revert(db, row) {
      db.prepare('DELETE FROM scratch_notes WHERE local_id = ?').run(row.localId);
    },
  };
  return { notes, state, executor };
}

function setup() {
  const db = new Database(':memory:');
  migrate(db);
  db.exec(
    'CREATE TABLE scratch_notes (local_id TEXT PRIMARY KEY, note TEXT, pending INTEGER, remote_id TEXT)',
  );
  const service = fakeService();
  const outbox = new Outbox(db, { 'note.add': service.executor }, classify);
  const addNote = (localId: string, note: string, parent?: string) =>
    outbox.enqueue(
      'note.add',
      localId,
      { note, ...(parent ? { parent_local_id: parent } : {}) },
      {
        dependsOn: parent ?? null,
        applyLocal: (d) => d.prepare('INSERT INTO scratch_notes VALUES (?, ?, 1, NULL)').run(localId, note),
      },
    );
  return { db, service, outbox, addNote };
}

const localNotes = (db: Database.Database) =>
  db.prepare('SELECT local_id, pending, remote_id FROM scratch_notes ORDER BY local_id').all();

describe('outbox', () => {
  it('writes the local record and the outbox row together, or neither', () => {
    const { db, outbox } = setup();
    expect(() =>
      outbox.enqueue(
        'note.add',
        'l1',
        { note: 'x' },
        {
          applyLocal: (d) => {
            d.prepare('INSERT INTO scratch_notes VALUES (?, ?, 1, NULL)').run('l1', 'x');
            throw new Error('disk full');
          },
        },
      ),
    ).toThrow('disk full');
    expect(localNotes(db)).toEqual([]);
    expect(outbox.open()).toEqual([]);
  });

  it('shows writes as pending at once and sends them in order when the link allows', async () => {
    const { db, service, outbox, addNote } = setup();
    service.state.linkUp = false;
    addNote('l1', 'first');
    addNote('l2', 'second');
    expect(outbox.open().map((r) => r.state)).toEqual(['pending', 'pending']);
    expect(await outbox.flush()).toMatchObject({ sent: 0, stoppedByLink: true });
    service.state.linkUp = true;
    expect(await outbox.flush()).toMatchObject({ sent: 2, stoppedByLink: false });
    expect(service.notes.map((n) => n.note)).toEqual(['first', 'second']);
    expect(localNotes(db)).toEqual([
      { local_id: 'l1', pending: 0, remote_id: 'n1' },
      { local_id: 'l2', pending: 0, remote_id: 'n2' },
    ]);
    expect(outbox.open()).toEqual([]);
  });

  it('after an unknown outcome, checks with the service instead of sending twice', async () => {
    const { service, outbox, addNote, db } = setup();
    addNote('l1', 'only once');
    service.state.reachedButCut = true;
    expect(await outbox.flush()).toMatchObject({ sent: 0, stoppedByLink: true });
    expect(outbox.get('l1')?.state).toBe('sending');
    // A new process opens the same database (the old one was killed).
    service.state.reachedButCut = false;
    const restarted = new Outbox(db, { 'note.add': service.executor }, classify);
    expect(await restarted.flush()).toMatchObject({ sent: 1 });
    expect(service.notes.filter((n) => n.note === 'only once')).toHaveLength(1);
    expect(restarted.get('l1')).toMatchObject({ state: 'sent', attempts: 1 });
  });

  it('sends after an unknown outcome when the request never arrived', async () => {
    const { service, outbox, addNote } = setup();
    addNote('l1', 'lost on the way');
    service.state.linkUp = false;
    await outbox.flush();
    service.state.linkUp = true;
    await outbox.flush();
    expect(service.notes.map((n) => n.note)).toEqual(['lost on the way']);
  });

  it('keeps a write pending, editable and discardable, when no connection was made', async () => {
    const { service, outbox, addNote } = setup();
    addNote('l1', 'written offline');
    service.state.refused = true;
    expect(await outbox.flush()).toMatchObject({ sent: 0, stoppedByLink: true });
    // Refused before connecting: it cannot have arrived, so it is not of unknown outcome.
    expect(outbox.get('l1')).toMatchObject({ state: 'pending', error: { message: 'ECONNREFUSED' } });
    outbox.edit('l1', { note: 'rewritten offline' });
    service.state.refused = false;
    expect(await outbox.flush()).toMatchObject({ sent: 1 });
    expect(service.notes.map((n) => n.note)).toEqual(['rewritten offline']);
  });

  it('keeps a write of unknown outcome `sending` even if the check before resending cannot connect', async () => {
    const { service, outbox, addNote } = setup();
    addNote('l1', 'maybe there');
    service.state.reachedButCut = true;
    await outbox.flush();
    expect(outbox.get('l1')?.state).toBe('sending');
    service.state.reachedButCut = false;
    service.state.refused = true; // the check cannot connect: the first send may still have landed
    await outbox.flush();
    expect(outbox.get('l1')?.state).toBe('sending');
    expect(() => outbox.edit('l1', { note: 'changed' })).toThrow(/can be edited/);
  });

  it('shows a rejected write with the service reason; edit, retry or discard it', async () => {
    const { db, service, outbox, addNote } = setup();
    addNote('l1', '   ');
    addNote('l2', 'fine');
    expect(await outbox.flush()).toMatchObject({ sent: 1, rejected: 1 });
    expect(outbox.get('l1')).toMatchObject({
      state: 'rejected',
      error: { status: 400, message: 'note must not be empty' },
    });
    outbox.edit('l1', { note: 'now with words' });
    await outbox.flush();
    expect(service.notes.map((n) => n.note)).toEqual(['fine', 'now with words']);

    addNote('l3', '');
    await outbox.flush();
    outbox.discard('l3');
    expect(outbox.get('l3')?.state).toBe('discarded');
    expect(localNotes(db).map((n) => (n as { local_id: string }).local_id)).toEqual(['l1', 'l2']);
    expect(() => outbox.discard('l2')).toThrow(/not been sent/);
  });

  it('sends a reply to a pending note with the note id the service gave, and blocks it if the note fails', async () => {
    const { service, outbox, addNote } = setup();
    addNote('l1', 'thread');
    addNote('l2', 'reply', 'l1');
    await outbox.flush();
    expect(service.notes).toEqual([
      { id: 'n1', note: 'thread' },
      { id: 'n2', note: 'reply', parent_id: 'n1' },
    ]);

    addNote('l3', '');
    addNote('l4', 'orphan reply', 'l3');
    expect(await outbox.flush()).toMatchObject({ rejected: 1, blocked: 1 });
    expect(outbox.get('l4')).toMatchObject({
      state: 'blocked',
      error: { message: 'waits for l3, which was not sent' },
    });
  });

  it('refuses an operation it cannot send', () => {
    const { outbox } = setup();
    expect(() => outbox.enqueue('watch.frobnicate', 'x', {})).toThrow(/unknown outbox operation/);
  });
});
