// The map's layers, bottom to top. Each is one module (types.ts); the map view makes them,
// waits for their data, recolours them with the theme and remembers which are shown.
//
// Signal layers slot in between the graticule and the names: plotted signals (severity
// bands, measured kinds by shape), developments, watch and monitoring areas, passes. Each
// reads its data hook (renderer/src/data/) once the contract has read rows for it, feeds
// its source through the handle, and selects into the shared selection on click.
import { countriesLayer } from './countries';
import { countryLabelsLayer } from './country-labels';
import { graticuleLayer } from './graticule';
import type { MapLayerModule } from './types';

export const LAYER_MODULES: readonly MapLayerModule[] = [
  countriesLayer,
  graticuleLayer,
  // ← signal layers go here
  countryLabelsLayer,
];

export type { LayerHandle, MapLayerModule } from './types';
