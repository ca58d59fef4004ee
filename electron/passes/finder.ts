// Culminations of one satellite over one or many targets (docs/passes.md, "Definitions": peak = the
// instant of maximum elevation seen from the target, to the second). The satellite is
// propagated once for all targets (ephemeris.ts: SGP4 at nodes 5 minutes apart, each computed
// at most once, interpolated between), so a target costs a walk over those nodes, not SGP4.
// For each target, speed comes from reachability: a pass can only qualify while the satellite
// is within the central angle at which the family's largest off-nadir reaches the target (the
// reach cone). From each node, two bounds say how long the satellite surely stays out of it:
// the sub-satellite direction cannot turn faster than the orbit's angular rate plus the
// Earth's, and the target cannot near the orbit's plane faster than the Earth turns. Nodes are
// skipped while the satellite cannot be in the cone; an interval between two nodes is examined
// only when neither node's bound clears it. There elevation is sampled every 30 s on the
// interpolant and each local maximum refined by golden-section search; the whole second of
// the peak is then chosen with SGP4 itself, and the reported figures are SGP4's at that
// second. A short, high pass cannot be stepped over, however brief: coverage comes from the
// bounds, not from the sampling.
import type { SatRec } from 'satellite.js';
import { Ephemeris } from './ephemeris';
import { EARTH_RATE, EcfPoint, SatState, reachAngle, type Target } from './geometry';

const RAD = Math.PI / 180;
/** satellite.js's Earth radius for SGP4 (WGS 72), km: satrec.alta is in these units. */
const SGP4_EARTH_RADIUS = 6378.135;
/** Extra central angle around the reach cone, radians. */
const CONE_MARGIN = 0.5 * RAD;
/**
 * Sampling step of elevation where the satellite may be in the cone, ms. Elevation has one
 * maximum per pass, and passes over a place are an orbit apart, so a sampled maximum is
 * within a step of the true one.
 */
const FINE_STEP_MS = 30_000;
/** Golden-section stops when the bracket is this narrow, ms (any estimate within 0.5 s will do). */
const PEAK_TOLERANCE_MS = 50;
/**
 * The plane bound: a near-Earth satellite stays within 0.05° of its orbit's plane at any
 * instant, that plane carried along by SGP4's secular nodal drift (measured over 3 days for
 * every satellite of the test snapshots; 0.2° for one decaying that week). 0.5° covers it.
 */
const PLANE_SLACK = 0.5 * RAD;
/** Peaks are sought this far beyond the window so that edge peaks have both neighbours. */
const EDGE_PAD_MS = 5 * 60_000;
/**
 * A culmination whose interpolated off-nadir is within this of the sought range is checked
 * with SGP4 (the interpolant is within about 0.03° of it); farther out it is dropped unchecked.
 */
const RANGE_SLACK_DEG = 0.25;

export interface Culmination {
  /** The culmination rounded to the whole second (UTC ms). */
  peakMs: number;
  elevationDeg: number;
  offNadirDeg: number;
  ascending: boolean;
}

export interface FindResult {
  /** Culminations in the window with off-nadir at peak within the sought range, in time order. */
  culminations: Culmination[];
  /** Set when SGP4 failed part-way (decay, elements unusable that far from their epoch). */
  error?: string;
}

export interface FindOptions {
  startMs: number;
  endMs: number;
  /** Only culminations with off-nadir at most this are sought (the family's maximum). */
  maxOffNadirDeg: number;
  /** ... and at least this (the family's minimum); default 0. */
  minOffNadirDeg?: number;
}

/** Upper bound of the sub-satellite point's angular rate in the Earth-fixed frame, rad/s. */
export function maxAngularRate(satrec: SatRec): number {
  const n = satrec.no / 60; // rad/min → rad/s
  const e = Math.min(satrec.ecco, 0.99);
  // v/r is largest at perigee: n·sqrt(1+e)/(1-e)^1.5; 10 % covers SGP4's short-period terms.
  return (1.1 * n * Math.sqrt(1 + e)) / Math.pow(1 - e, 1.5) + EARTH_RATE;
}

/**
 * The culminations of one satellite over each of `targets` (results in the same order): the
 * same answers as one call per target, with SGP4 run once per node for all of them.
 */
export function findCulminationsMany(
  satrec: SatRec,
  epochMs: number,
  targets: readonly Target[],
  opts: FindOptions,
): { results: FindResult[]; evaluations: number } {
  const eph = new Ephemeris(satrec, epochMs, opts.startMs - EDGE_PAD_MS, opts.endMs + EDGE_PAD_MS);
  const search = new Search(eph, opts);
  const results = targets.map((t) => search.run(t));
  eph.release();
  return { results, evaluations: eph.calls };
}

