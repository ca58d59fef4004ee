// The map's signal layers read the cache's columnar answer: one point per plottable signal,
// measured ones marked for their own shape, the band kept for the colour; country-level
// signals join the basemap's countries by their two-letter code; bands use one sequential
// scale, unknown apart from it.
import type LayerGroup from 'ol/layer/Group';
import type VectorLayer from 'ol/layer/Vector';
import { toLonLat } from 'ol/proj';
import { describe, expect, it } from 'vitest';
import type { SignalPoints } from '../../shared/contract';
import { codeOfBasemapName } from '../../renderer/src/map/country-codes';
import { pointFeatures, signalsLayer, type SignalsHandle } from '../../renderer/src/map/layers/signals';
import { MAP_PALETTES } from '../../renderer/src/map/palette';
import { categoryGroup, SHAPE } from '../../renderer/src/map/point-shapes';
import { bandColour, UNKNOWN_BAND_COLOUR } from '../../renderer/src/ui/severity';

const points: SignalPoints = {
  count: 3,
  ids: ['a', 'b', 'c'],
  lng: Float32Array.from([30.5, -73.9, 96.1]),
  lat: Float32Array.from([50.4, 40.7, 21.9]),
  band: Uint8Array.from([7, 0, 2]),
  flags: Uint8Array.from([0, 2, 1]),
  category: Uint8Array.from([0, 0, 1]),
  categories: ['airstrike', 'so2_anomaly'],
  time: Float64Array.from([Date.parse('2026-11-01T10:00:00Z'), NaN, 0]),
  asOf: null,
};

