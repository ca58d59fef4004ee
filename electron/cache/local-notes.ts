// The analyst's local-only notes (migration 014): kept in the account's cache, never sent.
// The contract writes them directly (no outbox: there is nothing to send), the window and
// reports read them here.
import type Database from 'better-sqlite3';
import type { LocalNoteRow, LocalNoteSubject } from '../../shared/contract-read';
import { stmt } from './sql';

interface Stored {
  id: string;
  subject_kind: string;
  subject_id: string;
  subject_label: string | null;
  parent_id: string | null;
  title: string | null;
  body: string;
  confidence: string | null;
  likelihood: string | null;
  gaps: string;
  next_check: string | null;
  created_at: string;
  updated_at: string;
}

const COLUMNS =
  'id, subject_kind, subject_id, subject_label, parent_id, title, body, confidence, likelihood, gaps, next_check, created_at, updated_at';

/** Gaps are a JSON array of text; anything else (a hand-edited file) reads as none. */
function gapsOf(text: string): string[] {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v.filter((g): g is string => typeof g === 'string') : [];
  } catch {
    return [];
  }
}

const rowOf = (s: Stored): LocalNoteRow => ({
  id: s.id,
  subjectKind: s.subject_kind as LocalNoteSubject,
  subjectId: s.subject_id,
  subjectLabel: s.subject_label,
  parentId: s.parent_id,
  title: s.title,
  note: s.body,
  confidence: s.confidence,
  likelihood: s.likelihood,
  gaps: gapsOf(s.gaps),
  nextCheck: s.next_check,
  createdAt: s.created_at,
  updatedAt: s.updated_at,
  localOnly: true,
});

/** Every local note, or those about the given subjects; oldest first (threads read in order). */
export function listLocalNotes(
  db: Database.Database,
  opts: { subjectIds?: readonly string[] } = {},
): LocalNoteRow[] {
  const order = 'ORDER BY created_at, id';
  if (!opts.subjectIds)
    return (stmt(db, `SELECT ${COLUMNS} FROM local_notes ${order}`).all() as Stored[]).map(rowOf);
  if (!opts.subjectIds.length) return [];
  // json_each keeps the statement one text however many subjects a report has.
  return (
    stmt(
      db,
      `SELECT ${COLUMNS} FROM local_notes WHERE subject_id IN (SELECT value FROM json_each(?)) ${order}`,
    ).all(JSON.stringify(opts.subjectIds)) as Stored[]
  ).map(rowOf);
}

export function getLocalNote(db: Database.Database, id: string): LocalNoteRow | null {
  const s = stmt(db, `SELECT ${COLUMNS} FROM local_notes WHERE id = ?`).get(id) as Stored | undefined;
  return s ? rowOf(s) : null;
}

/** A note as written: every field of the row it becomes. */
export type NewLocalNote = Omit<LocalNoteRow, 'localOnly'>;

export function insertLocalNote(db: Database.Database, n: NewLocalNote): LocalNoteRow {
  stmt(db, `INSERT INTO local_notes (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(
    n.id,
    n.subjectKind,
    n.subjectId,
    n.subjectLabel,
    n.parentId,
    n.title,
    n.note,
    n.confidence,
    n.likelihood,
    JSON.stringify(n.gaps),
    n.nextCheck,
    n.createdAt,
    n.updatedAt,
  );
  return getLocalNote(db, n.id)!;
}

/** Deletes a note and its replies together; returns how many notes went. */
export function deleteLocalNote(db: Database.Database, id: string): number {
  return db.transaction(() => {
    const replies = stmt(db, 'DELETE FROM local_notes WHERE parent_id = ?').run(id).changes;
    return replies + stmt(db, 'DELETE FROM local_notes WHERE id = ?').run(id).changes;
  })();
}
