// The analyst's writes (notes, watches, standing orders, monitoring areas) go to the cache
// and to an outbox row in ONE transaction, show at once as pending, and are sent in order
// when the link allows (architecture doc: "the outbox is the only path of the analyst's
// writes back to the service"). A crash or kill loses none: a row is marked `sending`
// before its request leaves, so after a crash we know the outcome is unknown and check
// with the service (verify) before sending again, rather than sending twice.
import type Database from 'better-sqlite3';

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

export const outboxMigration = {
  name: 'outbox',
  up(db: Database.Database): void {
    db.exec(`
      CREATE TABLE outbox (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        op TEXT NOT NULL,
        local_id TEXT NOT NULL UNIQUE,
        payload TEXT NOT NULL,
        depends_on TEXT,
        state TEXT NOT NULL DEFAULT 'pending'
          CHECK (state IN ('pending','sending','sent','rejected','blocked','discarded')),
        attempts INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        error_status INTEGER,
        error_message TEXT,
        result TEXT,
        remote_id TEXT
      );
      CREATE INDEX outbox_open ON outbox(state, seq);
    `);
  },
};

/** How one kind of write reaches the service. */
export interface OutboxExecutor<R = unknown> {
  /** Sends the request; `resolve` maps a localId of an earlier row to the service's id. */
  send(payload: Record<string, unknown>, resolve: (localId: string) => string): Promise<R>;
  /**
   * After an unknown outcome (killed or cut mid-request): is the write already there?
   * Returns the service's record if so. Omit only for writes that are safe to repeat.
   */
  verify?(payload: Record<string, unknown>, resolve: (localId: string) => string): Promise<R | null>;
  /** The service's id of what was created, so later rows can refer to it. */
  remoteId?(result: R): string | null;
  /** Applies the service's answer to the cache (replacing the pending local record). */
  apply?(db: Database.Database, row: OutboxRow, result: R): void;
  /** Removes the pending local record when the analyst discards the write. */
  revert?(db: Database.Database, row: OutboxRow): void;
}

/** What a failed send means for the row. */
export type SendFailure =
  | { kind: 'rejected'; status: number; message: string } // 400/402/403/404…: the analyst decides
  | { kind: 'link'; message: string }; // network, timeout, 5xx, 429 after retries: try later

