// A watch's notes and what the analyst can do with each, by its outbox state: a pending or
// refused note is edited in place (notes.edit) or discarded, a refused one retried; a note the
// service has is deleted only after a confirmation, shows its delete pending (and can be kept),
// then stays as the record of its deletion, without its text. A send of unknown outcome can be
// neither edited nor discarded.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OutboxItem, WatchNoteRow } from '../../shared/contract';
import { createQueryClient, DataProvider } from '../../renderer/src/data';
import { WatchNotes } from '../../renderer/src/features/notes/watch-notes';
import { DEMO_INFO, fakeClient, outboxItem } from './fake-client';

const ALT = { ...DEMO_INFO, profile: 'alternate' as const };

const row = (
  id: string,
  note: Partial<WatchNoteRow['note']>,
  over: Partial<WatchNoteRow> = {},
): WatchNoteRow => ({
  id,
  pending: id.startsWith('local:'),
  deletedAt: null,
  note: { id, note: 'text', created_at: '2026-11-02T10:00:00Z', created_by: 'user', ...note },
  ...over,
});
const item = outboxItem;

/** The notes panel on a fake contract whose notes and outbox the test can change. */
function setup(notes: WatchNoteRow[], outbox: OutboxItem[]) {
  const state = { notes, outbox };
  const client = fakeClient({
    'app.info': () => ALT,
    'outbox.list': () => state.outbox,
    'notes.edit': ({ localId, ...d }) => {
      state.notes = state.notes.map((n) => (n.id === localId ? row(n.id, { ...n.note, ...d }) : n));
      return state.outbox.find((i) => i.localId === localId)!;
    },
    'notes.delete': ({ noteId }) => {
      const del = item({ op: 'note.delete', localId: 'local:del', payload: { noteId } });
      state.outbox = [...state.outbox, del];
      return del;
    },
    'outbox.discard': ({ localId }) => {
      state.outbox = state.outbox.filter((i) => i.localId !== localId);
      return { discarded: true as const };
    },
    'outbox.retry': ({ localId }) => ({
      ...state.outbox.find((i) => i.localId === localId)!,
      state: 'pending',
    }),
  });
  // The notes come from the watch's read in the app; here the test hands them in again.
  const queryClient = createQueryClient();
  const ui = () => (
    <DataProvider client={client.api} queryClient={queryClient}>
      <WatchNotes watchId="w1" notes={state.notes} />
    </DataProvider>
  );
  const view = render(ui());
  const rerender = () => view.rerender(ui());
  return { client, state, rerender };
}

describe('a watch’s notes: edit, retry, discard, delete', () => {
  it('edits a pending note in place: the form starts from it and saves through notes.edit', async () => {
    const { client, rerender } = setup(
      [
        row('local:n1', {
          title: 'Port status',
          note: 'Cranes idle.',
          confidence: 'high',
          likelihood: 'likely',
        }),
      ],
      [item({ localId: 'local:n1' })],
    );
    const note = await screen.findByRole('article', { name: 'Port status' });
    expect(note.textContent).toContain('PENDING');
    await userEvent.click(await within(note).findByRole('button', { name: 'Edit Port status' }));
    const form = screen.getByRole('form', { name: 'Edit note' });
    expect((within(form).getByRole('textbox', { name: 'Note' }) as HTMLTextAreaElement).value).toBe(
      'Cranes idle.',
    );
    expect((within(form).getByRole('radio', { name: 'high' }) as HTMLInputElement).checked).toBe(true);
    const text = within(form).getByRole('textbox', { name: 'Note' });
    await userEvent.clear(text);
    await userEvent.type(text, 'Cranes idle; two berths empty.');
    await userEvent.click(
      within(within(form).getByRole('group', { name: /Confidence/ })).getByRole('radio', {
        name: 'not stated',
      }),
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(client.calls('notes.edit')).toEqual([
      {
        localId: 'local:n1',
        title: 'Port status',
        note: 'Cranes idle; two berths empty.',
        likelihood: 'likely',
      },
    ]);
    rerender();
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit note' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Port status' }).textContent).toContain('two berths empty');
  });

  it('retries or discards a refused note, with the service’s words shown', async () => {
    const { client } = setup(
      [row('local:n1', { title: 'Port status' })],
      [
        item({
          localId: 'local:n1',
          state: 'rejected',
          error: { status: 400, message: 'likelihood is not allowed' },
        }),
      ],
    );
    const note = await screen.findByRole('article', { name: 'Port status' });
    await waitFor(() => expect(note.textContent).toContain('likelihood is not allowed'));
    await userEvent.click(within(note).getByRole('button', { name: 'Retry Port status' }));
    expect(client.calls('outbox.retry')).toEqual([{ localId: 'local:n1' }]);
    await userEvent.click(within(note).getByRole('button', { name: 'Discard Port status' }));
    expect(client.calls('outbox.discard')).toEqual([{ localId: 'local:n1' }]);
  });

  it('deletes a sent note only after a confirmation; the delete shows pending and can be taken back', async () => {
    const { client, rerender } = setup([row('n7', { title: 'Harbour', note: 'Two berths empty.' })], []);
    const note = await screen.findByRole('article', { name: 'Harbour' });
    expect(within(note).queryByRole('button', { name: /^Edit/ })).toBeNull(); // the service has it
    await userEvent.click(within(note).getByRole('button', { name: 'Delete Harbour…' }));
    expect(client.calls('notes.delete')).toEqual([]);
    const confirm = within(note).getByRole('alertdialog', { name: 'Delete Harbour' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete note' }));
    expect(client.calls('notes.delete')).toEqual([{ watchId: 'w1', noteId: 'n7' }]);
    rerender();
    await waitFor(() =>
      expect(screen.getByRole('article', { name: 'Harbour' }).textContent).toContain(
        'delete waits to be sent',
      ),
    );
    expect(screen.getByRole('article', { name: 'Harbour' }).getAttribute('data-state')).toBe('deleting');
    await userEvent.click(screen.getByRole('button', { name: 'Keep Harbour' }));
    expect(client.calls('outbox.discard')).toEqual([{ localId: 'local:del' }]);
    await waitFor(() =>
      expect(screen.getByRole('article', { name: 'Harbour' }).getAttribute('data-state')).toBe('sent'),
    );
  });

  it('keeps a deleted note as the record of its deletion, without its text or a reply', async () => {
    setup(
      [row('n7', { title: 'Harbour', note: 'Two berths empty.' }, { deletedAt: '2026-11-03T08:00:00Z' })],
      [],
    );
    const note = await screen.findByRole('article', { name: 'Deleted note Harbour' });
    expect(note.textContent).toContain('DELETED');
    expect(note.textContent).toContain('2026-11-03 08:00');
    expect(note.textContent).not.toContain('Two berths empty.');
    expect(screen.queryByRole('button', { name: /^Reply/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });

  it('offers neither edit nor discard for a send whose outcome is unknown', async () => {
    setup(
      [row('local:n1', { title: 'Port status' })],
      [item({ localId: 'local:n1', state: 'sending', error: { status: null, message: 'socket hang up' } })],
    );
    const note = await screen.findByRole('article', { name: 'Port status' });
    await waitFor(() => expect(note.textContent).toContain('PENDING'));
    expect(within(note).queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(within(note).queryByRole('button', { name: /^Discard/ })).toBeNull();
  });
});
