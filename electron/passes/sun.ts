// Low-precision solar position: the NOAA Solar Calculator equations, from Meeus,
// "Astronomical Algorithms" (2nd ed.) ch. 25 (apparent longitude, corrected obliquity) and
// ch. 12 (mean sidereal time). About 0.01 deg over 1800-2100: ample for "is the Sun up".
const RAD = Math.PI / 180;
const J2000 = 2451545.0;

export const jdFromMs = (ms: number): number => ms / 86_400_000 + 2440587.5;

/** Apparent right ascension and declination of the Sun, degrees (Meeus 25.6-25.8). */
export function sunRaDec(ms: number): { raDeg: number; decDeg: number } {
  const T = (jdFromMs(ms) - J2000) / 36525;
  const L0 = 280.46646 + T * (36000.76983 + T * 0.0003032);
  const M = (357.52911 + T * (35999.05029 - 0.0001537 * T)) * RAD;
  const C =
    Math.sin(M) * (1.914602 - T * (0.004817 + 0.000014 * T)) +
    Math.sin(2 * M) * (0.019993 - 0.000101 * T) +
    Math.sin(3 * M) * 0.000289;
  const omega = (125.04 - 1934.136 * T) * RAD;
  const lambda = (L0 + C - 0.00569 - 0.00478 * Math.sin(omega)) * RAD;
  const eps0 = 23 + (26 + (21.448 - T * (46.815 + T * (0.00059 - T * 0.001813))) / 60) / 60;
  const eps = (eps0 + 0.00256 * Math.cos(omega)) * RAD;
  const ra = Math.atan2(Math.cos(eps) * Math.sin(lambda), Math.cos(lambda)) / RAD;
  const dec = Math.asin(Math.sin(eps) * Math.sin(lambda)) / RAD;
  return { raDeg: (ra + 360) % 360, decDeg: dec };
}

/** Greenwich mean sidereal time, degrees (Meeus 12.4). */
export function gmstDeg(ms: number): number {
  const d = jdFromMs(ms) - J2000;
  const T = d / 36525;
  const g = 280.46061837 + 360.98564736629 * d + T * T * (0.000387933 - T / 38710000);
  return ((g % 360) + 360) % 360;
}

/** Geometric elevation of the Sun's centre at a place, degrees (no refraction). */
export function sunElevationDeg(ms: number, latDeg: number, lonDeg: number): number {
  const { raDeg, decDeg } = sunRaDec(ms);
  const H = (gmstDeg(ms) + lonDeg - raDeg) * RAD;
  const phi = latDeg * RAD;
  const dec = decDeg * RAD;
  const s = Math.sin(phi) * Math.sin(dec) + Math.cos(phi) * Math.cos(dec) * Math.cos(H);
  return Math.asin(Math.max(-1, Math.min(1, s))) / RAD;
}

/**
 * Sunrise/sunset altitude of the Sun's centre: -0.833 deg = 34' of refraction + 16' of
 * semidiameter (NOAA and the US Naval Observatory's convention). Above it the Sun's upper
 * limb is over the horizon, so "the Sun is above the horizon" (docs/passes.md, sunlit).
 */
export const SUNRISE_ALTITUDE_DEG = -0.833;

export const isSunlit = (ms: number, latDeg: number, lonDeg: number): boolean =>
  sunElevationDeg(ms, latDeg, lonDeg) > SUNRISE_ALTITUDE_DEG;