/** The culminations of one satellite over one target (findCulminationsMany with one target). */
export function findCulminations(
  satrec: SatRec,
  epochMs: number,
  target: Target,
  opts: FindOptions,
): FindResult & { evaluations: number } {
  const { results, evaluations } = findCulminationsMany(satrec, epochMs, [target], opts);
  return { ...results[0]!, evaluations };
}

/** The search of one satellite, one target at a time (methods, not closures: hot loops). */
class Search {
  private readonly rMax: number;
  private readonly maxOffNadir: number;
  private readonly minOffNadir: number;
  /** Largest angular rate of the sub-satellite point, rad/ms. */
  private readonly ratePerMs: number;
  /** Largest rate at which a place can approach the orbit's plane, rad/ms (0: no plane bound). */
  private readonly planeRatePerMs: number;
  private readonly point = new EcfPoint();
  private readonly lo: SatState;
  private readonly hi: SatState;
  // The current target, its reach cone (radians), the cone's cosine, and the sine of the cone
  // widened by PLANE_SLACK (places nearer the orbit's plane than this get no plane bound).
  private target!: Target;
  private cone = 0;
  private cosCone = 1;
  private sinPlaneCone = 1;
  private out!: FindResult;
  // The current run of intervals, nodes a..b.
  private runA = 0;
  private runB = 0;

  constructor(
    private readonly eph: Ephemeris,
    private readonly opts: FindOptions,
  ) {
    const { satrec } = eph;
    // Highest the satellite gets (apogee + 50 km for perturbations): the widest reach cone.
    this.rMax = (1 + Math.max(satrec.alta, 0)) * SGP4_EARTH_RADIUS + 50;
    this.maxOffNadir = opts.maxOffNadirDeg;
    this.minOffNadir = opts.minOffNadirDeg ?? 0;
    this.ratePerMs = maxAngularRate(satrec) / 1000;
    // Deep-space orbits (period over 225 min) have lunar-solar terms the slack is not
    // measured for: the along-track bound alone serves them.
    this.planeRatePerMs = satrec.method === 'd' ? 0 : (EARTH_RATE + Math.abs(satrec.nodedot) / 60) / 1000;
    this.lo = new SatState(satrec, eph.epochMs);
    this.hi = new SatState(satrec, eph.epochMs);
  }

  run(target: Target): FindResult {
    const eph = this.eph;
    this.target = target;
    this.cone = reachAngle(Math.min(this.maxOffNadir, 89.9), this.rMax, target.radius) + CONE_MARGIN;
    this.cosCone = Math.cos(this.cone);
    this.sinPlaneCone = this.cone + PLANE_SLACK < Math.PI / 2 ? Math.sin(this.cone + PLANE_SLACK) : 1;
    const out: FindResult = { culminations: [] };
    this.out = out;
    const step = eph.stepMs;
    const last = eph.count - 1;
    let i = 0;
    if (eph.node(0)) {
      let di = this.clearance(0);
      let runStart = -1;
      while (i < last) {
        // Skip every node the satellite cannot be in the cone by (at least the next one).
        const j = Math.min(last, i + Math.max(1, Math.floor(di / step)));
        if (!eph.node(j)) break;
        const dj = this.clearance(j);
        // Neighbouring nodes whose clearances do not meet: the interval may be in the cone.
        if (j === i + 1 && di + dj < step) {
          if (runStart < 0) runStart = i;
        } else if (runStart >= 0) {
          this.scanRun(runStart, i);
          runStart = -1;
        }
        i = j;
        di = dj;
      }
      if (runStart >= 0) this.scanRun(runStart, i);
    }
    if (i < last && eph.failure)
      out.error = `SGP4 failed at ${new Date(eph.failure.ms).toISOString()} (error ${eph.failure.code})`;
    return out;
  }

