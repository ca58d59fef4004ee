// The line as a run shows it (shared/sync-line.ts): the client's line meter (rate, first byte,
// compression, last failure), the page size the pacer chose, the signals page in flight and a
// first sync's estimates. The signals stream fills `page` and `firstSync`; progress pushes and
// the run's summary carry `snapshot()`.
import type { LineMeter } from '../api/line';
import { fmtBytes } from '../api/transport';
import { PAGE_LIMIT_MAX, tokensPer1000, type SyncLine } from '../../shared/sync-line';
import type { Pacer } from './pacing';

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
