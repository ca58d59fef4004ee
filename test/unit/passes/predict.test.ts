// The pass response (spec: main profile, "Pass"; docs/passes.md): fields by their
// definitions, soonest first, max_passes, freshness, and retrieval_ok false with a note when a
// requested family has no elements, never an empty list that reads as "no passes".
import { eciToGeodetic, gstime, propagate } from 'satellite.js';
import { describe, expect, it } from 'vitest';
import { toSatrec } from '../../../electron/passes/elements';
import { STALE_AFTER_DAYS, predictPasses } from '../../../electron/passes/predict';
import { parsePassRequest } from '../../../electron/passes/request';
import { isSunlit } from '../../../electron/passes/sun';
import { parseTleText } from '../../../electron/passes/tle-text';
import { SNAPSHOTS, readSnapshot } from './fixtures';

const active = parseTleText(readSnapshot(SNAPSHOTS.active202608)).sets;
const resource = parseTleText(readSnapshot(SNAPSHOTS.resource202608)).sets;
const old = parseTleText(readSnapshot(SNAPSHOTS.active202510)).sets;
const now = new Date('2026-08-22T06:00:00Z');
const kyiv = { lat: 50.45, lon: 30.52 };
const request = (extra: Record<string, string | number> = {}) =>
  parsePassRequest(
    { ...kyiv, startDate: '2026-08-22', endDate: '2026-08-24', maxPasses: 100, ...extra },
    now,
  );

describe('predictPasses', () => {
  const { response } = predictPasses(active, request(), { now });

  it('is shaped as the service response', () => {
    expect(Object.keys(response).sort()).toEqual([
      'attribution',
      'freshness',
      'meta',
      'note',
      'passes',
      'retrieval_ok',
    ]);
    expect(response.meta).toMatchObject({
      target: kyiv,
      window: { start: '2026-08-22', end: '2026-08-24' },
      satellites: 260,
      max_passes: 100,
      families_without_elements: [],
    });
    expect(response.retrieval_ok).toBe(true);
    expect(response.note).toMatch(/geometric predictions from orbital elements, not a scheduled acquisition/);
    expect(response.attribution).toMatch(/CelesTrak/);
    for (const p of response.passes) {
      expect(Object.keys(p)).toEqual(
        expect.arrayContaining([
          'satellite',
          'family_key',
          'sensor',
          'collection_mode',
          'peak',
          'off_nadir_deg',
          'direction',
          'sunlit',
          'tle_age_days',
          'is_past',
        ]),
      );
      expect(p.peak).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    }
  });

  it('lists soonest first, cut to max_passes, saying how many were found', () => {
    const peaks = response.passes.map((p) => p.peak);
    expect(peaks).toEqual([...peaks].sort());
    expect(response.passes).toHaveLength(100);
    expect(response.meta.passes_found).toBeGreaterThan(100);
    expect(response.note).toMatch(/Showing the first 100 of \d+ passes/);
  });

  it('keeps each pass within its family range, with the mode of the family', () => {
    const byFamily = new Map(response.passes.map((p) => [p.family_key, p]));
    expect(byFamily.get('capella')).toMatchObject({ sensor: 'sar', collection_mode: 'taskable' });
    const { response: s1 } = predictPasses(active, request({ satellites: 'sentinel-1,sentinel-2' }), { now });
    for (const p of s1.passes) {
      if (p.family_key === 'sentinel-1') expect(p.off_nadir_deg).toBeGreaterThanOrEqual(26.02);
      if (p.family_key === 'sentinel-2') expect(p.off_nadir_deg).toBeLessThanOrEqual(10.3);
      expect(p.collection_mode).toBe('systematic');
    }
  });

  it('computes direction, sunlit, age and is_past by their definitions', () => {
    const byId = new Map(active.map((s) => [s.noradId, s]));
    for (const p of response.passes.slice(0, 30)) {
      const set = byId.get(p.norad_id)!;
      const satrec = toSatrec(set);
      const lat = (ms: number) => {
        const d = new Date(ms);
        return eciToGeodetic(propagate(satrec, d)!.position, gstime(d)).latitude;
      };
      const t = Date.parse(p.peak);
      expect(p.direction).toBe(lat(t + 500) > lat(t - 500) ? 'ascending' : 'descending');
      expect(p.sunlit).toBe(isSunlit(t, kyiv.lat, kyiv.lon));
      expect(p.tle_age_days).toBeCloseTo((t - Date.parse(set.epoch)) / 86_400_000, 3);
      expect(p.is_past).toBe(t < now.getTime());
    }
    expect(new Set(response.passes.map((p) => p.is_past))).toEqual(new Set([true, false]));
    expect(new Set(response.passes.map((p) => p.sunlit))).toEqual(new Set([true, false]));
  });

  it('says timing is unavailable when a requested family has no elements', () => {
    const { response: r } = predictPasses(resource, request({ satellites: 'sentinel-2,iceye,nisar' }), {
      now,
    });
    expect(r.retrieval_ok).toBe(false);
    expect(r.meta.families_without_elements).toEqual(['iceye', 'nisar']);
    expect(r.note).toMatch(/No usable orbital elements for iceye, nisar: their pass timing is unavailable/);
    expect(r.passes.every((p) => p.family_key === 'sentinel-2')).toBe(true);
    const { response: none } = predictPasses([], request(), { now });
    expect(none).toMatchObject({
      passes: [],
      retrieval_ok: false,
      freshness: { max_tle_age_days: null, stale: false },
    });
  });

  it(`flags stale elements (over ${STALE_AFTER_DAYS} days from the peaks)`, () => {
    expect(response.freshness).toMatchObject({ stale: false, stale_after_days: STALE_AFTER_DAYS });
    expect(response.freshness.max_tle_age_days).toBeLessThan(STALE_AFTER_DAYS);
    const { response: r } = predictPasses(old, request({ satellites: 'sentinel-2,landsat' }), { now });
    expect(r.freshness.stale).toBe(true);
    expect(r.freshness.max_tle_age_days).toBeGreaterThan(300);
    expect(r.note).toMatch(/timings may be off/);
  });
});
