// The basemap's three tiers (renderer/src/map/basemap-file.ts): the world tier is what its
// script makes from the shipped 1:50m file, keeps every country and border within its
// tolerance, and a layer's outlines follow the view's resolution from the first tier asked.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type MultiPolygon from 'ol/geom/MultiPolygon';
import type Polygon from 'ol/geom/Polygon';
import { fromLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import type { CountriesTopology } from '../../renderer/src/map/country-outlines';
import { countryFeatures } from '../../renderer/src/map/country-outlines';
import { tierAtZoom, tierFor } from '../../renderer/src/map/basemap-file';
// @ts-expect-error: a plain ES module script, not typed
import { WORLD_TOLERANCE_M, worldTierText } from '../../scripts/basemap-world.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const coarse = JSON.parse(read('resources/basemap/countries-50m.json')) as CountriesTopology;
const world = JSON.parse(read('resources/basemap/countries-world.json')) as CountriesTopology;

/** An arc's points as quantized integers (TopoJSON arcs are delta-encoded). */
const absolute = (arc: number[][]) => {
  let x = 0;
  let y = 0;
  return arc.map(([dx, dy]) => [(x += dx!), (y += dy!)] as const);
};
const metres = (topology: CountriesTopology, [x, y]: readonly [number, number]) => {
  const t = topology.transform!;
  const lat = Math.max(-85, Math.min(85, y * t.scale[1] + t.translate[1]));
  return fromLonLat([x * t.scale[0] + t.translate[0], lat]);
};
/** Distance, map metres, from p to the segment a–b. */
const toSegment = (p: number[], a: number[], b: number[]) => {
  const [dx, dy] = [b[0]! - a[0]!, b[1]! - a[1]!];
  const len2 = dx * dx + dy * dy;
  const k = len2 ? Math.max(0, Math.min(1, ((p[0]! - a[0]!) * dx + (p[1]! - a[1]!) * dy) / len2)) : 0;
  return Math.hypot(p[0]! - a[0]! - k * dx, p[1]! - a[1]! - k * dy);
};

describe('the world tier of the basemap', () => {
  it('is what scripts/basemap-world.mjs makes from the shipped 1:50m file', () => {
    expect(read('resources/basemap/countries-world.json')).toBe(worldTierText());
  });

  it('keeps every country with its id and name, and every border end, with a third of the points', () => {
    const names = (t: CountriesTopology) =>
      t.objects.countries.geometries.map((g) => [
        g.id,
        (g.properties as { name?: string } | undefined)?.name,
      ]);
    expect(names(world)).toEqual(names(coarse));
    // The same rings of the same borders: only the borders' points differ.
    expect(world.objects.countries).toEqual(coarse.objects.countries);
    expect(world.arcs).toHaveLength(coarse.arcs.length);
    const points = (t: CountriesTopology) => t.arcs.reduce((n, a) => n + a.length, 0);
    expect(points(world)).toBeLessThan(points(coarse) / 3);
    world.arcs.forEach((arc, i) => {
      const [kept, full] = [absolute(arc), absolute(coarse.arcs[i]!)];
      expect(kept[0]).toEqual(full[0]);
      expect(kept.at(-1)).toEqual(full.at(-1));
    });
  });

  it('keeps every dropped point within its tolerance of the thinned border', () => {
    let worst = 0;
    world.arcs.forEach((arc, i) => {
      const kept = absolute(arc);
      const full = absolute(coarse.arcs[i]!);
      // Each kept point is one of the arc's own, in order: what lies between two is measured
      // against the segment joining them.
      let at = 0;
      for (let k = 1; k < kept.length; k++) {
        const a = metres(world, kept[k - 1]!);
        const b = metres(world, kept[k]!);
        let j = at + 1;
        while (j < full.length && (full[j]![0] !== kept[k]![0] || full[j]![1] !== kept[k]![1])) {
          worst = Math.max(worst, toSegment(metres(coarse, full[j]!), a, b));
          j++;
        }
        expect(j).toBeLessThan(full.length);
        at = j;
      }
    });
    expect(worst).toBeGreaterThan(WORLD_TOLERANCE_M / 2);
    expect(worst).toBeLessThanOrEqual(WORLD_TOLERANCE_M);
  });

  it('reads into the same 241 countries, drawable on a flat map (no ring across it but along a pole)', () => {
    const features = countryFeatures(world);
    expect(features.map((f) => f.get('name') as string)).toEqual(
      countryFeatures(coarse).map((f) => f.get('name') as string),
    );
    const half = fromLonLat([180, 0])[0]!;
    for (const f of features) {
      const g = f.getGeometry() as Polygon | MultiPolygon | undefined;
      const rings = !g
        ? []
        : 'getPolygons' in g
          ? g.getPolygons().flatMap((p) => p.getLinearRings())
          : g.getLinearRings();
      for (const ring of rings) {
        const c = ring.getCoordinates();
        expect(c[0]).toEqual(c.at(-1));
        for (let k = 1; k < c.length; k++) {
          // Antarctica's edge along the pole (the map's bottom edge) spans it whole.
          const polar = Math.abs(c[k]![1]!) >= half * 0.999 && Math.abs(c[k - 1]![1]!) >= half * 0.999;
          if (!polar) expect(Math.abs(c[k]![0]! - c[k - 1]![0]!)).toBeLessThan(half);
        }
      }
    }
  });
});

describe('the outlines a view draws', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('are the world tier over the world, 1:50m over a continent, 1:10m over a region', () => {
    expect(tierAtZoom(1.2)).toBe('world');
    expect(tierAtZoom(2.4)).toBe('world');
    expect(tierAtZoom(3.5)).toBe('coarse');
    expect(tierAtZoom(5.5)).toBe('coarse');
    expect(tierAtZoom(6.5)).toBe('detailed');
    expect(tierFor(20_000)).toBe('coarse');
    expect(tierFor(2_500)).toBe('coarse');
    expect(tierFor(2_499)).toBe('detailed');
  });

  /** The basemap files served from the checkout, each read noted; `fail` files answer 404. */
  const serveFiles = (fail: RegExp | null = null) => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      const file = path.basename(String(url).split('?')[0]!);
      asked.push(file);
      const found =
        file === 'countries-10m.json'
          ? path.join(root, 'node_modules/world-atlas', file)
          : path.join(root, 'resources/basemap', file);
      const ok = !fail?.test(file);
      return Promise.resolve({
        ok,
        status: ok ? 200 : 404,
        json: () => Promise.resolve(JSON.parse(readFileSync(found, 'utf8')) as unknown),
      });
    });
    return asked;
  };
  /** What a source holds of the 241 (two share an id, and a source keeps one feature per id). */
  const held = new VectorSource({ features: countryFeatures(coarse) }).getFeatures().length;
  const vertices = (source: VectorSource) =>
    source
      .getFeatures()
      .reduce((n, f) => n + ((f.getGeometry() as Polygon | undefined)?.getFlatCoordinates().length ?? 0), 0);

  it('start at the tier first asked, which `ready` waits for, and follow the view as it settles', async () => {
    const asked = serveFiles();
    const { outlinesByResolution } = await import('../../renderer/src/map/basemap-data');
    const source = new VectorSource();
    const outlines = outlinesByResolution(source);
    outlines.setResolution(30_000);
    await outlines.ready;
    expect(asked).toEqual(['countries-world.json']);
    expect(source.getFeatures()).toHaveLength(held);
    const worldVertices = vertices(source);
    outlines.setResolution(8_000);
    await vi.waitFor(() => expect(vertices(source)).toBeGreaterThan(worldVertices * 3));
    expect(source.getFeatures()).toHaveLength(held);
    expect(asked).toEqual(['countries-world.json', 'countries-50m.json']);
    // Back out: the world tier read once, not again.
    outlines.setResolution(40_000);
    await vi.waitFor(() => expect(vertices(source)).toBe(worldVertices));
    expect(asked).toEqual(['countries-world.json', 'countries-50m.json']);
  });

  it('fall back to 1:50m when the first tier cannot be read, and keep what they show on a later failure', async () => {
    const asked = serveFiles(/world|10m/);
    const { loadCountryFeatures, outlinesByResolution } = await import('../../renderer/src/map/basemap-data');
    const source = new VectorSource();
    const outlines = outlinesByResolution(source);
    outlines.setResolution(30_000);
    await outlines.ready;
    expect(asked).toEqual(['countries-world.json', 'countries-50m.json']);
    // A tier that could not be read is read again when next asked, not failed from memory.
    await expect(loadCountryFeatures('world')).rejects.toThrow(/could not be read/);
    expect(asked).toEqual(['countries-world.json', 'countries-50m.json', 'countries-world.json']);
    const shown = vertices(source);
    expect(source.getFeatures()).toHaveLength(held);
    outlines.setResolution(1_000);
    await vi.waitFor(() => expect(asked).toContain('countries-10m.json'));
    await new Promise((r) => setTimeout(r, 20));
    expect(vertices(source)).toBe(shown);
  });
});
