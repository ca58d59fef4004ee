// City names on the map (issue 25, item 10): by zoom and population from the offline gazetteer,
// none below zoom 5 (nor is the gazetteer read there), the largest first, a view across the
// antimeridian asked as its two boxes.
import { fromLonLat } from 'ol/proj';
import { describe, expect, it } from 'vitest';
import { Gazetteer, type Place } from '../../shared/gazetteer';
import { minPopulation, placesFor, viewBoxes } from '../../renderer/src/map/layers/places';

const place = (name: string, lng: number, lat: number, population: number): Place => ({
  id: population,
  name,
  country: 'UA',
  lat,
  lng,
  population,
  featureCode: 'PPL',
  adminCode: '',
});
const g = new Gazetteer([
  place('Kyiv', 30.52, 50.45, 2_797_553),
  place('Brovary', 30.79, 50.51, 109_806),
  place('Vyshneve', 30.36, 50.39, 38_500),
  place('Khotiv', 30.45, 50.33, 4_000),
  place('Lviv', 24.03, 49.84, 717_273),
  place('Suva', 178.44, -18.14, 77_366),
  place('Apia', -171.76, -13.83, 40_407),
]);
const extentOf = (w: number, s: number, e: number, n: number) => [
  ...fromLonLat([w, s]),
  ...fromLonLat([e, n]),
];

describe('the place names', () => {
  it('name nothing below zoom 5, then smaller places as the map zooms in', () => {
    expect(minPopulation(2)).toBe(Infinity);
    expect(minPopulation(4.9)).toBe(Infinity);
    expect(minPopulation(5)).toBe(1_000_000);
    expect(minPopulation(9)).toBe(10_000);
    expect(minPopulation(12)).toBe(1_000);
    const around = extentOf(29.5, 49.8, 31.5, 51);
    expect(placesFor(g, around, 3)).toEqual([]);
    expect(placesFor(g, around, 5).map((p) => p.name)).toEqual(['Kyiv']);
    expect(placesFor(g, around, 7).map((p) => p.name)).toEqual(['Kyiv', 'Brovary']);
    expect(placesFor(g, around, 9).map((p) => p.name)).toEqual(['Kyiv', 'Brovary', 'Vyshneve']);
    expect(placesFor(g, around, 11).map((p) => p.name)).toEqual(['Kyiv', 'Brovary', 'Vyshneve', 'Khotiv']);
  });

  it('ask a view across the antimeridian as two boxes', () => {
    const pacific = extentOf(170, -25, 190, -10);
    expect(viewBoxes(pacific)).toHaveLength(2);
    expect(placesFor(g, pacific, 10).map((p) => p.name)).toEqual(['Suva', 'Apia']);
    expect(viewBoxes(extentOf(-200, -80, 200, 80))).toEqual([
      [-180, expect.any(Number), 180, expect.any(Number)],
    ]);
  });
});
