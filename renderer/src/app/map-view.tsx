// The Map view as the window shows it: the map platform (map/) with what the features bring to
// it, wired here so that the map imports no feature. Loaded with the map's code (views.ts), so
// OpenLayers and the features' layers stay out of the window's first bundle.
import { MapView } from '../map/map-view';
import type { MapFeature } from '../map/slots';
import { hotspotsOnMap } from '../features/hotspots/hotspots-on-map';
import { footprintsOnMap } from '../features/imagery/footprints-on-map';
import { passTrackOnMap } from '../features/passes/pass-track-on-map';
import { FilterBar } from '../features/signals/filter-bar';
import { polygonOnMap } from '../features/terrain/polygon-tool';

/** Bottom to top: what the analyst asked last draws over the points. */
const MAP_FEATURES: readonly MapFeature[] = [hotspotsOnMap, passTrackOnMap, footprintsOnMap, polygonOnMap];

export default function WindowMapView() {
  return <MapView features={MAP_FEATURES} Header={FilterBar} />;
}
