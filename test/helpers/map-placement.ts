// Where a box stands in the map as the analyst sees it: whole, in the middle, clear of the
// panels over the map, taking a good share of the view ("Show on map", issue 25 item 1).
import type { Page } from 'playwright-core';

/** West, south, east, north, degrees. */
export type Box = [number, number, number, number];

// Web Mercator, as the map draws: metres from lon/lat, and metres per pixel at a zoom.
const R = 6378137;
const mx = (lon: number) => (lon * Math.PI * R) / 180;
const my = (lat: number) => R * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
const metresPerPixel = (zoom: number) => (2 * Math.PI * R) / 256 / 2 ** zoom;

/** The least margin (px) between the box and the map's edges, and the least share of the view it takes. */
const MARGIN = 20;
const SHARE = 0.4;
/** What stands over the map: the legend and the layer list (or its button), the status line, the strip of buttons, the zoom. */
const OVER_MAP = '.layer-list, .map-legend, .map-status, .map-strip, .map .ol-zoom';

/**
 * Where the box stands in the map as the analyst sees it, from the position the window keeps
 * (saved when the map stops moving) and the map's size: 'fitted', or what is wrong.
 */
export async function placement(page: Page, [w, s, e, n]: Box): Promise<string> {
  const at = await page.evaluate(() => {
    const saved = JSON.parse(localStorage.getItem('watchfloor.view-state') ?? '{}') as {
      state?: { map?: { center: [number, number]; zoom: number } };
    };
    return saved.state?.map ?? null;
  });
  const size = await page
    .getByTestId('map')
    .boundingBox()
    .catch(() => null);
  if (!at || !size) return 'no map yet';
  const [lon, lat] = at.center;
  const res = metresPerPixel(at.zoom);
  // The box in the map's pixels, from its top left corner.
  const left = size.width / 2 + (mx(e < w ? w - 360 : w) - mx(lon)) / res;
  const right = size.width / 2 + (mx(e) - mx(lon)) / res;
  const top = size.height / 2 - (my(n) - my(lat)) / res;
  const bottom = size.height / 2 - (my(s) - my(lat)) / res;
  const where = `map at ${lon.toFixed(2)}, ${lat.toFixed(2)} zoom ${at.zoom.toFixed(1)}; box at x ${left.toFixed(0)}…${right.toFixed(0)} of ${size.width.toFixed(0)}, y ${top.toFixed(0)}…${bottom.toFixed(0)} of ${size.height.toFixed(0)}`;
  const inside = Math.min(left, top, size.width - right, size.height - bottom);
  if (inside < MARGIN) return `the box is not whole with a ${MARGIN} px margin (${where})`;
  // In the middle of the view (the part the panels leave clear is a little off the map's centre).
  const [x, y] = [(left + right) / 2 / size.width, (top + bottom) / 2 / size.height];
  if (Math.min(x, y) < 0.2 || Math.max(x, y) > 0.8)
    return `the box is not in the middle of the view (${where})`;
  const share = Math.max((right - left) / size.width, (bottom - top) / size.height);
  if (share < SHARE) return `the box takes ${(share * 100).toFixed(1)}% of the view (${where})`;
  // Nothing over it: the panels and the controls on the map stand clear of the box.
  const over: string[] = [];
  for (const el of await page.locator(OVER_MAP).all()) {
    const r = await el.boundingBox().catch(() => null);
    if (!r || !r.width || !r.height) continue;
    const [l, t] = [r.x - size.x, r.y - size.y];
    if (l < right && left < l + r.width && t < bottom && top < t + r.height)
      over.push(
        `${await el.getAttribute('class')} (x ${l.toFixed(0)}…${(l + r.width).toFixed(0)}, y ${t.toFixed(0)}…${(t + r.height).toFixed(0)})`,
      );
  }
  if (over.length) return `the box is partly under ${over.join(', ')} (${where})`;
  return 'fitted';
}
