// The basemap's shipped file, read once per window: apart from the outlines' code (basemap-data.ts)
// and OpenLayers, so that the window's first script can ask for it as it starts (main.tsx), while
// the map's own code is still on its way.
import countriesUrl from '../../../resources/basemap/countries-50m.json?url';
import type { CountriesTopology } from './country-outlines';

let pending: Promise<CountriesTopology> | null = null;

/** The shipped file, read once per window; a failure may be retried. */
export function loadBasemap(): Promise<CountriesTopology> {
  pending ??= readTopology(countriesUrl).catch((e: unknown) => {
    pending = null;
    throw e;
  });
  return pending;
}

/** A TopoJSON file of the countries, read from the app's own origin. */
export function readTopology(url: string): Promise<CountriesTopology> {
  return fetch(url)
    .then((res) => {
      if (!res.ok) throw new Error(`the basemap file could not be read (${res.status})`);
      return res.json() as Promise<CountriesTopology>;
    })
    .then((topology) => {
      if (!topology.objects.countries) throw new Error('the basemap file has no countries');
      return topology;
    });
}
