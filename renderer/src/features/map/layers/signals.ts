// Plotted signals: every matching point the cache holds ('signals.points', columnar), drawn
// on the GPU (WebGLVector) so a hundred thousand stay smooth. Colour is the severity band on
// the one sequential scale; the shape says the kind (point-shapes.ts: measured readings are
// diamonds, reports a shape per category group); the selected signal wears a ring.
// Country-level signals are never points here (see country-signals.ts).
import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import Overlay from 'ol/Overlay';
import WebGLVectorLayer from 'ol/layer/WebGLVector';
import { fromLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import type { FlatStyleLike } from 'ol/style/flat';
import { bandColour, bandRgb } from '../../../ui/severity';
import { POINT_FLAGS, type SignalPoints } from '../../../../../shared/contract';
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
import { categoryShapes, pointShape, SHAPE } from '../point-shapes';
import type { LayerHandle, MapLayerModule } from './types';
import { keepUnchangedFrames, webglBuffersId } from './unchanged-frames';

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

/** A point's radius in px by zoom: from `atWorld` (zoom 2) to `near` (zoom 8). */
const byZoom = (atWorld: number, near: number) => ['interpolate', ['linear'], ['zoom'], 2, atWorld, 8, near];

/**
 * One rule for every point and cell. OpenLayers runs each rule of a WebGL style over every
 * feature (a rule's filter only hides the feature in the shader), and with no GPU each run
 * costs about as much as drawing the points: one rule, the shape chosen per feature, draws
 * tens of thousands of points in a quarter of the time four rules took. The selected ring is
 * not a rule either (see the ring below).
 */
function style(p: MapPalette): FlatStyleLike {
  const shape = ['get', 'shape'];
  return {
    // A regular polygon of 24 sides reads as a disc at these sizes.
    'shape-points': ['match', shape, SHAPE.triangle, 3, SHAPE.square, 4, SHAPE.diamond, 4, 24],
    // A square stands on its side, the measured diamond on its tip.
    'shape-angle': ['match', shape, SHAPE.square, Math.PI / 4, 0],
    // Polygons a little larger than the disc, so they cover about as much; a cell's size
    // says how many it holds.
    'shape-radius': [
      'match',
      shape,
      SHAPE.cell,
      ['get', 'r'],
      SHAPE.diamond,
      byZoom(6, 9),
      SHAPE.triangle,
      byZoom(5.5, 9),
      SHAPE.square,
      byZoom(5, 8.5),
      byZoom(4, 7),
    ],
    // A cell's colour is its mean band (see signal-cells.ts), a little lighter.
    'shape-fill-color': ['match', shape, SHAPE.cell, bandColourExpression(0.8), bandColourExpression(0.92)],
    'shape-stroke-color': p.pointHalo,
    'shape-stroke-width': ['match', shape, SHAPE.diamond, 1.5, 1.2],
    'shape-opacity': ['case', ['==', ['get', 'retracted'], 1], 0.35, 1],
  } as FlatStyleLike;
}

/** One OpenLayers feature per point (all, or those listed); its properties are what the style reads. */
export function pointFeatures(points: SignalPoints, indices?: ArrayLike<number>): Feature<Point>[] {
  const count = indices ? indices.length : points.count;
  const shapes = categoryShapes(points.categories);
  const out: Feature<Point>[] = new Array(count);
  for (let j = 0; j < count; j++) {
    const i = indices ? indices[j]! : j;
    const f = new Feature({
      geometry: new Point(fromLonLat([points.lng[i]!, points.lat[i]!])),
      idx: i,
      cell: 0,
      shape: pointShape(points, i, shapes),
      band: points.band[i]!,
      measured: points.flags[i]! & POINT_FLAGS.measured ? 1 : 0,
      retracted: points.flags[i]! & POINT_FLAGS.retracted ? 1 : 0,
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
        shape: SHAPE.cell,
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
  hint: 'reported events by severity, shaped by category; measured ones as diamonds; zoomed out, cells with counts',
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
      // Hit detection renders the layer a second time and reads it back (readPixels), which on
      // a software GL stalls the page for seconds; hitAt answers from the columns instead.
      disableHitDetection: true,
      className: 'wf-signals',
      properties: { id: SIGNALS_LAYER_ID },
    });

    // A frame asked for by another layer (a country's shading, a list answered) leaves the
    // points as drawn: they are drawn again once new buffers are in.
    keepUnchangedFrames(layer, { content: () => [webglBuffersId(layer)] });

    // The selected signal's ring: an element over the map, not a WebGL rule (which would run
    // over every point on every frame for the one it marks).
    const ring = document.createElement('div');
    ring.className = 'wf-selected-ring';
    ring.setAttribute('aria-hidden', 'true');
    ring.style.borderColor = palette.selection;
    const overlay = new Overlay({ element: ring, positioning: 'center-center', stopEvent: false });
    const placeRing = () => {
      const on = layer.getVisible() && data && selected >= 0 && selected < data.points.count;
      overlay.setPosition(on ? [data!.x[selected]!, data!.y[selected]!] : undefined);
    };
    layer.on('change:visible', placeRing);

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
      if (map && !map.getOverlays().getArray().includes(overlay)) map.addOverlay(overlay);
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
        ring.style.borderColor = p.selection;
      },
      setPoints(points) {
        data = points ? project(points) : null;
        binned = new Map();
        decide(true);
        placeRing();
      },
      setSelected(index) {
        const before = selected;
        selected = index;
        placeRing();
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
        layer.getMapInternal()?.removeOverlay(overlay);
        layer.dispose();
      },
    };
    return handle;
  },
};
