// One satellite's Earth-fixed track over a window, propagated once and shared by every target
// (the pass finder asks it for as many places as the query has). SGP4 runs only at nodes a
// fixed step apart, each at most once and only when some target needs it; between nodes the
// position is a cubic Hermite interpolant of the node positions and velocities. Over 5 minutes
// that is within 0.3 km of SGP4 for any satellite of the test snapshots (under 1/20 of a
// second along the track, 0.03° of off-nadir), ample to find culminations and to say which
// whole second is the peak, which the finder then confirms with SGP4 itself.
import type { SatRec } from 'satellite.js';
import { EARTH_RATE, SatState, type EcfPoint, type Target } from './geometry';

/** Spacing of the propagated nodes, ms. */
export const NODE_STEP_MS = 300_000;
/** A failure instant is located to this, ms. */
const FAILURE_RESOLUTION_MS = 1_000;
/** SGP4's gravitational parameter (WGS 72, as satellite.js), km³/s². */
const MU = 398600.8;
/** SGP4 reports a decay when the satellite is below this radius (its Earth radius), km. */
const DECAY_RADIUS = 6378.135;
/**
 * Osculating perigee height, km, under which a satellite is propagated at every node before
 * any target is searched (see `constructor`); short-period terms move it by tens of km.
 */
const AT_RISK_PERIGEE_KM = 150;
/**
 * Doubles per node: x, y, z (km), vx, vy, vz (km/s), Earth-fixed, the radius r (km), and the
 * unit normal of the orbit's plane (r × v, inertial velocity) in Earth-fixed components.
 */
const STRIDE = 10;

const UNKNOWN = 0;
const OK = 1;
const FAILED = 2;

/** Node storage is reused from one satellite to the next (a week is 160 kB a satellite). */
let spare: { pv: Float64Array; status: Uint8Array } | undefined;

export class Ephemeris {
  readonly count: number;
  private pv: Float64Array;
  private status: Uint8Array;
  private readonly state: SatState;
  /** Nodes from this index on are unusable (SGP4 failed); `count` while none has. */
  end: number;
  /** The first instant SGP4 fails and its error code, when a node failed. */
  failure: { ms: number; code: number } | undefined;
  /** SGP4 propagations made (for the benchmark). */
  calls = 0;

  constructor(
    readonly satrec: SatRec,
    readonly epochMs: number,
    /** Time of node 0, ms. */
    readonly t0: number,
    lastMs: number,
    readonly stepMs = NODE_STEP_MS,
  ) {
    this.count = Math.ceil((lastMs - t0) / stepMs) + 1;
    const buffers = spare && spare.status.length >= this.count ? spare : undefined;
    spare = undefined;
    this.pv = buffers?.pv ?? new Float64Array(STRIDE * this.count);
    this.status = buffers?.status ?? new Uint8Array(this.count);
    this.status.fill(UNKNOWN, 0, this.count);
    this.end = this.count;
    this.state = new SatState(satrec, epochMs);
    // Nodes are otherwise computed only when a target needs them, and a target's search can
    // step over a node where SGP4 fails (a decaying satellite fails near perigee first). So
    // that every target gets the same end of track, one whose perigee may reach SGP4's decay
    // radius within the window (drag lowers it steadily, so the lower of the two ends tells)
    // is checked node by node first, and its track ends at its first failing node.
    if (this.atRisk(0) || this.atRisk(this.count - 1)) for (let i = 0; i < this.end; i++) this.node(i);
  }

  /** Gives the node storage to the next satellite's ephemeris; this one is unusable after. */
  release(): void {
    spare = { pv: this.pv, status: this.status };
    this.pv = new Float64Array(0);
    this.status = new Uint8Array(0);
    this.end = 0;
  }

  timeOf(i: number): number {
    return this.t0 + i * this.stepMs;
  }

  /** Makes node i available; false when it lies at or after the end of the track. */
  node(i: number): boolean {
    if (i >= this.end) return false;
    if (this.status[i] === UNKNOWN) this.propagate(i);
    if (this.status[i] === OK) return true;
    this.truncate(i);
    return false;
  }

  /** Cosine of the angle at the Earth's centre between node i (available) and the target. */
  cosCentralAngle(i: number, t: Target): number {
    const o = STRIDE * i;
    const pv = this.pv;
    return (pv[o]! * t.x + pv[o + 1]! * t.y + pv[o + 2]! * t.z) / (pv[o + 6]! * t.radius);
  }

  /** Sine of the angle between node i's orbit plane (available) and the target's direction. */
  sinPlaneAngle(i: number, t: Target): number {
    const o = STRIDE * i;
    const pv = this.pv;
    return Math.abs(pv[o + 7]! * t.x + pv[o + 8]! * t.y + pv[o + 9]! * t.z) / t.radius;
  }

