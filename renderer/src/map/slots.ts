// What a feature brings to the map (app/map-view.tsx wires them; the map imports no feature):
// its layers, a tool on the map's strip, a line in the status bar under the map.
import type { ComponentType } from 'react';
import type { MapLayerModule } from './layers';
import type { WatchMap } from './watch-map';

export interface MapPartProps {
  /** The map, once made (null while it is being made or after it is gone). */
  controller: WatchMap | null;
}

export interface MapFeature {
  /** Its layers: drawn over the signals and under the place names, listed last in their section. */
  layers?: readonly MapLayerModule[];
  /** A tool on the strip beside "World view" (the Terrain view's polygon). */
  Strip?: ComponentType<MapPartProps>;
  /** A line in the map's status (what it drew, how many). */
  Status?: ComponentType<MapPartProps>;
}

/** The map's parts that features fill. */
export interface MapSlots {
  features: readonly MapFeature[];
  /** Above the map: the signal filters (the Signals feature's filter bar). */
  Header?: ComponentType;
}
