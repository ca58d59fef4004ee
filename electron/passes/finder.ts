// Culminations of one satellite over one target (docs/cli.md "passes": peak = the instant of
// maximum elevation seen from the target, to the second). Speed comes from a reachability
// bound, not from a coarse time step: a pass can only qualify while the satellite is within
// the central angle at which the family's largest off-nadir reaches the target, and the
// sub-satellite direction cannot turn faster than the orbit's angular rate plus the Earth's,
// so the time until the satellite could enter that cone is skipped outright. Inside the cone
// elevation is sampled every 10 s and each local maximum refined by golden-section search;
// a short, high pass cannot be stepped over, however brief.
import type { SatRec } from 'satellite.js';
import { EARTH_RATE, SatState, reachAngle, type Target } from './geometry';

const RAD = Math.PI / 180;
/** satellite.js's Earth radius for SGP4 (WGS 72), km: satrec.alta is in these units. */
const SGP4_EARTH_RADIUS = 6378.135;
/** Extra central angle around the reach cone, radians: also the smallest skip. */
const CONE_MARGIN = 0.5 * RAD;
/** Sampling step inside the cone, ms (a pass crosses a 7° cone in about 3 minutes). */
const FINE_STEP_MS = 10_000;
/** Golden-section stops when the bracket is this narrow, ms. */
const PEAK_TOLERANCE_MS = 20;
/** Peaks are sought this far beyond the window so that edge peaks have both neighbours. */
const EDGE_PAD_MS = 5 * 60_000;

export interface Culmination {
  /** The culmination rounded to the whole second (UTC ms). */
  peakMs: number;
  elevationDeg: number;
  offNadirDeg: number;
  ascending: boolean;
}

export interface FindResult {
  culminations: Culmination[];
  /** Set when SGP4 failed part-way (decay, elements unusable that far from their epoch). */
  error?: string;
  /** Propagations made (for the benchmark). */
  evaluations: number;
}

export interface FindOptions {
  startMs: number;
  endMs: number;
  /** Only culminations with off-nadir at most this are sought (the family's maximum). */
  maxOffNadirDeg: number;
}

/** Upper bound of the sub-satellite point's angular rate in the Earth-fixed frame, rad/s. */
export function maxAngularRate(satrec: SatRec): number {
  const n = satrec.no / 60; // rad/min → rad/s
  const e = Math.min(satrec.ecco, 0.99);
  // v/r is largest at perigee: n·sqrt(1+e)/(1-e)^1.5; 10 % covers SGP4's short-period terms.
  return (1.1 * n * Math.sqrt(1 + e)) / Math.pow(1 - e, 1.5) + EARTH_RATE;
}

export function findCulminations(
  satrec: SatRec,
  epochMs: number,
  target: Target,
  opts: FindOptions,
): FindResult {
  const st = new SatState(satrec, epochMs);
  const omega = maxAngularRate(satrec);
  // Highest the satellite gets (apogee + 50 km for perturbations): the widest reach cone.
  const rMax = (1 + Math.max(satrec.alta, 0)) * SGP4_EARTH_RADIUS + 50;
  const cone = reachAngle(Math.min(opts.maxOffNadirDeg, 89.9), rMax, target.radius) + CONE_MARGIN;
  const minSkipMs = (CONE_MARGIN / omega) * 1000;
  const t0 = opts.startMs - EDGE_PAD_MS;
  const t1 = opts.endMs + EDGE_PAD_MS;
  const out: Culmination[] = [];
  let evaluations = 0;
  const fail = (ms: number): FindResult => ({
    culminations: out,
    evaluations,
    error: `SGP4 failed at ${new Date(ms).toISOString()} (error ${satrec.error})`,
  });
  const sinElevAt = (ms: number): number => {
    evaluations++;
    return st.at(ms) ? st.sinElevation(target) : NaN;
  };

  let t = t0;
  let lastOutside = t0 - FINE_STEP_MS;
  while (t < t1) {
    evaluations++;
    if (!st.at(t)) return fail(t);
    const theta = Math.acos(Math.max(-1, Math.min(1, st.cosCentralAngle(target))));
    if (theta > cone) {
      // Cannot be inside the cone sooner than (theta - cone) / omega from now.
      lastOutside = t;
      t += Math.max(((theta - cone) / omega) * 1000, minSkipMs);
      continue;
    }
    // Inside the cone: sample from the last point known outside, one step earlier still, so
    // a peak right at the entry has a neighbour on each side.
    let ta = lastOutside - FINE_STEP_MS;
    let ePrev2 = NaN;
    let ePrev = sinElevAt(ta);
    if (Number.isNaN(ePrev)) return fail(ta);
    for (;;) {
      const tb = ta + FINE_STEP_MS;
      const e = sinElevAt(tb);
      if (Number.isNaN(e)) return fail(tb);
      // ta is a sampled local maximum (the first sample has no left neighbour, and lies
      // where no qualifying peak can be): the true maximum lies in [ta - step, tb].
      if (e < ePrev && ePrev2 <= ePrev) {
        const peak = refinePeak(sinElevAt, ta - FINE_STEP_MS, tb);
        if (Number.isNaN(peak)) return fail(ta);
        // "To the second": the whole second with the higher elevation of the two around it,
        // as a scan of every second would pick.
        const lo = Math.floor(peak / 1000) * 1000;
        const eLo = sinElevAt(lo);
        const eHi = sinElevAt(lo + 1000);
        if (Number.isNaN(eLo) || Number.isNaN(eHi)) return fail(lo);
        const peakMs = eHi > eLo ? lo + 1000 : lo;
        evaluations++;
        if (!st.at(peakMs)) return fail(peakMs);
        if (peakMs >= opts.startMs && peakMs < opts.endMs)
          out.push({
            peakMs,
            elevationDeg: Math.asin(Math.max(-1, Math.min(1, st.sinElevation(target)))) / RAD,
            offNadirDeg: st.offNadirDeg(target),
            ascending: st.ascending(),
          });
        if (!st.at(tb)) return fail(tb);
      }
      ePrev2 = ePrev;
      ePrev = e;
      ta = tb;
      // Leave once outside the cone and past the maximum (elevation falling).
      const outside = Math.acos(Math.max(-1, Math.min(1, st.cosCentralAngle(target)))) > cone;
      if ((outside && e <= ePrev2) || ta >= t1) break;
    }
    lastOutside = ta;
    t = ta + minSkipMs;
  }
  return { culminations: out, evaluations };
}

const INV_PHI = (Math.sqrt(5) - 1) / 2;

/** Golden-section search for the maximum of a unimodal f on [a, b]; NaN if f fails. */
export function refinePeak(f: (ms: number) => number, a: number, b: number): number {
  let c = b - INV_PHI * (b - a);
  let d = a + INV_PHI * (b - a);
  let fc = f(c);
  let fd = f(d);
  while (b - a > PEAK_TOLERANCE_MS) {
    if (Number.isNaN(fc) || Number.isNaN(fd)) return NaN;
    if (fc >= fd) {
      b = d;
      d = c;
      fd = fc;
      c = b - INV_PHI * (b - a);
      fc = f(c);
    } else {
      a = c;
      c = d;
      fc = fd;
      d = a + INV_PHI * (b - a);
      fd = f(d);
    }
  }
  return (a + b) / 2;
}
