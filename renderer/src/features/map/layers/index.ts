// The map's layers, bottom to top. Each is one module (types.ts); the map view makes them,
// waits for their data, recolours them with the theme and remembers which are shown.
//
// Signal layers slot in between the land and the names: country-level signals shade their
// country, plotted signals are points (severity bands, measured kinds by shape). The map view
// reads their data hooks and feeds each through its handle; a click selects into the shared
// selection. Developments, watch and monitoring areas and passes join the same way.
import { countriesLayer } from './countries';
import { countryLabelsLayer } from './country-labels';
import { countrySignalsLayer } from './country-signals';
import { graticuleLayer } from './graticule';
import { signalsLayer } from './signals';
import type { MapLayerModule } from './types';

export const LAYER_MODULES: readonly MapLayerModule[] = [
  countriesLayer,
  // Shading under the graticule, points above it, names on top.
  countrySignalsLayer,
  graticuleLayer,
  signalsLayer,
  countryLabelsLayer,
];

export type { LayerHandle, MapLayerModule } from './types';
export type { SignalsHandle } from './signals';
export type { CountrySignalsHandle } from './country-signals';
