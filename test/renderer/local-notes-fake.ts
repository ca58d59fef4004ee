// An in-memory stand-in for main's local-notes rows (localNotes.list/add/delete), for fake
// clients: it keeps what was added, as the cache would, and can be made to refuse adds.
import type { Input, LocalNoteRow, LocalNotesListResult } from '../../shared/contract';

export interface LocalNotesFake {
  notes: LocalNoteRow[];
  /** Refuse every add from now on with this message (null: accept again). */
  refuseAdds(message: string | null): void;
  handlers: {
    'localNotes.list': (i: Input<'localNotes.list'>) => LocalNotesListResult;
    'localNotes.add': (i: Input<'localNotes.add'>) => LocalNoteRow;
    'localNotes.delete': (i: Input<'localNotes.delete'>) => { deleted: number };
  };
}

export function localNotesFake(initial: LocalNoteRow[] = []): LocalNotesFake {
  const notes = [...initial];
  let refusal: string | null = null;
  let n = 0;
  return {
    notes,
    refuseAdds: (m) => (refusal = m),
    handlers: {
      'localNotes.list': ({ subjectId }) => ({
        notes: notes.filter((x) => subjectId === undefined || x.subjectId === subjectId),
      }),
      'localNotes.add': (i) => {
        if (refusal) throw new Error(refusal);
        const existing = i.id ? notes.find((x) => x.id === i.id) : undefined;
        if (existing) return existing;
        const at = '2026-11-20T09:00:00.000Z';
        const row: LocalNoteRow = {
          id: i.id ?? `local-note:fake-${++n}`,
          subjectKind: 'signal',
          subjectId: i.subjectId,
          subjectLabel: i.subjectLabel ?? null,
          parentId: i.parentId ?? null,
          title: i.title ?? null,
          note: i.note,
          confidence: i.confidence ?? null,
          likelihood: i.likelihood ?? null,
          gaps: i.gaps ?? [],
          nextCheck: i.nextCheck ?? null,
          createdAt: i.createdAt ?? at,
          updatedAt: at,
          localOnly: true,
        };
        notes.push(row);
        return row;
      },
      'localNotes.delete': ({ noteId }) => {
        const before = notes.length;
        for (let k = notes.length - 1; k >= 0; k--)
          if (notes[k]!.id === noteId || notes[k]!.parentId === noteId) notes.splice(k, 1);
        return { deleted: before - notes.length };
      },
    },
  };
}
