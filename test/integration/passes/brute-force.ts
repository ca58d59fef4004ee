// The reference for the accuracy tests: every second of the window, with satellite.js's own
// propagate / eciToEcf / ecfToLookAngles (none of the finder's code), each local maximum of
// elevation above the horizon is a culmination (docs/cli.md "passes": peak definition).
import { ecfToLookAngles, eciToEcf, geodeticToEcf, gstime, propagate, type SatRec } from 'satellite.js';

export interface BrutePass {
  peakMs: number;
  elevationDeg: number;
  offNadirDeg: number;
}

const RAD = Math.PI / 180;

/** Culminations of one satellite over several targets, peaks in [startMs, endMs). */
export function bruteForceCulminations(
  satrec: SatRec,
  targets: readonly { lat: number; lon: number }[],
  startMs: number,
  endMs: number,
): BrutePass[][] {
  const observers = targets.map((t) => ({ latitude: t.lat * RAD, longitude: t.lon * RAD, height: 0 }));
  const obsEcf = observers.map((o) => geodeticToEcf(o));
  const out: BrutePass[][] = targets.map(() => []);
  const prev2 = targets.map(() => -Infinity);
  const prev = targets.map(() => -Infinity);
  const prevEcf: { x: number; y: number; z: number }[] = [];
  // One second either side so that a peak on the window's edge has both neighbours.
  for (let ms = startMs - 1000; ms <= endMs; ms += 1000) {
    const date = new Date(ms);
    const pv = propagate(satrec, date);
    if (!pv) break;
    const ecf = eciToEcf(pv.position, gstime(date));
    observers.forEach((o, i) => {
      const el = ecfToLookAngles(o, ecf).elevation / RAD;
      const peakMs = ms - 1000;
      if (prev[i]! > 0 && prev[i]! >= prev2[i]! && prev[i]! > el && peakMs >= startMs && peakMs < endMs) {
        const s = prevEcf[0]!;
        const t = obsEcf[i]!;
        const d = { x: t.x - s.x, y: t.y - s.y, z: t.z - s.z };
        const cos =
          -(s.x * d.x + s.y * d.y + s.z * d.z) / (Math.hypot(s.x, s.y, s.z) * Math.hypot(d.x, d.y, d.z));
        out[i]!.push({ peakMs, elevationDeg: prev[i]!, offNadirDeg: Math.acos(cos) / RAD });
      }
      prev2[i] = prev[i]!;
      prev[i] = el;
    });
    prevEcf[0] = ecf;
  }
  return out;
}
