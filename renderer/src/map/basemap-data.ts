// The offline basemap: Natural Earth 1:50m countries shipped with the app
// (resources/basemap/, see its README), and 1:10m (the npm package world-atlas) once the map is
// zoomed in past a region: at a city's scale 1:50m puts coastal places in the sea (Odesa,
// Beirut), where the demo's points, held to 1:10m, are on land. Vite copies the files into the
// build and gives their URLs; they are read from the app's own origin, so no request ever
// leaves the machine.
import type Feature from 'ol/Feature';
import detailedUrl from 'world-atlas/countries-10m.json?url';
import type VectorSource from 'ol/source/Vector';
import { loadBasemap, readTopology } from './basemap-file';
import { countryFeatures } from './country-outlines';

let features: Promise<Feature[]> | null = null;

/**
 * The countries as OpenLayers features on the map's projection, read once per window and
 * shared by the land, the country-level shading and the names: reading 241 detailed outlines
 * is a good part of the window's opening, once is enough (country-outlines.ts). Each carries
 * its `name`; a layer adds what it needs of its own without notifying (the others share the
 * object).
 */
export function loadCountryFeatures(): Promise<Feature[]> {
  features ??= loadBasemap()
    .then(countryFeatures)
    .catch((e: unknown) => {
      features = null;
      throw e;
    });
  return features;
}

let detailed: Promise<Feature[]> | null = null;

/** The 1:10m countries, read once per window when first zoomed in (3.6 MB); a failure may be retried. */
export function loadDetailedCountryFeatures(): Promise<Feature[]> {
  detailed ??= readTopology(detailedUrl)
    .then(countryFeatures)
    .catch((e: unknown) => {
      detailed = null;
      throw e;
    });
  return detailed;
}

/** Finer than this (metres per pixel, about zoom 6) the map draws the 1:10m outlines. */
export const DETAILED_BELOW_M_PER_PX = 2500;

/**
 * Keeps a source's country outlines at the detail the view needs: 1:10m when zoomed in, 1:50m
 * otherwise (cheaper to draw over a continent). `prepare` sets what the layer adds of its own
 * on a set of features before it is shown. Returns what the map calls as the view settles.
 */
export function outlinesByResolution(
  source: VectorSource,
  prepare: (features: Feature[]) => void = () => {},
): (metresPerPixel: number) => void {
  let shown: 'coarse' | 'detailed' = 'coarse';
  let asked: 'coarse' | 'detailed' = 'coarse';
  return (metresPerPixel) => {
    const want = metresPerPixel < DETAILED_BELOW_M_PER_PX ? 'detailed' : 'coarse';
    if (want === asked) return;
    asked = want;
    (want === 'detailed' ? loadDetailedCountryFeatures() : loadCountryFeatures()).then(
      (features) => {
        if (asked !== want || shown === want) return;
        prepare(features);
        source.clear(true);
        source.addFeatures(features);
        shown = want;
      },
      // The coarse outlines stay: a map with 1:50m coasts is still a map.
      () => {
        if (asked === want) asked = shown;
      },
    );
  };
}
