// The Hotspots view's shown answer (a stored GET /signals/hotspots, alternate profile): each
// hotspot as a grid cell of the answer's precision around its centre, shaded by how many
// signals fell in it and outlined by the highest severity score, so the analyst sees where
// reporting clusters. Drawn from the cache, so offline too.
import Feature from 'ol/Feature';
import { fromExtent } from 'ol/geom/Polygon';
import VectorLayer from 'ol/layer/Vector';
import { transformExtent } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import { Fill, Stroke, Style } from 'ol/style';
import { bandColour } from '../../ui/severity';
import type { MapPalette } from '../../map/palette';
import type { FeatureInfo, InspectableHandle, MapLayerModule } from '../../map/layers/types';

export const HOTSPOTS_LAYER_ID = 'hotspots';

export interface HotspotCell {
  lat: number;
  lng: number;
  count: number;
  maxSeverity: number | null;
  categories: readonly string[];
}

export interface HotspotsHandle extends InspectableHandle {
  source: VectorSource;
  /** Draws the cells (`precision` degrees a side; null clears); returns the features drawn. */
  setHotspots: (h: { cells: readonly HotspotCell[]; precision: number } | null) => number;
}

const clampLat = (v: number) => Math.max(-85, Math.min(85, v));

export function cellExtent(c: HotspotCell, precision: number): [number, number, number, number] {
  const h = precision / 2;
  return [Math.max(-180, c.lng - h), clampLat(c.lat - h), Math.min(180, c.lng + h), clampLat(c.lat + h)];
}

export const hotspotsLayer: MapLayerModule & { create: (palette: MapPalette) => HotspotsHandle } = {
  id: HOTSPOTS_LAYER_ID,
  title: 'Hotspots',
  defaultVisible: true,
  toggleable: true,
  section: 'Signals',
  hint: 'the answer shown in Hotspots: a cell per hotspot, darker for more signals',
  key: (p) => ({ shape: 'square', colour: p.selection, filled: true }),
  create(initial) {
    let palette = initial;
    let most = 1;
    const source = new VectorSource({ wrapX: true });
    const layer = new VectorLayer({
      source,
      className: 'wf-hotspots',
      properties: { id: HOTSPOTS_LAYER_ID },
      style: (f) => {
        const cell = f.get('cell') as HotspotCell;
        // 15–60 % opacity by count: the busiest cell stands out, a single signal still shows.
        const alpha = Math.round((0.15 + 0.45 * (cell.count / most)) * 255)
          .toString(16)
          .padStart(2, '0');
        return new Style({
          fill: new Fill({ color: `${palette.selection}${alpha}` }),
          stroke: new Stroke({
            color:
              cell.maxSeverity !== null
                ? bandColour(Math.max(1, Math.floor(cell.maxSeverity)))
                : palette.selection,
            width: 2,
          }),
        });
      },
    });
    const describe = (f: Parameters<InspectableHandle['describe']>[0]): FeatureInfo | null => {
      const cell = f.get('cell') as HotspotCell | undefined;
      if (!cell) return null;
      return {
        kind: 'Hotspot',
        measured: false,
        title: `${cell.count} signals around ${cell.lat}, ${cell.lng}`,
        figures: [
          { label: 'Signals', value: String(cell.count) },
          ...(cell.maxSeverity !== null
            ? [{ label: 'Highest severity score', value: String(cell.maxSeverity) }]
            : []),
        ],
        time: null,
        notes: cell.categories.length ? [cell.categories.join(', ').replace(/_/g, ' ')] : [],
        select: null,
      };
    };
    return {
      layer,
      source,
      ready: Promise.resolve(),
      setPalette(p) {
        palette = p;
        layer.changed();
      },
      describe,
      setSelected: () => undefined,
      setHotspots(h) {
        source.clear();
        if (!h) return 0;
        most = Math.max(1, ...h.cells.map((c) => c.count));
        const features = h.cells.map(
          (cell) =>
            new Feature({
              geometry: fromExtent(transformExtent(cellExtent(cell, h.precision), 'EPSG:4326', 'EPSG:3857')),
              cell,
            }),
        );
        source.addFeatures(features);
        return features.length;
      },
    };
  },
};
