// The footprints of the scenes in the Imagery view's shown answer (a stored GET /imagery
// answer): each scene's box as an outline, dashed before the event and solid after it, so the
// analyst sees what the catalog covers against the event's point or AOI, drawn as a target.
import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import { fromExtent } from 'ol/geom/Polygon';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat, transformExtent } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import { Fill, RegularShape, Stroke, Style } from 'ol/style';
import type { MapPalette } from '../../map/palette';
import type { LayerHandle, MapLayerModule } from '../../map/layers/types';

export const IMAGERY_FOOTPRINTS_LAYER_ID = 'imagery-footprints';

export interface Footprint {
  id: string;
  bbox: readonly [number, number, number, number];
  timing: 'pre' | 'post' | 'same_day_unknown' | null;
}

export interface ImageryFootprintsHandle extends LayerHandle {
  source: VectorSource;
  /** Draws the footprints and the event's point (null clears); returns the features drawn. */
  setFootprints: (
    fp: { footprints: readonly Footprint[]; eventPoint: readonly [number, number] | null } | null,
  ) => number;
}

function styles(p: MapPalette) {
  const halo = new Stroke({ color: p.symbolHalo, width: 4 });
  return {
    pre: [
      new Style({ stroke: halo }),
      new Style({ stroke: new Stroke({ color: p.selection, width: 1.5, lineDash: [6, 4] }) }),
    ],
    post: [new Style({ stroke: halo }), new Style({ stroke: new Stroke({ color: p.selection, width: 2 }) })],
    other: [
      new Style({ stroke: halo }),
      new Style({ stroke: new Stroke({ color: p.selection, width: 1.5, lineDash: [2, 3] }) }),
    ],
    event: new Style({
      image: new RegularShape({
        points: 4,
        radius: 9,
        radius2: 2,
        angle: 0,
        fill: new Fill({ color: p.own.attention }),
        stroke: new Stroke({ color: p.own.attention, width: 2 }),
      }),
    }),
  };
}

export const imageryFootprintsLayer: MapLayerModule & {
  create: (palette: MapPalette) => ImageryFootprintsHandle;
} = {
  id: IMAGERY_FOOTPRINTS_LAYER_ID,
  title: 'Imagery footprints',
  defaultVisible: true,
  toggleable: true,
  section: 'Your areas',
  hint: 'the scenes of the answer shown in Imagery: dashed before the event, solid after',
  key: (p) => ({ shape: 'box', colour: p.selection, dash: 'dashed' }),
  create(initial) {
    let s = styles(initial);
    const source = new VectorSource({ wrapX: true });
    const layer = new VectorLayer({
      source,
      className: 'wf-imagery-footprints',
      properties: { id: IMAGERY_FOOTPRINTS_LAYER_ID },
      style: (f) => {
        const part = f.get('part') as string;
        if (part === 'event') return s.event;
        return part === 'pre' ? s.pre : part === 'post' ? s.post : s.other;
      },
    });
    return {
      layer,
      source,
      ready: Promise.resolve(),
      setPalette(p) {
        s = styles(p);
        layer.changed();
      },
      setFootprints(fp) {
        source.clear();
        if (!fp) return 0;
        const features: Feature[] = fp.footprints.map(
          (f) =>
            new Feature({
              geometry: fromExtent(transformExtent([...f.bbox], 'EPSG:4326', 'EPSG:3857')),
              part: f.timing ?? 'other',
              sceneId: f.id,
            }),
        );
        if (fp.eventPoint)
          features.push(new Feature({ geometry: new Point(fromLonLat([...fp.eventPoint])), part: 'event' }));
        source.addFeatures(features);
        return features.length;
      },
    };
  },
};
