// Plotted signals: every matching point the cache holds ('signals.points', columnar), drawn
// on the GPU (WebGLVector) so a hundred thousand stay smooth. Colour is the severity band on
// the one sequential scale; the shape says the kind (point-shapes.ts: measured readings are
// diamonds, reports a shape per category group); the selected signal wears a ring.
// Country-level signals are never points here (see country-signals.ts).
import Feature from 'ol/Feature';
import type { FrameState } from 'ol/Map';
import Point from 'ol/geom/Point';
import Overlay from 'ol/Overlay';
import WebGLVectorLayer from 'ol/layer/WebGLVector';
import { fromLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import type { FlatStyleLike } from 'ol/style/flat';
import { bandColour, bandRgb } from '../../ui/severity';
import { POINT_FLAGS, type SignalPoints } from '../../../../shared/contract';
import type { MapPalette } from '../palette';
import {
  binCells,
  cellRadius,
  inWrappedRange,
  nearest,
  POINT_LIMIT,
  pointsIn,
  project,
  samePoints,
  type Cells,
  type Extent,
  type ProjectedPoints,
} from '../signal-cells';
import { categoryShapes, pointShape, SHAPE, type ShapeId } from '../point-shapes';
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
  /**
   * Whether the frame drew what the layer holds now (its last points, cells or view's
   * surroundings), or the layer is hidden: a `rendercomplete` may come for a frame drawn
   * before new points were set.
   */
  shows: (frameState: FrameState) => boolean;
  source: VectorSource<Feature<Point>>;
}

/**
 * How each shape is drawn: its corners (a regular polygon of 24 sides reads as a disc at these
 * sizes), its turn (a square stands on its side, the measured diamond on its tip), its radius
 * in px at world zoom (2) and how much it grows by zoom 8 (polygons a little larger than the
 * disc, so they cover about as much), and its outline.
 */
const SHAPE_DRAW: Record<ShapeId, { points: number; angle: number; r0: number; r1: number; sw: number }> = {
  [SHAPE.circle]: { points: 24, angle: 0, r0: 4, r1: 3, sw: 1.2 },
  [SHAPE.triangle]: { points: 3, angle: 0, r0: 5.5, r1: 3.5, sw: 1.2 },
  [SHAPE.square]: { points: 4, angle: Math.PI / 4, r0: 5, r1: 3.5, sw: 1.2 },
  [SHAPE.diamond]: { points: 4, angle: 0, r0: 6, r1: 3, sw: 1.5 },
  // A cell's size says how many it holds (its own r0, set per cell).
  [SHAPE.cell]: { points: 24, angle: 0, r0: 0, r1: 0, sw: 1.2 },
};

/** The fill of each band 0–10 as [r, g, b, a]: points' and, a little lighter, cells'. */
const bandFills = (alpha: number) =>
  Array.from({ length: 11 }, (_, b) => [...bandRgb(b), alpha] as [number, number, number, number]);
const POINT_FILL = bandFills(0.92);
const CELL_FILL = bandFills(0.8);

/**
 * What the style reads of a point or cell, worked out here rather than in the shader: with no
 * GPU the shader runs on the CPU for every pixel of every point, and one choosing the shape,
 * size and band colour itself (a match over every band for every shape) made each frame of
 * the points half as long again (some 60 ms against 40 on a busy two-core machine), the first
 * one, which compiles it, longer still.
 */
function drawProps(shape: ShapeId, band: number, retracted: boolean, cellR = 0) {
  const d = SHAPE_DRAW[shape];
  // A cell's colour is its mean band (see signal-cells.ts).
  const fills = shape === SHAPE.cell ? CELL_FILL : POINT_FILL;
  return {
    points: d.points,
    angle: d.angle,
    r0: shape === SHAPE.cell ? cellR : d.r0,
    r1: d.r1,
    sw: d.sw,
    fill: fills[band >= 1 && band <= 10 ? band : 0]!,
    op: retracted ? 0.35 : 1,
  };
}

/**
 * One rule for every point and cell. OpenLayers runs each rule of a WebGL style over every
 * feature (a rule's filter only hides the feature in the shader), and with no GPU each run
 * costs about as much as drawing the points: one rule, the shape chosen per feature, draws
 * tens of thousands of points in a quarter of the time four rules took. The selected ring is
 * not a rule either (see the ring below). Each feature carries its own shape, size and colour
 * (drawProps): the shader only reads them.
 */
function style(p: MapPalette): FlatStyleLike {
  return {
    'shape-points': ['get', 'points'],
    'shape-angle': ['get', 'angle'],
    'shape-radius': [
      '+',
      ['get', 'r0'],
      ['*', ['get', 'r1'], ['interpolate', ['linear'], ['zoom'], 2, 0, 8, 1]],
    ],
    'shape-fill-color': ['get', 'fill'],
    'shape-stroke-color': p.pointHalo,
    'shape-stroke-width': ['get', 'sw'],
    'shape-opacity': ['get', 'op'],
  } as FlatStyleLike;
}

