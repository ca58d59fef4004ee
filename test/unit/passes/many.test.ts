// Passes for many places at once (each satellite propagated once for all of them) answer
// exactly what one query per place answers: the same passes, peaks to the second, off-nadir to
// 1e-6°, the same failures; places spread over the globe, including both polar regions and
// both sides of the dateline.
import { describe, expect, it } from 'vitest';
import { newestPerSatellite, satrecEpochMs, toSatrec } from '../../../electron/passes/elements';
import { loadFamilies } from '../../../electron/passes/families';
import { findCulminations, findCulminationsMany } from '../../../electron/passes/finder';
import { makeTarget } from '../../../electron/passes/geometry';
import { computePasses, computePassesMany, isoSecond, type Pass } from '../../../electron/passes/predict';
import { parsePassRequest } from '../../../electron/passes/request';
import { soonestPasses } from '../../../electron/passes/soonest';
import { parseTleText } from '../../../electron/passes/tle-text';
import { SNAPSHOTS, readSnapshot } from './fixtures';

const PLACES = [
  { name: 'Kyiv', lat: 50.45, lon: 30.52 },
  { name: 'Singapore', lat: 1.29, lon: 103.85 },
  { name: 'Longyearbyen', lat: 78.22, lon: 15.65 },
  { name: 'Taveuni, on the dateline', lat: -16.8, lon: 179.99 },
  { name: 'Chukotka, across it', lat: 65.9, lon: -179.9 },
  { name: 'McMurdo', lat: -77.85, lon: 166.67 },
];
const catalog = loadFamilies();
const active = parseTleText(readSnapshot(SNAPSHOTS.active202608)).sets;
const now = new Date('2026-08-22T06:00:00Z');
const request = (place: { lat: number; lon: number }) =>
  parsePassRequest({ ...place, startDate: '2026-08-22', endDate: '2026-08-24', maxPasses: 100 }, now);
const byPeak = (a: Pass, b: Pass) => a.peak.localeCompare(b.peak) || a.norad_id - b.norad_id;

describe('many places at once', () => {
  it('lists for each place exactly the passes of a query for that place alone', () => {
    const req = request(PLACES[0]!);
    const many = computePassesMany(active, PLACES, req, now, { catalog });
    expect(many).toHaveLength(PLACES.length);
    PLACES.forEach((place, k) => {
      const alone = computePasses(active, request(place), now, { catalog });
      const together = many[k]!;
      expect(together.found.length, place.name).toBeGreaterThan(50);
      expect([...together.found].sort(byPeak), place.name).toEqual([...alone.found].sort(byPeak));
      expect(together.members).toBe(alone.members);
      expect([...together.usable].sort()).toEqual([...alone.usable].sort());
      expect(together.failures).toEqual(alone.failures);
    });
    // The polar places see far more passes than the equatorial one (every orbit comes close).
    expect(many[2]!.found.length).toBeGreaterThan(2 * many[1]!.found.length);
  });

  it('finds the same culminations to the second and off-nadir to 1e-6°, satellite by satellite', () => {
    const targets = PLACES.map((p) => makeTarget(p.lat, p.lon));
    const opts = {
      startMs: Date.parse('2026-08-22T00:00:00Z'),
      endMs: Date.parse('2026-08-25T00:00:00Z'),
      maxOffNadirDeg: 45,
    };
    let compared = 0;
    // Every 5th satellite of the snapshot: all families' orbits, a few seconds of work.
    for (const set of newestPerSatellite(active).filter((_, i) => i % 5 === 0)) {
      const satrec = toSatrec(set);
      const epochMs = satrecEpochMs(satrec);
      const { results } = findCulminationsMany(satrec, epochMs, targets, opts);
      targets.forEach((target, k) => {
        const alone = findCulminations(toSatrec(set), epochMs, target, opts);
        const together = results[k]!;
        expect(together.error).toBe(alone.error);
        expect(together.culminations.map((c) => c.peakMs)).toEqual(alone.culminations.map((c) => c.peakMs));
        together.culminations.forEach((c, i) => {
          const a = alone.culminations[i]!;
          expect(Math.abs(c.offNadirDeg - a.offNadirDeg)).toBeLessThan(1e-6);
          expect(Math.abs(c.elevationDeg - a.elevationDeg)).toBeLessThan(1e-6);
          expect(c.ascending).toBe(a.ascending);
          compared++;
        });
      });
    }
    expect(compared).toBeGreaterThan(500);
  });

  it('ends a decaying satellite at the same instant for every place, alone or together', () => {
    // NUSAT-28 re-entered during the week after the 2026-03-19 snapshot: SGP4 fails part-way.
    const sets = parseTleText(readSnapshot(SNAPSHOTS.active202603)).sets.filter(
      (s) => s.name === 'NUSAT-28 (ALICE LEE)',
    );
    expect(sets).toHaveLength(1);
    const marchNow = new Date('2026-03-19T00:00:00Z');
    const req = parsePassRequest(
      { ...PLACES[0]!, startDate: '2026-03-19', endDate: '2026-03-26', satellites: 'satellogic' },
      marchNow,
    );
    const many = computePassesMany(sets, PLACES, req, marchNow, { catalog });
    const reasons = new Set(many.map((c) => c.failures[0]?.reason));
    expect(reasons.size).toBe(1);
    const [reason] = [...reasons];
    expect(reason).toMatch(/^SGP4 failed at 2026-03-2\d/);
    PLACES.forEach((place, k) => {
      const alone = computePasses(sets, { ...req, target: place }, marchNow, { catalog });
      expect(alone.failures.map((f) => f.reason)).toEqual([reason]);
      expect(many[k]!.found).toEqual(alone.found);
      // No pass after the track ends.
      const endMs = Date.parse(/at (\S+) /.exec(reason!)![1]!);
      for (const p of alone.found) expect(Date.parse(p.peak)).toBeLessThan(endMs);
    });
  });

  it('gives each place its soonest sunlit optical and soonest SAR pass', () => {
    const window = { startMs: now.getTime(), endMs: now.getTime() + 48 * 3_600_000 };
    const soonest = soonestPasses(active, PLACES, window, now, catalog);
    PLACES.forEach((place, k) => {
      const all = computePassesMany(active, [place], { ...window, families: [...catalog.keys()] }, now, {
        catalog,
      })[0]!.found.sort(byPeak);
      const optical = all.find((p) => p.sensor === 'optical' && p.sunlit);
      const sar = all.find((p) => p.sensor === 'sar');
      expect(soonest[k]!.optical?.peak, place.name).toBe(optical?.peak);
      expect(soonest[k]!.sar?.peak, place.name).toBe(sar?.peak);
      expect(soonest[k]!.sar).not.toBeNull();
      expect(soonest[k]!.familiesWithoutElements).toEqual([]);
    });
  });
});

describe('isoSecond', () => {
  it('writes whole seconds as Date#toISOString does, without the milliseconds', () => {
    const instants = [0, Date.parse('2024-02-29T23:59:59Z'), Date.parse('2026-12-31T00:00:00Z')];
    for (let i = 0; i < 200; i++) instants.push(Date.parse('2026-08-22T00:00:00Z') + i * 7_919_000);
    for (const ms of instants) expect(isoSecond(ms)).toBe(new Date(ms).toISOString().replace('.000Z', 'Z'));
  });
});
