// The basemap's shipped files, each read once per window: apart from the outlines' code
// (basemap-data.ts) and OpenLayers, so that the window's first script can ask for the one its
// opening view draws as it starts (main.tsx), while the map's own code is still on its way.
//
// Three tiers of the same 241 countries (resources/basemap/README.md): the world tier (1:50m
// thinned to 10 km, scripts/basemap-world.mjs) while the map shows the world or most of it,
// 1:50m over a continent, and 1:10m (the npm package world-atlas) once zoomed in past a region:
// at a city's scale 1:50m puts coastal places in the sea (Odesa, Beirut), where the demo's
// points, held to 1:10m, are on land. Vite copies the files into the build and gives their
// URLs; they are read from the app's own origin, so no request ever leaves the machine.
import worldUrl from '../../../resources/basemap/countries-world.json?url';
import coarseUrl from '../../../resources/basemap/countries-50m.json?url';
import detailedUrl from 'world-atlas/countries-10m.json?url';
import type { CountriesTopology } from './country-outlines';

export type OutlineTier = 'world' | 'coarse' | 'detailed';

const URLS: Record<OutlineTier, string> = { world: worldUrl, coarse: coarseUrl, detailed: detailedUrl };

/**
 * Coarser than this (metres per pixel at the equator, about zoom 3) the map draws the world
 * tier: its borders are within 10 km of 1:50m's, half a pixel here and less beyond.
 */
export const WORLD_ABOVE_M_PER_PX = 20_000;
/** Finer than this (about zoom 6) the map draws the 1:10m outlines. */
export const DETAILED_BELOW_M_PER_PX = 2500;

/** The outlines a view at this resolution draws. */
export function tierFor(metresPerPixel: number): OutlineTier {
  if (metresPerPixel < DETAILED_BELOW_M_PER_PX) return 'detailed';
  return metresPerPixel > WORLD_ABOVE_M_PER_PX ? 'world' : 'coarse';
}

/** The outlines a view at this zoom level draws (the map's own resolution for it). */
export const tierAtZoom = (zoom: number): OutlineTier => tierFor(156_543.03392 / 2 ** zoom);

/**
 * One promise per tier, made on its first ask and shared after; a failed one is made again on
 * the next ask. The files (here) and their features (basemap-data.ts) are each read so.
 */
export function perTier<T>(make: (tier: OutlineTier) => Promise<T>): (tier: OutlineTier) => Promise<T> {
  const made = new Map<OutlineTier, Promise<T>>();
  return (tier) => {
    const known = made.get(tier);
    if (known) return known;
    const p = make(tier);
    made.set(tier, p);
    p.catch(() => made.get(tier) === p && made.delete(tier));
    return p;
  };
}

/** A tier's file, read once per window; a failure may be retried. */
export const loadBasemap = perTier((tier) => readTopology(URLS[tier]));

/** A TopoJSON file of the countries, read from the app's own origin. */
function readTopology(url: string): Promise<CountriesTopology> {
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
