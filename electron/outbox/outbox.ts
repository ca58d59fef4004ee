// The analyst's writes (notes, watches, standing orders, monitoring areas) go to the cache
// and to an outbox row in ONE transaction, show at once as pending, and are sent in order
// when the link allows (architecture doc: "the outbox is the only path of the analyst's
// writes back to the service"). A crash or kill loses none: a row is marked `sending`
// before its request leaves, so after a crash we know the outcome is unknown and check
// with the service (verify) before sending again, rather than sending twice.
import type Database from 'better-sqlite3';
import {
  discardOutboxRow,
  editOutboxPayload,
  getOutboxRow,
  insertOutboxRow,
  listOpenOutboxRows,
  listUnsentOutboxRows,
  markOutboxSending,
  markOutboxSent,
  outboxRemoteId,
  recordOutboxLinkError,
  retryOutboxRow,
  setOutboxState,
  type OutboxRow,
  type OutboxState,
} from '../cache/outbox';

// The rows and their statements live in the cache (electron/cache/outbox.ts, migration 003).
export type { OutboxRow, OutboxState } from '../cache/outbox';

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
  // network, timeout, 5xx, 429 after retries: try later. `unsent`: it surely never reached the
  // service (no connection was made), so the write is still only pending, not of unknown outcome.
  | { kind: 'link'; message: string; unsent?: boolean };

export interface FlushReport {
  sent: number;
  rejected: number;
  blocked: number;
  stoppedByLink: boolean;
}

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
      insertOutboxRow(this.db, { op, localId, payload, dependsOn: opts.dependsOn ?? null, at });
    });
    tx();
    return this.get(localId)!;
  }

  get(localId: string): OutboxRow | null {
    return getOutboxRow(this.db, localId);
  }

  /** Writes not yet settled (what the window shows as pending, failed or blocked). */
  open(): OutboxRow[] {
    return listOpenOutboxRows(this.db);
  }

  /** The analyst edits a rejected (or still pending) write; it is sent again in its place. */
  edit(localId: string, payload: Record<string, unknown>): OutboxRow {
    const changed = editOutboxPayload(this.db, { localId, payload, at: this.now().toISOString() });
    if (!changed) throw new Error('only a pending, rejected or blocked write can be edited');
    return this.get(localId)!;
  }

  /** As `edit`, with the pending local record rewritten in the same transaction (both or neither). */
  editWith(
    localId: string,
    payload: Record<string, unknown>,
    applyLocal: (db: Database.Database) => void,
  ): OutboxRow {
    this.db.transaction(() => {
      const changed = editOutboxPayload(this.db, { localId, payload, at: this.now().toISOString() });
      if (!changed) throw new Error('only a pending, rejected or blocked write can be edited');
      applyLocal(this.db);
    })();
    return this.get(localId)!;
  }

  retry(localId: string): OutboxRow {
    const changed = retryOutboxRow(this.db, { localId, at: this.now().toISOString() });
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
      discardOutboxRow(this.db, { localId, at: this.now().toISOString() });
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
    const rows = listUnsentOutboxRows(this.db);
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
    const remoteId = outboxRemoteId(this.db, localId);
    if (!remoteId) throw new Error(`no service id yet for ${localId}`);
    return remoteId;
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
      markOutboxSending(this.db, { seq: row.seq, at: this.now().toISOString() });
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
      recordOutboxLinkError(this.db, {
        seq: row.seq,
        message: failure.message,
        at: this.now().toISOString(),
        ...(failure.unsent && row.state !== 'sending' ? { state: 'pending' as const } : {}),
      });
      return 'link';
    }
  }

  private markSent(row: OutboxRow, exec: OutboxExecutor, result: unknown): void {
    this.db.transaction(() => {
      exec.apply?.(this.db, row, result);
      markOutboxSent(this.db, {
        seq: row.seq,
        result,
        remoteId: exec.remoteId?.(result) ?? null,
        at: this.now().toISOString(),
      });
    })();
  }

  private setState(
    localId: string,
    state: OutboxState,
    error: { status: number | null; message: string },
  ): void {
    setOutboxState(this.db, { localId, state, error, at: this.now().toISOString() });
  }
}
