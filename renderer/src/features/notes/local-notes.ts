// Notes on a service that has none (the main profile) live in the account's cache now
// (contract localNotes.*), so they outlive the window's storage, reach reports and the CLI.
// Earlier versions kept them in the window's localStorage under LOCAL_NOTES_KEY; this moves
// those into the cache once: every note of this service is added through the contract, and
// only when every add succeeded are they removed from the old storage (another service's
// notes stay there for that service). A failure leaves the old storage as it was, and the
// next window tries again; notes keep their ids, so a repeated move adds nothing twice.
import type { Input, LocalNoteRow } from '../../../../shared/contract';
import type { NoteDraft } from './note-form';

/** A note as the old window storage kept it. */
export interface LegacyLocalNote extends NoteDraft {
  id: string;
  /** The service the analyst was on (its address). */
  service: string;
  subjectId: string;
  subjectLabel?: string;
  parentId?: string;
  createdAt: string;
}

export const LOCAL_NOTES_KEY = 'watchfloor.local-notes';

const isNote = (v: unknown): v is LegacyLocalNote => {
  const n = v as Partial<LegacyLocalNote> | null;
  return (
    !!n &&
    typeof n.id === 'string' &&
    typeof n.note === 'string' &&
    typeof n.service === 'string' &&
    typeof n.subjectId === 'string' &&
    typeof n.createdAt === 'string'
  );
};

interface Stored {
  state?: { notes?: unknown };
  version?: number;
}

function readStored(storage: Storage): { stored: Stored; notes: LegacyLocalNote[] } | null {
  const text = storage.getItem(LOCAL_NOTES_KEY);
  if (text === null) return null;
  try {
    const stored = JSON.parse(text) as Stored;
    const notes = stored?.state?.notes;
    return { stored, notes: Array.isArray(notes) ? notes.filter(isNote) : [] };
  } catch {
    // Damaged beyond reading: left alone, nothing can be carried over from it.
    return null;
  }
}

/** The id the contract accepts to keep (the old store made `local-note:<uuid>`). */
const KEEPABLE_ID = /^local-note:[A-Za-z0-9-]{1,100}$/;

const optional = <K extends string>(key: K, v: string | undefined) =>
  (v?.trim() ? { [key]: v } : {}) as Partial<Record<K, string>>;

/** The contract input for one old note; `parentId` is the parent's id in the cache. */
function inputOf(n: LegacyLocalNote, parentId: string | undefined): Input<'localNotes.add'> {
  const gaps = (n.gaps ?? []).filter((g) => typeof g === 'string' && g.trim());
  const createdAt = Number.isNaN(Date.parse(n.createdAt))
    ? {}
    : { createdAt: new Date(n.createdAt).toISOString() };
  return {
    ...(KEEPABLE_ID.test(n.id) ? { id: n.id } : {}),
    subjectId: n.subjectId,
    ...optional('subjectLabel', n.subjectLabel),
    ...(parentId ? { parentId } : {}),
    // A reply has no title; an old reply that had one starts its own thread instead (below).
    ...optional('title', n.title),
    note: n.note,
    ...optional('confidence', n.confidence),
    ...optional('likelihood', n.likelihood),
    ...(gaps.length ? { gaps } : {}),
    ...optional('nextCheck', n.nextCheck),
    ...createdAt,
  };
}

export interface LegacyImport {
  /** How many old notes were added to the cache. */
  moved: number;
}

/**
 * Moves this service's notes from the old window storage into the cache through `add`.
 * Resolves with how many moved (0 when there were none); rejects, leaving the old storage
 * untouched, when any add fails.
 */
export async function importLegacyNotes(
  service: string,
  add: (input: Input<'localNotes.add'>) => Promise<LocalNoteRow>,
  storage: Storage = localStorage,
): Promise<LegacyImport> {
  const read = readStored(storage);
  if (!read) return { moved: 0 };
  const mine = read.notes.filter((n) => n.service === service);
  const others = read.notes.filter((n) => n.service !== service);
  // Threads' first notes before their replies, so each reply finds its note in the cache.
  const ids = new Set(mine.map((n) => n.id));
  const isReply = (n: LegacyLocalNote) => !!n.parentId && ids.has(n.parentId) && !n.title?.trim();
  const heads = mine.filter((n) => !isReply(n));
  const replies = mine.filter(isReply);
  const cacheId = new Map<string, string>();
  for (const n of heads) cacheId.set(n.id, (await add(inputOf(n, undefined))).id);
  for (const n of replies) {
    // A reply's note that was itself a reply: the reply goes under that note's thread.
    const parent = mine.find((p) => p.id === n.parentId);
    const headId = parent && isReply(parent) ? parent.parentId! : n.parentId!;
    await add(inputOf(n, cacheId.get(headId)));
  }
  // Every add succeeded: only now do these notes leave the old storage.
  if (others.length)
    storage.setItem(
      LOCAL_NOTES_KEY,
      JSON.stringify({ ...read.stored, state: { ...read.stored.state, notes: others } }),
    );
  else storage.removeItem(LOCAL_NOTES_KEY);
  return { moved: mine.length };
}

/** One move per service per window, even when the panel mounts twice. */
const running = new Map<string, Promise<LegacyImport>>();
export function importLegacyNotesOnce(
  service: string,
  add: (input: Input<'localNotes.add'>) => Promise<LocalNoteRow>,
): Promise<LegacyImport> {
  let p = running.get(service);
  if (!p) {
    p = importLegacyNotes(service, add);
    // A failed move may be tried again (the next mount); a finished one is not repeated.
    p.catch(() => running.delete(service));
    running.set(service, p);
  }
  return p;
}

/** Tests: forget the moves made in this window. */
export const resetLegacyImports = () => running.clear();
