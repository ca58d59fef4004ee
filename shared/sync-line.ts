// The link to the service as a sync sees it (docs/sync.md, "Slow links"): what the line
// carries, the signals page size chosen for it and what that costs, the page in flight, and
// how far a first sync has come. Pushed with `sync.progress` while a run works and answered by
// `sync.status`; the last run's is kept in its summary (`line`, docs/cli.md "sync").
import { z } from 'zod';

/** Each signals page costs the same tokens whatever its size (main document, "Limits"). */
export const TOKENS_PER_PAGE = 3;
/** The largest page the service gives (GET /signals: limit 1-500). */
export const PAGE_LIMIT_MAX = 500;

/** Tokens a thousand signals cost at pages of `limit`. */
export const tokensPer1000 = (limit: number): number => Math.ceil(1000 / limit) * TOKENS_PER_PAGE;

export const syncLineSchema = z.strictObject({
  /** Bytes per second the line carried while answers streamed (recent calls); null until measured. */
  bytesPerSecond: z.number().nullable(),
  /** Median time from a request to the first byte of its answer (round trip and the service's time). */
  firstByteMs: z.number().nullable(),
  /** How answers came: their Content-Encoding (null: uncompressed), bytes on the line per byte decoded. */
  encoding: z.string().nullable(),
  compressionRatio: z.number().nullable(),
  /** The signals page size in use, and whether it was chosen below the largest for a slow line. */
  pageLimit: z.number().int(),
  adapted: z.boolean(),
  /** What a thousand signals cost at this page size, and at pages of 500. */
  tokensPer1000: z.number().int(),
  /** The page in flight and how much of it has come (bytes on the line). */
  page: z
    .strictObject({
      stream: z.string(),
      number: z.number().int(),
      limit: z.number().int(),
      bytes: z.number().int(),
      /** Bytes the page should take, from the stated length or the last pages; null when unknown. */
      expectedBytes: z.number().int().nullable(),
    })
    .nullable(),
  /** A first sync: today's signals first ('latest'), then the past newest first ('history'). */
  firstSync: z
    .strictObject({
      phase: z.enum(['latest', 'history']),
      stored: z.number().int(),
      /** The oldest day the history has reached (YYYY-MM-DD). */
      through: z.string().nullable(),
      /** Estimates of what is left (from the signals per day so far and the line's rate). */
      signalsLeft: z.number().int().nullable(),
      secondsLeft: z.number().nullable(),
      tokensLeft: z.number().int().nullable(),
    })
    .nullable(),
  /** The last failure of a call on this line, in its words. */
  lastError: z.string().nullable(),
});
export type SyncLine = z.output<typeof syncLineSchema>;
