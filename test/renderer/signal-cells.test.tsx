// The map draws the signals as clusters (issue 25, item 5): every point counted in exactly one
// cell, the cell coloured by the mean band in it and placed where its points are, neighbours
// closer than a cell merged so no two counts are drawn over each other; a cluster's points are
// found again for its list, and points at one place are told apart from a spread; the pointer
// finds a point or a cell from the columns (not by drawing the layer again).
import { fromLonLat } from 'ol/proj';
import { describe, expect, it } from 'vitest';
import type { SignalPoints } from '../../shared/contract';
import {
  binCells,
  countLabel,
  HALF_WORLD,
  membersOf,
  nearest,
  pointsIn,
  project,
  stacked,
} from '../../renderer/src/map/signal-cells';

function points(lngLat: [number, number][], bands: number[], flags: number[]): SignalPoints {
  return {
    count: lngLat.length,
    ids: lngLat.map((_, i) => `s${i}`),
    lng: Float32Array.from(lngLat.map((p) => p[0])),
    lat: Float32Array.from(lngLat.map((p) => p[1])),
    band: Uint8Array.from(bands),
    flags: Uint8Array.from(flags),
    category: new Uint8Array(lngLat.length),
    categories: ['airstrike'],
    time: new Float64Array(lngLat.length),
    asOf: null,
  };
}

// Two close together in Kyiv, one in Kharkiv, one in Lima, one just west of the antimeridian.
const kyiv: [number, number][] = [
  [30.52, 50.45],
  [30.53, 50.46],
];
const p = project(
  points([...kyiv, [36.23, 49.99], [-77.04, -12.05], [179.9, -17.7]], [3, 8, 5, 0, 2], [0, 1, 0, 0, 0]),
);

describe('the signal cells', () => {
  it('place points where OpenLayers does', () => {
    const [x, y] = fromLonLat([36.23, 49.99]);
    expect(p.x[2]).toBeCloseTo(x!, 0);
    expect(p.y[2]).toBeCloseTo(y!, 0);
  });

  it('count every point once, zoomed out or in, with the bands and the measured count', () => {
    const world = binCells(p, 1);
    expect(Array.from(world.n).reduce((a, b) => a + b, 0)).toBe(5);
    // At world zoom Kyiv and Kharkiv (400 km apart) share a 24 px cell; Lima and Fiji do not.
    expect(world.count).toBe(3);
    const ukraine = Array.from(world.n).indexOf(3);
    expect(world.maxBand[ukraine]).toBe(8);
    // Coloured by the mean of its bands (3, 8, 5); the unknown band (Lima's 0) counts in none.
    expect(world.meanBand[ukraine]).toBe(5);
    expect(world.meanBand[Array.from(world.maxBand).indexOf(0)]).toBe(0);
    expect(world.measured[ukraine]).toBe(1);
    const city = binCells(p, 7);
    expect(city.count).toBe(4);
    expect(Array.from(city.n).sort()).toEqual([1, 1, 1, 2]);
  });

  it('find the points in a view, across the antimeridian too', () => {
    const [x0, y0] = fromLonLat([170, -30]);
    const [x1, y1] = fromLonLat([190, 0]);
    expect(pointsIn(p, [x0!, y0!, x1!, y1!])).toEqual([4]);
    expect(pointsIn(p, [-HALF_WORLD, -HALF_WORLD, HALF_WORLD, HALF_WORLD])).toHaveLength(5);
  });

  it('pick the nearest thing within the tolerance, on any copy of the world', () => {
    const resolution = 1000; // metres a pixel
    const at = fromLonLat([-77.04, -12.05]) as [number, number];
    expect(nearest(p.x, p.y, () => 5, at, resolution, 3)).toBe(3);
    // The same place one world east: the map repeats, so it is still Lima.
    expect(nearest(p.x, p.y, () => 5, [at[0] + 2 * HALF_WORLD, at[1]], resolution, 3)).toBe(3);
    // 20 px away: nothing.
    expect(nearest(p.x, p.y, () => 5, [at[0] + 20 * resolution, at[1]], resolution, 3)).toBe(-1);
  });

  it('merge neighbouring cells whose points are closer than a cell, so counts never overlap', () => {
    // At level 3 a cell is some 470 km: two pairs 20 km apart either side of the prime
    // meridian (a cell edge at every level) are one cluster, not two drawn over each other.
    const edge = project(
      points(
        [
          [-0.1, 10],
          [-0.1, 10.05],
          [0.1, 10],
          [0.1, 10.05],
          [60, 10],
        ],
        [1, 1, 1, 1, 1],
        [0, 0, 0, 0, 0],
      ),
    );
    const cells = binCells(edge, 3);
    expect(Array.from(cells.n).sort()).toEqual([1, 4]);
    const four = Array.from(cells.n).indexOf(4);
    expect(membersOf(edge, cells, four)).toEqual([0, 1, 2, 3]);
    expect(cells.x[four]).toBeCloseTo(0, 0);
  });

  it('leave out the points their readings draw, and find a cluster of some of the points', () => {
    const some = { ...p, skip: Uint8Array.from([0, 1, 0, 0, 0]) };
    const world = binCells(some, 1);
    expect(Array.from(world.n).reduce((a, b) => a + b, 0)).toBe(4);
    expect(pointsIn(some, [-HALF_WORLD, -HALF_WORLD, HALF_WORLD, HALF_WORLD])).toHaveLength(4);
    const listed = binCells(p, 7, [0, 1]);
    expect(listed.count).toBe(1);
    expect(membersOf(p, listed, 0)).toEqual([0, 1]);
  });

  it('tell points at one place from points a zoom would split', () => {
    const same = points(
      [
        [30.5, 50.45],
        [30.5, 50.45],
        [30.5, 50.4501],
      ],
      [1, 1, 1],
      [0, 0, 0],
    );
    expect(stacked(same, [0, 1], 14)).toBe(true);
    expect(stacked(same, [0, 1, 2], 14)).toBe(false);
    expect(stacked(same, [0], 14)).toBe(false);
  });

  it('write a count short enough for its disc', () => {
    expect([2, 999, 1000, 4249, 9_949, 9_950, 38_400, 200_000].map(countLabel)).toEqual([
      '2',
      '999',
      '1k',
      '4.2k',
      '9.9k',
      '10k',
      '38k',
      '200k',
    ]);
  });
});
