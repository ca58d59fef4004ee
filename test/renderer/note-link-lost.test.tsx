// A note whose send lost the link: the outbox keeps it `sending` (the outcome is unknown, the
// next flush asks the service first) with the link's error. Nothing is being sent then, so the
// watch's notes mark it pending like any unsent note, and the write's line says the link failed.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OutboxItem, WatchNoteRow } from '../../shared/contract';
import { shownNote } from '../../renderer/src/features/notes/watch-notes';
import { WriteStatus } from '../../renderer/src/ui/write-status';
import { fakeClient, renderWithData, outboxItem } from './fake-client';

const row: WatchNoteRow = {
  id: 'local:n1',
  pending: true,
  deletedAt: null,
  note: { id: 'local:n1', note: 'Two berths empty.', confidence: 'low' } as WatchNoteRow['note'],
};
const item = (over: Partial<OutboxItem>): OutboxItem =>
  outboxItem({ localId: 'local:n1', state: 'sending', createdAt: '2026-11-20T12:00:00Z', ...over });
const linkLost = item({ error: { status: null, message: 'fetch failed: connection refused' } });

describe('a note whose send lost the link', () => {
  it('is pending, not sending; one being sent is sending; a sent one is sent', () => {
    expect(shownNote(row, [linkLost]).state).toBe('pending');
    expect(shownNote(row, [item({})]).state).toBe('sending');
    expect(shownNote({ ...row, pending: false }, [linkLost]).state).toBe('sent');
  });

  it('says on the write’s line that the link failed and the next sync sends it', async () => {
    renderWithData(
      <WriteStatus queued={{ item: linkLost, at: Date.now() + 60_000, label: 'Note' }} />,
      fakeClient({ 'outbox.list': () => [linkLost] }),
    );
    const line = await screen.findByRole('status');
    expect(line.textContent).toContain('PENDING');
    expect(line.textContent).toContain('the link failed; sent on the next sync');
    expect(line.textContent).not.toMatch(/· sending/);
  });
});
