// The analyst's local-only notes (shared/contract-read.ts, "local-only notes"): the main
// profile's service keeps no notes, so these are written straight to the account's cache
// (no outbox: nothing is ever sent) and read back from it by the window, reports and the
// CLI. Each write pushes `cache.changed` with the resource 'local_notes'.
import { randomUUID } from 'node:crypto';
import type { LocalNoteRow, PushedResource } from '../../shared/contract';
import type { Account } from '../account';
import { deleteLocalNote, getLocalNote, insertLocalNote, listLocalNotes } from '../cache/local-notes';
import { ContractError, type Handlers } from './dispatch';

type LocalNotesChannel = 'localNotes.list' | 'localNotes.add' | 'localNotes.delete';

export const LOCAL_NOTES_RESOURCE: PushedResource = 'local_notes';

export interface LocalNotesDeps {
  account: () => Account;
  /** Tells the window what changed (the push bus's cache.changed). */
  changed: (resources: PushedResource[]) => void;
  now?: () => Date;
}

/** Two notes are the same note when everything the analyst wrote matches. */
const sameContent = (
  a: LocalNoteRow,
  b: Omit<LocalNoteRow, 'id' | 'createdAt' | 'updatedAt' | 'localOnly'>,
) =>
  a.subjectId === b.subjectId &&
  a.parentId === b.parentId &&
  a.title === b.title &&
  a.note === b.note &&
  a.confidence === b.confidence &&
  a.likelihood === b.likelihood &&
  a.nextCheck === b.nextCheck &&
  JSON.stringify(a.gaps) === JSON.stringify(b.gaps);

export function createLocalNotesHandlers(deps: LocalNotesDeps): Pick<Handlers, LocalNotesChannel> {
  const now = deps.now ?? (() => new Date());
  const db = () => deps.account().db;
  return {
    'localNotes.list': ({ subjectId }) => ({
      notes: listLocalNotes(db(), subjectId === undefined ? {} : { subjectIds: [subjectId] }),
    }),
    'localNotes.add': (input) => {
      const d = db();
      let subjectId = input.subjectId;
      let subjectLabel = input.subjectLabel ?? null;
      if (input.parentId !== undefined) {
        const parent = getLocalNote(d, input.parentId);
        if (!parent) throw new ContractError(`no local note with id ${input.parentId} to reply to`);
        if (parent.parentId !== null)
          throw new ContractError('replies are one level deep: reply to the thread’s first note');
        if (parent.subjectId !== input.subjectId)
          throw new ContractError(
            `the note ${parent.id} is about ${parent.subjectId}, not ${input.subjectId}`,
          );
        if (input.title !== undefined)
          throw new ContractError('a reply has no title (a title starts a thread)');
        subjectId = parent.subjectId;
        subjectLabel ??= parent.subjectLabel;
      }
      const content = {
        subjectKind: input.subjectKind ?? 'signal',
        subjectId,
        subjectLabel,
        parentId: input.parentId ?? null,
        title: input.title ?? null,
        note: input.note,
        confidence: input.confidence ?? null,
        likelihood: input.likelihood ?? null,
        gaps: input.gaps ?? [],
        nextCheck: input.nextCheck ?? null,
      };
      if (input.id !== undefined) {
        // A carried-over note sent again (an import retried after a failure) is already here.
        const existing = getLocalNote(d, input.id);
        if (existing) {
          if (sameContent(existing, content)) return existing;
          throw new ContractError(`a different local note already has the id ${input.id}`);
        }
      }
      const at = now().toISOString();
      const row = insertLocalNote(d, {
        ...content,
        id: input.id ?? `local-note:${randomUUID()}`,
        createdAt: input.createdAt ? new Date(input.createdAt).toISOString() : at,
        updatedAt: at,
      });
      deps.changed([LOCAL_NOTES_RESOURCE]);
      return row;
    },
    'localNotes.delete': ({ noteId }) => {
      const deleted = deleteLocalNote(db(), noteId);
      if (!deleted) throw new ContractError(`no local note with id ${noteId}`, 'not_found');
      deps.changed([LOCAL_NOTES_RESOURCE]);
      return { deleted };
    },
  };
}
