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
import {
  binCells,
  cellRadius,
  inWrappedRange,
  nearest,
  POINT_LIMIT,
  pointsIn,
  project,
  type Cells,
  type Extent,
  type ProjectedPoints,
} from '../signal-cells';
import type { LayerHandle, MapLayerModule } from './types';

export const SIGNALS_LAYER_ID = 'signals';

/** What is under the pointer on the signals layer: one signal's point, or a cell of them. */
export type SignalHit =
  | { kind: 'point'; index: number }
  | {
      kind: 'cell';
      n: number;
      maxBand: number;
      meanBand: number;
      measured: number;
      at: [number, number];
    };

export interface SignalsHandle extends LayerHandle {
  setPoints: (points: SignalPoints | null) => void;
  /** The point index of the selected signal, or -1. */
  setSelected: (index: number) => void;
  /** Re-decides points or cells for the map's view (called when the view has moved). */
  refresh: () => void;
  /** The signal or cell nearest `at` (EPSG:3857) within `tolerancePx`, at `resolution` m/px. */
  hitAt: (at: [number, number], resolution: number, tolerancePx: number) => SignalHit | null;
  /** The points the layer stands for: those drawn singly plus those counted in cells. */
  represented: () => number;
  /** Cells drawn, or null when the points are drawn singly. */
  cells: () => number | null;
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
      // A cell of several signals (zoomed out): its size says how many, its colour the mean band.
      filter: ['==', ['get', 'cell'], 1],
      style: {
        'circle-radius': ['get', 'r'],
        'circle-fill-color': bandColourExpression(0.8),
        'circle-stroke-color': halo,
        'circle-stroke-width': 1.2,
      },
    },
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

/** One OpenLayers feature per point (all, or those listed); its properties are what the style reads. */
export function pointFeatures(points: SignalPoints, indices?: ArrayLike<number>): Feature<Point>[] {
  const count = indices ? indices.length : points.count;
  const out: Feature<Point>[] = new Array(count);
  for (let j = 0; j < count; j++) {
    const i = indices ? indices[j]! : j;
    const f = new Feature({
      geometry: new Point(fromLonLat([points.lng[i]!, points.lat[i]!])),
      idx: i,
      cell: 0,
      band: points.band[i]!,
      measured: points.flags[i]! & POINT_MEASURED ? 1 : 0,
      retracted: points.flags[i]! & POINT_RETRACTED ? 1 : 0,
    });
    f.setId(points.ids[i]!);
    out[j] = f;
  }
  return out;
}

/** A cell's feature; a cell of one is that signal's own point. */
function cellFeatures(p: ProjectedPoints, cells: Cells): Feature<Point>[] {
  const out: Feature<Point>[] = [];
  for (let c = 0; c < cells.count; c++) {
    if (cells.n[c] === 1) {
      out.push(...pointFeatures(p.points, [cells.first[c]!]));
      continue;
    }
    out.push(
      new Feature({
        geometry: new Point([cells.x[c]!, cells.y[c]!]),
        // Never the selected index (-1 is "none").
        idx: -2,
        cell: 1,
        r: cellRadius(cells.n[c]!),
        band: cells.meanBand[c]!,
        measured: 0,
        retracted: 0,
      }),
    );
  }
  return out;
}

/** What the source holds now: every point, the points around the view, or cells. */
type Shown =
  { mode: 'all' } | { mode: 'near'; extent: Extent; indices: number[] } | { mode: 'cells'; cells: Cells };

