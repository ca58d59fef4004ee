// A map layer is one module: it makes its OpenLayers layer for a palette, says when its data
// is in (the map's first render waits for every layer), and recolours itself on a theme change.
import type BaseLayer from 'ol/layer/Base';
import type { MapPalette } from '../palette';

export interface LayerHandle {
  layer: BaseLayer;
  /** Resolves when the layer has its data (the basemap file parsed, the signals read…). */
  ready: Promise<void>;
  setPalette: (palette: MapPalette) => void;
  dispose?: () => void;
}

export interface MapLayerModule {
  /** Stable: the analyst's on/off choice is remembered under it. */
  id: string;
  /** The name on its toggle. */
  title: string;
  defaultVisible: boolean;
  /** False for the land itself: a map without countries helps no one. */
  toggleable: boolean;
  create: (palette: MapPalette) => LayerHandle;
}
