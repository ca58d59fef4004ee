// Country names, placed inside each country's largest part and shown by size: the largest
// from the world view, the smallest only when zoomed in. Decluttered, larger first.
import Feature from 'ol/Feature';
import GeoJSON from 'ol/format/GeoJSON';
import type { Geometry } from 'ol/geom';
import MultiPolygon from 'ol/geom/MultiPolygon';
import type Point from 'ol/geom/Point';
import Polygon from 'ol/geom/Polygon';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { getArea } from 'ol/sphere';
import { Fill, Stroke, Style, Text } from 'ol/style';
import { loadCountries } from '../basemap-data';
import { mapFont } from '../palette';
import type { MapLayerModule } from './types';

/** Square kilometres -> the zoom from which the name shows. */
function minZoomFor(km2: number): number {
  if (km2 >= 1_500_000) return 1.5;
  if (km2 >= 300_000) return 2.6;
  if (km2 >= 60_000) return 3.6;
  if (km2 >= 8_000) return 4.6;
  return 5.6;
}

function largestPart(geometry: Geometry | undefined): Polygon | null {
  if (geometry instanceof Polygon) return geometry;
  if (!(geometry instanceof MultiPolygon)) return null;
  let best: Polygon | null = null;
  for (const p of geometry.getPolygons()) if (!best || p.getArea() > best.getArea()) best = p;
  return best;
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
    const ready = loadCountries().then((countries) => {
      const labels: Feature<Point>[] = [];
      for (const country of new GeoJSON().readFeatures(countries, { featureProjection: 'EPSG:3857' })) {
        const part = largestPart(country.getGeometry());
        const name = country.get('name') as string | undefined;
        if (!part || !name) continue;
        const km2 = getArea(country.getGeometry()!) / 1e6;
        labels.push(new Feature({ geometry: part.getInteriorPoint(), name, km2, minZoom: minZoomFor(km2) }));
      }
      source.addFeatures(labels);
    });
    return {
      layer,
      ready,
      setPalette(p) {
        text.getFill()?.setColor(p.label);
        text.getStroke()?.setColor(p.labelHalo);
        layer.changed();
      },
    };
  },
};