describe('the signal layers', () => {
  it('make one feature per point, with its index (so its id), place, band and shape flag', () => {
    const features = pointFeatures(points);
    expect(features.map((f) => points.ids[f.get('idx') as number])).toEqual(['a', 'b', 'c']);
    const [lon, lat] = toLonLat(features[2]!.getGeometry()!.getCoordinates());
    expect(lon).toBeCloseTo(96.1, 3);
    expect(lat).toBeCloseTo(21.9, 3);
    expect(features.map((f) => [f.get('band'), f.get('measured'), f.get('retracted')])).toEqual([
      [7, 0, 0],
      [0, 0, 1],
      [2, 1, 0],
    ]);
  });

  it('shape a point by its category group, measured kinds apart from every report', () => {
    const mixed: SignalPoints = {
      ...points,
      count: 5,
      ids: ['a', 'b', 'c', 'd', 'e'],
      lng: Float32Array.from([1, 2, 3, 4, 5]),
      lat: Float32Array.from([1, 2, 3, 4, 5]),
      band: Uint8Array.from([5, 5, 5, 5, 5]),
      // d is an airstrike but measured (flag 1): its reading's diamond, not the report's shape.
      flags: Uint8Array.from([0, 0, 0, 1, 0]),
      category: Uint8Array.from([0, 1, 2, 0, 3]),
      categories: ['airstrike', 'civil_unrest', 'natural_disaster', 'displacement'],
      time: new Float64Array(5),
    };
    const shapes = pointFeatures(mixed).map((f) => f.get('shape') as number);
    expect(shapes).toEqual([SHAPE.triangle, SHAPE.square, SHAPE.circle, SHAPE.diamond, SHAPE.square]);
    // Four shapes, each told apart from the others.
    expect(new Set(shapes).size).toBe(4);
  });

  it("group the service's category words, with an unknown word a plain report", () => {
    expect(
      ['armed_conflict', 'airstrike', 'infrastructure_attack', 'terrorism', 'political_violence'].map(
        categoryGroup,
      ),
    ).toEqual(['violence', 'violence', 'violence', 'violence', 'violence']);
    expect(['civil_unrest', 'protest', 'displacement', 'general_strike'].map(categoryGroup)).toEqual([
      'unrest',
      'unrest',
      'unrest',
      'unrest',
    ]);
    expect(
      ['natural_disaster', 'maritime_incident', 'cyber_incident', 'something_new', undefined].map(
        categoryGroup,
      ),
    ).toEqual(['other', 'other', 'other', 'other', 'other']);
  });

  it('feed the points layer through its handle, and replace the points on a new answer', () => {
    const handle = signalsLayer.create(MAP_PALETTES.dark) as SignalsHandle;
    // The points and their clusters' counts over them, shown and hidden as one.
    const [points_, counts] = (handle.layer as LayerGroup).getLayers().getArray();
    expect(points_!.getClassName()).toBe('wf-signals');
    expect(counts!.getClassName()).toBe('wf-signal-counts');
    handle.setPoints(points);
    expect(handle.source.getFeatures()).toHaveLength(3);
    const one = { ...points, count: 1, ids: ['a'] };
    handle.setPoints(one);
    expect(handle.source.getFeatures().map((f) => one.ids[f.get('idx') as number])).toEqual(['a']);
    handle.setPoints(null);
    expect(handle.source.getFeatures()).toHaveLength(0);
    handle.dispose?.();
  });

  it('write each cluster its count, and leave a reading its layer draws to that layer', () => {
    const handle = signalsLayer.create(MAP_PALETTES.dark) as SignalsHandle;
    // Five at one place in Kyiv (one of them measured), one in Lima.
    const many: SignalPoints = {
      ...points,
      count: 6,
      ids: ['a', 'b', 'c', 'd', 'e', 'f'],
      lng: Float32Array.from([30.5, 30.5, 30.5, 30.5, 30.5, -77]),
      lat: Float32Array.from([50.4, 50.4, 50.4, 50.4, 50.4, -12]),
      band: Uint8Array.from([5, 5, 5, 5, 5, 5]),
      flags: Uint8Array.from([0, 0, 0, 0, 1, 0]),
      category: Uint8Array.from([0, 0, 0, 0, 1, 0]),
      time: new Float64Array(6),
    };
    handle.setPoints(many);
    expect(handle.clusters()).toEqual({ counts: [5], singles: 1, covered: 0 });
    expect(handle.cells()).toBe(1);
    expect(handle.represented()).toBe(6);
    const counts = (handle.layer as LayerGroup).getLayers().item(1) as VectorLayer;
    expect(
      counts
        .getSource()!
        .getFeatures()
        .map((f) => f.get('n')),
    ).toEqual([5]);
    // The measured one's reading is on the map: its point is not drawn again, still counted.
    handle.setCovered(new Set(['e']));
    expect(handle.clusters()).toEqual({ counts: [4], singles: 1, covered: 1 });
    expect(handle.represented()).toBe(6);
    // Its layer hidden, it is a point again.
    handle.setCovered(new Set());
    expect(handle.clusters()).toEqual({ counts: [5], singles: 1, covered: 0 });
    handle.dispose?.();
  });

  it('join country-level signals to the basemap by two-letter code', () => {
    expect(codeOfBasemapName('Ukraine')).toBe('UA');
    expect(codeOfBasemapName('United States of America')).toBe('US');
    expect(codeOfBasemapName('Dem. Rep. Congo')).toBe('CD');
    expect(codeOfBasemapName('Bosnia and Herz.')).toBe('BA');
    expect(codeOfBasemapName('Somaliland')).toBeNull();
    // Not the withdrawn codes the platform still names so (YD "Yemen", DD "Germany", VD "Vietnam").
    expect(['Yemen', 'Germany', 'Vietnam', 'Serbia', 'Zimbabwe'].map(codeOfBasemapName)).toEqual([
      'YE',
      'DE',
      'VN',
      'RS',
      'ZW',
    ]);
  });

  it('colour bands on one sequential scale and keep unknown off it', () => {
    const colours = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(bandColour);
    expect(new Set(colours).size).toBeGreaterThanOrEqual(9);
    const lightness = colours.map((c) => {
      const n = parseInt(c.slice(1), 16);
      return ((n >> 16) & 255) * 0.299 + ((n >> 8) & 255) * 0.587 + (n & 255) * 0.114;
    });
    for (let i = 1; i < lightness.length; i++) expect(lightness[i]!).toBeLessThanOrEqual(lightness[i - 1]!);
    expect(bandColour(null)).toBe(UNKNOWN_BAND_COLOUR);
    expect(bandColour(0)).toBe(UNKNOWN_BAND_COLOUR);
    expect(colours).not.toContain(UNKNOWN_BAND_COLOUR);
  });
});
