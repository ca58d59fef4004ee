// The main profile's Notes panel on a fake contract: notes are kept in the account's cache
// (localNotes.*), shown LOCAL-ONLY as threads on the selected signal, replied to and deleted
// there; notes an older window kept in localStorage are moved into the cache once, and the old
// storage is cleared only after every one was taken (a refusal leaves it as it was).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { LocalNotesPanel } from '../../renderer/src/features/notes/local-notes-panel';
import { LOCAL_NOTES_KEY, resetLegacyImports } from '../../renderer/src/features/notes/local-notes';
import { useSelection } from '../../renderer/src/state/selection';
import { DEMO_INFO, fakeClient, renderWithData } from './fake-client';
import { localNotesFake } from './local-notes-fake';

beforeEach(() => {
  useSelection.getState().clear();
  resetLegacyImports();
});

const legacy = (service: string, over: Record<string, unknown>) => ({
  service,
  subjectId: 'ev-1',
  subjectLabel: 'Fire at the depot',
  createdAt: '2026-10-01T08:00:00.000Z',
  ...over,
});
const oldStore = (notes: unknown[]) => JSON.stringify({ state: { notes }, version: 1 });

describe('the local notes panel', () => {
  it('writes, replies to and deletes notes on the selected signal in the cache, all LOCAL-ONLY', async () => {
    const local = localNotesFake();
    local.handlers['localNotes.add']({
      subjectId: 'ev-2',
      subjectLabel: 'Convoy on the M14',
      note: 'Seen twice.',
    });
    const client = fakeClient(local.handlers);
    renderWithData(<LocalNotesPanel />, client);
    const panel = screen.getByRole('region', { name: 'Local notes' });
    expect(panel.textContent).toContain('Reports include them');
    // The other signal's note is reachable by name before anything is selected.
    await within(panel).findByRole('button', { name: 'Convoy on the M14' });
    expect(within(panel).queryByRole('form')).toBeNull();

    useSelection.getState().select({ kind: 'signal', id: 'ev-1', label: 'Fire at the depot' });
    const form = await within(panel).findByRole('form', { name: 'New note' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Title' }), 'Depot');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Note' }), 'Smoke seen from the road.');
    await userEvent.click(within(form).getByRole('button', { name: 'Add note' }));
    const head = await within(panel).findByRole('article', { name: 'Depot' });
    expect(head.textContent).toContain('LOCAL-ONLY');
    expect(local.notes.map((n) => n.note)).toContain('Smoke seen from the road.');

    await userEvent.click(within(head).getByRole('button', { name: 'Reply to Depot' }));
    const reply = await within(panel).findByRole('form', { name: 'Reply' });
    await userEvent.type(within(reply).getByRole('textbox', { name: 'Reply' }), 'Still burning.');
    await userEvent.click(within(reply).getByRole('button', { name: 'Send reply' }));
    const replies = await within(panel).findByRole('list', { name: 'Replies to Depot' });
    await within(replies).findByRole('article', { name: /Still burning/ });
    expect(client.calls('localNotes.add').at(-1)).toMatchObject({
      subjectId: 'ev-1',
      parentId: local.notes.find((n) => n.title === 'Depot')!.id,
      note: 'Still burning.',
    });

    await userEvent.click(within(head).getByRole('button', { name: 'Delete local note: Depot' }));
    // Asked first: keeping it changes nothing.
    await userEvent.click(within(head).getByRole('button', { name: 'Keep' }));
    expect(client.calls('localNotes.delete')).toEqual([]);
    await userEvent.click(within(head).getByRole('button', { name: 'Delete local note: Depot' }));
    await userEvent.click(within(head).getByRole('button', { name: 'Confirm delete' }));
    await waitFor(() => expect(within(panel).queryByRole('article')).toBeNull());
    expect(local.notes.map((n) => n.note)).toEqual(['Seen twice.']);
  });

  it('says a note was not saved, and keeps the draft, when main refuses it', async () => {
    const local = localNotesFake();
    local.refuseAdds('the cache is read-only');
    renderWithData(<LocalNotesPanel />, fakeClient(local.handlers));
    useSelection.getState().select({ kind: 'signal', id: 'ev-1', label: 'Fire at the depot' });
    const form = await screen.findByRole('form', { name: 'New note' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Note' }), 'Smoke.');
    await userEvent.click(within(form).getByRole('button', { name: 'Add note' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Not saved: the cache is read-only');
    expect(within(form).getByRole('textbox', { name: 'Note' })).toHaveProperty('value', 'Smoke.');
  });
});

describe('notes from the old window storage', () => {
  it('are moved into the cache once, replies under their note, and only then cleared', async () => {
    const other = legacy('https://other.example', { id: 'local-note:o1', note: 'Another service.' });
    localStorage.setItem(
      LOCAL_NOTES_KEY,
      oldStore([
        legacy(DEMO_INFO.baseUrl!, {
          id: 'local-note:r1',
          parentId: 'local-note:h1',
          note: 'A reply.',
          createdAt: '2026-10-01T09:00:00.000Z',
        }),
        legacy(DEMO_INFO.baseUrl!, {
          id: 'local-note:h1',
          title: 'Depot',
          note: 'Smoke.',
          confidence: 'low',
          gaps: ['who'],
        }),
        other,
      ]),
    );
    const local = localNotesFake();
    const client = fakeClient(local.handlers);
    renderWithData(<LocalNotesPanel />, client);
    useSelection.getState().select({ kind: 'signal', id: 'ev-1', label: 'Fire at the depot' });
    const replies = await screen.findByRole('list', { name: 'Replies to Depot' });
    await within(replies).findByRole('article', { name: /A reply/ });
    expect(client.calls('localNotes.add')).toEqual([
      {
        id: 'local-note:h1',
        subjectId: 'ev-1',
        subjectLabel: 'Fire at the depot',
        title: 'Depot',
        note: 'Smoke.',
        confidence: 'low',
        gaps: ['who'],
        createdAt: '2026-10-01T08:00:00.000Z',
      },
      {
        id: 'local-note:r1',
        subjectId: 'ev-1',
        subjectLabel: 'Fire at the depot',
        parentId: 'local-note:h1',
        note: 'A reply.',
        createdAt: '2026-10-01T09:00:00.000Z',
      },
    ]);
    // Another service's note stays for that service.
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(LOCAL_NOTES_KEY)!).state.notes).toEqual([other]),
    );
  });

  it('stay in the old storage, and the panel says so, when any add is refused', async () => {
    const stored = oldStore([legacy(DEMO_INFO.baseUrl!, { id: 'local-note:h1', note: 'Smoke.' })]);
    localStorage.setItem(LOCAL_NOTES_KEY, stored);
    const local = localNotesFake();
    local.refuseAdds('database is locked');
    renderWithData(<LocalNotesPanel />, fakeClient(local.handlers));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('could not be moved');
    expect(alert.textContent).toContain('database is locked');
    expect(localStorage.getItem(LOCAL_NOTES_KEY)).toBe(stored);
    expect(local.notes).toEqual([]);
  });
});
