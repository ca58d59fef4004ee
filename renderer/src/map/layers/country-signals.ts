// Country-level signals (no place finer than the country, so never drawn as a point): each
// country with any is shaded by the highest severity band among them, on the same scale as
// the points, and outlined; the tooltip says how many. From 'signals.countryCounts'.
import type Feature from 'ol/Feature';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Fill, Stroke, Style } from 'ol/style';
import { bandColour, bandRgb } from '../../ui/severity';
import type { CountryCount } from '../../../../shared/contract';
import { outlinesByResolution } from '../basemap-data';
import { codeOfBasemapName } from '../country-codes';
import type { MapPalette } from '../palette';
import type { LayerHandle, MapLayerModule } from './types';
import { keepUnchangedFrames } from './unchanged-frames';

export const COUNTRY_SIGNALS_LAYER_ID = 'country-signals';

export interface CountrySignalsHandle extends LayerHandle {
  setCounts: (counts: readonly CountryCount[]) => void;
  /** The count a basemap country feature stands for, if any. */
  countOf: (feature: Feature) => CountryCount | null;
}

export const countrySignalsLayer: MapLayerModule = {
  id: COUNTRY_SIGNALS_LAYER_ID,
  title: 'Country-level signals',
  defaultVisible: true,
  toggleable: true,
  section: 'Signals',
  hint: 'no place finer than the country: shaded',
  key: () => ({ shape: 'box', colour: bandColour(5), filled: true }),
  create(palette): CountrySignalsHandle {
    let counts = new Map<string, CountryCount>();
    let border = palette.border;
    const styles = new Map<string, Style>();
    const styleFor = (band: number | null) => {
      const key = `${band ?? 0}|${border}`;
      let s = styles.get(key);
      if (!s) {
        const [r, g, b] = bandRgb(band);
        s = new Style({
          fill: new Fill({ color: `rgba(${r}, ${g}, ${b}, 0.28)` }),
          stroke: new Stroke({ color: `rgba(${r}, ${g}, ${b}, 0.9)`, width: 1.4 }),
        });
        styles.set(key, s);
      }
      return s;
    };
    const source = new VectorSource({ wrapX: true });
    // Drawn straight onto its canvas, only the countries with signals (the style gives the rest
    // none), and kept between frames that change neither the view nor the counts: an image
    // layer would redraw every country into an image and copy the whole image onto the map,
    // twice the work, on each filter change.
    const layer = new VectorLayer({
      source,
      className: 'wf-country-signals',
      properties: { id: COUNTRY_SIGNALS_LAYER_ID },
      style: (f) => {
        const c = counts.get(f.get('code') as string);
        return c ? styleFor(c.maxBand) : undefined;
      },
    });
    // Redrawn when the counts change (setCounts says so), not on every frame the points ask for.
    keepUnchangedFrames(layer);
    // No counts (none asked yet, or none in the filter): no canvas (see watch-map.ts).
    const render = layer.render.bind(layer);
    layer.render = (frameState, target) => (frameState && !counts.size ? null : render(frameState, target));
    // The land's features too: their code set silently, nothing of the land changes.
    const withCodes = (countries: Feature[]) => {
      for (const f of countries) f.set('code', codeOfBasemapName(f.get('name') as string), true);
    };
    // The shading follows the land's outlines (1:10m zoomed in), not a coarser coast.
    const { ready, setResolution } = outlinesByResolution(source, withCodes);
    return {
      layer,
      ready,
      setResolution,
      setPalette(p: MapPalette) {
        border = p.border;
        layer.changed();
      },
      setCounts(list) {
        counts = new Map(list.map((c) => [c.countryCode.toUpperCase(), c]));
        layer.changed();
      },
      countOf: (f) => counts.get(f.get('code') as string) ?? null,
    };
  },
};
