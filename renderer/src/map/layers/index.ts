// The map's layers, bottom to top. Each is one module (types.ts); the map view makes them,
// waits for their data, recolours them with the theme and remembers which are shown.
//
// Signal layers slot in between the land and the names: country-level signals shade their
// country, plotted signals are points (severity bands, measured kinds by shape). Under the
// points: the analyst's own areas as outlines, then the measured readings with their own
// geometry (a quake's radius, a cyclone's wind radii and track, the transit index). The map
// view reads their data hooks and feeds each through its handle; a click selects into the
// shared selection. Developments and passes join the same way.
import { countriesLayer } from './countries';
import { countryLabelsLayer } from './country-labels';
import { countrySignalsLayer } from './country-signals';
import { cyclonesLayer } from './cyclones';
import { graticuleLayer } from './graticule';
import { monitoringAreasLayer } from './monitoring-areas';
import { nightlightLayer } from './nightlight';
import { placesLayer } from './places';
import { quakesLayer } from './quakes';
import { signalsLayer } from './signals';
import { so2Layer } from './so2';
import { standingOrdersLayer } from './standing-orders';
import { thermalLayer } from './thermal';
import { transitLayer } from './transit';
import type { LayerSection, MapLayerModule } from './types';
import { watchesLayer } from './watches';

export const LAYER_MODULES: readonly MapLayerModule[] = [
  countriesLayer,
  // Shading under the graticule, points above it, names on top.
  countrySignalsLayer,
  graticuleLayer,
  // Large outlines first, so the smaller symbols of the readings sit on top of them.
  monitoringAreasLayer,
  standingOrdersLayer,
  watchesLayer,
  nightlightLayer,
  so2Layer,
  thermalLayer,
  quakesLayer,
  cyclonesLayer,
  transitLayer,
  signalsLayer,
  // Features' layers go here (stackLayers): over the points, under the names.
  countryLabelsLayer,
  placesLayer,
];

/**
 * The platform's layers with the features' (the Hotspots view's cells, the chosen pass's
 * track, the Imagery view's footprints: what the analyst just asked for) drawn over the
 * points and under the place names, in the order given.
 */
export function stackLayers(features: readonly MapLayerModule[]): readonly MapLayerModule[] {
  const names = LAYER_MODULES.indexOf(countryLabelsLayer);
  return [...LAYER_MODULES.slice(0, names), ...features, ...LAYER_MODULES.slice(names)];
}

/** The layer list's sections, in the order it shows them. */
export const LAYER_SECTIONS: readonly LayerSection[] = ['Signals', 'Measured', 'Your areas', 'Basemap'];

/**
 * Each section's toggles in reading order (the stacking order above is for drawing); a
 * feature's layer comes last in its section.
 */
export const LAYER_LIST_ORDER: readonly string[] = [
  signalsLayer.id,
  countrySignalsLayer.id,
  thermalLayer.id,
  nightlightLayer.id,
  so2Layer.id,
  quakesLayer.id,
  cyclonesLayer.id,
  transitLayer.id,
  watchesLayer.id,
  standingOrdersLayer.id,
  monitoringAreasLayer.id,
  graticuleLayer.id,
  countryLabelsLayer.id,
  placesLayer.id,
];

export type {
  FeatureInfo,
  InspectableHandle,
  LayerHandle,
  LayerKey,
  LayerSection,
  MapLayerModule,
} from './types';
export { isInspectable } from './types';
export type { RecordsHandle } from './record-layer';
export type { SignalsHandle } from './signals';
export type { CountrySignalsHandle } from './country-signals';
