// The demo world is a function of a seed and a clock: it must build, and keep its account
// (watches, orders, areas), for every seed a test might pick and on any day the suite may run,
// from the record's first hour (spec: main profile, the event record starts on 2026-09-23) to
// the end of next year. Days are sampled: every seed gets the record's edges and a spread of
// days that differs from seed to seed, so the sweep as a whole walks the calendar.
import { describe, expect, it } from 'vitest';
import { DemoWorld, RECORD_START } from '../../../electron/demo/world';

const DAY = 86_400_000;
const FIRST = Date.parse(`${RECORD_START}T00:00:00Z`);
const LAST = Date.parse('2027-12-31T23:00:00Z');
const SPAN_DAYS = Math.floor((LAST - FIRST) / DAY);

/** The clocks a seed is tried at: the record's first minutes and hours, then sampled days. */
function clocksFor(seed: number): Date[] {
  const edges = [0, 60_000, 3_600_000, DAY + 5 * 3_600_000];
  const days = Array.from(
    { length: 3 },
    (_, k) => ((seed * 97 + k * 151) % SPAN_DAYS) * DAY + ((seed + k) % 24) * 3_600_000,
  );
  return [...edges, ...days].map((ms) => new Date(FIRST + ms));
}

describe('the demo world on any day', () => {
  it('builds for every seed from 1 to 50 on sampled days from the record start to 2027-12-31', () => {
    const failures: string[] = [];
    let built = 0;
    for (let seed = 1; seed <= 50; seed++) {
      for (const at of clocksFor(seed)) {
        try {
          const w = new DemoWorld({ seed, now: () => at, signalsPerDay: 4 });
          built++;
          // Its account exists whatever the day: the views and tests that open a watch have one.
          if (w.watches.length !== 6 || w.orders.length !== 3 || w.areas.length !== 3)
            failures.push(`seed ${seed} at ${at.toISOString()}: ${w.watches.length} watches`);
          // Nothing in the world lies in its own future.
          const future = w.events.find((e) => e.occurredAt > at.toISOString());
          if (future) failures.push(`seed ${seed} at ${at.toISOString()}: event ${future.n} in the future`);
        } catch (e) {
          failures.push(`seed ${seed} at ${at.toISOString()}: ${(e as Error).message}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(built).toBe(50 * 7);
  }, 120_000);

  it('builds a full-sized world before the record starts, at its start and at the end of 2027', () => {
    for (const iso of ['2026-06-01T00:00:00Z', `${RECORD_START}T00:00:00Z`, '2027-12-31T12:00:00Z']) {
      const at = new Date(iso);
      const w = new DemoWorld({ seed: 7, now: () => at, signalsPerDay: 40 });
      expect(w.watches).toHaveLength(6);
      // A clock before the record holds no event: "an earlier range returns no events".
      if (iso < RECORD_START) expect(w.events).toEqual([]);
    }
  }, 60_000);
});
