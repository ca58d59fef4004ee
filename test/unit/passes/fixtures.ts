// Shared fixtures: the TLE snapshots are public CelesTrak data kept in test/fixtures/tle
// (provenance in its README.txt), so a plain clone runs the tests; OMM records are derived
// from TLE lines field by field (CelesTrak's GP formats carry the same mean elements), so the
// OMM tests need no downloaded data.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../helpers/cli';

export const TLE_DIR = path.join(repoRoot, 'test/fixtures/tle');
export const snapshotPath = (name: string): string => path.join(TLE_DIR, name);
export const readSnapshot = (name: string): string => readFileSync(snapshotPath(name), 'utf8');

export const SNAPSHOTS = {
  active202608: 'celestrak_active_2026-08-22_2048lr.txt',
  resource202608: 'celestrak_resource_2026-08-22_2048lr.txt',
  resource202605: 'celestrak_resource_2026-05-30_astrion.txt',
  active202605: 'celestrak_active_2026-05-07_datasatarg.txt',
  active202603: 'celestrak_active_2026-03-19_astroshield.txt',
  active202510: 'celestrak_active_2025-10-04_xenonite.txt',
} as const;

/** One named satellite's lines from a snapshot. */
export function tleOf(snapshot: string, name: string): { name: string; l1: string; l2: string } {
  const lines = readSnapshot(snapshot).split('\n');
  const i = lines.findIndex((l) => l.trim() === name);
  if (i < 0) throw new Error(`${name} is not in ${snapshot}`);
  return { name, l1: lines[i + 1]!, l2: lines[i + 2]! };
}

/** Sentinel-2A from the 2026-08-22 snapshot, where one real set is enough. */
export const S2A = tleOf(SNAPSHOTS.active202608, 'SENTINEL-2A');

/** "12345-5" (TLE implied-decimal exponent form) → 0.12345e-5. */
function tleExp(field: string): number {
  const f = field.trim();
  const m = /^([-+ ]?)(\d{5})([-+]\d)$/.exec(f.padStart(8, ' '));
  if (!m) return Number(f);
  return Number(`${m[1] === '-' ? '-' : ''}0.${m[2]}e${m[3]}`);
}

/** An OMM record (CelesTrak JSON keywords) with the same elements as a TLE pair. */
export function tleToOmm(name: string, l1: string, l2: string): Record<string, string | number> {
  const yy = Number(l1.slice(18, 20));
  const doy = Number(l1.slice(20, 32));
  const year = yy < 57 ? 2000 + yy : 1900 + yy;
  const epochMs = Date.UTC(year, 0, 1) + (doy - 1) * 86_400_000;
  return {
    OBJECT_NAME: name,
    OBJECT_ID: `${year}-${l1.slice(11, 17).trim().slice(2)}`,
    EPOCH: new Date(epochMs).toISOString().replace('Z', ''),
    MEAN_MOTION: Number(l2.slice(52, 63)),
    ECCENTRICITY: Number(`0.${l2.slice(26, 33)}`),
    INCLINATION: Number(l2.slice(8, 16)),
    RA_OF_ASC_NODE: Number(l2.slice(17, 25)),
    ARG_OF_PERICENTER: Number(l2.slice(34, 42)),
    MEAN_ANOMALY: Number(l2.slice(43, 51)),
    EPHEMERIS_TYPE: 0,
    CLASSIFICATION_TYPE: 'U',
    NORAD_CAT_ID: Number(l1.slice(2, 7)),
    ELEMENT_SET_NO: Number(l1.slice(64, 68)),
    REV_AT_EPOCH: Number(l2.slice(63, 68)),
    BSTAR: tleExp(l1.slice(53, 61)),
    MEAN_MOTION_DOT: Number(l1.slice(33, 43)),
    MEAN_MOTION_DDOT: tleExp(l1.slice(44, 52)),
  };
}

/** Recomputes column 69 (for building deliberately corrupt or edited lines). */
export function withChecksum(line68: string): string {
  let sum = 0;
  for (const c of line68.slice(0, 68)) sum += c === '-' ? 1 : /\d/.test(c) ? Number(c) : 0;
  return line68.slice(0, 68) + String(sum % 10);
}
