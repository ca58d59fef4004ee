// Land and borders from the shipped Natural Earth files, at the tier of detail the view needs
// (basemap-file.ts). Drawn as an image layer: 241 detailed outlines pan smoothly and are
// redrawn only when the view settles.
import VectorImageLayer from 'ol/layer/VectorImage';
import VectorSource from 'ol/source/Vector';
import { Fill, Stroke, Style } from 'ol/style';
import { outlinesByResolution } from '../basemap-data';
import type { MapLayerModule } from './types';
import { keepUnchangedFrames } from './unchanged-frames';

export const countriesLayer: MapLayerModule = {
  id: 'countries',
  title: 'Countries',
  defaultVisible: true,
  toggleable: false,
  create(palette) {
    const fill = new Fill({ color: palette.land });
    const stroke = new Stroke({ color: palette.border, width: 0.8 });
    const source = new VectorSource({ attributions: 'Natural Earth (public domain)', wrapX: true });
    const layer = new VectorImageLayer({
      source,
      style: new Style({ fill, stroke }),
      className: 'wf-basemap-countries',
      imageRatio: 1.5,
      properties: { id: 'countries' },
    });
    // The land changes with the view and the theme only: not redrawn when the points change.
    keepUnchangedFrames(layer);
    const { ready, setResolution } = outlinesByResolution(source);
    return {
      layer,
      ready,
      setResolution,
      setPalette(p) {
        fill.setColor(p.land);
        stroke.setColor(p.border);
        layer.changed();
      },
    };
  },
};
