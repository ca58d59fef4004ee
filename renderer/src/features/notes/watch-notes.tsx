// A watch's notes (alternate profile): the cached threads with the analyst's unsent notes,
// each marked with its outbox state, and the form to add one (contract notes.add, through
// the outbox). A note the service does not have yet can be edited (notes.edit) or discarded;
// a refused one shows the service's words and can be retried. A note the service has can be
// deleted (after a confirmation, through the outbox); the cache keeps it as the record of its
// deletion, and a delete not yet sent can be taken back.
import { useState } from 'react';
import type { OutboxItem, WatchNoteRow } from '../../../../shared/contract';
import {
  useNotesAdd,
  useNotesDelete,
  useNotesEdit,
  useOutbox,
  useOutboxDiscard,
  useOutboxRetry,
} from '../../data';
import { WriteStatus, type Queued } from '../../ui/write-status';
import { NoteForm, type NoteDraft } from './note-form';
import { NoteThreads, type NoteState, type ShownNote } from './note-threads';

const s = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/** The open delete of a note in the outbox (not sent, not discarded), if any. */
const deleteOf = (noteId: string, outbox: readonly OutboxItem[] | undefined) =>
  outbox?.find(
    (i) =>
      i.op === 'note.delete' && i.payload.noteId === noteId && i.state !== 'sent' && i.state !== 'discarded',
  );

export function shownNote(row: WatchNoteRow, outbox: readonly OutboxItem[] | undefined): ShownNote {
  const n = row.note;
  const deleting = row.deletedAt ? undefined : deleteOf(row.id, outbox);
  const queued = deleting ?? (row.pending ? outbox?.find((i) => i.localId === row.id) : undefined);
  const refused = queued?.state === 'rejected' || queued?.state === 'blocked';
  const state: NoteState = row.deletedAt
    ? 'deleted'
    : deleting
      ? 'deleting'
      : !row.pending
        ? 'sent'
        : refused
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
    refusal: refused ? (queued?.error?.message ?? 'the service refused it') : null,
    deletedAt: row.deletedAt,
  };
}

/** The outbox write behind a note's state: its add (pending, refused) or its delete (deleting). */
const writeOf = (n: ShownNote, outbox: readonly OutboxItem[] | undefined) =>
  n.state === 'deleting' ? deleteOf(n.id, outbox) : outbox?.find((i) => i.localId === n.id);

const draftOfNote = (n: ShownNote): NoteDraft => ({
  note: n.note,
  ...(n.title ? { title: n.title } : {}),
  ...(n.confidence ? { confidence: n.confidence } : {}),
  ...(n.likelihood ? { likelihood: n.likelihood } : {}),
  ...(n.gaps.length ? { gaps: n.gaps } : {}),
  ...(n.nextCheck ? { nextCheck: n.nextCheck } : {}),
});

const toInput = (watchId: string, d: NoteDraft, parentId?: string) => ({
  watchId,
  ...(parentId ? { parentId } : {}),
  ...d,
});

const nameOf = (n: ShownNote) => n.title ?? `note “${n.note.slice(0, 40)}”`;

/** A quiet action on one note, named for the note it acts on. */
function NoteAction({ label, onClick, children }: { label: string; onClick: () => void; children: string }) {
  return (
    <button type="button" className="ghost" onClick={onClick} aria-label={label}>
      {children}
    </button>
  );
}

export function WatchNotes({ watchId, notes }: { watchId: string; notes: readonly WatchNoteRow[] }) {
  const add = useNotesAdd();
  const edit = useNotesEdit();
  const remove = useNotesDelete();
  const discard = useOutboxDiscard();
  const retry = useOutboxRetry();
  const outbox = useOutbox();
  const [queued, setQueued] = useState<Queued | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const shown = notes.map((n) => shownNote(n, outbox.data));

  const send = async (draft: NoteDraft, parentId?: string): Promise<boolean> => {
    const at = Date.now();
    const item = await add.mutateAsync(toInput(watchId, draft, parentId));
    setQueued({ item, at, label: parentId ? 'Reply' : 'Note' });
    return true;
  };
  const whenQueued = (label: string, at = Date.now()) => ({
    onSuccess: (item: OutboxItem) => setQueued({ item, at, label }),
  });

  const actions = (n: ShownNote) => {
    const write = writeOf(n, outbox.data);
    // A send whose outcome is unknown (cut mid-request) can be neither changed nor dropped:
    // the service may have it; the next flush asks it first.
    const unsent = (n.state === 'pending' || n.state === 'refused') && write?.state !== 'sending';
    return (
      <>
        {n.state === 'refused' && write && (
          <NoteAction label={`Retry ${nameOf(n)}`} onClick={() => retry.mutate({ localId: write.localId })}>
            Retry
          </NoteAction>
        )}
        {unsent && write && (
          <NoteAction label={`Edit ${nameOf(n)}`} onClick={() => setEditing(n.id)}>
            Edit
          </NoteAction>
        )}
        {unsent && write && (
          <NoteAction
            label={`Discard ${nameOf(n)}`}
            onClick={() => discard.mutate({ localId: write.localId })}
          >
            Discard
          </NoteAction>
        )}
        {n.state === 'deleting' &&
          write?.error &&
          (write.state === 'rejected' || write.state === 'blocked') && (
            <NoteAction
              label={`Retry deleting ${nameOf(n)}`}
              onClick={() => retry.mutate({ localId: write.localId })}
            >
              Retry delete
            </NoteAction>
          )}
        {n.state === 'deleting' && write && write.state !== 'sending' && (
          <NoteAction label={`Keep ${nameOf(n)}`} onClick={() => discard.mutate({ localId: write.localId })}>
            Keep note
          </NoteAction>
        )}
        {n.state === 'sent' &&
          (confirming === n.id ? (
            <span className="confirm" role="alertdialog" aria-label={`Delete ${nameOf(n)}`}>
              <span>Delete this note? The service removes it and keeps a record of the deletion.</span>
              <button
                type="button"
                className="danger"
                onClick={() => {
                  setConfirming(null);
                  remove.mutate({ watchId, noteId: n.id }, whenQueued('Delete note'));
                }}
              >
                Delete note
              </button>
              <button type="button" className="ghost" onClick={() => setConfirming(null)}>
                Keep it
              </button>
            </span>
          ) : (
            <button
              type="button"
              className="ghost danger"
              onClick={() => setConfirming(n.id)}
              aria-label={`Delete ${nameOf(n)}…`}
            >
              Delete…
            </button>
          ))}
      </>
    );
  };

  const editorFor = (n: ShownNote) => {
    if (editing !== n.id) return null;
    const write = writeOf(n, outbox.data);
    return (
      <NoteForm
        reply={!!n.parentId}
        initial={draftOfNote(n)}
        busy={edit.isPending}
        error={edit.error?.message ?? null}
        onCancel={() => setEditing(null)}
        onSubmit={async (d) => {
          if (!write) return false;
          try {
            const at = Date.now();
            const { title, ...rest } = d;
            const item = await edit.mutateAsync({
              localId: write.localId,
              ...rest,
              ...(n.parentId ? {} : { title }),
            });
            setQueued({ item, at, label: 'Edit' });
            setEditing(null);
            return true;
          } catch {
            return false; // the form shows edit.error
          }
        }}
      />
    );
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
        noteActions={actions}
        editorFor={editorFor}
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
