// sunlit (docs/cli.md "passes"): the Sun above the horizon at the target at peak, from the
// NOAA / Meeus low-precision solar position.
import { sunPos } from 'satellite.js';
import { describe, expect, it } from 'vitest';
import { gmstDeg, isSunlit, jdFromMs, sunElevationDeg, sunRaDec } from '../../../electron/passes/sun';

const msFromJd = (jd: number) => (jd - 2440587.5) * 86_400_000;
const at = (iso: string) => Date.parse(iso);

describe('solar position', () => {
  it('matches Meeus example 25.a (1992 October 13.0)', () => {
    const { raDeg, decDeg } = sunRaDec(msFromJd(2448908.5));
    expect(raDeg).toBeCloseTo(198.38083, 3);
    expect(decDeg).toBeCloseTo(-7.78507, 3);
  });

  it('matches Meeus example 12.a for sidereal time (1987 April 10, 0h UT: 13h10m46.3668s)', () => {
    expect(gmstDeg(msFromJd(2446895.5))).toBeCloseTo((13 + 10 / 60 + 46.3668 / 3600) * 15, 4);
  });

  it('agrees with satellite.js (Vallado) within 0.01° of declination through a year', () => {
    for (let d = 0; d < 365; d += 7) {
      const ms = at('2026-01-01T00:00:00Z') + d * 86_400_000;
      const v = sunPos(jdFromMs(ms));
      expect(Math.abs(sunRaDec(ms).decDeg - (v.decl * 180) / Math.PI)).toBeLessThan(0.01);
    }
  });

  it('rises and sets at the right times in London at the June solstice (03:43 / 20:21 UTC)', () => {
    expect(isSunlit(at('2026-06-21T03:30:00Z'), 51.5074, -0.1278)).toBe(false);
    expect(isSunlit(at('2026-06-21T04:00:00Z'), 51.5074, -0.1278)).toBe(true);
    expect(isSunlit(at('2026-06-21T20:05:00Z'), 51.5074, -0.1278)).toBe(true);
    expect(isSunlit(at('2026-06-21T20:40:00Z'), 51.5074, -0.1278)).toBe(false);
  });

  it('knows polar night and midnight sun (Tromsø)', () => {
    expect(isSunlit(at('2026-12-21T11:00:00Z'), 69.65, 18.96)).toBe(false);
    expect(isSunlit(at('2026-06-21T23:00:00Z'), 69.65, 18.96)).toBe(true);
  });

  it('puts the Sun near the zenith at the subsolar point', () => {
    // Equinox noon at Greenwich: within a degree of the zenith (declination ~0, EoT ~ -7 min).
    expect(sunElevationDeg(at('2026-03-20T12:07:00Z'), 0, 0)).toBeGreaterThan(89);
  });
});
