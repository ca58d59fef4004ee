// What the service refuses for the size of a box, with its own reason: a standing order over
// 100,000 km², a monitoring area of 5,000 km² or more. The demo service answers with these very
// texts and the window refuses the same boxes before asking, so both read them from here and
// cannot drift. Pure: no Node, no DOM.
import { bboxAreaKm2, BBoxError, checkBBox } from './bbox';

/** A standing order's box may cover at most this many km² (more is refused). */
export const STANDING_ORDER_MAX_KM2 = 100_000;
/** A monitoring area's box must cover fewer km² than this (as many or more is refused). */
export const MONITORING_AREA_UNDER_KM2 = 5_000;

/** 100000 -> "100,000" without Intl (the service's text does not depend on a locale). */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

export const STANDING_ORDER_TOO_LARGE = `bbox is larger than ${grouped(STANDING_ORDER_MAX_KM2)} km2`;
export const MONITORING_AREA_TOO_LARGE = `bbox must be under ${grouped(MONITORING_AREA_UNDER_KM2)} km2`;

export const standingOrderTooLarge = (km2: number): boolean => km2 > STANDING_ORDER_MAX_KM2;
export const monitoringAreaTooLarge = (km2: number): boolean => km2 >= MONITORING_AREA_UNDER_KM2;

export type AreaUse = 'standing-order' | 'monitoring-area';

/**
 * Why the service would refuse this box (W,S,E,N) for this use, in its words, or null. The box
 * is checked as the service checks it: order and ranges first (a box across the antimeridian
 * has west > east and is refused for that), then its area on the sphere.
 */
export function areaRefusal(use: AreaUse, bbox: readonly number[]): string | null {
  let km2: number;
  try {
    km2 = bboxAreaKm2(checkBBox(bbox, 'bbox'));
  } catch (e) {
    if (e instanceof BBoxError) return e.message;
    throw e;
  }
  if (use === 'standing-order') return standingOrderTooLarge(km2) ? STANDING_ORDER_TOO_LARGE : null;
  return monitoringAreaTooLarge(km2) ? MONITORING_AREA_TOO_LARGE : null;
}
