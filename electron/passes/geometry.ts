// The geometry of one satellite seen from one target, in the Earth-fixed frame: SGP4 (TEME)
// rotated by GMST, as satellite.js's eciToEcf / ecfToLookAngles do (so figures compare with
// any SGP4 implementation; docs/passes.md, "Definitions"). Written out by hand to avoid allocating in
// the inner loop of the pass finder.
import { gstime, sgp4, type SatRec } from 'satellite.js';
import { jdFromMs } from './sun';

const RAD = Math.PI / 180;
// WGS 84, as satellite.js's geodeticToEcf.
const A = 6378.137;
const B = 6356.7523142;
const F = (A - B) / A;
const E2 = 2 * F - F * F;
/** Earth's rotation rate, rad/s (WGS 84). */
export const EARTH_RATE = 7.292115e-5;

export interface Target {
  latDeg: number;
  lonDeg: number;
  /** Earth-fixed position on the ellipsoid, km. */
  x: number;
  y: number;
  z: number;
  /** Distance from the Earth's centre, km. */
  radius: number;
  /** Geodetic up (zenith) unit vector. */
  ux: number;
  uy: number;
  uz: number;
}

export function makeTarget(latDeg: number, lonDeg: number): Target {
  const phi = latDeg * RAD;
  const lam = lonDeg * RAD;
  const sinPhi = Math.sin(phi);
  const n = A / Math.sqrt(1 - E2 * sinPhi * sinPhi);
  const x = n * Math.cos(phi) * Math.cos(lam);
  const y = n * Math.cos(phi) * Math.sin(lam);
  const z = n * (1 - E2) * sinPhi;
  return {
    latDeg,
    lonDeg,
    x,
    y,
    z,
    radius: Math.hypot(x, y, z),
    ux: Math.cos(phi) * Math.cos(lam),
    uy: Math.cos(phi) * Math.sin(lam),
    uz: sinPhi,
  };
}

/**
 * A satellite position in the Earth-fixed frame, km: exact (SatState) or interpolated from
 * the ephemeris, so that both are measured against a target by the same code.
 */
export class EcfPoint {
  x = 0;
  y = 0;
  z = 0;
  r = 0;

  /** Cosine of the angle at the Earth's centre between the satellite and the target. */
  cosCentralAngle(t: Target): number {
    return (this.x * t.x + this.y * t.y + this.z * t.z) / (this.r * t.radius);
  }

  /** Sine of the elevation seen from the target (geodetic zenith, as ecfToLookAngles). */
  sinElevation(t: Target): number {
    const dx = this.x - t.x;
    const dy = this.y - t.y;
    const dz = this.z - t.z;
    return (dx * t.ux + dy * t.uy + dz * t.uz) / Math.sqrt(dx * dx + dy * dy + dz * dz);
  }

  /** Angle at the satellite between the Earth's centre and the target, degrees (docs/passes.md). */
  offNadirDeg(t: Target): number {
    const dx = t.x - this.x;
    const dy = t.y - this.y;
    const dz = t.z - this.z;
    const cos =
      -(this.x * dx + this.y * dy + this.z * dz) / (this.r * Math.sqrt(dx * dx + dy * dy + dz * dz));
    return Math.acos(Math.max(-1, Math.min(1, cos))) / RAD;
  }
}

/** A satellite's propagated state at one instant; fields are overwritten by `at`. */
export class SatState extends EcfPoint {
  /** Earth-fixed velocity, km/s (TEME velocity rotated, minus the frame's rotation). */
  vx = 0;
  vy = 0;
  /** Inertial (TEME) velocity z component (the same Earth-fixed) and r·v, for the latitude rate. */
  vz = 0;
  rdotv = 0;

  constructor(
    readonly satrec: SatRec,
    readonly epochMs: number,
  ) {
    super();
  }

  /** Propagates to `ms`; false when SGP4 fails (decayed, or elements unusable that far out). */
  at(ms: number): boolean {
    const pv = sgp4(this.satrec, (ms - this.epochMs) / 60_000);
    if (!pv || this.satrec.error !== 0) return false;
    const p = pv.position;
    const v = pv.velocity;
    const g = gstime(jdFromMs(ms));
    const c = Math.cos(g);
    const s = Math.sin(g);
    this.x = p.x * c + p.y * s;
    this.y = -p.x * s + p.y * c;
    this.z = p.z;
    this.r = Math.sqrt(p.x * p.x + p.y * p.y + p.z * p.z);
    // d/dt of the rotation by GMST: the frame turns at the Earth's rate (what the ephemeris
    // needs to interpolate Earth-fixed positions between nodes).
    this.vx = v.x * c + v.y * s + EARTH_RATE * this.y;
    this.vy = -v.x * s + v.y * c - EARTH_RATE * this.x;
    this.vz = v.z;
    this.rdotv = p.x * v.x + p.y * v.y + p.z * v.z;
    return Number.isFinite(this.r);
  }

  /**
   * Sign of the latitude rate: d/dt asin(z/r) has the sign of vz·r² − z·(r·v). The Earth's
   * rotation leaves z unchanged, and geodetic latitude grows with geocentric latitude.
   */
  ascending(): boolean {
    return this.vz * this.r * this.r - this.z * this.rdotv > 0;
  }
}

/**
 * Largest central angle (radians) at which a satellite at `satRadius` sees a target at
 * `targetRadius` within `offNadirDeg` of nadir: in the triangle centre–satellite–target,
 * sin(η + λ) = (r/R)·sin η (sine rule), capped at the horizon, acos(R/r).
 */
export function reachAngle(offNadirDeg: number, satRadius: number, targetRadius: number): number {
  const horizon = Math.acos(Math.min(1, targetRadius / satRadius));
  const s = (satRadius / targetRadius) * Math.sin(offNadirDeg * RAD);
  if (s >= 1) return horizon;
  return Math.min(horizon, Math.asin(s) - offNadirDeg * RAD);
}
