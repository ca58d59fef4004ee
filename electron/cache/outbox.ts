// The outbox's rows (migration 003): the analyst's writes in the order made, and how far each
// got. The sending logic is electron/outbox/outbox.ts; these are its statements, prepared once
// per connection. Payloads and results are stored as JSON text.
import type Database from 'better-sqlite3';
import { stmt } from './sql';

export type OutboxState = 'pending' | 'sending' | 'sent' | 'rejected' | 'blocked' | 'discarded';

export interface OutboxRow {
  seq: number;
  op: string;
  localId: string;
  /** The request as the analyst made it; may name another row's localId (e.g. a reply's parent). */
  payload: Record<string, unknown>;
  dependsOn: string | null;
  state: OutboxState;
  attempts: number;
  createdAt: string;
  updatedAt: string;
  error: { status: number | null; message: string } | null;
  /** The service's answer once sent (its ids replace the local ones). */
  result: unknown;
}

interface DbRow {
  seq: number;
  op: string;
  local_id: string;
  payload: string;
  depends_on: string | null;
  state: OutboxState;
  attempts: number;
  created_at: string;
  updated_at: string;
  error_status: number | null;
  error_message: string | null;
  result: string | null;
}

const toRow = (r: DbRow): OutboxRow => ({
  seq: r.seq,
  op: r.op,
  localId: r.local_id,
  payload: JSON.parse(r.payload) as Record<string, unknown>,
  dependsOn: r.depends_on,
  state: r.state,
  attempts: r.attempts,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  error: r.error_message === null ? null : { status: r.error_status, message: r.error_message },
  result: r.result === null ? null : (JSON.parse(r.result) as unknown),
});

/** A new write, pending. Throws on a localId already used (UNIQUE). */
export function insertOutboxRow(
  db: Database.Database,
  args: {
    op: string;
    localId: string;
    payload: Record<string, unknown>;
    dependsOn: string | null;
    at: string;
  },
): void {
  stmt(
    db,
    `INSERT INTO outbox (op, local_id, payload, depends_on, state, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'pending', ?, ?)`,
  ).run(args.op, args.localId, JSON.stringify(args.payload), args.dependsOn, args.at, args.at);
}

export function getOutboxRow(db: Database.Database, localId: string): OutboxRow | null {
  const r = stmt(db, 'SELECT * FROM outbox WHERE local_id = ?').get(localId) as DbRow | undefined;
  return r ? toRow(r) : null;
}

/** Writes not yet settled (pending, sending, rejected or blocked), in the order made. */
export function listOpenOutboxRows(db: Database.Database): OutboxRow[] {
  return (
    stmt(
      db,
      `SELECT * FROM outbox WHERE state IN ('pending','sending','rejected','blocked') ORDER BY seq`,
    ).all() as DbRow[]
  ).map(toRow);
}

/** Writes a flush sends (pending, or cut off while sending), in the order made. */
export function listUnsentOutboxRows(db: Database.Database): OutboxRow[] {
  return (
    stmt(db, `SELECT * FROM outbox WHERE state IN ('pending','sending') ORDER BY seq`).all() as DbRow[]
  ).map(toRow);
}

/** Replaces the payload of a pending, rejected or blocked write and makes it pending; false if none. */
export function editOutboxPayload(
  db: Database.Database,
  args: { localId: string; payload: Record<string, unknown>; at: string },
): boolean {
  return (
    stmt(
      db,
      `UPDATE outbox SET payload = ?, state = 'pending', error_status = NULL, error_message = NULL, updated_at = ?
       WHERE local_id = ? AND state IN ('pending','rejected','blocked')`,
    ).run(JSON.stringify(args.payload), args.at, args.localId).changes > 0
  );
}

/** Makes a rejected or blocked write pending again; false if there is none. */
export function retryOutboxRow(db: Database.Database, args: { localId: string; at: string }): boolean {
  return (
    stmt(
      db,
      `UPDATE outbox SET state = 'pending', error_status = NULL, error_message = NULL, updated_at = ?
       WHERE local_id = ? AND state IN ('rejected','blocked')`,
    ).run(args.at, args.localId).changes > 0
  );
}

/** Marks a write discarded (its error, if any, is kept for the record). */
export function discardOutboxRow(db: Database.Database, args: { localId: string; at: string }): void {
  stmt(db, `UPDATE outbox SET state = 'discarded', updated_at = ? WHERE local_id = ?`).run(
    args.at,
    args.localId,
  );
}

/** The service's id for a write already sent, or null. */
export function outboxRemoteId(db: Database.Database, localId: string): string | null {
  const r = stmt(db, `SELECT remote_id FROM outbox WHERE local_id = ? AND state = 'sent'`).get(localId) as
    { remote_id: string | null } | undefined;
  return r?.remote_id ?? null;
}

/** Marks a write as leaving, before its request goes: after a crash its outcome is unknown. */
export function markOutboxSending(db: Database.Database, args: { seq: number; at: string }): void {
  stmt(db, `UPDATE outbox SET state = 'sending', attempts = attempts + 1, updated_at = ? WHERE seq = ?`).run(
    args.at,
    args.seq,
  );
}

/**
 * A send the link stopped. The row stays `sending` (outcome unknown: the next flush verifies
 * first) unless `state` says it never left (back to `pending`).
 */
export function recordOutboxLinkError(
  db: Database.Database,
  args: { seq: number; message: string; at: string; state?: 'pending' },
): void {
  stmt(
    db,
    `UPDATE outbox SET state = coalesce(?, state), error_status = NULL, error_message = ?, updated_at = ? WHERE seq = ?`,
  ).run(args.state ?? null, args.message, args.at, args.seq);
}

export function markOutboxSent(
  db: Database.Database,
  args: { seq: number; result: unknown; remoteId: string | null; at: string },
): void {
  stmt(
    db,
    `UPDATE outbox SET state = 'sent', result = ?, remote_id = ?, error_status = NULL, error_message = NULL,
     updated_at = ? WHERE seq = ?`,
  ).run(JSON.stringify(args.result ?? null), args.remoteId, args.at, args.seq);
}

export function setOutboxState(
  db: Database.Database,
  args: {
    localId: string;
    state: OutboxState;
    error: { status: number | null; message: string };
    at: string;
  },
): void {
  stmt(
    db,
    `UPDATE outbox SET state = ?, error_status = ?, error_message = ?, updated_at = ? WHERE local_id = ?`,
  ).run(args.state, args.error.status, args.error.message, args.at, args.localId);
}