export const signalsLayer: MapLayerModule = {
  id: SIGNALS_LAYER_ID,
  title: 'Signals',
  defaultVisible: true,
  toggleable: true,
  section: 'Signals',
  hint: 'reported events by severity band; measured ones as diamonds; zoomed out, cells with counts',
  key: () => ({ shape: 'circle', colour: bandColour(5) }),
  create(palette): SignalsHandle {
    // No spatial index: the WebGL renderer draws every feature anyway, and the pointer's hit
    // test runs over the columns (signal-cells.ts), so indexing would only cost.
    const source = new VectorSource<Feature<Point>>({ wrapX: true, useSpatialIndex: false });
    let selected = -1;
    let data: ProjectedPoints | null = null;
    let shown: Shown = { mode: 'all' };
    /** Cells per zoom level for the current answer: zooming back and forth bins once. */
    let binned = new Map<number, Cells>();
    const layer = new WebGLVectorLayer({
      source,
      style: style(palette),
      variables: { selected },
      // Hit detection renders the layer a second time and reads it back (readPixels), which on
      // a software GL stalls the page for seconds; hitAt answers from the columns instead.
      disableHitDetection: true,
      className: 'wf-signals',
      properties: { id: SIGNALS_LAYER_ID },
    });

    const view = () => {
      const map = layer.getMapInternal();
      const size = map?.getSize();
      const v = map?.getView();
      const zoom = v?.getZoom();
      if (!v || !size || !size[0] || !size[1] || zoom === undefined) return null;
      return { extent: v.calculateExtent(size) as Extent, zoom };
    };
    const fill = (features: Feature<Point>[]) => {
      source.clear(true);
      // The selected signal keeps its point (and ring) inside a cell.
      if (shown.mode === 'cells' && data && selected >= 0 && selected < data.points.count)
        features.push(...pointFeatures(data.points, [selected]));
      source.addFeatures(features);
    };
    const decide = (force: boolean) => {
      if (!data || !data.points.count) {
        shown = { mode: 'all' };
        if (force) source.clear(true);
        return;
      }
      if (data.points.count <= POINT_LIMIT) {
        // Few enough to draw singly wherever the view is.
        if (!force && shown.mode === 'all') return;
        shown = { mode: 'all' };
        fill(pointFeatures(data.points));
        return;
      }
      const v = view();
      const cellsAt = (level: number) => {
        if (!force && shown.mode === 'cells' && shown.cells.level === level) return;
        let cells = binned.get(level);
        if (!cells) binned.set(level, (cells = binCells(data!, level)));
        shown = { mode: 'cells', cells };
        fill(cellFeatures(data!, cells));
      };
      // No view yet (a map not laid out): cells at world zoom until it is, never every point.
      if (!v) return cellsAt(2);
      const [x0, y0, x1, y1] = v.extent;
      if (
        !force &&
        shown.mode === 'near' &&
        y0 >= shown.extent[1] &&
        y1 <= shown.extent[3] &&
        x1 - x0 <= shown.extent[2] - shown.extent[0] &&
        inWrappedRange(x0, shown.extent[0], shown.extent[2] - (x1 - x0))
      )
        return;
      if (pointsIn(data, v.extent, POINT_LIMIT).length <= POINT_LIMIT) {
        // Singly, with a margin around the view so a short pan needs no refill.
        const mx = (x1 - x0) / 4;
        const my = (y1 - y0) / 4;
        const extent: Extent = [x0 - mx, y0 - my, x1 + mx, y1 + my];
        const indices = pointsIn(data, extent);
        shown = { mode: 'near', extent, indices };
        fill(pointFeatures(data.points, indices));
        return;
      }
      cellsAt(Math.max(0, Math.floor(v.zoom)));
    };

    layer.on('propertychange', (e) => {
      if (e.key !== 'map') return;
      const map = layer.getMapInternal();
      map?.on('moveend', () => decide(false));
      // Laid out: the view's size is known now.
      map?.once('change:size', () => decide(false));
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
        data = points ? project(points) : null;
        binned = new Map();
        decide(true);
      },
      setSelected(index) {
        const before = selected;
        selected = index;
        layer.updateStyleVariables({ selected });
        // Inside cells the selected point is drawn on its own: swap it.
        if (shown.mode === 'cells' && before !== index && data) fill(cellFeatures(data, shown.cells));
      },
      refresh() {
        decide(false);
      },
      hitAt(at, resolution, tolerancePx) {
        if (!data || !layer.getVisible()) return null;
        const p = data;
        const cells = shown.mode === 'cells' ? shown.cells : null;
        if (cells) {
          const c = nearest(
            cells.x,
            cells.y,
            (j) => (cells.n[j] === 1 ? 5 : cellRadius(cells.n[j]!)),
            at,
            resolution,
            tolerancePx,
          );
          const onSelected =
            selected >= 0 &&
            nearest([p.x[selected]!], [p.y[selected]!], () => 7, at, resolution, tolerancePx) === 0;
          if (onSelected) return { kind: 'point', index: selected };
          if (c < 0) return null;
          if (cells.n[c] === 1) return { kind: 'point', index: cells.first[c]! };
          return {
            kind: 'cell',
            n: cells.n[c]!,
            maxBand: cells.maxBand[c]!,
            meanBand: cells.meanBand[c]!,
            measured: cells.measured[c]!,
            at: [cells.x[c]!, cells.y[c]!],
          };
        }
        const indices = shown.mode === 'near' ? shown.indices : null;
        const xs = indices ? Float64Array.from(indices, (i) => p.x[i]!) : p.x;
        const ys = indices ? Float64Array.from(indices, (i) => p.y[i]!) : p.y;
        // A point's radius grows with zoom (style above): 7 px covers the largest diamond.
        const j = nearest(xs, ys, () => 7, at, resolution, tolerancePx);
        if (j < 0) return null;
        return { kind: 'point', index: indices ? indices[j]! : j };
      },
      represented() {
        if (!data) return 0;
        if (shown.mode === 'cells') {
          let n = 0;
          for (let c = 0; c < shown.cells.count; c++) n += shown.cells.n[c]!;
          return n;
        }
        // Singly: every point is in the source, or, the view's surroundings only, the rest
        // are off screen and come in as the view moves to them.
        return shown.mode === 'all' ? source.getFeatures().length : data.points.count;
      },
      cells() {
        return shown.mode === 'cells' ? shown.cells.count : null;
      },
      dispose() {
        layer.dispose();
      },
    };
    return handle;
  },
};