  /**
   * The interpolated position at `ms` into `out`, from the interval of nodes (i, i + 1), which
   * must both be available. A time just outside the interval extrapolates its cubic, which
   * stays as close for the half-minute the finder asks beyond a run of intervals.
   */
  interpolate(i: number, ms: number, out: EcfPoint): void {
    const h = this.stepMs / 1000;
    const s = (ms - this.timeOf(i)) / this.stepMs;
    const s2 = s * s;
    const s3 = s2 * s;
    const h00 = 2 * s3 - 3 * s2 + 1;
    const h10 = (s3 - 2 * s2 + s) * h;
    const h01 = -2 * s3 + 3 * s2;
    const h11 = (s3 - s2) * h;
    const a = STRIDE * i;
    const b = a + STRIDE;
    const pv = this.pv;
    const x = h00 * pv[a]! + h10 * pv[a + 3]! + h01 * pv[b]! + h11 * pv[b + 3]!;
    const y = h00 * pv[a + 1]! + h10 * pv[a + 4]! + h01 * pv[b + 1]! + h11 * pv[b + 4]!;
    const z = h00 * pv[a + 2]! + h10 * pv[a + 5]! + h01 * pv[b + 2]! + h11 * pv[b + 5]!;
    out.x = x;
    out.y = y;
    out.z = z;
    out.r = Math.sqrt(x * x + y * y + z * z);
  }

  /** SGP4 at an arbitrary instant into `out` (counted); false when it fails. */
  exact(ms: number, out: SatState): boolean {
    this.calls++;
    return out.at(ms);
  }

  /** Node i fails, or its osculating perigee is near SGP4's decay radius. */
  private atRisk(i: number): boolean {
    if (!this.node(i)) return true;
    const o = STRIDE * i;
    const pv = this.pv;
    const x = pv[o]!;
    const y = pv[o + 1]!;
    const z = pv[o + 2]!;
    const r = pv[o + 6]!;
    // Back to the inertial velocity (the Earth-fixed one lacks the frame's rotation, ω × r).
    const vx = pv[o + 3]! - EARTH_RATE * y;
    const vy = pv[o + 4]! + EARTH_RATE * x;
    const vz = pv[o + 5]!;
    const v2 = vx * vx + vy * vy + vz * vz;
    const energy = v2 / 2 - MU / r;
    if (energy >= 0) return true;
    const a = -MU / (2 * energy);
    const hx = y * vz - z * vy;
    const hy = z * vx - x * vz;
    const hz = x * vy - y * vx;
    const e = Math.sqrt(Math.max(0, 1 + (2 * energy * (hx * hx + hy * hy + hz * hz)) / (MU * MU)));
    return a * (1 - e) < DECAY_RADIUS + AT_RISK_PERIGEE_KM;
  }

  private propagate(i: number): void {
    this.calls++;
    const st = this.state;
    if (!st.at(this.timeOf(i))) {
      this.status[i] = FAILED;
      return;
    }
    const o = STRIDE * i;
    const pv = this.pv;
    pv[o] = st.x;
    pv[o + 1] = st.y;
    pv[o + 2] = st.z;
    pv[o + 3] = st.vx;
    pv[o + 4] = st.vy;
    pv[o + 5] = st.vz;
    pv[o + 6] = st.r;
    // The orbit's plane: r × v with the inertial velocity (the frame's rotation added back).
    const vx = st.vx - EARTH_RATE * st.y;
    const vy = st.vy + EARTH_RATE * st.x;
    const hx = st.y * st.vz - st.z * vy;
    const hy = st.z * vx - st.x * st.vz;
    const hz = st.x * vy - st.y * vx;
    const h = Math.sqrt(hx * hx + hy * hy + hz * hz);
    pv[o + 7] = hx / h;
    pv[o + 8] = hy / h;
    pv[o + 9] = hz / h;
    this.status[i] = OK;
  }

  /**
   * Node `failed` failed: the track ends at the first failing node in time order (every node
   * before it propagated), and the failure instant is located to the second after the node
   * before it, for the message.
   */
  private truncate(failed: number): void {
    if (this.failure) return;
    let first = 0;
    while (first < failed) {
      if (this.status[first] === UNKNOWN) this.propagate(first);
      if (this.status[first] === FAILED) break;
      first++;
    }
    this.end = first;
    let okMs = first === 0 ? this.t0 - FAILURE_RESOLUTION_MS : this.timeOf(first - 1);
    let badMs = this.timeOf(first);
    const probe = new SatState(this.satrec, this.epochMs);
    while (first > 0 && badMs - okMs > FAILURE_RESOLUTION_MS) {
      const half = Math.floor((badMs - okMs) / 2 / FAILURE_RESOLUTION_MS) * FAILURE_RESOLUTION_MS;
      const mid = okMs + Math.max(half, FAILURE_RESOLUTION_MS);
      if (this.exact(mid, probe)) okMs = mid;
      else badMs = mid;
    }
    this.exact(badMs, probe);
    this.failure = { ms: badMs, code: this.satrec.error };
  }
}
