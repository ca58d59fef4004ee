// resources/families.json: 13 families, validated with zod at load; membership by
// NORAD id and by name pattern, checked against the snapshots' own family counts (README.txt).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  FAMILY_KEYS,
  FamilyFileError,
  familyMatcher,
  globToRegExp,
  loadFamilies,
  parseFamilies,
  parseFamilyList,
} from '../../../electron/passes/families';
import { parseTleText } from '../../../electron/passes/tle-text';
import { repoRoot } from '../../helpers/cli';
import { SNAPSHOTS, readSnapshot } from './fixtures';

const raw = () =>
  JSON.parse(readFileSync(path.join(repoRoot, 'resources/families.json'), 'utf8')) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('the family catalog', () => {
  it('has the thirteen families, systematic for the four public missions', () => {
    const c = loadFamilies();
    expect([...c.keys()]).toEqual([...FAMILY_KEYS]);
    expect(FAMILY_KEYS).toHaveLength(13);
    const systematic = [...c.values()].filter((f) => f.collection_mode === 'systematic').map((f) => f.key);
    expect(systematic).toEqual(['sentinel-1', 'sentinel-2', 'landsat', 'nisar']);
    const sar = [...c.values()].filter((f) => f.sensor === 'sar').map((f) => f.key);
    expect(sar).toEqual(['sentinel-1', 'nisar', 'iceye', 'capella', 'umbra', 'synspective']);
    for (const f of c.values()) {
      expect(f.off_nadir_deg.min).toBeLessThanOrEqual(f.off_nadir_deg.max);
      expect(f.off_nadir_deg.max).toBeLessThan(60);
      expect(f.source.length).toBeGreaterThan(20);
    }
  });

  it('derives SAR off-nadir ranges from incidence: sin η = R/(R+h)·sin θ', () => {
    for (const f of loadFamilies().values()) {
      const b = f.basis as {
        kind: string;
        incidence_deg?: { min: number; max: number };
        altitude_km?: number;
      };
      if (b.kind !== 'incidence') continue;
      const eta = (inc: number) =>
        (Math.asin((6371 / (6371 + b.altitude_km!)) * Math.sin((inc * Math.PI) / 180)) * 180) / Math.PI;
      expect(f.off_nadir_deg.min, f.key).toBeCloseTo(eta(b.incidence_deg!.min), 1);
      expect(f.off_nadir_deg.max, f.key).toBeCloseTo(eta(b.incidence_deg!.max), 1);
    }
  });

  it('refuses a damaged file, naming the problem', () => {
    const missing = raw();
    delete missing.umbra;
    expect(() => parseFamilies(missing)).toThrow(FamilyFileError);
    expect(() => parseFamilies(missing)).toThrow(/umbra/);
    const inverted = raw();
    inverted.iceye.off_nadir_deg = { min: 40, max: 10 };
    expect(() => parseFamilies(inverted)).toThrow(/iceye\.off_nadir_deg.*min must not exceed max/);
    const dup = raw();
    dup.capella.members.norad_ids.push(dup.iceye.members.norad_ids[0]);
    expect(() => parseFamilies(dup)).toThrow(/in both iceye and capella/);
    const badSensor = raw();
    badSensor.landsat.sensor = 'lidar';
    expect(() => parseFamilies(badSensor)).toThrow(/landsat\.sensor/);
  });

  it('matches names by pattern, case-insensitively, honouring exclusions', () => {
    expect(globToRegExp('ICEYE-*').test('iceye-x57')).toBe(true);
    expect(globToRegExp('SENTINEL-1?').test('SENTINEL-1C')).toBe(true);
    expect(globToRegExp('SENTINEL-1?').test('SENTINEL-1')).toBe(false);
    expect(globToRegExp('SPOT 6').test('SPOT 6 (X)')).toBe(false);
    const m = familyMatcher(loadFamilies());
    expect(m.familyOf(99_999, 'ICEYE-X999')).toBe('iceye');
    expect(m.familyOf(99_998, 'FLOCK 4Y-12')).toBe('planet');
    expect(m.familyOf(99_997, 'GLOBAL-99')).toBe('blacksky');
    expect(m.familyOf(99_996, 'GLOBALSTAR M099')).toBeUndefined();
    expect(m.familyOf(40697, 'renamed')).toBe('sentinel-2');
  });

  it('finds in each snapshot the family counts its README gives', () => {
    const m = familyMatcher(loadFamilies());
    const count = (file: string) => {
      const out: Record<string, number> = {};
      for (const s of parseTleText(readSnapshot(file)).sets) {
        const k = m.familyOf(s.noradId, s.name);
        if (k) out[k] = (out[k] ?? 0) + 1;
      }
      return out;
    };
    // README: sentinel-1=3, sentinel-2=3, landsat=2, nisar=1, maxar_vantor=10, airbus=10,
    // planet=122, blacksky=15, satellogic=19, iceye=53, capella=9, umbra=5, synspective=8.
    expect(count(SNAPSHOTS.active202608)).toEqual({
      'sentinel-1': 3,
      'sentinel-2': 3,
      landsat: 2,
      nisar: 1,
      vantor: 10,
      airbus: 10,
      planet: 122,
      blacksky: 15,
      satellogic: 19,
      iceye: 53,
      capella: 9,
      umbra: 5,
      synspective: 8,
    });
    expect(count(SNAPSHOTS.active202510)).toMatchObject({
      iceye: 40,
      capella: 6,
      planet: 114,
      'sentinel-1': 2,
    });
  });

  it('reads --satellites, refusing unknown keys by name', () => {
    expect(parseFamilyList(undefined)).toEqual([...FAMILY_KEYS]);
    expect(parseFamilyList(' ICEYE, sentinel-2,iceye ')).toEqual(['iceye', 'sentinel-2']);
    expect(() => parseFamilyList('iceye,maxar,foo')).toThrow(/unknown families maxar, foo/);
    expect(() => parseFamilyList(',')).toThrow(/at least one/);
  });
});
