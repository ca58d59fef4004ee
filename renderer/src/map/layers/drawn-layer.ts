// The layer kit's piece for a picture a feature draws from its own state (the scenes of the
// answer Imagery shows, the pass chosen in Passes): one vector layer whose features each carry
// a `part` that picks its style from the palette's styles, restyled on a theme change. `draw`
// replaces the picture (null clears it) and says how many features the layer now holds.
import type Feature from 'ol/Feature';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Fill, RegularShape, Stroke, Style } from 'ol/style';
import type { MapPalette } from '../palette';
import type { LayerHandle, LayerKey, LayerSection, MapLayerModule } from './types';

export interface DrawnLayerHandle<D> extends LayerHandle {
  source: VectorSource;
  /** Draws the picture (null clears it); returns how many features the layer now holds. */
  draw: (picture: D | null) => number;
}

export interface DrawnLayerSpec<D, P extends string> {
  id: string;
  title: string;
  section: LayerSection;
  hint: string;
  className: string;
  key: (palette: MapPalette) => LayerKey;
  /** Each part's style for a palette. */
  styles: (palette: MapPalette) => Record<P, Style | Style[]>;
  /** The picture's features, each with its `part`. */
  features: (picture: D) => Feature[];
}

export type DrawnLayerModule<D> = MapLayerModule & { create: (palette: MapPalette) => DrawnLayerHandle<D> };

export function drawnLayer<D, P extends string>(spec: DrawnLayerSpec<D, P>): DrawnLayerModule<D> {
  return {
    id: spec.id,
    title: spec.title,
    defaultVisible: true,
    toggleable: true,
    section: spec.section,
    hint: spec.hint,
    key: spec.key,
    create(initial) {
      let styles = spec.styles(initial);
      const source = new VectorSource({ wrapX: true });
      const layer = new VectorLayer({
        source,
        className: spec.className,
        properties: { id: spec.id },
        style: (f) => styles[f.get('part') as P],
      });
      return {
        layer,
        source,
        ready: Promise.resolve(),
        setPalette(p) {
          styles = spec.styles(p);
          layer.changed();
        },
        draw(picture) {
          source.clear();
          if (!picture) return 0;
          const features = spec.features(picture);
          source.addFeatures(features);
          return features.length;
        },
      };
    },
  };
}

/** The place a picture is about (the event's point, the pass's place): a four-pointed star. */
export function targetStyle(p: MapPalette): Style {
  return new Style({
    image: new RegularShape({
      points: 4,
      radius: 9,
      radius2: 2,
      angle: 0,
      fill: new Fill({ color: p.own.attention }),
      stroke: new Stroke({ color: p.own.attention, width: 2 }),
    }),
  });
}
