// The shipped basemap drawn on a flat map: no ring jumps across the antimeridian (a band
// across the whole map), and Antarctica closes along the pole.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { MultiPolygon, Polygon, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { describe, expect, it } from 'vitest';
import type OlFeature from 'ol/Feature';
import GeoJSON from 'ol/format/GeoJSON';
import OlMultiPolygon from 'ol/geom/MultiPolygon';
import OlPolygon from 'ol/geom/Polygon';
import { planarizeFeature, planarizePolygon } from '../../renderer/src/map/antimeridian';
import { countryFeatures } from '../../renderer/src/map/country-outlines';

const topology = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../resources/basemap/countries-50m.json'), 'utf8'),
) as Topology<{ countries: GeometryCollection<{ name: string }> }>;
const countries = feature(topology, topology.objects.countries).features;

const rings = (g: Polygon | MultiPolygon): Position[][] =>
  g.type === 'Polygon' ? g.coordinates : g.coordinates.flat();
const jumps = (ring: Position[]) =>
  ring.slice(1).filter((p, i) => Math.abs(p[0]! - ring[i]![0]!) > 180 && Math.abs(p[1]!) < 89.9).length;
const byName = (name: string) => countries.find((c) => c.properties.name === name)!;

describe('antimeridian', () => {
  it('the shipped file has the crossings this fixes (Russia, Fiji, Antarctica)', () => {
    const crossing = countries
      .filter((c) => rings(c.geometry as Polygon | MultiPolygon).some((r) => jumps(r) > 0))
      .map((c) => c.properties.name);
    expect(crossing.sort()).toEqual(['Antarctica', 'Fiji', 'Russia']);
  });

  it('leaves no jump in any ring, and every ring closed', () => {
    for (const c of countries) {
      const g = planarizeFeature(c).geometry as Polygon | MultiPolygon;
      for (const r of rings(g)) {
        expect(jumps(r), c.properties.name).toBe(0);
        expect(r[0], c.properties.name).toEqual(r.at(-1));
      }
    }
  });

  it('keeps Chukotka east of 180° and Antarctica filled down to the pole', () => {
    const russia = rings(planarizeFeature(byName('Russia')).geometry as MultiPolygon);
    expect(Math.max(...russia.flat().map((p) => p[0]!))).toBeGreaterThan(185);
    const antarctica = rings(planarizeFeature(byName('Antarctica')).geometry as MultiPolygon);
    const main = antarctica.reduce((a, b) => (b.length > a.length ? b : a));
    expect(Math.min(...main.map((p) => p[1]!))).toBeLessThanOrEqual(-89.9);
    expect(Math.min(...main.map((p) => p[0]!))).toBe(-180);
    expect(Math.max(...main.map((p) => p[0]!))).toBeGreaterThan(179);
  });

  it('reads every country straight from the file as the GeoJSON path does, to the last bit', () => {
    const geoJson = new GeoJSON();
    const expected = countries.map(
      (c) => geoJson.readFeature(planarizeFeature(c), { featureProjection: 'EPSG:3857' }) as OlFeature,
    );
    const read = countryFeatures(topology);
    expect(read.map((f) => [f.getId(), f.get('name')])).toEqual(
      expected.map((f) => [f.getId(), f.get('name')]),
    );
    const shape = (f: OlFeature) => {
      const g = f.getGeometry();
      if (g instanceof OlPolygon) return { type: 'Polygon', flat: g.getFlatCoordinates(), ends: g.getEnds() };
      if (g instanceof OlMultiPolygon)
        return { type: 'MultiPolygon', flat: g.getFlatCoordinates(), ends: g.getEndss() };
      return { type: String(g?.getType()) };
    };
    read.forEach((f, i) => expect(shape(f), f.get('name') as string).toEqual(shape(expected[i]!)));
  });

  it('leaves a ring that does not cross as it is', () => {
    const square = [
      [10, 10],
      [20, 10],
      [20, 20],
      [10, 20],
      [10, 10],
    ];
    expect(planarizePolygon([square])).toEqual([square]);
  });
});
