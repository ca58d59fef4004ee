// Where "Show on map" fits a box: clear of the panels over the map (map/fit-padding.ts). The
// figures are the Map's at 1280×720: a map of 839×545 px, the legend at its foot on the right,
// the layer list's button at its top right.
import { describe, expect, it } from 'vitest';
import { fitPadding, type Cover } from '../../renderer/src/map/fit-padding';

const SIZE = [839, 545] as const;
const LEGEND: Cover = { left: 460, top: 345, right: 829, bottom: 512 };
const LAYERS_BUTTON: Cover = { left: 755, top: 10, right: 829, bottom: 36 };

/** The box's place once fitted with `pad` (a box of `aspect`, centred in the clear part). */
function fitted([top, right, bottom, left]: number[], aspect: number): Cover {
  const w = SIZE[0] - left! - right!;
  const h = SIZE[1] - top! - bottom!;
  const bh = Math.min(h, w / aspect);
  const bw = bh * aspect;
  const cx = left! + w / 2;
  const cy = top! + h / 2;
  return { left: cx - bw / 2, right: cx + bw / 2, top: cy - bh / 2, bottom: cy + bh / 2 };
}
const meets = (a: Cover, b: Cover) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe('fitPadding', () => {
  it('keeps the even margin when nothing covers the map', () => {
    expect(fitPadding(SIZE, [], 1, 70)).toEqual([70, 70, 70, 70]);
  });

  it('fits a square box beside the legend, a wide one above it, never under it', () => {
    const square = fitPadding(SIZE, [LEGEND, LAYERS_BUTTON], 1, 70);
    expect(square[1]).toBeGreaterThan(SIZE[0] - LEGEND.left); // stepped round by the right
    const wide = fitPadding(SIZE, [LEGEND, LAYERS_BUTTON], 4, 70);
    expect(wide[2]).toBeGreaterThan(SIZE[1] - LEGEND.top); // by the bottom
    for (const [pad, aspect] of [
      [square, 1],
      [wide, 4],
    ] as const) {
      const box = fitted(pad, aspect);
      expect(meets(box, LEGEND)).toBe(false);
      expect(meets(box, LAYERS_BUTTON)).toBe(false);
      expect(Math.min(box.left, box.top, SIZE[0] - box.right, SIZE[1] - box.bottom)).toBeGreaterThanOrEqual(
        70,
      );
    }
  });

  it('keeps the margin alone when stepping round would leave the box no room, or the map has no size', () => {
    const huge: Cover = { left: 20, top: 20, right: 819, bottom: 525 };
    expect(fitPadding(SIZE, [huge], 1, 70)).toEqual([70, 70, 70, 70]);
    expect(fitPadding([0, 0], [LEGEND], 1, 70)).toEqual([70, 70, 70, 70]);
  });

  it('ignores a panel outside the map', () => {
    expect(fitPadding(SIZE, [{ left: 900, top: 10, right: 1000, bottom: 60 }], 1, 70)).toEqual([
      70, 70, 70, 70,
    ]);
  });
});