/** One OpenLayers feature per point (all, or those listed); its properties are what the style reads. */
export function pointFeatures(points: SignalPoints, indices?: ArrayLike<number>): Feature<Point>[] {
  const count = indices ? indices.length : points.count;
  const shapes = categoryShapes(points.categories);
  const out: Feature<Point>[] = new Array(count);
  for (let j = 0; j < count; j++) {
    const i = indices ? indices[j]! : j;
    const shape = pointShape(points, i, shapes);
    const band = points.band[i]!;
    const retracted = points.flags[i]! & POINT_FLAGS.retracted ? 1 : 0;
    const f = new Feature({
      geometry: new Point(fromLonLat([points.lng[i]!, points.lat[i]!])),
      idx: i,
      cell: 0,
      shape,
      band,
      measured: points.flags[i]! & POINT_FLAGS.measured ? 1 : 0,
      retracted,
      ...drawProps(shape, band, !!retracted),
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
        band: cells.meanBand[c]!,
        measured: 0,
        retracted: 0,
        ...drawProps(SHAPE.cell, cells.meanBand[c]!, false, cellRadius(cells.n[c]!)),
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
    /** The halo the points' style was made with (the one palette colour it reads). */
    let halo = palette.pointHalo;
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
    // What the page is shown of the layer. Without a GPU a WebGL canvas on the page is read
    // back, every pixel, each time it is drawn, and the read waits for the software GL to
    // finish drawing: so no canvas while there is nothing to show (no points; new points'
    // first buffers still being built, with none on screen before them; or the map's other
    // data, the land, not in yet: the points come with it). The renderer still prepares every
    // frame: its context made, the buffers built.
    //
    // And the software GL compiles the points' shaders at their first draw, a tenth of a
    // second or more: when the first points' buffers are in before the land, they are drawn
    // once unseen, at once, and it compiles them on its own thread while the page reads and
    // draws the land.
    const render = layer.render.bind(layer);
    const prepare = (frameState: FrameState) => void layer.getRenderer()?.prepareFrame(frameState);
    const glOf = (r: unknown) => (r as { helper?: { getGL: () => WebGLRenderingContext } }).helper?.getGL();
    /** Fills of the source so far, and how many each frame shown had seen. */
    let fills = 0;
    const drew = new WeakMap<FrameState, number>();
    /** The buffers there were when the source was last filled; whether the canvas is shown. */
    let buffersAtFill = NaN;
    let showing = false;
    let compiled = false;
    let mapReady = false;
    layer.render = (frameState, target) => {
      if (!frameState) return render(frameState, target);
      const buffers = webglBuffersId(layer);
      const empty = source.isEmpty();
      const stale = !showing && buffers === buffersAtFill;
      if (empty || stale || !mapReady) {
        if (!compiled && !empty && !stale && render(frameState, target)) {
          compiled = true;
          // Sent to the GL now: nothing on the page asks for it until it is shown.
          glOf(layer.getRenderer())?.flush();
        } else prepare(frameState);
        if (empty) drew.set(frameState, fills);
        showing = false;
        return null;
      }
      drew.set(frameState, fills);
      const element = render(frameState, target);
      showing = !!element;
      return element;
    };

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
      fills++;
      buffersAtFill = webglBuffersId(layer);
      source.clear(true);
      // The selected signal keeps its point (and ring) inside a cell.
      if (shown.mode === 'cells' && data && selected >= 0 && selected < data.points.count)
        features.push(...pointFeatures(data.points, [selected]));
      source.addFeatures(features);
    };
    const decide = (force: boolean) => {
      if (!data || !data.points.count) {
        shown = { mode: 'all' };
        if (force) fill([]);
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
      mapReady() {
        mapReady = true;
        layer.getMapInternal()?.render();
      },
      setPalette(p) {
        // A new style throws the layer's renderer away (its shaders and the points' buffers,
        // built again from every feature): only when the points' colours really change. The
        // map view tells the palette once as it opens, right after the first points.
        if (p.pointHalo !== halo) layer.setStyle(style(p));
        halo = p.pointHalo;
        ring.style.borderColor = p.selection;
      },
      setPoints(points) {
        // The same points asked again (the window re-reads after any change to the cache):
        // what is drawn stands, and so do its buffers.
        if (points && data && samePoints(data.points, points)) {
          data = { ...data, points };
          placeRing();
          return;
        }
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
      shows(frameState) {
        // A frame drawn after the last fill; its buffers are in (OpenLayers completes no frame
        // while they are being built).
        return !layer.getVisible() || drew.get(frameState) === fills;
      },
      dispose() {
        layer.getMapInternal()?.removeOverlay(overlay);
        layer.dispose();
      },
    };
    return handle;
  },
};
