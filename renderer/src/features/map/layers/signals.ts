// Plotted signals: every matching point the cache holds ('signals.points', columnar), drawn
// on the GPU (WebGLVector) so a hundred thousand stay smooth. Colour is the severity band on
// the one sequential scale; measured kinds (instrument readings) are diamonds, reports are
// circles; the selected signal wears a ring. Country-level signals are never points here
// (see country-signals.ts).
import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import WebGLVectorLayer from 'ol/layer/WebGLVector';
import { fromLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import type { FlatStyleLike } from 'ol/style/flat';
import { bandColour, bandRgb } from '../../../ui/severity';
import { POINT_MEASURED, POINT_RETRACTED, type SignalPoints } from '../../read-types';
import type { MapPalette } from '../palette';
import type { LayerHandle, MapLayerModule } from './types';

export const SIGNALS_LAYER_ID = 'signals';

export interface SignalsHandle extends LayerHandle {
  setPoints: (points: SignalPoints | null) => void;
  /** The point index of the selected signal, or -1. */
  setSelected: (index: number) => void;
  source: VectorSource<Feature<Point>>;
}

/** ['match', band, 0, unknown, 1, c1, …] with colours as [r, g, b, a]. */
function bandColourExpression(alpha: number): unknown[] {
  const expr: unknown[] = ['match', ['get', 'band']];
  for (let b = 1; b <= 10; b++) expr.push(b, [...bandRgb(b), alpha]);
  expr.push([...bandRgb(0), alpha]);
  return expr;
}

function style(p: MapPalette): FlatStyleLike {
  const fill = bandColourExpression(0.92);
  const halo = p.pointHalo;
  const opacity = ['case', ['==', ['get', 'retracted'], 1], 0.35, 1];
  return [
    {
      filter: ['==', ['get', 'measured'], 1],
      style: {
        'shape-points': 4,
        'shape-radius': ['interpolate', ['linear'], ['zoom'], 2, 6, 8, 9],
        'shape-angle': 0,
        'shape-fill-color': fill,
        'shape-stroke-color': halo,
        'shape-stroke-width': 1.5,
        'shape-opacity': opacity,
      },
    },
    {
      else: true,
      style: {
        'circle-radius': ['interpolate', ['linear'], ['zoom'], 2, 4, 8, 7],
        'circle-fill-color': fill,
        'circle-stroke-color': halo,
        'circle-stroke-width': 1.2,
        'circle-opacity': opacity,
      },
    },
    {
      filter: ['==', ['get', 'idx'], ['var', 'selected']],
      style: {
        'circle-radius': ['interpolate', ['linear'], ['zoom'], 2, 11, 8, 15],
        'circle-fill-color': 'rgba(0,0,0,0)',
        'circle-stroke-color': p.selection,
        'circle-stroke-width': 3,
      },
    },
  ] as FlatStyleLike;
}

/** One OpenLayers feature per point; its properties are what the style and tooltip read. */
export function pointFeatures(points: SignalPoints): Feature<Point>[] {
  const out: Feature<Point>[] = new Array(points.count);
  for (let i = 0; i < points.count; i++) {
    const f = new Feature({
      geometry: new Point(fromLonLat([points.lng[i]!, points.lat[i]!])),
      idx: i,
      band: points.band[i]!,
      measured: points.flags[i]! & POINT_MEASURED ? 1 : 0,
      retracted: points.flags[i]! & POINT_RETRACTED ? 1 : 0,
    });
    f.setId(points.ids[i]!);
    out[i] = f;
  }
  return out;
}

export const signalsLayer: MapLayerModule = {
  id: SIGNALS_LAYER_ID,
  title: 'Signals',
  defaultVisible: true,
  toggleable: true,
  section: 'Signals',
  hint: 'reported events by severity band; measured ones as diamonds',
  key: () => ({ shape: 'circle', colour: bandColour(5) }),
  create(palette): SignalsHandle {
    const source = new VectorSource<Feature<Point>>({ wrapX: true });
    let selected = -1;
    const layer = new WebGLVectorLayer({
      source,
      style: style(palette),
      variables: { selected },
      className: 'wf-signals',
      properties: { id: SIGNALS_LAYER_ID },
    });
    const handle: SignalsHandle = {
      layer,
      source,
      // The points come from the window's query after the map is up: nothing to wait for.
      ready: Promise.resolve(),
      setPalette(p) {
        layer.setStyle(style(p));
      },
      setPoints(points) {
        source.clear(true);
        if (points && points.count) source.addFeatures(pointFeatures(points));
      },
      setSelected(index) {
        selected = index;
        layer.updateStyleVariables({ selected });
      },
      dispose() {
        layer.dispose();
      },
    };
    return handle;
  },
};
