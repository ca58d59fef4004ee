// Where a box asked for ("Show on map") is fitted: in the part of the map its panels leave clear.
// The legend and the layer list stand over the map's right-hand side; a box fitted to the whole
// map with an even margin ran under them (at 1280×720 the legend hid a watch's lower right
// corner). Each panel is stepped round by one of the two map edges nearest to it (the legend, at
// the foot on the right: by the right or by the bottom), choosing whichever leaves the box
// largest. Pure: the map measures the panels (watch-map.ts).

/** A panel over the map, in px from the map's top left corner. */
export interface Cover {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** OpenLayers' fit padding: top, right, bottom, left (px). */
export type Padding = [number, number, number, number];

/** Room kept between a panel and the box (px). */
const GAP = 12;
/** The least clear room (px) a choice may leave the box, either way. */
const LEAST = 120;

/**
 * The padding that fits a box of `aspect` (its width over its height, in the map's units) largest
 * in a map of `size` px, keeping `margin` px from every edge and clear of every cover.
 */
export function fitPadding(
  size: readonly [number, number],
  covers: readonly Cover[],
  aspect: number,
  margin: number,
): Padding {
  const [width, height] = size;
  const even: Padding = [margin, margin, margin, margin];
  const inside = covers
    .map((c) => ({
      left: Math.max(0, c.left),
      top: Math.max(0, c.top),
      right: Math.min(width, c.right),
      bottom: Math.min(height, c.bottom),
    }))
    .filter((c) => c.right > c.left && c.bottom > c.top);
  // Each cover's two ways round, as [side, padding]: by the nearer edge across, by the nearer up or down.
  type Way = [side: 0 | 1 | 2 | 3, px: number];
  const ways = inside.map((c): [Way, Way] => [
    (c.left + c.right) / 2 < width / 2 ? [3, c.right + GAP] : [1, width - c.left + GAP],
    (c.top + c.bottom) / 2 < height / 2 ? [0, c.bottom + GAP] : [2, height - c.top + GAP],
  ]);
  const ratio = Number.isFinite(aspect) && aspect > 0 ? aspect : 1;
  let best = even;
  let bestHeight = -1;
  // Every choice of a way round for each cover (a handful of panels: a few dozen choices).
  for (let choice = 0; choice < 1 << ways.length; choice++) {
    const pad: Padding = [...even];
    ways.forEach((way, i) => {
      const [side, px] = way[(choice >> i) & 1]!;
      pad[side] = Math.max(pad[side], px);
    });
    const w = width - pad[1] - pad[3];
    const h = height - pad[0] - pad[2];
    if (w < LEAST || h < LEAST) continue;
    // The box's height in px once fitted: the larger, the better the choice.
    const fitted = Math.min(h, w / ratio);
    if (fitted > bestHeight) {
      best = pad;
      bestHeight = fitted;
    }
  }
  return best;
}
