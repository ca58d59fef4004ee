// Days and times that exist, as the contract's inputs check them (Date.parse takes 2026-02-30
// for 2 March; the window's calls must not).
import { describe, expect, it } from 'vitest';
import { dateOrTime } from '../../shared/contract-read';
import { isCalendarDate, isRealDateOrTime } from '../../shared/dates';

describe('isCalendarDate', () => {
  it.each(['2026-02-28', '2028-02-29', '2026-12-31', '2026-09-23'])('%s exists', (d) => {
    expect(isCalendarDate(d)).toBe(true);
  });
  it.each(['2026-02-30', '2027-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-1-5', '26-01-05', ''])(
    '%j does not',
    (d) => {
      expect(isCalendarDate(d)).toBe(false);
    },
  );
});

describe('the contract’s dates', () => {
  it('takes days and zoned times that exist, refuses the rest', () => {
    expect(dateOrTime.safeParse('2028-02-29').success).toBe(true);
    expect(dateOrTime.safeParse('2026-11-20T12:00:00Z').success).toBe(true);
    expect(dateOrTime.safeParse('2026-02-30').success).toBe(false);
    expect(dateOrTime.safeParse('2026-02-30T12:00:00Z').success).toBe(false);
    expect(dateOrTime.safeParse('2026-11-20T25:00:00Z').success).toBe(false);
    expect(isRealDateOrTime('2026-11-20T23:59:59.999+02:00')).toBe(true);
  });
});
