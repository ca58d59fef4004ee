// What the service narrowed when a stream last synced, in the analyst's words: one table of
// wording for `watchfloor signals` (stderr notes) and the window (ClampNote).
import type Database from 'better-sqlite3';
import type { ClampNote, JsonValue } from '../../../shared/contract-read';
import { getStreamClamps, type RecordedClamp } from '../checkpoints';

/** The streams whose narrowing limits what the cached signals cover. */
export const SIGNAL_CLAMP_STREAMS = ['signals', 'reconcile'] as const;

const CLAMP_WORDS: Record<string, string> = {
  window_clamp: 'the plan narrowed the time window',
  filter_clamp: 'the plan dropped or replaced a filter',
  plan_lock: 'the plan withholds some detail',
};

/** One line for the analyst: what was narrowed, when, and which plan lifts it. */
export function describeClamp(c: RecordedClamp): string {
  const effect =
    c.kind === 'plan_lock'
      ? 'cached records lack the withheld fields'
      : 'the cache may not hold the whole answer';
  const plans = c.required_plans?.length ? `; lifted by: ${c.required_plans.join(', ')}` : '';
  return (
    `${CLAMP_WORDS[c.kind] ?? c.kind} when the ${c.stream} stream last synced (${c.recorded_at}): ` +
    `${JSON.stringify(c.detail ?? null)}${plans}; ${effect}`
  );
}

const KINDS = new Set<string>(['window_clamp', 'filter_clamp', 'plan_lock']);

export function toClampNote(c: RecordedClamp): ClampNote {
  return {
    stream: c.stream,
    // Only these three kinds are ever recorded (electron/api/transport.ts); anything else reads as a filter clamp.
    kind: (KINDS.has(c.kind) ? c.kind : 'filter_clamp') as ClampNote['kind'],
    detail: (c.detail ?? null) as JsonValue,
    requiredPlans: c.required_plans?.length ? [...c.required_plans] : null,
    wording: describeClamp(c),
  };
}

/** The clamps last recorded for these streams, as the window shows them. */
export function clampNotes(db: Database.Database, streams: readonly string[]): ClampNote[] {
  return getStreamClamps(db, streams).map(toClampNote);
}
