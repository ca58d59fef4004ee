// Time keys that sort as the service's "latest" order (spec: main, GET /signals, sort):
// occurred second * 2^20 + a slot for signals that share the second. Below 2^53 until
// the year 2242, so JavaScript numbers hold them exactly. They key the FTS and R*Tree
// rows, so the FTS can walk a window latest first and stop at the limit.
import type Database from 'better-sqlite3';
import { stmt } from './sql';

export const SLOTS = 2 ** 20;

/** Whole seconds since 1970 of an occurred time; 0 (sorts last) when unknown. */
export function occurredSecond(time: string | null): number {
  if (!time) return 0;
  const ms = Date.parse(time.length === 10 ? `${time}T00:00:00Z` : time);
  return Number.isNaN(ms) || ms < 0 ? 0 : Math.floor(ms / 1000);
}

/** First key of a date's first second (inclusive window starts, exclusive ends). */
export const tkeyOfDate = (date: string): number => (Date.parse(`${date}T00:00:00Z`) / 1000) * SLOTS;

/**
 * Hands out free keys for one transaction: the next slot after the highest used in that
 * second. (More than 2^20 signals in one second spill into the next: order only.)
 */
export function tkeyAllocator(db: Database.Database): (second: number) => number {
  const highest = stmt(db, 'SELECT max(tkey) FROM signals WHERE tkey >= ? AND tkey < ?').pluck();
  const next = new Map<number, number>();
  return (second) => {
    const base = second * SLOTS;
    let key = next.get(second);
    if (key === undefined) {
      const max = highest.get(base, base + SLOTS) as number | null;
      key = max === null ? base : max + 1;
    }
    next.set(second, key + 1);
    return key;
  };
}
