// The offline gazetteer (shared/gazetteer.ts) over the package's own file: the places, largest
// first; a box's places; the nearest place; a name's places, accents and case aside.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { decodePlaces, Gazetteer, GAZETTEER_FILE } from '../../shared/gazetteer';

const places = decodePlaces(readFileSync(createRequire(import.meta.url).resolve(GAZETTEER_FILE)));
const g = new Gazetteer(places);

describe('the gazetteer', () => {
  it('decodes every place of the package with its name, country, point and population', () => {
    expect(places.length).toBeGreaterThan(130_000);
    const kyiv = places.find((p) => p.name === 'Kyiv')!;
    expect(kyiv).toMatchObject({ country: 'UA', featureCode: 'PPLC' });
    expect(kyiv.lat).toBeCloseTo(50.45, 1);
    expect(kyiv.lng).toBeCloseTo(30.52, 1);
    expect(kyiv.population).toBeGreaterThan(2_000_000);
  });

  it('lists a box’s places largest first', () => {
    const lebanon = g.within([35.1, 33.05, 36.6, 34.7], { limit: 3 });
    expect(lebanon[0]!.name).toBe('Beirut');
    expect(lebanon.map((p) => p.population)).toEqual(
      [...lebanon.map((p) => p.population)].sort((a, b) => b - a),
    );
  });

  it('finds the nearest place, within a distance and a country', () => {
    expect(g.nearest(35.5, 33.89)!.name).toBe('Beirut');
    expect(g.nearest(-30, 0)).toBeNull(); // mid-Atlantic: nothing within 50 km
    expect(g.nearest(35.5, 33.89, { country: 'IL', maxKm: 300 })!.country).toBe('IL');
  });

  it('searches names by their start, accents and case aside', () => {
    expect(g.search('kyiv', 1)[0]!.name).toBe('Kyiv');
    expect(g.search('grindav', 1)[0]!.name).toBe('Grindavík');
    expect(g.search('  ')).toEqual([]);
  });
});
