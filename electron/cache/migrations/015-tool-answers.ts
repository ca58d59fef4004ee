// The online tools' answers (issue 14): every call the analyst made from the window (imagery,
// collection, assess, analyst, registry, terrain...) with its request, time, answer, what it
// charged and what the service narrowed, so each can be read again offline. A failed call is
// a row too (the history shows it). A 202 analyst job is a 'running' row with its job id and
// Idempotency-Key, polled until done (and again after a restart). The analyst's choices for
// these calls (the confirmation threshold) sit beside them. Self-contained on purpose.
import type { Migration } from './types';

export const migration015: Migration = {
  version: 15,
  name: 'tool-answers',
  up(db) {
    db.exec(`
      CREATE TABLE tool_answers (
        id TEXT PRIMARY KEY,
        tool TEXT NOT NULL,
        profile TEXT NOT NULL CHECK (profile IN ('main', 'alternate')),
        demo INTEGER NOT NULL DEFAULT 0,
        -- JSON: the typed input as sent.
        request TEXT NOT NULL,
        asked_at TEXT NOT NULL,
        answered_at TEXT,
        status TEXT NOT NULL CHECK (status IN ('done', 'running', 'failed')),
        -- JSON, each as the service gave it (null when there is none).
        answer TEXT,
        charged REAL,
        remaining REAL,
        clamps TEXT NOT NULL DEFAULT '[]',
        plan_lock TEXT,
        withheld TEXT,
        error TEXT,
        job TEXT
      );
      CREATE INDEX tool_answers_tool ON tool_answers(tool, asked_at);
      CREATE INDEX tool_answers_asked ON tool_answers(asked_at);
      CREATE INDEX tool_answers_running ON tool_answers(status) WHERE status = 'running';
      CREATE TABLE tool_settings (
        name TEXT PRIMARY KEY,
        value TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
    `);
  },
};
