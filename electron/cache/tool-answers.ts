// The online tools' stored answers (migration 015): written by the contract's tools.run once
// a call is over (one INSERT: a row is whole or absent), or as 'running' for an analyst job
// and finished by its poll; read by the history and by tools.answer, offline.
import type Database from 'better-sqlite3';
import type { JsonValue } from '../../shared/contract-read';
import type { StoredAnswer, ToolJob, ToolName, ToolStatus } from '../../shared/contract-tools';
import { stmt } from './sql';

interface Stored {
  id: string;
  tool: string;
  profile: string;
  demo: number;
  request: string;
  asked_at: string;
  answered_at: string | null;
  status: string;
  answer: string | null;
  charged: number | null;
  remaining: number | null;
  clamps: string;
  plan_lock: string | null;
  withheld: string | null;
  error: string | null;
  job: string | null;
}

const COLUMNS =
  'id, tool, profile, demo, request, asked_at, answered_at, status, answer, charged, remaining, clamps, plan_lock, withheld, error, job';

/** JSON as stored; a damaged value (a hand-edited file) reads as null rather than failing the list. */
function json(text: string | null): JsonValue | null {
  if (text === null) return null;
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return null;
  }
}
const text = (v: unknown): string | null => (v === null || v === undefined ? null : JSON.stringify(v));

// The row was written from a StoredAnswer of its tool (insertToolAnswer), so its JSON columns
// carry that tool's request and answer types back.
const rowOf = (s: Stored): StoredAnswer =>
  ({
    id: s.id,
    tool: s.tool as ToolName,
    profile: s.profile,
    demo: s.demo === 1,
    request: json(s.request) ?? {},
    askedAt: s.asked_at,
    answeredAt: s.answered_at,
    status: s.status as ToolStatus,
    answer: json(s.answer),
    charged: s.charged,
    remaining: s.remaining,
    clamps: (json(s.clamps) as unknown[] | null) ?? [],
    planLock: json(s.plan_lock),
    withheld: json(s.withheld),
    error: json(s.error),
    job: json(s.job),
  }) as StoredAnswer;

export function insertToolAnswer(db: Database.Database, a: StoredAnswer): StoredAnswer {
  stmt(
    db,
    `INSERT INTO tool_answers (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    a.id,
    a.tool,
    a.profile,
    a.demo ? 1 : 0,
    JSON.stringify(a.request),
    a.askedAt,
    a.answeredAt,
    a.status,
    text(a.answer),
    a.charged,
    a.remaining,
    JSON.stringify(a.clamps),
    text(a.planLock),
    text(a.withheld),
    text(a.error),
    text(a.job),
  );
  return getToolAnswer(db, a.id)!;
}

/** What a running job's poll changes: its progress, or its end (answer or failure). */
export interface ToolAnswerUpdate {
  status?: ToolStatus;
  answeredAt?: string | null;
  answer?: unknown;
  charged?: number | null;
  remaining?: number | null;
  error?: StoredAnswer['error'];
  job?: ToolJob | null;
}

export function updateToolAnswer(
  db: Database.Database,
  id: string,
  u: ToolAnswerUpdate,
): StoredAnswer | null {
  const sets: string[] = [];
  const values: unknown[] = [];
  const set = (column: string, value: unknown) => {
    sets.push(`${column} = ?`);
    values.push(value);
  };
  if (u.status !== undefined) set('status', u.status);
  if (u.answeredAt !== undefined) set('answered_at', u.answeredAt);
  if (u.answer !== undefined) set('answer', text(u.answer));
  if (u.charged !== undefined) set('charged', u.charged);
  if (u.remaining !== undefined) set('remaining', u.remaining);
  if (u.error !== undefined) set('error', text(u.error));
  if (u.job !== undefined) set('job', text(u.job));
  if (sets.length) db.prepare(`UPDATE tool_answers SET ${sets.join(', ')} WHERE id = ?`).run(...values, id);
  return getToolAnswer(db, id);
}

export function getToolAnswer(db: Database.Database, id: string): StoredAnswer | null {
  const s = stmt(db, `SELECT ${COLUMNS} FROM tool_answers WHERE id = ?`).get(id) as Stored | undefined;
  return s ? rowOf(s) : null;
}

/** Stored answers newest first, of one tool or all. */
export function listToolAnswers(
  db: Database.Database,
  opts: { tool?: ToolName; limit?: number } = {},
): StoredAnswer[] {
  const limit = opts.limit ?? 100;
  const rows =
    opts.tool === undefined
      ? stmt(db, `SELECT ${COLUMNS} FROM tool_answers ORDER BY asked_at DESC, rowid DESC LIMIT ?`).all(limit)
      : stmt(
          db,
          `SELECT ${COLUMNS} FROM tool_answers WHERE tool = ? ORDER BY asked_at DESC, rowid DESC LIMIT ?`,
        ).all(opts.tool, limit);
  return (rows as Stored[]).map(rowOf);
}

/** Analyst jobs still running (polling resumes on them when the account opens). */
export function runningToolAnswers(db: Database.Database): StoredAnswer[] {
  return (
    stmt(
      db,
      `SELECT ${COLUMNS} FROM tool_answers WHERE status = 'running' ORDER BY asked_at`,
    ).all() as Stored[]
  ).map(rowOf);
}

/** Tokens the tools were charged since an instant (today's spend). */
export function toolsChargedSince(db: Database.Database, since: string): number {
  const v = stmt(db, 'SELECT COALESCE(SUM(charged), 0) FROM tool_answers WHERE asked_at >= ?')
    .pluck()
    .get(since) as number;
  return v;
}

/** The balance the newest answer stated, and when. */
export function lastStatedRemaining(db: Database.Database): { remaining: number; at: string } | null {
  const r = stmt(
    db,
    `SELECT remaining, COALESCE(answered_at, asked_at) AS at FROM tool_answers
     WHERE remaining IS NOT NULL ORDER BY at DESC LIMIT 1`,
  ).get() as { remaining: number; at: string } | undefined;
  return r ?? null;
}

export function getToolSetting(db: Database.Database, name: string): JsonValue | null {
  const v = stmt(db, 'SELECT value FROM tool_settings WHERE name = ?').pluck().get(name) as
    string | undefined;
  return v === undefined ? null : json(v);
}

export function setToolSetting(db: Database.Database, name: string, value: JsonValue, at: string): void {
  stmt(
    db,
    `INSERT INTO tool_settings (name, value, updated_at) VALUES (?, ?, ?)
     ON CONFLICT(name) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
  ).run(name, JSON.stringify(value), at);
}
