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

/**
 * Why a window was narrowed and what lifts it, by the reason the service gave. The document
 * leaves the clamps' inner fields unshown (spec: main, "Plans" 30); these are the reasons its
 * rules name (GET /signals rule 1), others are said as given.
 */
const REASONS: Record<string, { why: string; lifts: string }> = {
  plan_without_real_time: {
    why: 'the plan has no real-time data, so its answers end on the latest readable day',
    lifts: 'a plan with real-time data',
  },
  plan_history_floor: {
    why: "the window reached back before the plan's history floor",
    lifts: 'a plan with a longer history',
  },
  window_capped: {
    why: 'the window is capped at 30 days (its last 30 days were searched)',
    lifts: 'a shorter window',
  },
};

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
/** A field name in words: `start_date` → "start date". */
const fieldWords = (k: string) => k.replace(/_/g, ' ');

/** A value in words: a window as "A to B", a list joined, an object as its fields. */
function valueWords(v: unknown): string {
  if (Array.isArray(v)) return v.map(valueWords).join(', ');
  if (isObj(v)) {
    if (typeof v.start_date === 'string' && typeof v.end_date === 'string')
      return `${v.start_date} to ${v.end_date}`;
    return Object.entries(v)
      .map(([k, x]) => `${fieldWords(k)} ${valueWords(x)}`)
      .join(', ');
  }
  return v === null || v === undefined ? 'nothing' : String(v);
}

/** One narrowed option in words: "asked for X, given Y", "dropped X", "withheld: X". */
function optionWords(name: string | null, v: unknown): string {
  const label = name ? `${fieldWords(name)}: ` : '';
  if (isObj(v) && ('requested' in v || 'applied' in v))
    return `${label}asked for ${valueWords(v.requested)}, given ${valueWords(v.applied)}`;
  if (isObj(v) && 'dropped' in v) return `${label}dropped ${valueWords(v.dropped)}`;
  return `${label}${valueWords(v)}`;
}

/** A clamp in words: what was asked, what was given, why, and what lifts it. */
export function clampWords(c: Pick<RecordedClamp, 'kind' | 'detail' | 'required_plans'>): {
  what: string;
  asked: string;
  why: string | null;
  lifts: string | null;
} {
  const detail = isObj(c.detail) ? c.detail : {};
  // One reason, or several (both ends of a window narrowed): each is said.
  const reasons = (Array.isArray(detail.reason) ? detail.reason : [detail.reason]).filter(
    (x): x is string => typeof x === 'string',
  );
  const whys = reasons.map((x) => REASONS[x]?.why ?? fieldWords(x));
  const liftsKnown = reasons.map((x) => REASONS[x]?.lifts).filter((x): x is string => x !== undefined);
  const parts =
    'requested' in detail || 'applied' in detail
      ? [optionWords(null, detail)]
      : Object.entries(detail)
          .filter(([k]) => k !== 'reason' && k !== 'required_plans')
          .map(([k, v]) => optionWords(k, v));
  const plans = c.required_plans?.length ? c.required_plans : null;
  return {
    what: CLAMP_WORDS[c.kind] ?? fieldWords(c.kind),
    asked: parts.join('; ') || (c.detail === undefined || c.detail === null ? '' : valueWords(c.detail)),
    why: whys.length ? whys.join(', and ') : null,
    lifts: plans
      ? `the ${plans.join(' or the ')} plan${plans.length > 1 ? 's' : ''}`
      : liftsKnown.length
        ? liftsKnown.join(' and ')
        : null,
  };
}

const effectOf = (kind: string) =>
  kind === 'plan_lock'
    ? 'cached records lack the withheld fields'
    : 'the cache may not hold the whole answer';

function sentence(c: RecordedClamp, streams: string, at: string): string {
  const w = clampWords(c);
  return (
    `${w.what} when the ${streams} last synced (${at})` +
    `${w.asked ? `: ${w.asked}` : ''}${w.why ? `, because ${w.why}` : ''}; ${effectOf(c.kind)}` +
    `${w.lifts ? `; lifted by ${w.lifts}` : ''}`
  );
}

/** One line for the analyst: what was narrowed, when, why, and which plan lifts it. */
export function describeClamp(c: RecordedClamp): string {
  return sentence(c, `${c.stream} stream`, c.recorded_at);
}

/**
 * The clamps of several streams, each said once: the same narrowing recorded by the signals,
 * reconcile and threads streams (one plan, one window) is one line naming the three.
 */
export function describeClamps(clamps: readonly RecordedClamp[]): string[] {
  const groups = new Map<string, RecordedClamp[]>();
  for (const c of clamps) {
    const key = JSON.stringify([c.kind, c.detail ?? null, c.required_plans ?? null]);
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  return [...groups.values()].map((group) => {
    const names = [...new Set(group.map((c) => c.stream))];
    const streams =
      names.length === 1
        ? `${names[0]} stream`
        : `${names.slice(0, -1).join(', ')} and ${names.at(-1)} streams`;
    const at = group
      .map((c) => c.recorded_at)
      .sort()
      .at(-1)!;
    return sentence(group[0]!, streams, at);
  });
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
