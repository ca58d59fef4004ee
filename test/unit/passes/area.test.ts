// Passes over an area (electron/passes/area.ts): the grid that samples it, the families' ranges
// widened by a cell's half-diagonal, and the passes of one satellite at several points merged.
import { describe, expect, it } from 'vitest';
import { AREA_PASSES_MAX_KM, areaGrid, mergeAreaPasses, widenedCatalog } from '../../../electron/passes/area';
import { loadFamilies } from '../../../electron/passes/families';
import type { Pass } from '../../../electron/passes/predict';

describe('passes over an area', () => {
  it('samples a small area on a grid no coarser than its slack, and refuses one too large', () => {
    const grid = areaGrid([30.2, 46.2, 31.2, 46.8]);
    if ('tooLarge' in grid) throw new Error('a 77 km area is not too large');
    expect(grid.points.length).toBeGreaterThan(4);
    expect(grid.slackKm).toBeLessThanOrEqual(15);
    for (const p of grid.points) {
      expect(p.lon).toBeGreaterThan(30.2);
      expect(p.lat).toBeLessThan(46.8);
    }
    const world = areaGrid([-180, -90, 180, 90]);
    expect(world).toMatchObject({ tooLarge: true });
    expect((world as { spanKm: number }).spanKm).toBeGreaterThan(AREA_PASSES_MAX_KM);
  });

  it('widens each family’s off-nadir range on both sides, more for more ground', () => {
    const catalog = loadFamilies();
    const near = widenedCatalog(catalog, 5);
    const far = widenedCatalog(catalog, 20);
    for (const [key, f] of catalog) {
      expect(near.get(key)!.off_nadir_deg.max).toBeGreaterThan(f.off_nadir_deg.max);
      expect(far.get(key)!.off_nadir_deg.max).toBeGreaterThan(near.get(key)!.off_nadir_deg.max);
      if (f.off_nadir_deg.min > 0) expect(far.get(key)!.off_nadir_deg.min).toBeLessThan(f.off_nadir_deg.min);
    }
  });

  it('one pass per satellite within 15 minutes, at the point it sees nearest nadir', () => {
    const pass = (sat: number, peak: string, off: number) =>
      ({ norad_id: sat, satellite: `SAT ${sat}`, peak, off_nadir_deg: off }) as Pass;
    const merged = mergeAreaPasses([
      pass(1, '2026-08-22T06:00:00Z', 20),
      pass(1, '2026-08-22T06:00:40Z', 12),
      pass(1, '2026-08-22T07:40:00Z', 30),
      pass(2, '2026-08-22T06:01:00Z', 5),
    ]);
    expect(merged.map((p) => [p.norad_id, p.peak, p.off_nadir_deg])).toEqual([
      [1, '2026-08-22T06:00:40Z', 12],
      [2, '2026-08-22T06:01:00Z', 5],
      [1, '2026-08-22T07:40:00Z', 30],
    ]);
  });
});
