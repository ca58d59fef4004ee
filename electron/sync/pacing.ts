// Pages sized to the line (docs/sync.md, "Slow links"): the next signals page asks for as many
// records as the line carries in about PAGE_TARGET_MS, from what the client's line meter saw
// (bytes/s while answers streamed, time to the first byte) and the bytes on the line per record
// of this run's last pages; within 1–500. A page costs the same 3 tokens whatever its size, so
// pages are never smaller than the line needs: on a fast line they are 500, as before.
import type { LineMeter, LineSnapshot } from '../api/line';
import type { TransferInfo } from '../api/transport';
import { PAGE_LIMIT_MAX } from '../../shared/sync-line';

/** How long a page should take on the line: long enough that the round trip is a small share. */
export const PAGE_TARGET_MS = 12_000;
/** A first sync's first page, before anything says what the line carries (~10 s at 16 kB/s uncompressed). */
export const FIRST_PAGE_LIMIT = 100;
/** A pass's page limit moves only when the line's fit differs by more than this factor. */
const HYSTERESIS = 1.4;
/** A page may grow at most this much over the last one (a first estimate can be off). */
const MAX_GROWTH = 4;

/** The line as the last run left it: kept in the signals checkpoint for the next run. */
export interface SavedLine {
  bytesPerSecond: number | null;
  firstByteMs: number | null;
  /** Bytes on the line per signal, over the last pages. */
  bytesPerRecord: number | null;
  /** Whether the service took a changed `limit` with a cursor (null: not tried yet). */
  cursorKeepsLimit: boolean | null;
  /** The page limit the run ended with. */
  limit: number;
  /** How its answers came: Content-Encoding (null: uncompressed), bytes on the line per byte decoded. */
  encoding?: string | null;
  compressionRatio?: number | null;
}

/** Records a page of `limit` brings in `targetMs` on this line (1–500); null when not measured. */
export function fitLimit(
  line: { bytesPerSecond: number | null; firstByteMs: number | null },
  bytesPerRecord: number | null,
  targetMs = PAGE_TARGET_MS,
): number | null {
  if (!line.bytesPerSecond || !bytesPerRecord) return null;
  // The round trip and the service's own time are paid once a page, whatever its size.
  const streaming = Math.max(targetMs - (line.firstByteMs ?? 0), targetMs / 4) / 1000;
  return Math.max(
    1,
    Math.min(PAGE_LIMIT_MAX, Math.floor((streaming * line.bytesPerSecond) / bytesPerRecord)),
  );
}

export class Pacer {
  /** Bytes on the line per record, a running figure over the last pages (decays to the recent). */
  bytesPerRecord: number | null;
  cursorKeepsLimit: boolean | null;
  /** The limit of the last page asked for, and the line's fit when it was chosen. */
  last: number | null = null;
  private fit: number | null = null;

  constructor(
    private readonly line: LineMeter | undefined,
    private readonly saved: SavedLine | null,
    private readonly targetMs = PAGE_TARGET_MS,
  ) {
    this.bytesPerRecord = saved?.bytesPerRecord ?? null;
    this.cursorKeepsLimit = saved?.cursorKeepsLimit ?? null;
  }

  /** Bytes/s of this run's last signals pages on their own (when the meter has too little). */
  private pageRate: number | null = null;

  /** What the line meter says now, else the last pages', else what the last run saw. */
  measured(): Pick<LineSnapshot, 'bytesPerSecond' | 'firstByteMs'> {
    const rate = this.line?.bytesPerSecond() ?? this.pageRate;
    const firstByte = this.line?.firstByteMs() ?? null;
    return {
      bytesPerSecond: rate ?? this.saved?.bytesPerSecond ?? null,
      firstByteMs: firstByte ?? this.saved?.firstByteMs ?? null,
    };
  }

  /**
   * The limit for the next page. `fallback` before anything is measured (a first sync starts
   * small; an incremental one at the largest, as before).
   */
  next(fallback: number): number {
    const fit = fitLimit(this.measured(), this.bytesPerRecord, this.targetMs);
    this.fit = fit;
    let limit = fit ?? this.last ?? this.saved?.limit ?? fallback;
    // A rate from one page alone (the meter had too few bytes) may be far off: grow slowly then.
    if (this.last !== null && !this.line?.bytesPerSecond()) limit = Math.min(limit, this.last * MAX_GROWTH);
    return Math.max(1, Math.min(PAGE_LIMIT_MAX, Math.round(limit)));
  }

  /**
   * The limit for a page asked with a cursor issued for pages of `current`: kept unless the
   * line's fit is well off it, and always kept where the service refused a changed limit.
   */
  withCursor(current: number, wanted: number): number {
    if (this.cursorKeepsLimit === false) return current;
    const ratio = wanted / current;
    return ratio < HYSTERESIS && ratio > 1 / HYSTERESIS ? current : wanted;
  }

  /** A page came: what it carried per record feeds the next choice. */
  observe(transfer: TransferInfo | undefined, records: number, limit: number): void {
    this.last = limit;
    if (!transfer || records === 0) return;
    const streaming = transfer.totalMs - transfer.firstByteMs;
    if (streaming > 0 && transfer.wireBytes > 0) this.pageRate = (transfer.wireBytes * 1000) / streaming;
    const per = transfer.wireBytes / records;
    this.bytesPerRecord = this.bytesPerRecord === null ? per : 0.5 * this.bytesPerRecord + 0.5 * per;
  }

  /** The page limit is below the largest because the line is slow (not a first guess). */
  adapted(): boolean {
    return this.fit !== null && this.fit < PAGE_LIMIT_MAX && this.last !== null && this.last < PAGE_LIMIT_MAX;
  }

  save(): SavedLine {
    const m = this.measured();
    const seen = this.line?.snapshot();
    return {
      encoding: seen?.compressionRatio ? seen.encoding : (this.saved?.encoding ?? null),
      compressionRatio: seen?.compressionRatio ?? this.saved?.compressionRatio ?? null,
      bytesPerSecond: m.bytesPerSecond,
      firstByteMs: m.firstByteMs,
      bytesPerRecord: this.bytesPerRecord,
      cursorKeepsLimit: this.cursorKeepsLimit,
      limit: this.last ?? this.saved?.limit ?? PAGE_LIMIT_MAX,
    };
  }
}
