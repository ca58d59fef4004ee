// The offline basemap's countries as OpenLayers features, per tier of detail (basemap-file.ts
// reads the shipped files), and what keeps a layer's outlines at the tier its view needs.
import type Feature from 'ol/Feature';
import type VectorSource from 'ol/source/Vector';
import { loadBasemap, perTier, tierFor, type OutlineTier } from './basemap-file';
import { countryFeatures } from './country-outlines';

/**
 * A tier's countries as OpenLayers features on the map's projection, read once per window and
 * shared by the land, the country-level shading and the names: reading 241 outlines is a good
 * part of the window's opening, once is enough (country-outlines.ts). Each carries its `name`;
 * a layer adds what it needs of its own without notifying (the others share the object). A
 * failure may be retried.
 */
export const loadCountryFeatures = perTier((tier) => loadBasemap(tier).then(countryFeatures));

/** A layer's outlines kept at its view's tier: `ready` once the first are in its source. */
export interface Outlines {
  ready: Promise<void>;
  /** Told the view's resolution as it settles (the map tells it once as it is made). */
  setResolution: (metresPerPixel: number) => void;
}

/**
 * Keeps a source's country outlines at the detail the view needs (basemap-file.ts's tiers):
 * the first asked is the first shown, and is what `ready` waits for. `prepare` sets what the
 * layer adds of its own on a set of features before it is shown.
 */
export function outlinesByResolution(
  source: VectorSource,
  prepare: (features: Feature[]) => void = () => {},
): Outlines {
  let shown: OutlineTier | null = null;
  let asked: OutlineTier | null = null;
  let settle!: { resolve: () => void; reject: (e: unknown) => void };
  const ready = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  const show = (tier: OutlineTier): void => {
    asked = tier;
    loadCountryFeatures(tier).then(
      (read) => {
        if (asked !== tier || shown === tier) return;
        prepare(read);
        source.clear(true);
        source.addFeatures(read);
        shown = tier;
        settle.resolve();
      },
      (e: unknown) => {
        if (asked !== tier) return;
        // The outlines shown stay: a map with coarser coasts is still a map. With none yet,
        // 1:50m is the tier every view can draw.
        if (shown) asked = shown;
        else if (tier !== 'coarse') show('coarse');
        else settle.reject(e);
      },
    );
  };
  return {
    ready,
    setResolution: (metresPerPixel) => {
      const want = tierFor(metresPerPixel);
      if (want !== asked) show(want);
    },
  };
}
