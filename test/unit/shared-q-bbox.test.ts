import { describe, expect, it } from 'vitest';
import { bboxAreaKm2, parseBBox, BBoxError } from '../../shared/bbox';
import { matchesQuery, parseQuery, toFts5 } from '../../shared/q';

describe('bbox', () => {
  it('parses W,S,E,N and measures area on the sphere', () => {
    const b = parseBBox('30,40,31,41');
    expect(b).toEqual([30, 40, 31, 41]);
    // 1° x 1° at 40-41°N: 111.2 km x 84.6 km ≈ 9,400 km².
    expect(bboxAreaKm2(b)).toBeGreaterThan(9350);
    expect(bboxAreaKm2(b)).toBeLessThan(9450);
  });
  it('refuses swapped order, out of range and garbage with a message naming the problem', () => {
    expect(() => parseBBox('31,40,30,41')).toThrow(/west .* less than east/);
    expect(() => parseBBox('30,41,31,40')).toThrow(/south .* less than north/);
    expect(() => parseBBox('30,40,31,95')).toThrow(/latitudes/);
    expect(() => parseBBox('30,40,31')).toThrow(BBoxError);
    expect(() => parseBBox('a,b,c,d')).toThrow(/four comma-separated numbers/);
  });
});

describe('q rules', () => {
  const fields = [
    'Strike on Kharkiv power plant',
    'A drone hit the plant',
    'Kharkiv',
    'Ukraine',
    'armed_conflict',
  ];
  it('needs every word, in any field', () => {
    expect(matchesQuery(parseQuery('kharkiv drone'), fields)).toBe(true);
    expect(matchesQuery(parseQuery('kharkiv missile'), fields)).toBe(false);
  });
  it('keeps a quoted phrase in order', () => {
    expect(matchesQuery(parseQuery('"power plant"'), fields)).toBe(true);
    expect(matchesQuery(parseQuery('"plant power"'), fields)).toBe(false);
  });
  it('excludes a word with a leading minus', () => {
    expect(matchesQuery(parseQuery('kharkiv -drone'), fields)).toBe(false);
    expect(matchesQuery(parseQuery('kharkiv -missile'), fields)).toBe(true);
  });
  it('matches categories and diacritics the way FTS5 unicode61 does', () => {
    expect(matchesQuery(parseQuery('armed_conflict'), fields)).toBe(true);
    expect(matchesQuery(parseQuery('ukráine'), fields)).toBe(true);
  });
  it('builds the FTS5 expressions', () => {
    expect(toFts5(parseQuery('a "b c" -d'))).toEqual({ match: '"a" AND "b c"', exclude: '"d"' });
    expect(toFts5(parseQuery('-d'))).toEqual({ match: null, exclude: '"d"' });
  });
});
