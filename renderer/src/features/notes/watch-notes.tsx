// A watch's notes (alternate profile): the cached threads with the analyst's unsent notes,
// each marked with its outbox state, and the form to add one (contract notes.add, through
// the outbox). A refused note shows the service's words and can be discarded.
import { useState } from 'react';
import type { OutboxItem, WatchNoteRow } from '../../../../shared/contract';
import { useNotesAdd, useOutbox, useOutboxDiscard } from '../../data';
import { WriteStatus, type Queued } from '../watches/write-status';
import { NoteForm, type NoteDraft } from './note-form';
import { NoteThreads, type NoteState, type ShownNote } from './note-threads';

const s = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

export function shownNote(row: WatchNoteRow, outbox: readonly OutboxItem[] | undefined): ShownNote {
  const n = row.note;
  const queued = row.pending ? outbox?.find((i) => i.localId === row.id) : undefined;
  const state: NoteState = !row.pending
    ? 'sent'
    : queued?.state === 'rejected' || queued?.state === 'blocked'
      ? 'refused'
      : // A send that lost the link stays `sending` (its outcome unknown) with the link's error:
        // nothing is being sent now, it waits for the link like any pending note.
        queued?.state === 'sending' && !queued.error
        ? 'sending'
        : 'pending';
  return {
    id: row.id,
    parentId: s(n.parent_id),
    title: s(n.title),
    note: n.note,
    confidence: s(n.confidence),
    likelihood: s(n.likelihood),
    gaps: Array.isArray(n.gaps) ? n.gaps.filter((g): g is string => typeof g === 'string') : [],
    nextCheck: s(n.next_check),
    createdAt: s(n.created_at),
    createdBy: s(n.created_by),
    state,
    refusal: queued?.error?.message ?? null,
  };
}

const toInput = (watchId: string, d: NoteDraft, parentId?: string) => ({
  watchId,
  note: d.note,
  ...(d.title ? { title: d.title } : {}),
  ...(parentId ? { parentId } : {}),
  ...(d.confidence ? { confidence: d.confidence } : {}),
  ...(d.likelihood ? { likelihood: d.likelihood } : {}),
  ...(d.gaps ? { gaps: d.gaps } : {}),
  ...(d.nextCheck ? { nextCheck: d.nextCheck } : {}),
});

export function WatchNotes({ watchId, notes }: { watchId: string; notes: readonly WatchNoteRow[] }) {
  const add = useNotesAdd();
  const discard = useOutboxDiscard();
  const outbox = useOutbox();
  const [queued, setQueued] = useState<Queued | null>(null);
  const shown = notes.map((n) => shownNote(n, outbox.data));

  const send = async (draft: NoteDraft, parentId?: string): Promise<boolean> => {
    const at = Date.now();
    const item = await add.mutateAsync(toInput(watchId, draft, parentId));
    setQueued({ item, at, label: parentId ? 'Reply' : 'Note' });
    return true;
  };

  return (
    <section className="watch-notes" aria-label="Notes">
      <h3>Notes</h3>
      <p className="muted group-note">
        Confidence (how sure, about the evidence) and likelihood (how probable) are separate judgments.
      </p>
      <NoteThreads
        notes={shown}
        onReply={(parentId, draft) => send(draft, parentId)}
        noteActions={(n) =>
          n.state === 'refused' && (
            <button
              type="button"
              className="ghost"
              onClick={() => discard.mutate({ localId: n.id })}
              aria-label={`Discard refused note ${n.title ?? ''}`.trim()}
            >
              Discard
            </button>
          )
        }
      />
      {queued && <WriteStatus queued={queued} />}
      <NoteForm
        busy={add.isPending}
        error={add.error?.message ?? null}
        onSubmit={async (d) => {
          try {
            return await send(d);
          } catch {
            return false; // the form shows add.error
          }
        }}
      />
    </section>
  );
}
