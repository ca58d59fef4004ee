// The window's signal filter (contract SignalFilter) as the cache's query conditions.
import type { SignalFilter } from '../../../shared/contract-read';
import { signalConditions, type Conditions, type SignalQuery } from '../signals-query';
import { occurredSecond, SLOTS, tkeyOfDate } from '../tkey';

type Range = { lo: number | null; hi: number | null };

const isDate = (v: string) => v.length === 10;

/** Time keys of the occurred window: a date covers its whole day, a time its second. */
export function filterRange(f: Pick<SignalFilter, 'start' | 'end'>): Range {
  const lo =
    f.start === undefined ? null : isDate(f.start) ? tkeyOfDate(f.start) : occurredSecond(f.start) * SLOTS;
  const hi =
    f.end === undefined
      ? null
      : isDate(f.end)
        ? tkeyOfDate(f.end) + 86_400 * SLOTS - 1
        : (occurredSecond(f.end) + 1) * SLOTS - 1;
  return { lo, hi };
}

export function toSignalQuery(f: SignalFilter): SignalQuery {
  const q: SignalQuery = {};
  if (f.bbox) q.bbox = f.bbox;
  if (f.q?.trim()) q.q = f.q;
  if (f.categories?.length) q.categories = f.categories;
  if (f.stages?.length) q.stages = f.stages;
  if (f.minSeverityBand !== undefined) q.minSeverityBand = f.minSeverityBand;
  if (f.markets?.length) q.markets = f.markets;
  if (f.minPublishers !== undefined) q.minPublishers = f.minPublishers;
  if (f.measured !== undefined) q.measured = f.measured;
  if (f.includeRetracted) q.includeRetracted = true;
  return q;
}

export function conditions(f: SignalFilter): Conditions {
  return signalConditions(toSignalQuery(f), { range: filterRange(f) });
}

/** Drawable: the row's plottable flag and a point (the R*Tree's rule for bbox queries). */
export const DRAWABLE = 's.plottable = 1 AND s.lat IS NOT NULL AND s.lng IS NOT NULL';
