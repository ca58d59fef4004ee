// Inputs of a pass query (spec: main profile, "GET /api/v1/passes"; docs/passes.md).
import { describe, expect, it } from 'vitest';
import { FAMILY_KEYS } from '../../../electron/passes/families';
import { MAX_WINDOW_DAYS, PassRequestError, parsePassRequest } from '../../../electron/passes/request';

const now = new Date('2026-08-22T15:30:00Z');
const DAY = 86_400_000;

describe('pass requests', () => {
  it('defaults to today plus two days, all families, 40 passes', () => {
    const r = parsePassRequest({ lat: '48.85', lon: '2.35' }, now);
    expect(r).toMatchObject({
      target: { lat: 48.85, lon: 2.35 },
      window: { start: '2026-08-22', end: '2026-08-24' },
      families: [...FAMILY_KEYS],
      maxPasses: 40,
    });
    expect(r.startMs).toBe(Date.parse('2026-08-22T00:00:00Z'));
    // The end date is included whole.
    expect(r.endMs).toBe(Date.parse('2026-08-25T00:00:00Z'));
  });

  it('takes the centre of a bbox when lat/lon are not given', () => {
    expect(parsePassRequest({ bbox: '30,50,31,51' }, now).target).toEqual({ lat: 50.5, lon: 30.5 });
    expect(parsePassRequest({ bbox: '30,50,31,51', lat: 1, lon: 2 }, now).target).toEqual({ lat: 1, lon: 2 });
  });

  it.each([
    [{ lat: '95', lon: '0' }, /lat must be within -90..90, got 95/],
    [{ lat: '0', lon: '-181' }, /lon must be within -180..180/],
    [{ lat: 'north', lon: '0' }, /lat must be a number/],
    [{ lat: '10' }, /give both --lat and --lon/],
    [{}, /say where/],
    [{ bbox: '31,50,30,51' }, /west \(31\) must be less than east/],
    [{ lat: 0, lon: 0, startDate: '2026-08-22', endDate: '2026-08-21' }, /before the start date/],
    [{ lat: 0, lon: 0, startDate: '2026-02-30' }, /start date must be a date YYYY-MM-DD/],
    [{ lat: 0, lon: 0, satellites: ' , ' }, /at least one family key/],
    [{ lat: 0, lon: 0, maxPasses: '0' }, /max passes must be within 1..100/],
    [{ lat: 0, lon: 0, maxPasses: '101' }, /max passes must be within 1..100/],
    [{ lat: 0, lon: 0, maxPasses: '2.5' }, /whole number/],
  ])('refuses %o', (raw, message) => {
    expect(() => parsePassRequest(raw, now)).toThrow(PassRequestError);
    expect(() => parsePassRequest(raw, now)).toThrow(message);
  });

  it('accepts the longest window, seven days after the start', () => {
    const r = parsePassRequest(
      { lat: 0, lon: 0, startDate: '2026-08-22', endDate: '2026-08-29', maxPasses: 100 },
      now,
    );
    expect((r.endMs - r.startMs) / DAY).toBe(8);
    expect(r.maxPasses).toBe(100);
  });

  it('narrows a window past the 7-day horizon as the service caps it, and says what it narrowed', () => {
    const r = parsePassRequest({ lat: 0, lon: 0, startDate: '2026-08-22', endDate: '2026-09-05' }, now);
    expect(r.window).toEqual({ start: '2026-08-22', end: '2026-08-29' });
    expect((r.endMs - r.startMs) / DAY).toBe(MAX_WINDOW_DAYS + 1);
    expect(r.windowClamp).toMatchObject({
      requested: { start_date: '2026-08-22', end_date: '2026-09-05' },
      applied: { start_date: '2026-08-22', end_date: '2026-08-29' },
    });
    // Within the horizon nothing is narrowed and nothing is said.
    expect(
      parsePassRequest({ lat: 0, lon: 0, startDate: '2026-08-22', endDate: '2026-08-29' }, now),
    ).not.toHaveProperty('windowClamp');
  });

  it('keeps the family keys it knows and names the ones it does not, never widening to all', () => {
    const r = parsePassRequest({ lat: 0, lon: 0, satellites: 'ICEYE,unknownkey,iceye' }, now);
    expect(r.families).toEqual(['iceye']);
    expect(r.unknownFamilies).toEqual(['unknownkey']);
    const none = parsePassRequest({ lat: 0, lon: 0, satellites: 'unknownkey' }, now);
    expect(none.families).toEqual([]);
    expect(none.unknownFamilies).toEqual(['unknownkey']);
    expect(parsePassRequest({ lat: 0, lon: 0 }, now).unknownFamilies).toEqual([]);
  });
});
