// Plotted signals: every matching point the cache holds ('signals.points', columnar), drawn
// as clusters at every zoom, so never more than a few thousand glyphs, on a canvas. Colour is
// the severity band on the one sequential scale; the shape says the kind (point-shapes.ts: measured readings are
// diamonds, reports a shape per category group); the selected signal wears a ring. Points
// closer than a cell on screen are clustered (signal-cells.ts), each cluster's count written
// on it by a small canvas layer over the points (the counts' layer, one label per cluster).
// A measured signal whose reading its own layer draws (setCovered) is left to that layer: one
// glyph per reading, where it was measured. Country-level signals are never points here (see
// country-signals.ts).
import Feature, { type FeatureLike } from 'ol/Feature';
import type { FrameState } from 'ol/Map';
import Point from 'ol/geom/Point';
import Overlay from 'ol/Overlay';
import LayerGroup from 'ol/layer/Group';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import { Fill, RegularShape, Stroke, Style, Text } from 'ol/style';
import { bandColour, bandRgb, bandTextColour } from '../../ui/severity';
import { POINT_FLAGS } from '../../../../shared/contract-values';
import type { SignalPoints } from '../../../../shared/contract';
import { mapFont, type MapPalette } from '../palette';
import {
  binCells,
  cellRadius,
  countLabel,
  inWrappedRange,
  membersOf,
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
import { DRAWS_EMPTY, type LayerHandle, type MapLayerModule } from './types';
import { keepUnchangedFrames } from './unchanged-frames';

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
      /** Its points' indices (worked out when asked: a pass over the points). */
      members: () => number[];
    };

/** What the clusters drawn say (the end-to-end test reads it from the map element). */
export interface ClusterCounts {
  /** The count written on each cluster of two or more. */
  counts: number[];
  /** Points drawn singly. */
  singles: number;
  /** Measured signals left to their readings' layers. */
  covered: number;
}

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
  /** Clusters of two or more drawn, or null when every point is drawn singly. */
  cells: () => number | null;
  /** The clusters' counts as drawn, or null before any points. */
  clusters: () => ClusterCounts | null;
  /**
   * The measured signals (by id) whose readings their own layers draw: their points are not
   * drawn again (one glyph per reading), nor counted in a cluster.
   */
  setCovered: (ids: ReadonlySet<string>) => void;
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
 * How a point or cell is drawn: its shape, size and colour (drawProps, carried by the feature),
 * the size growing a little from world zoom (2) to zoom 8. One style per look, kept: a canvas
 * draws a shape made once as an image, so the few thousand glyphs at most (every zoom is
 * clustered, signal-cells.ts) cost a few milliseconds a frame.
 */
function styleOf(p: MapPalette): (feature: FeatureLike, resolution: number) => Style {
  const kept = new Map<string, Style>();
  return (feature, resolution) => {
    const zoom = Math.log2(156_543.03392 / resolution);
    const grow = Math.min(1, Math.max(0, (zoom - 2) / 6));
    const d = feature.getProperties() as ReturnType<typeof drawProps>;
    // A quarter pixel is as fine as the eye tells sizes apart.
    const radius = Math.round((d.r0 + d.r1 * grow) * 4) / 4;
    const key = `${d.points}|${d.angle}|${radius}|${d.fill.join(',')}|${d.sw}|${d.op}`;
    let style = kept.get(key);
    if (!style) {
      const [r, g, b, a] = d.fill;
      style = new Style({
        image: new RegularShape({
          points: d.points,
          angle: d.angle,
          radius,
          fill: new Fill({ color: [r, g, b, a] }),
          stroke: new Stroke({ color: p.pointHalo, width: d.sw }),
        }),
      });
      style.getImage()!.setOpacity(d.op);
      kept.set(key, style);
    }
    return style;
  };
}

/**
 * One OpenLayers feature per point (all, or those listed); its properties are what the style
 * reads, and `idx` its point's place in the answer. No feature id: the answer's ids are read
 * only when a point is clicked or listed (shared/wire.ts spells them out then).
 */
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

/** The count written on each cluster: one label feature per cell of two or more. */
function countFeatures(cells: Cells): Feature<Point>[] {
  const out: Feature<Point>[] = [];
  for (let c = 0; c < cells.count; c++) {
    const n = cells.n[c]!;
    if (n < 2) continue;
    out.push(new Feature({ geometry: new Point([cells.x[c]!, cells.y[c]!]), n, band: cells.meanBand[c]! }));
  }
  return out;
}

/**
 * What the source holds: cells of every point (`extent` null) or of the points around the
 * view (a view with few enough points: only those are made features).
 */
type Shown = { cells: Cells; extent: Extent | null } | null;

