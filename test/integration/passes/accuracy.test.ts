// Accuracy of the pass finder against a brute-force scan of every second with
// satellite.js's own transforms: on three snapshots and three targets, over a day near each
// snapshot's epochs, every culmination is found, its peak within 1 s and its off-nadir within
// 0.05°, and nothing is listed that the scan does not see. 20 satellites per snapshot keep the
// scan to about 5 million propagations.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  newestPerSatellite,
  satrecEpochMs,
  toSatrec,
  type ElementSet,
} from '../../../electron/passes/elements';
import { familyMatcher, loadFamilies, type FamilyKey } from '../../../electron/passes/families';
import { findCulminations } from '../../../electron/passes/finder';
import { makeTarget } from '../../../electron/passes/geometry';
import { predictPasses } from '../../../electron/passes/predict';
import { parsePassRequest } from '../../../electron/passes/request';
import { parseTleText } from '../../../electron/passes/tle-text';
import { SNAPSHOTS, readSnapshot } from '../../unit/passes/fixtures';
import { bruteForceCulminations, type BrutePass } from './brute-force';

const TARGETS = [
  { name: 'Kyiv', lat: 50.45, lon: 30.52 },
  { name: 'Singapore', lat: 1.29, lon: 103.85 },
  { name: 'Anchorage', lat: 61.22, lon: -149.9 },
];
const CASES = [
  { snapshot: SNAPSHOTS.active202608, day: '2026-08-22' },
  { snapshot: SNAPSHOTS.active202605, day: '2026-05-07' },
  { snapshot: SNAPSHOTS.active202603, day: '2026-03-19' },
];
/** Wider than any family's maximum, so that the finder's culminations are all compared. */
const WIDEST_OFF_NADIR = 60;
const catalog = loadFamilies();
const matcher = familyMatcher(catalog);

/** Every systematic satellite, then every k-th commercial one, 20 in all. */
function subset(sets: ElementSet[]): { set: ElementSet; family: FamilyKey }[] {
  const members = newestPerSatellite(sets).flatMap((set) => {
    const family = matcher.familyOf(set.noradId, set.name);
    return family ? [{ set, family }] : [];
  });
  const systematic = members.filter((m) => catalog.get(m.family)!.collection_mode === 'systematic');
  const rest = members.filter((m) => catalog.get(m.family)!.collection_mode === 'taskable');
  const step = rest.length / (20 - systematic.length);
  return [
    ...systematic,
    ...Array.from({ length: 20 - systematic.length }, (_, i) => rest[Math.floor(i * step)]!),
  ];
}

describe.each(CASES)('pass finder against a 1-second scan: $snapshot', ({ snapshot, day }) => {
  const sats = subset(parseTleText(readSnapshot(snapshot)).sets);
  const startMs = Date.parse(`${day}T00:00:00Z`);
  const endMs = startMs + 86_400_000;
  const brute = new Map<number, BrutePass[][]>();
  beforeAll(() => {
    for (const { set } of sats)
      brute.set(set.noradId, bruteForceCulminations(toSatrec(set), TARGETS, startMs, endMs));
  }, 60_000);

  it('finds every culmination: peak within 1 s, off-nadir within 0.05°, no extras', () => {
    let compared = 0;
    let high = 0;
    for (const { set } of sats) {
      const satrec = toSatrec(set);
      TARGETS.forEach((t, i) => {
        const expected = brute.get(set.noradId)![i]!.filter((b) => b.offNadirDeg <= WIDEST_OFF_NADIR);
        const found = findCulminations(satrec, satrecEpochMs(satrec), makeTarget(t.lat, t.lon), {
          startMs,
          endMs,
          maxOffNadirDeg: WIDEST_OFF_NADIR,
        });
        expect(found.error).toBeUndefined();
        const got = found.culminations.filter((c) => c.offNadirDeg <= WIDEST_OFF_NADIR);
        for (const b of expected) {
          const m = got.find((c) => Math.abs(c.peakMs - b.peakMs) <= 1000);
          const label = `${set.name} over ${t.name} at ${new Date(b.peakMs).toISOString()}`;
          expect(m, `${label} missed`).toBeDefined();
          expect(Math.abs(m!.offNadirDeg - b.offNadirDeg), label).toBeLessThan(0.05);
          compared++;
          if (b.elevationDeg > 80) high++;
        }
        // Nothing extra, except where the scan's edge value sits on the 60° cut.
        for (const c of got)
          if (c.offNadirDeg < WIDEST_OFF_NADIR - 0.05)
            expect(
              expected.some((b) => Math.abs(c.peakMs - b.peakMs) <= 1000),
              `${set.name} extra at ${new Date(c.peakMs).toISOString()}`,
            ).toBe(true);
      });
    }
    expect(compared).toBeGreaterThan(50);
    expect(high).toBeGreaterThan(0);
  });

  it('lists through predictPasses every pass within its family range', () => {
    for (const [i, t] of TARGETS.entries()) {
      const req = parsePassRequest(
        { lat: t.lat, lon: t.lon, startDate: day, endDate: day, maxPasses: 100 },
        new Date(`${day}T12:00:00Z`),
      );
      // One day only: the request's end date is inclusive.
      expect(req.endMs - req.startMs).toBe(86_400_000);
      const { response } = predictPasses(
        sats.map((s) => s.set),
        req,
        { now: new Date(`${day}T12:00:00Z`), catalog },
      );
      for (const { set, family } of sats) {
        const range = catalog.get(family)!.off_nadir_deg;
        const listed = response.passes.filter((p) => p.norad_id === set.noradId);
        for (const b of brute.get(set.noradId)![i]!) {
          const inside = b.offNadirDeg >= range.min + 0.05 && b.offNadirDeg <= range.max - 0.05;
          const outside = b.offNadirDeg < range.min - 0.05 || b.offNadirDeg > range.max + 0.05;
          const hit = listed.find((p) => Math.abs(Date.parse(p.peak) - b.peakMs) <= 1000);
          if (inside)
            expect(hit, `${set.name} over ${t.name} ${new Date(b.peakMs).toISOString()}`).toBeDefined();
          if (outside) expect(hit).toBeUndefined();
        }
      }
      expect(response.passes.map((p) => p.peak)).toEqual([...response.passes.map((p) => p.peak)].sort());
    }
  });
});
