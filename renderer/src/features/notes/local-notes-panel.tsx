// Notes on the main profile, whose service has no notes: written against the selected signal
// and kept in this computer's cache for this service (LOCAL-ONLY everywhere they show, reports
// included). The same form and the same two separate judgments as on a watch. Notes an older
// version kept in the window's storage are moved into the cache once (local-notes.ts).
import { useEffect, useState } from 'react';
import type { LocalNoteRow } from '../../../../shared/contract';
import { useAppInfo, useLocalNotesAdd, useLocalNotesDelete, useLocalNotesList } from '../../data';
import { useSelection } from '../../state/selection';
import { ConfirmGroup } from '../../ui/confirm';
import { HonestyMark } from '../../ui/honesty-mark';
import { importLegacyNotesOnce } from './local-notes';
import { NoteForm, type NoteDraft } from './note-form';
import { NoteThreads, type ShownNote } from './note-threads';

const shown = (n: LocalNoteRow): ShownNote => ({
  id: n.id,
  parentId: n.parentId,
  title: n.title,
  note: n.note,
  confidence: n.confidence,
  likelihood: n.likelihood,
  gaps: n.gaps,
  nextCheck: n.nextCheck,
  createdAt: n.createdAt,
  createdBy: 'you',
  state: 'local-only',
});

/** Delete asks first: a local note has no copy anywhere else, so a deleted one is gone. */
function DeleteNote({ n, busy, onDelete }: { n: ShownNote; busy: boolean; onDelete: (id: string) => void }) {
  const [confirming, setConfirming] = useState(false);
  const name = n.title ?? n.note.slice(0, 40);
  if (confirming)
    return (
      <ConfirmGroup
        className="note-confirm"
        label={`Delete local note: ${name}?`}
        onConfirm={() => onDelete(n.id)}
        onKeep={() => setConfirming(false)}
      >
        Delete this note{n.parentId ? '' : ' and its replies'}? It is kept nowhere else.
      </ConfirmGroup>
    );
  return (
    <button
      type="button"
      className="ghost"
      aria-label={`Delete local note: ${name}`}
      disabled={busy}
      onClick={() => setConfirming(true)}
    >
      Delete
    </button>
  );
}

/** Moves the old window storage's notes into the cache once; says so if it could not. */
function useLegacyImport(service: string | null): string | null {
  const add = useLocalNotesAdd();
  const [failed, setFailed] = useState<string | null>(null);
  const { mutateAsync } = add;
  useEffect(() => {
    if (!service) return;
    let live = true;
    importLegacyNotesOnce(service, (input) => mutateAsync(input)).then(
      () => live && setFailed(null),
      (e: unknown) => live && setFailed(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [service, mutateAsync]);
  return failed;
}

export function LocalNotesPanel() {
  const service = useAppInfo().data?.baseUrl ?? null;
  const selection = useSelection((s) => s.selection);
  const select = useSelection((s) => s.select);
  const list = useLocalNotesList();
  const add = useLocalNotesAdd();
  const remove = useLocalNotesDelete();
  const importFailed = useLegacyImport(service);
  const [error, setError] = useState<string | null>(null);
  const subject = selection?.kind === 'signal' ? selection : null;
  const mine = list.data?.notes ?? [];
  const about = subject ? mine.filter((n) => n.subjectId === subject.id) : [];
  const others = new Map<string, { label: string; count: number }>();
  for (const n of mine)
    if (n.subjectId !== subject?.id)
      others.set(n.subjectId, {
        label: n.subjectLabel ?? n.subjectId,
        count: (others.get(n.subjectId)?.count ?? 0) + 1,
      });

  const write = async (d: NoteDraft, parentId?: string) => {
    if (!subject) return false;
    try {
      await add.mutateAsync({
        ...d,
        subjectId: subject.id,
        ...(subject.label ? { subjectLabel: subject.label } : {}),
        ...(parentId ? { parentId } : {}),
      });
      setError(null);
      return true;
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      return false;
    }
  };
  const del = async (id: string) => {
    try {
      await remove.mutateAsync({ noteId: id });
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <section className="panel local-notes" aria-label="Local notes">
      <header className="panel-header">
        <h2>Notes</h2>
        <HonestyMark kind="local-only" detail="kept on this computer, never sent" />
      </header>
      <p className="muted group-note">
        This service keeps no notes, so notes written here stay on this computer, in this service’s cache.
        Reports include them, marked local-only.
      </p>
      {importFailed && (
        <p role="alert">
          Notes from this window’s earlier storage could not be moved into the cache yet ({importFailed}).
          They stay where they were and are tried again next time.
        </p>
      )}
      {list.isError && <p role="alert">Local notes could not be read: {list.error.message}</p>}
      {error && <p role="alert">Not saved: {error}</p>}
      {subject ? (
        <>
          <h3 className="local-subject">On {subject.label ?? subject.id}</h3>
          <NoteThreads
            notes={about.map(shown)}
            onReply={(parentId, d) => write(d, parentId)}
            noteActions={(n) => <DeleteNote n={n} busy={remove.isPending} onDelete={(id) => void del(id)} />}
          />
          <NoteForm busy={add.isPending} onSubmit={(d) => write(d)} />
        </>
      ) : (
        <p>Select a signal (on the map or in Signals) to write a note about it.</p>
      )}
      {others.size > 0 && (
        <>
          <h3>Notes on other signals</h3>
          <ul className="local-others">
            {[...others].map(([id, o]) => (
              <li key={id}>
                <button
                  type="button"
                  className="link-button"
                  onClick={() => select({ kind: 'signal', id, label: o.label, from: 'Notes' })}
                >
                  {o.label}
                </button>{' '}
                <span className="num muted">
                  {o.count} note{o.count === 1 ? '' : 's'}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
