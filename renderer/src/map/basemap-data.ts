// The offline basemap: Natural Earth 1:50m countries shipped with the app
// (resources/basemap/, see its README). Vite copies the file into the build and gives its
// URL; it is read from the app's own origin, so no request ever leaves the machine.
import type Feature from 'ol/Feature';
import countriesUrl from '../../../resources/basemap/countries-50m.json?url';
import { countryFeatures, type CountriesTopology } from './country-outlines';

let pending: Promise<CountriesTopology> | null = null;

/** The shipped file, read once per window; a failure may be retried. */
export function loadBasemap(): Promise<CountriesTopology> {
  pending ??= fetch(countriesUrl)
    .then((res) => {
      if (!res.ok) throw new Error(`the basemap file could not be read (${res.status})`);
      return res.json() as Promise<CountriesTopology>;
    })
    .then((topology) => {
      if (!topology.objects.countries) throw new Error('the basemap file has no countries');
      return topology;
    })
    .catch((e: unknown) => {
      pending = null;
      throw e;
    });
  return pending;
}

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
