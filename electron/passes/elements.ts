// Orbital element sets as Watchfloor keeps them: one per satellite, either the two TLE
// lines or a CCSDS OMM record (CelesTrak's GP formats, https://celestrak.org/NORAD/documentation/gp-data-formats.php).
// OMM matters because catalog numbers have passed 99,999, which the TLE's 5-column field
// cannot carry (CelesTrak: "A New Way to Obtain GP Data", 2020).
import { json2satrec, twoline2satrec, type OMMJsonObject, type SatRec } from 'satellite.js';

export type ElementFormat = 'tle' | 'omm';

export interface ElementSet {
  noradId: number;
  name: string;
  /** Epoch, ISO 8601 UTC with milliseconds (sorts as text). */
  epoch: string;
  format: ElementFormat;
  /** 'tle': line 1 and line 2 joined by "\n"; 'omm': the OMM record as JSON. */
  raw: string;
}

/** One element set or line that could not be used, and why (import reports). */
export interface Rejection {
  /** 1-based line numbers in the input (TLE, CSV); absent for JSON records. */
  lines?: [number, number] | [number];
  /** 0-based record index in an OMM JSON array. */
  record?: number;
  noradId?: number;
  reason: string;
}

export interface ParseReport {
  format: 'tle' | 'omm-json' | 'omm-csv' | 'empty';
  read: number;
  valid: number;
  rejected: Rejection[];
}

export interface ParsedElements {
  sets: ElementSet[];
  report: ParseReport;
}

const UNIX_EPOCH_JD = 2440587.5;
const MS_PER_DAY = 86_400_000;

export const jdToMs = (jd: number): number => (jd - UNIX_EPOCH_JD) * MS_PER_DAY;
export const msToJd = (ms: number): number => ms / MS_PER_DAY + UNIX_EPOCH_JD;

/** Builds the SGP4 record; throws when satellite.js rejects the elements. */
export function toSatrec(set: ElementSet): SatRec {
  let satrec: SatRec;
  if (set.format === 'tle') {
    const [l1, l2] = set.raw.split('\n');
    if (!l1 || !l2) throw new Error(`element set ${set.noradId} has no TLE lines`);
    satrec = twoline2satrec(l1, l2);
  } else {
    satrec = json2satrec(JSON.parse(set.raw) as OMMJsonObject);
  }
  if (satrec.error !== 0 || !Number.isFinite(satrec.no) || satrec.no <= 0)
    throw new Error(`SGP4 rejected the elements of ${set.noradId} (error ${satrec.error})`);
  return satrec;
}

/** The epoch of a satellite.js record as a timestamp (ms). */
export const satrecEpochMs = (satrec: SatRec): number => jdToMs(satrec.jdsatepoch);

/** Keeps the newest epoch per satellite (an input may repeat a satellite). */
export function newestPerSatellite(sets: readonly ElementSet[]): ElementSet[] {
  const byId = new Map<number, ElementSet>();
  for (const s of sets) {
    const have = byId.get(s.noradId);
    if (!have || s.epoch > have.epoch) byId.set(s.noradId, s);
  }
  return [...byId.values()];
}
