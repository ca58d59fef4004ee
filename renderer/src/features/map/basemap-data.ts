// The offline basemap: Natural Earth 1:50m countries shipped with the app
// (resources/basemap/, see its README). Vite copies the file into the build and gives its
// URL; it is read from the app's own origin, so no request ever leaves the machine.
import type { FeatureCollection, GeometryObject } from 'geojson';
import type Feature from 'ol/Feature';
import GeoJSON from 'ol/format/GeoJSON';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countriesUrl from '../../../../resources/basemap/countries-50m.json?url';
import { planarizeFeature } from './antimeridian';

export type CountryCollection = FeatureCollection<GeometryObject, { name: string }>;

let pending: Promise<CountryCollection> | null = null;

/** Parsed once per window, shared by every layer that needs it; a failure may be retried. */
export function loadCountries(): Promise<CountryCollection> {
  pending ??= fetch(countriesUrl)
    .then((res) => {
      if (!res.ok) throw new Error(`the basemap file could not be read (${res.status})`);
      return res.json() as Promise<Topology<{ countries: GeometryCollection<{ name: string }> }>>;
    })
    .then((topology) => {
      const countries = topology.objects.countries;
      if (!countries) throw new Error('the basemap file has no countries');
      const collection = feature(topology, countries) as CountryCollection;
      return { ...collection, features: collection.features.map(planarizeFeature) };
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
 * (each coordinate projected) is a good part of the window's opening, once is enough. Each
 * carries its `name`; a layer adds what it needs of its own without notifying (the others
 * share the object).
 */
export function loadCountryFeatures(): Promise<Feature[]> {
  features ??= loadCountries()
    .then((countries) => new GeoJSON().readFeatures(countries, { featureProjection: 'EPSG:3857' }))
    .catch((e: unknown) => {
      features = null;
      throw e;
    });
  return features;
}
