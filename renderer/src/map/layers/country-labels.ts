// Country names, placed inside each country's largest part and shown by size: the largest
// from the world view, the smallest only when zoomed in. Decluttered, larger first.
import Feature from 'ol/Feature';
import type { Geometry } from 'ol/geom';
import MultiPolygon from 'ol/geom/MultiPolygon';
import type Point from 'ol/geom/Point';
import Polygon from 'ol/geom/Polygon';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Fill, Stroke, Style, Text } from 'ol/style';
import { loadCountryFeatures } from '../basemap-data';
import { mapFont } from '../palette';
import type { MapLayerModule } from './types';
import { keepUnchangedFrames } from './unchanged-frames';

/** Square kilometres -> the zoom from which the name shows. */
function minZoomFor(km2: number): number {
  if (km2 >= 1_500_000) return 1.5;
  if (km2 >= 300_000) return 2.6;
  if (km2 >= 60_000) return 3.6;
  if (km2 >= 8_000) return 4.6;
  return 5.6;
}

/**
 * A part's area on the ground in km², from its area on the map: a map metre at latitude φ is
 * cos φ metres on the ground, each way. Close enough for choosing a zoom (the thresholds are
 * factors of five apart), and a fraction of the work of the spherical area at the window's
 * open, where every country is measured before the first frame.
 */
function groundKm2(part: Polygon): number {
  const extent = part.getExtent();
  // cos φ of the Web Mercator y at the part's middle (φ = gd(y / R)): 1 / cosh(y / R), the
  // projection's inverse without its lookups (toLonLat per part was most of this pass).
  const k = 1 / Math.cosh((extent[1]! + extent[3]!) / 2 / EARTH_RADIUS);
  return (part.getArea() * k * k) / 1e6;
}

/** The Web Mercator sphere's radius, metres (EPSG:3857). */
const EARTH_RADIUS = 6378137;

/** The country's largest part (where its name goes) and its whole area, km². */
function measure(geometry: Geometry | undefined): { part: Polygon; km2: number } | null {
  const parts =
    geometry instanceof Polygon ? [geometry] : geometry instanceof MultiPolygon ? geometry.getPolygons() : [];
  let best: { part: Polygon; km2: number } | null = null;
  let km2 = 0;
  for (const part of parts) {
    const a = groundKm2(part);
    km2 += a;
    if (!best || a > best.km2) best = { part, km2: a };
  }
  return best && { part: best.part, km2 };
}

export const countryLabelsLayer: MapLayerModule = {
  id: 'country-labels',
  title: 'Country names',
  defaultVisible: true,
  toggleable: true,
  section: 'Basemap',
  create(palette) {
    const text = new Text({
      font: mapFont(0.85, 500),
      fill: new Fill({ color: palette.label }),
      stroke: new Stroke({ color: palette.labelHalo, width: 3 }),
      overflow: true,
    });
    const style = new Style({ text });
    const source = new VectorSource({ wrapX: true });
    const layer = new VectorLayer({
      source,
      className: 'wf-basemap-labels',
      declutter: 'basemap-labels',
      renderOrder: (a, b) => (b.get('km2') as number) - (a.get('km2') as number),
      properties: { id: 'country-labels' },
      style: (feature, resolution) => {
        const zoom = Math.log2(156_543.03392 / resolution);
        if (zoom < (feature.get('minZoom') as number)) return undefined;
        text.setText(feature.get('name') as string);
        return style;
      },
    });
    // Its own canvas and declutter group: the names are redrawn when the view or the theme
    // changes, not on every frame the points or the shading ask for.
    keepUnchangedFrames(layer);
    // The names are placed and drawn from the frame after the map's first whole one: placing
    // them (each tried against those before, the largest first) is a good part of a frame,
    // and the window's first frame is for the land and the points. They are placed on the
    // 1:50m outlines whatever tier the land shows (the same place at every zoom; a small
    // country is a point in the world tier), read then if the opening did not need them.
    const place = (countries: Feature[]) => {
      const labels: Feature<Point>[] = [];
      for (const country of countries) {
        const measured = measure(country.getGeometry());
        const name = country.get('name') as string | undefined;
        if (!measured || !name) continue;
        const { part, km2 } = measured;
        labels.push(new Feature({ geometry: part.getInteriorPoint(), name, km2, minZoom: minZoomFor(km2) }));
      }
      source.addFeatures(labels);
    };
    return {
      layer,
      ready: Promise.resolve(),
      firstFrame() {
        // With 1:50m unreadable, the outlines the land has (the map says so if it has none).
        loadCountryFeatures('coarse')
          .catch(() => loadCountryFeatures('world'))
          .then(place, () => undefined);
      },
      setPalette(p) {
        text.getFill()?.setColor(p.label);
        text.getStroke()?.setColor(p.labelHalo);
        layer.changed();
      },
    };
  },
};
