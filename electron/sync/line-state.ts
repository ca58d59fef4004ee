// The line as a run shows it (shared/sync-line.ts): the client's line meter (rate, first byte,
// compression, last failure), the page size the pacer chose, the signals page in flight and a
// first sync's estimates. The signals stream fills `page` and `firstSync`; progress pushes and
// the run's summary carry `snapshot()`.
import type Database from 'better-sqlite3';
import type { LineMeter } from '../api/line';
import { fmtBytes } from '../api/transport';
import { getCheckpoint } from '../cache';
import { PAGE_LIMIT_MAX, tokensPer1000, type SyncLine } from '../../shared/sync-line';
import { FIRST_PAGE_LIMIT, Pacer, type SavedLine } from './pacing';

export interface LineState {
  page: SyncLine['page'];
  firstSync: SyncLine['firstSync'];
  snapshot(): SyncLine;
  /** The line in words, for a stop message: "12.3 kB/s over 1.4 MB; last error: …". */
  report(): string;
}

export function lineState(meter: LineMeter | undefined, pacer: Pacer): LineState {
  const state: LineState = {
    page: null,
    firstSync: null,
    snapshot() {
      const m = meter?.snapshot();
      const measured = pacer.measured();
      const limit = pacer.last ?? pacer.save().limit;
      return {
        bytesPerSecond: measured.bytesPerSecond === null ? null : Math.round(measured.bytesPerSecond),
        firstByteMs: measured.firstByteMs === null ? null : Math.round(measured.firstByteMs),
        encoding: m?.encoding ?? null,
        compressionRatio:
          m?.compressionRatio === null || !m ? null : Math.round(m.compressionRatio * 1000) / 1000,
        pageLimit: limit,
        adapted: pacer.adapted(),
        tokensPer1000: tokensPer1000(limit),
        page: state.page,
        firstSync: state.firstSync,
        lastError: m?.lastError?.message ?? null,
      };
    },
    report() {
      const m = meter?.snapshot();
      const rate = meter?.bytesPerSecond() ?? null;
      const parts = [
        rate === null
          ? `the line carried ${fmtBytes(m?.totalWireBytes ?? 0)} in this run, too little to measure its rate`
          : `the line carried ${fmtBytes(Math.round(rate))}/s while answers streamed (${fmtBytes(m?.totalWireBytes ?? 0)} in this run)`,
      ];
      if (pacer.adapted()) parts.push(`slow link: pages of ${pacer.last ?? PAGE_LIMIT_MAX}`);
      return parts.join('; ');
    },
  };
  return state;
}

/** Whether no first sync has completed: the signals checkpoint has no high-water mark yet. */
export function firstSyncPending(cp: { hwm: string | null; pass: unknown; fill?: unknown } | null): boolean {
  return !cp || (cp.hwm === null && !cp.pass) || Boolean(cp.fill);
}

/**
 * The line between runs, from what the last run kept in the signals checkpoint: its rate, and
 * the page size and cost the next run starts with (what a first sync will cost, shown before it).
 */
export function idleLine(db: Database.Database): { line: SyncLine; firstSyncPending: boolean } {
  const cp = getCheckpoint<{ hwm: string | null; pass: unknown; fill?: unknown; line?: SavedLine }>(
    db,
    'signals',
  );
  const pending = firstSyncPending(cp);
  const pacer = new Pacer(undefined, cp?.line ?? null);
  // An incremental sync asks pages of 500 (signals.ts, `pass`); a first sync sizes them to the line.
  const limit = pending ? pacer.next(FIRST_PAGE_LIMIT) : PAGE_LIMIT_MAX;
  pacer.last = limit;
  const saved = cp?.line;
  return {
    firstSyncPending: pending,
    line: {
      bytesPerSecond: saved?.bytesPerSecond ? Math.round(saved.bytesPerSecond) : null,
      firstByteMs: saved?.firstByteMs ? Math.round(saved.firstByteMs) : null,
      encoding: saved?.encoding ?? null,
      compressionRatio: saved?.compressionRatio ?? null,
      pageLimit: limit,
      adapted: pacer.adapted(),
      tokensPer1000: tokensPer1000(limit),
      page: null,
      firstSync: null,
      lastError: null,
    },
  };
}
