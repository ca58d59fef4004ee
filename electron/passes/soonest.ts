// "Next passes over my places": for each place, the soonest optical pass in daylight (an
// optical image of a place in the dark is of little use) and the soonest SAR pass (radar sees
// day and night), over all the families that have elements. Every satellite is propagated
// once for all the places (computePassesMany).
import type { ElementSet } from './elements';
import { FAMILY_KEYS, type FamilyCatalog, type FamilyKey } from './families';
import { computePassesMany, type Pass, type SatelliteFailure } from './predict';

export interface SoonestPasses {
  place: { lat: number; lon: number };
  /** The soonest sunlit optical pass in the window, or null when there is none. */
  optical: Pass | null;
  /** The soonest SAR pass in the window, or null when there is none. */
  sar: Pass | null;
  /** Families with no usable elements: "none" above may then mean "not known". */
  familiesWithoutElements: FamilyKey[];
  failures: SatelliteFailure[];
}

const sooner = (a: Pass | null, b: Pass): Pass =>
  !a || b.peak < a.peak || (b.peak === a.peak && b.satellite < a.satellite) ? b : a;

/** The soonest passes over each place (results in the same order) in [startMs, endMs). */
export function soonestPasses(
  sets: readonly ElementSet[],
  places: readonly { lat: number; lon: number }[],
  window: { startMs: number; endMs: number },
  now: Date,
  catalog: FamilyCatalog,
): SoonestPasses[] {
  const families = [...FAMILY_KEYS];
  const computed = computePassesMany(sets, places, { ...window, families }, now, { catalog });
  return computed.map((c, k) => {
    let optical: Pass | null = null;
    let sar: Pass | null = null;
    for (const p of c.found) {
      if (p.sensor === 'sar') sar = sooner(sar, p);
      else if (p.sunlit) optical = sooner(optical, p);
    }
    return {
      place: places[k]!,
      optical,
      sar,
      familiesWithoutElements: families.filter((f) => !c.usable.has(f)),
      failures: c.failures,
    };
  });
}
