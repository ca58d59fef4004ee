// Zoomed out, the map draws the signals as cells: every point counted in exactly one cell, the
// cell coloured by the highest band in it and placed where its points are; the pointer finds
// a point or a cell from the columns (the WebGL layer's own hit detection is off).
import { fromLonLat } from 'ol/proj';
import { describe, expect, it } from 'vitest';
import type { SignalPoints } from '../../shared/contract';
import { binCells, HALF_WORLD, nearest, pointsIn, project } from '../../renderer/src/map/signal-cells';

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
});
