// The box the map shows, from the position the view state keeps (centre and zoom) and the
// map's size on screen: the Map is Web Mercator with OpenLayers' default 256-px world at zoom
// 0, so this needs no handle on the map itself (the export may be opened from any view).
import type { BBox } from '../../../shared/bbox';

const MAX_LAT = 85.0511287798;
const round = (v: number) => Math.round(v * 1e4) / 1e4;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * West, south, east, north of the view. A view wider than the world is the whole world; one
 * reaching past the 180th meridian stops at it (the service's boxes do not cross it).
 */
export function viewBBox(
  center: readonly [number, number],
  zoom: number,
  width: number,
  height: number,
): BBox {
  const world = 256 * 2 ** zoom;
  const lonSpan = (width / world) * 360;
  const [lon, lat] = center;
  const west = lonSpan >= 360 ? -180 : clamp(lon - lonSpan / 2, -180, 180);
  const east = lonSpan >= 360 ? 180 : clamp(lon + lonSpan / 2, -180, 180);
  const yOf = (deg: number) => {
    const phi = (clamp(deg, -MAX_LAT, MAX_LAT) * Math.PI) / 180;
    return ((1 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / Math.PI) / 2) * world;
  };
  const latOf = (y: number) =>
    (Math.atan(Math.sinh(Math.PI * (1 - (2 * clamp(y, 0, world)) / world))) * 180) / Math.PI;
  const cy = yOf(lat);
  const north = latOf(cy - height / 2);
  const south = latOf(cy + height / 2);
  return [round(west), round(Math.max(-90, south)), round(east), round(Math.min(90, north))];
}

/** The map's size on screen when it is shown, else the window's (the map fills most of it). */
export function mapSize(): { width: number; height: number } {
  const el = document.querySelector<HTMLElement>('[data-testid="map"]');
  const width = el?.clientWidth || window.innerWidth;
  const height = el?.clientHeight || window.innerHeight;
  return { width, height };
}
