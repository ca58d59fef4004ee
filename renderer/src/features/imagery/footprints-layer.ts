// The footprints of the scenes in the Imagery view's shown answer (a stored GET /imagery
// answer): each scene's box as an outline, dashed before the event and solid after it, so the
// analyst sees what the catalog covers against the event's point or AOI, drawn as a target.
import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import { fromExtent } from 'ol/geom/Polygon';
import { fromLonLat, transformExtent } from 'ol/proj';
import { Stroke, Style } from 'ol/style';
import type { MapPalette } from '../../map/palette';
import { drawnLayer, targetStyle, type DrawnLayerHandle } from '../../map/layers/drawn-layer';

export const IMAGERY_FOOTPRINTS_LAYER_ID = 'imagery-footprints';

export interface Footprint {
  id: string;
  bbox: readonly [number, number, number, number];
  timing: 'pre' | 'post' | 'same_day_unknown' | null;
}

export interface FootprintsPicture {
  footprints: readonly Footprint[];
  eventPoint: readonly [number, number] | null;
}

export type ImageryFootprintsHandle = DrawnLayerHandle<FootprintsPicture>;

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
    event: targetStyle(p),
  };
}

export const imageryFootprintsLayer = drawnLayer({
  id: IMAGERY_FOOTPRINTS_LAYER_ID,
  title: 'Imagery footprints',
  section: 'Your areas',
  hint: 'the scenes of the answer shown in Imagery: dashed before the event, solid after',
  className: 'wf-imagery-footprints',
  key: (p) => ({ shape: 'box', colour: p.selection, dash: 'dashed' }),
  styles,
  features(fp: FootprintsPicture) {
    const features: Feature[] = fp.footprints.map(
      (f) =>
        new Feature({
          geometry: fromExtent(transformExtent([...f.bbox], 'EPSG:4326', 'EPSG:3857')),
          part: f.timing === 'pre' || f.timing === 'post' ? f.timing : 'other',
          sceneId: f.id,
        }),
    );
    if (fp.eventPoint)
      features.push(new Feature({ geometry: new Point(fromLonLat([...fp.eventPoint])), part: 'event' }));
    return features;
  },
});
