// A watch's notes as threads: each top-level note in the order written, its replies under it
// (one level deep). Each note shows its two judgments apart, its gaps and next check, and its
// state: sent (the service has it), pending (in the outbox), refused (the service's words),
// deleting (its delete is in the outbox), deleted (kept as the record of its deletion), or
// local-only (kept on this computer, the service has no notes).
import { useState, type ReactNode } from 'react';
import { HonestyMark } from '../../ui/honesty-mark';
import { formatUtc } from '../../ui/time';
import { describeLikelihood } from './estimative';
import { NoteForm, type NoteDraft } from './note-form';

export type NoteState = 'sent' | 'pending' | 'sending' | 'refused' | 'deleting' | 'deleted' | 'local-only';

export interface ShownNote {
  id: string;
  parentId: string | null;
  title: string | null;
  note: string;
  confidence: string | null;
  likelihood: string | null;
  gaps: string[];
  nextCheck: string | null;
  createdAt: string | null;
  createdBy: string | null;
  state: NoteState;
  /** The service's refusal, when it refused (the note, or its delete). */
  refusal?: string | null;
  /** When the service took its delete (state `deleted`). */
  deletedAt?: string | null;
}

export interface Thread {
  head: ShownNote;
  replies: ShownNote[];
  /** The head is a reply whose note is not here (deleted, or not cached). */
  orphan: boolean;
}

/** Top-level notes in order, each with its replies; a reply without its note stands alone. */
export function threadsOf(notes: readonly ShownNote[]): Thread[] {
  const ids = new Set(notes.map((n) => n.id));
  const threads: Thread[] = [];
  const byHead = new Map<string, Thread>();
  for (const n of notes)
    if (!n.parentId || !ids.has(n.parentId)) {
      const t = { head: n, replies: [], orphan: !!n.parentId };
      threads.push(t);
      byHead.set(n.id, t);
    }
  for (const n of notes) if (n.parentId && ids.has(n.parentId)) byHead.get(n.parentId)?.replies.push(n);
  return threads;
}

function StateMark({ n }: { n: ShownNote }) {
  switch (n.state) {
    case 'pending':
      return <HonestyMark kind="pending" detail="waits to be sent" />;
    case 'sending':
      return <HonestyMark kind="pending" detail="sending" />;
    case 'refused':
      return <HonestyMark kind="refused" detail={n.refusal ?? 'the service refused it'} />;
    case 'deleting':
      return n.refusal ? (
        <HonestyMark kind="refused" detail={`delete refused: ${n.refusal}`} />
      ) : (
        <HonestyMark kind="pending" detail="delete waits to be sent" />
      );
    case 'deleted':
      return <HonestyMark kind="deleted" detail={n.deletedAt ? formatUtc(n.deletedAt) : undefined} />;
    case 'local-only':
      return <HonestyMark kind="local-only" title="Kept on this computer; the service has no notes" />;
    default:
      return null;
  }
}

/** Title, when and by whom, and the note's state. */
function NoteHead({ n }: { n: ShownNote }) {
  return (
    <header className="note-head">
      {n.title && <h4 className="note-title">{n.title}</h4>}
      <span className="note-meta muted">
        {n.createdAt ? formatUtc(n.createdAt) : 'time unknown'}
        {n.createdBy ? ` · ${n.createdBy}` : ''}
      </span>
      <StateMark n={n} />
    </header>
  );
}

function NoteBody({ n, actions }: { n: ShownNote; actions?: ReactNode }) {
  const deleted = n.state === 'deleted';
  return (
    <article
      className={deleted ? 'note note-deleted' : 'note'}
      aria-label={
        deleted ? `Deleted note ${n.title ?? ''}`.trim() : (n.title ?? `Note: ${n.note.slice(0, 60)}`)
      }
      data-state={n.state}
      data-note-id={n.id}
    >
      <NoteHead n={n} />
      {deleted ? (
        // The record of a deletion: who wrote it and when, not what it said.
        <p className="muted">Deleted at the analyst's request; the service keeps a record of the deletion.</p>
      ) : (
        <NoteContent n={n} />
      )}
      {actions}
    </article>
  );
}

/** What a note says: its text, the two judgments apart, the next check and the gaps. */
function NoteContent({ n }: { n: ShownNote }) {
  const notStated = <span className="unknown">not stated</span>;
  return (
    <>
      <p className="note-text">{n.note}</p>
      <dl className="note-judgments">
        <div>
          <dt>Confidence</dt>
          <dd>{n.confidence ?? notStated}</dd>
        </div>
        <div>
          <dt>Likelihood</dt>
          <dd>{n.likelihood ? describeLikelihood(n.likelihood) : notStated}</dd>
        </div>
        {n.nextCheck && (
          <div>
            <dt>Next check</dt>
            <dd>{n.nextCheck}</dd>
          </div>
        )}
      </dl>
      {n.gaps.length > 0 && (
        <div className="note-gaps">
          <span className="muted">Gaps</span>
          <ul>
            {n.gaps.map((g, i) => (
              <li key={i}>{g}</li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

export function NoteThreads({
  notes,
  onReply,
  noteActions,
  editorFor,
}: {
  notes: readonly ShownNote[];
  /** Queues a reply to `parentId`; returns whether it was taken. */
  onReply?: (parentId: string, draft: NoteDraft) => Promise<boolean>;
  /** Extra controls on a note (discard a refused one, delete). */
  noteActions?: (n: ShownNote) => ReactNode;
  /** A form shown in a note's place while it is edited; null shows the note. */
  editorFor?: (n: ShownNote) => ReactNode | null;
}) {
  const [replyTo, setReplyTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const threads = threadsOf(notes);
  if (threads.length === 0) return <p className="muted">No notes yet.</p>;
  return (
    <ol className="note-threads" aria-label="Note threads">
      {threads.map((t) => (
        <li key={t.head.id} className="note-thread">
          {t.orphan && <p className="muted">A reply to a note that is not here.</p>}
          {editorFor?.(t.head) ?? (
            <NoteBody
              n={t.head}
              actions={
                <div className="note-actions">
                  {onReply && !t.orphan && t.head.state !== 'refused' && t.head.state !== 'deleted' && (
                    <button
                      type="button"
                      className="ghost"
                      aria-expanded={replyTo === t.head.id}
                      aria-label={`Reply to ${t.head.title ?? 'this note'}`}
                      onClick={() => setReplyTo(replyTo === t.head.id ? null : t.head.id)}
                    >
                      Reply
                    </button>
                  )}
                  {noteActions?.(t.head)}
                </div>
              }
            />
          )}
          {(t.replies.length > 0 || replyTo === t.head.id) && (
            <ol className="note-replies" aria-label={`Replies to ${t.head.title ?? 'this note'}`}>
              {t.replies.map((r) => (
                <li key={r.id}>
                  {editorFor?.(r) ?? (
                    <NoteBody
                      n={r}
                      actions={noteActions && <div className="note-actions">{noteActions(r)}</div>}
                    />
                  )}
                </li>
              ))}
              {replyTo === t.head.id && onReply && (
                <li>
                  <NoteForm
                    reply
                    error={error}
                    onCancel={() => setReplyTo(null)}
                    onSubmit={async (draft) => {
                      try {
                        const ok = await onReply(t.head.id, draft);
                        if (ok) setReplyTo(null);
                        setError(null);
                        return ok;
                      } catch (e) {
                        setError(e instanceof Error ? e.message : String(e));
                        return false;
                      }
                    }}
                  />
                </li>
              )}
            </ol>
          )}
        </li>
      ))}
    </ol>
  );
}
