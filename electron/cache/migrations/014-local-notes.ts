// The analyst's local-only notes (the main profile, whose service keeps no notes): written
// here and never sent, so they live in the account's cache with everything else (they
// survive the window's storage, reach reports and the CLI). Each is about one signal (its
// id, with the title seen when written); a reply sits under a titled note, one level deep.
// Self-contained on purpose: it depends on no other step's tables.
import type { Migration } from './types';

export const migration014: Migration = {
  version: 14,
  name: 'local-notes',
  up(db) {
    db.exec(`
      CREATE TABLE local_notes (
        id TEXT PRIMARY KEY,
        subject_kind TEXT NOT NULL DEFAULT 'signal',
        subject_id TEXT NOT NULL,
        subject_label TEXT,
        parent_id TEXT,
        title TEXT,
        body TEXT NOT NULL,
        -- Two separate judgments (docs/domain.md): how sure, and how probable.
        confidence TEXT,
        likelihood TEXT,
        -- JSON array of text, one gap each.
        gaps TEXT NOT NULL DEFAULT '[]',
        next_check TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX local_notes_subject ON local_notes(subject_kind, subject_id);
      CREATE INDEX local_notes_parent ON local_notes(parent_id);
    `);
  },
};