export interface FlushReport {
  sent: number;
  rejected: number;
  blocked: number;
  stoppedByLink: boolean;
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

export class Outbox {
  constructor(
    private readonly db: Database.Database,
    private readonly executors: Record<string, OutboxExecutor>,
    private readonly classify: (err: unknown) => SendFailure,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Records a write: `applyLocal` writes the pending record to the cache, and the outbox
   * row is written in the same transaction — both or neither.
   */
  enqueue(
    op: string,
    localId: string,
    payload: Record<string, unknown>,
    opts: { dependsOn?: string | null; applyLocal?: (db: Database.Database) => void } = {},
  ): OutboxRow {
    if (!this.executors[op]) throw new Error(`unknown outbox operation: ${op}`);
    const at = this.now().toISOString();
    const tx = this.db.transaction(() => {
      opts.applyLocal?.(this.db);
      this.db
        .prepare(
          `INSERT INTO outbox (op, local_id, payload, depends_on, state, created_at, updated_at)
           VALUES (?, ?, ?, ?, 'pending', ?, ?)`,
        )
        .run(op, localId, JSON.stringify(payload), opts.dependsOn ?? null, at, at);
    });
    tx();
    return this.get(localId)!;
  }

  get(localId: string): OutboxRow | null {
    const r = this.db.prepare('SELECT * FROM outbox WHERE local_id = ?').get(localId) as DbRow | undefined;
    return r ? toRow(r) : null;
  }

  /** Writes not yet settled (what the window shows as pending, failed or blocked). */
  open(): OutboxRow[] {
    return (
      this.db
        .prepare(
          `SELECT * FROM outbox WHERE state IN ('pending','sending','rejected','blocked') ORDER BY seq`,
        )
        .all() as DbRow[]
    ).map(toRow);
  }

  /** The analyst edits a rejected (or still pending) write; it is sent again in its place. */
  edit(localId: string, payload: Record<string, unknown>): OutboxRow {
    const changed = this.db
      .prepare(
        `UPDATE outbox SET payload = ?, state = 'pending', error_status = NULL, error_message = NULL, updated_at = ?
         WHERE local_id = ? AND state IN ('pending','rejected','blocked')`,
      )
      .run(JSON.stringify(payload), this.now().toISOString(), localId).changes;
    if (!changed) throw new Error('only a pending, rejected or blocked write can be edited');
    return this.get(localId)!;
  }

  retry(localId: string): OutboxRow {
    const changed = this.db
      .prepare(
        `UPDATE outbox SET state = 'pending', error_status = NULL, error_message = NULL, updated_at = ?
         WHERE local_id = ? AND state IN ('rejected','blocked')`,
      )
      .run(this.now().toISOString(), localId).changes;
    if (!changed) throw new Error('only a rejected or blocked write can be retried');
    return this.get(localId)!;
  }

  /** Drops a write and its pending local record, in one transaction. */
  discard(localId: string): void {
    const row = this.get(localId);
    if (!row || row.state === 'sent' || row.state === 'sending')
      throw new Error('only a write that has not been sent can be discarded');
    this.db.transaction(() => {
      this.executors[row.op]?.revert?.(this.db, row);
      this.db
        .prepare(`UPDATE outbox SET state = 'discarded', updated_at = ? WHERE local_id = ?`)
        .run(this.now().toISOString(), localId);
    })();
  }

  /** Sends open writes in order until done or the link fails. One flush at a time. */
  private flushing: Promise<FlushReport> | null = null;
  flush(): Promise<FlushReport> {
    this.flushing ??= this.flushOnce().finally(() => (this.flushing = null));
    return this.flushing;
  }

  private async flushOnce(): Promise<FlushReport> {
    const report: FlushReport = { sent: 0, rejected: 0, blocked: 0, stoppedByLink: false };
    const rows = (
      this.db
        .prepare(`SELECT * FROM outbox WHERE state IN ('pending','sending') ORDER BY seq`)
        .all() as DbRow[]
    ).map(toRow);
    for (const row of rows) {
      const blockedBy = this.unmetDependency(row);
      if (blockedBy) {
        this.setState(row.localId, 'blocked', {
          status: null,
          message: `waits for ${blockedBy}, which was not sent`,
        });
        report.blocked++;
        continue;
      }
      const outcome = await this.sendOne(row);
      if (outcome === 'sent') report.sent++;
      else if (outcome === 'rejected') report.rejected++;
      else {
        report.stoppedByLink = true;
        break;
      }
    }
    return report;
  }

  private unmetDependency(row: OutboxRow): string | null {
    if (!row.dependsOn) return null;
    const dep = this.get(row.dependsOn);
    return dep && dep.state === 'sent' ? null : row.dependsOn;
  }

  private resolveLocalId = (localId: string): string => {
    const r = this.db
      .prepare(`SELECT remote_id FROM outbox WHERE local_id = ? AND state = 'sent'`)
      .get(localId) as { remote_id: string | null } | undefined;
    if (!r?.remote_id) throw new Error(`no service id yet for ${localId}`);
    return r.remote_id;
  };

  private async sendOne(row: OutboxRow): Promise<'sent' | 'rejected' | 'link'> {
    const exec = this.executors[row.op];
    if (!exec) {
      this.setState(row.localId, 'rejected', { status: null, message: `unknown operation ${row.op}` });
      return 'rejected';
    }
    try {
      // A row found in `sending` was cut off mid-request: ask the service before resending.
      if (row.state === 'sending' && exec.verify) {
        const existing = await exec.verify(row.payload, this.resolveLocalId);
        if (existing !== null) {
          this.markSent(row, exec, existing);
          return 'sent';
        }
      }
      this.db
        .prepare(`UPDATE outbox SET state = 'sending', attempts = attempts + 1, updated_at = ? WHERE seq = ?`)
        .run(this.now().toISOString(), row.seq);
      const result = await exec.send(row.payload, this.resolveLocalId);
      this.markSent(row, exec, result);
      return 'sent';
    } catch (err) {
      const failure = this.classify(err);
      if (failure.kind === 'rejected') {
        this.setState(row.localId, 'rejected', { status: failure.status, message: failure.message });
        return 'rejected';
      }
      // Outcome unknown: leave it `sending` so the next flush verifies first.
      this.db
        .prepare(`UPDATE outbox SET error_status = NULL, error_message = ?, updated_at = ? WHERE seq = ?`)
        .run(failure.message, this.now().toISOString(), row.seq);
      return 'link';
    }
  }

  private markSent(row: OutboxRow, exec: OutboxExecutor, result: unknown): void {
    this.db.transaction(() => {
      exec.apply?.(this.db, row, result);
      this.db
        .prepare(
          `UPDATE outbox SET state = 'sent', result = ?, remote_id = ?, error_status = NULL, error_message = NULL,
           updated_at = ? WHERE seq = ?`,
        )
        .run(
          JSON.stringify(result ?? null),
          exec.remoteId?.(result) ?? null,
          this.now().toISOString(),
          row.seq,
        );
    })();
  }

  private setState(
    localId: string,
    state: OutboxState,
    error: { status: number | null; message: string },
  ): void {
    this.db
      .prepare(
        `UPDATE outbox SET state = ?, error_status = ?, error_message = ?, updated_at = ? WHERE local_id = ?`,
      )
      .run(state, error.status, error.message, this.now().toISOString(), localId);
  }
}