  /**
   * How long from node i the satellite surely stays outside the cone (either way in time),
   * ms: the larger of two bounds. Along the track, the sub-satellite point turns at most at
   * `ratePerMs`. Across it, the satellite keeps to its orbit's plane (within PLANE_SLACK),
   * which the place nears at most at the Earth's rotation plus the plane's drift: far slower,
   * so a place away from the plane is skipped for hours rather than minutes.
   */
  private clearance(i: number): number {
    const eph = this.eph;
    const cos = eph.cosCentralAngle(i, this.target);
    if (cos >= this.cosCone) return 0; // the cheap test: inside, no angle needed
    const along = (Math.acos(Math.max(-1, cos)) - this.cone) / this.ratePerMs;
    if (this.planeRatePerMs === 0) return along;
    const sinPlane = eph.sinPlaneAngle(i, this.target);
    if (sinPlane <= this.sinPlaneCone) return along;
    const across = (Math.asin(Math.min(1, sinPlane)) - this.cone - PLANE_SLACK) / this.planeRatePerMs;
    return Math.max(along, across);
  }

  /** Sine of the elevation on the interpolant, leaving the position in `point`. */
  private sinElevation(ms: number): number {
    // The run's own intervals only (just outside it, its end interval's cubic extrapolated).
    const k = Math.min(this.runB - 1, Math.max(this.runA, Math.floor((ms - this.eph.t0) / this.eph.stepMs)));
    this.eph.interpolate(k, ms, this.point);
    return this.point.sinElevation(this.target);
  }

  /**
   * Nodes a..b (all available) bound intervals that may be in the cone: sample elevation on
   * the interpolant every FINE_STEP_MS from one step before a to one step after b, so that a
   * peak anywhere in the run has a sample on each side, and confirm each sampled maximum.
   */
  private scanRun(a: number, b: number): void {
    this.runA = a;
    this.runB = b;
    const to = this.eph.timeOf(b) + FINE_STEP_MS;
    let ePrev2 = NaN; // the first sample has no left neighbour, and lies where no peak qualifies
    let ePrev = NaN;
    for (let t = this.eph.timeOf(a) - FINE_STEP_MS; t <= to; t += FINE_STEP_MS) {
      const e = this.sinElevation(t);
      // t - step is a sampled local maximum: the true maximum lies within a step of it.
      if (e < ePrev && ePrev2 <= ePrev) this.confirmPeak(t - FINE_STEP_MS);
      ePrev2 = ePrev;
      ePrev = e;
    }
  }

  /** Refines a sampled maximum on the interpolant, then settles its whole second with SGP4. */
  private confirmPeak(sampledMs: number): void {
    const { eph, opts, target, lo, hi } = this;
    const estimate = this.goldenMax(sampledMs - FINE_STEP_MS, sampledMs + FINE_STEP_MS);
    if (estimate < opts.startMs - 1000 || estimate >= opts.endMs + 1000) return;
    this.sinElevation(estimate);
    const approxOffNadir = this.point.offNadirDeg(target);
    if (approxOffNadir > this.maxOffNadir + RANGE_SLACK_DEG) return;
    if (approxOffNadir < this.minOffNadir - RANGE_SLACK_DEG) return;
    // "To the second": the whole second with the higher elevation of the two around the
    // estimate, as a scan of every second would pick (any estimate within half a second of
    // the true maximum gives the same pair's winner).
    const loMs = Math.floor(estimate / 1000) * 1000;
    if (!eph.exact(loMs, lo) || !eph.exact(loMs + 1000, hi)) return; // past an SGP4 failure
    const higher = hi.sinElevation(target) > lo.sinElevation(target);
    const st = higher ? hi : lo;
    const peakMs = higher ? loMs + 1000 : loMs;
    if (peakMs < opts.startMs || peakMs >= opts.endMs) return;
    const offNadirDeg = st.offNadirDeg(target);
    if (offNadirDeg < this.minOffNadir || offNadirDeg > this.maxOffNadir) return;
    this.out.culminations.push({
      peakMs,
      elevationDeg: Math.asin(Math.max(-1, Math.min(1, st.sinElevation(target)))) / RAD,
      offNadirDeg,
      ascending: st.ascending(),
    });
  }

  /** Golden-section search for the maximum of the (unimodal) interpolated elevation on [a, b]. */
  private goldenMax(a: number, b: number): number {
    let c = b - INV_PHI * (b - a);
    let d = a + INV_PHI * (b - a);
    let fc = this.sinElevation(c);
    let fd = this.sinElevation(d);
    while (b - a > PEAK_TOLERANCE_MS) {
      if (fc >= fd) {
        b = d;
        d = c;
        fd = fc;
        c = b - INV_PHI * (b - a);
        fc = this.sinElevation(c);
      } else {
        a = c;
        c = d;
        fc = fd;
        d = a + INV_PHI * (b - a);
        fd = this.sinElevation(d);
      }
    }
    return (a + b) / 2;
  }
}

const INV_PHI = (Math.sqrt(5) - 1) / 2;