export const signalsLayer: MapLayerModule = {
  id: SIGNALS_LAYER_ID,
  title: 'Signals',
  defaultVisible: true,
  toggleable: true,
  section: 'Signals',
  hint: 'reported events by severity, shaped by category; measured ones as diamonds; zoomed out, cells with counts',
  key: () => ({ shape: 'circle', colour: bandColour(5) }),
  create(palette): SignalsHandle {
    // No spatial index: a few thousand features at most (clusters), and the pointer's hit test
    // runs over the columns (signal-cells.ts), so indexing would only cost.
    const source = new VectorSource<Feature<Point>>({ wrapX: true, useSpatialIndex: false });
    let selected = -1;
    /** The halo the points' style was made with (the one palette colour it reads). */
    let halo = palette.pointHalo;
    let data: ProjectedPoints | null = null;
    let shown: Shown = null;
    /** Measured signals drawn by their readings' layers, and how many of the answer's they are. */
    let covered: ReadonlySet<string> = new Set();
    let coveredCount = 0;
    /** Points not left to a reading: those the cells hold. */
    let drawable = 0;
    /** Cells per zoom level for the current answer: zooming back and forth bins once. */
    let binned = new Map<number, Cells>();
    const layer = new VectorLayer({
      source,
      style: styleOf(palette),
      // The band's order: the most severe drawn last, on top.
      renderOrder: (a, b) => (a.get('band') as number) - (b.get('band') as number),
      className: 'wf-signals',
      // Its frames are noted even with no points (shows): it gives no canvas then itself.
      properties: { id: SIGNALS_LAYER_ID, [DRAWS_EMPTY]: true },
    });
    // The clusters' counts: a canvas layer of its own over the points, one label per cluster
    // (a few hundred at most at world zoom), drawn when the view settles, not while it moves.
    const countSource = new VectorSource<Feature<Point>>({ wrapX: true, useSpatialIndex: false });
    const countText = Array.from(
      { length: 11 },
      (_, b) =>
        new Style({
          text: new Text({
            font: mapFont(0.75, 700),
            fill: new Fill({ color: bandTextColour(b) }),
            overflow: true,
          }),
        }),
    );
    const counts = new VectorLayer({
      source: countSource,
      className: 'wf-signal-counts',
      style: (f) => {
        const s = countText[f.get('band') as number] ?? countText[0]!;
        s.getText()!.setText(countLabel(f.get('n') as number));
        return s;
      },
    });
    keepUnchangedFrames(counts);
    const group = new LayerGroup({
      layers: [layer, counts],
      properties: { id: `${SIGNALS_LAYER_ID}-group` },
    });
    const visible = () => group.getVisible();

    // A frame asked for by another layer (a country's shading, a list answered) leaves the
    // points as drawn: they are drawn again when the source or the view changes.
    keepUnchangedFrames(layer);
    // Each frame notes how many fills of the source it drew (shows: a rendercomplete may come
    // for a frame drawn before new points were set); no canvas with no points. The map draws
    // no layer before the land is in (watch-map.ts): the points come with it.
    const render = layer.render.bind(layer);
    /** Fills of the source so far, and how many each frame drawn had seen. */
    let fills = 0;
    const drew = new WeakMap<FrameState, number>();
    layer.render = (frameState, target) => {
      if (!frameState) return render(frameState, target);
      drew.set(frameState, fills);
      return source.isEmpty() ? null : render(frameState, target);
    };

    // The selected signal's ring: an element over the map, not a style of its own (which would
    // redraw every point on every frame for the one it marks).
    const ring = document.createElement('div');
    ring.className = 'wf-selected-ring';
    ring.setAttribute('aria-hidden', 'true');
    ring.style.borderColor = palette.selection;
    const overlay = new Overlay({ element: ring, positioning: 'center-center', stopEvent: false });
    const placeRing = () => {
      const on = visible() && data && selected >= 0 && selected < data.points.count && !data.skip?.[selected];
      overlay.setPosition(on ? [data!.x[selected]!, data!.y[selected]!] : undefined);
    };
    group.on('change:visible', placeRing);

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
      source.clear(true);
      // The selected signal keeps its point (and ring) inside a cluster.
      if (shown && data && selected >= 0 && selected < data.points.count && !data.skip?.[selected])
        features.push(...pointFeatures(data.points, [selected]));
      source.addFeatures(features);
      countSource.clear(true);
      if (shown) countSource.addFeatures(countFeatures(shown.cells));
    };
    const decide = (force: boolean) => {
      if (!data || !drawable) {
        shown = null;
        if (force) fill([]);
        return;
      }
      const v = view();
      // No view yet (a map not laid out): the world zoom's cells until it is.
      const level = v ? Math.max(0, Math.floor(v.zoom)) : 2;
      const cellsOfAll = () => {
        if (!force && shown?.extent === null && shown.cells.level === level) return;
        let cells = binned.get(level);
        if (!cells) binned.set(level, (cells = binCells(data!, level)));
        shown = { cells, extent: null };
        fill(cellFeatures(data!, cells));
      };
      // Few enough to bin every one wherever the view is (a pass over them per zoom level).
      if (!v || drawable <= POINT_LIMIT) return cellsOfAll();
      const [x0, y0, x1, y1] = v.extent;
      const near = shown?.extent;
      if (
        !force &&
        near &&
        shown!.cells.level === level &&
        y0 >= near[1] &&
        y1 <= near[3] &&
        x1 - x0 <= near[2] - near[0] &&
        inWrappedRange(x0, near[0], near[2] - (x1 - x0))
      )
        return;
      if (pointsIn(data, v.extent, POINT_LIMIT).length <= POINT_LIMIT) {
        // Only the points around the view, with a margin so a short pan needs no refill.
        const mx = (x1 - x0) / 4;
        const my = (y1 - y0) / 4;
        const extent: Extent = [x0 - mx, y0 - my, x1 + mx, y1 + my];
        const cells = binCells(data, level, pointsIn(data, extent));
        shown = { cells, extent };
        fill(cellFeatures(data, cells));
        return;
      }
      cellsOfAll();
    };
    /** Marks the points left to their readings (covered), and counts the rest. */
    const cover = (p: ProjectedPoints): ProjectedPoints => {
      const { points } = p;
      let skip: Uint8Array | undefined;
      coveredCount = 0;
      if (covered.size)
        for (let i = 0; i < points.count; i++)
          // Not by the measured flag: the alternate profile's signals do not say they are measured,
          // though their readings name them.
          if (covered.has(points.ids[i]!)) {
            skip ??= new Uint8Array(points.count);
            skip[i] = 1;
            coveredCount++;
          }
      drawable = points.count - coveredCount;
      return skip ? { ...p, skip } : { points: p.points, x: p.x, y: p.y };
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
      layer: group,
      source,
      // The points come from the window's query after the map is up: nothing to wait for.
      ready: Promise.resolve(),
      setPalette(p) {
        // Only when the points' colours really change: the map view tells the palette once as
        // it opens, right after the first points.
        if (p.pointHalo !== halo) layer.setStyle(styleOf(p));
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
        data = points ? cover(project(points)) : null;
        if (!data) drawable = coveredCount = 0;
        binned = new Map();
        decide(true);
        placeRing();
      },
      setSelected(index) {
        const before = selected;
        selected = index;
        placeRing();
        // Inside a cluster the selected point is drawn on its own: swap it.
        if (shown && before !== index && data) fill(cellFeatures(data, shown.cells));
      },
      setCovered(ids) {
        const same = ids.size === covered.size && [...ids].every((id) => covered.has(id));
        if (same) return;
        covered = ids;
        if (!data) return;
        data = cover(data);
        binned = new Map();
        decide(true);
        placeRing();
      },
      refresh() {
        decide(false);
      },
      hitAt(at, resolution, tolerancePx) {
        if (!data || !visible()) return null;
        const p = data;
        const cells = shown?.cells ?? null;
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
            !p.skip?.[selected] &&
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
            members: () => membersOf(p, cells, c),
          };
        }
        return null;
      },
      represented() {
        if (!data) return 0;
        // The clusters of the view's surroundings only: the rest are off screen and come in
        // as the view moves to them.
        if (!shown || shown.extent) return data.points.count;
        let n = coveredCount;
        for (let c = 0; c < shown.cells.count; c++) n += shown.cells.n[c]!;
        return n;
      },
      cells() {
        if (!shown) return null;
        let n = 0;
        for (let c = 0; c < shown.cells.count; c++) if (shown.cells.n[c]! > 1) n++;
        return n || null;
      },
      clusters() {
        if (!data) return null;
        const out: ClusterCounts = { counts: [], singles: 0, covered: coveredCount };
        for (const f of countSource.getFeatures()) out.counts.push(f.get('n') as number);
        if (shown) for (let c = 0; c < shown.cells.count; c++) if (shown.cells.n[c] === 1) out.singles++;
        return out;
      },
      shows(frameState) {
        // A frame drawn after the last fill.
        return !visible() || drew.get(frameState) === fills;
      },
      dispose() {
        layer.getMapInternal()?.removeOverlay(overlay);
        layer.dispose();
        counts.dispose();
      },
    };
    return handle;
  },
};
