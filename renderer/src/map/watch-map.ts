// The OpenLayers map behind the Map view, kept out of React: made once per mount, told the
// theme and the layer choices, and reporting where the analyst moved it.
import OlMap, { type FrameState } from 'ol/Map';
import type RenderEvent from 'ol/render/Event';
import Graticule from 'ol/layer/Graticule';
import type Layer from 'ol/layer/Layer';
import VectorSource from 'ol/source/Vector';
import View from 'ol/View';
import { defaults as defaultControls, MousePosition, ScaleLine } from 'ol/control';
import { fromLonLat, toLonLat, transformExtent } from 'ol/proj';
import { DEFAULT_MAP } from '../state/view-state';
import type { MapTarget } from '../state/map-request';
import { fitPadding, type Cover } from './fit-padding';
import { LAYER_MODULES, type LayerHandle, type MapLayerModule } from './layers';
import { DRAWS_EMPTY } from './layers/types';
import type { MapPalette } from './palette';

export interface WatchMapOptions {
  target: HTMLElement;
  /** The layers, bottom to top (layers/index.ts, `stackLayers`); the platform's own if left out. */
  modules?: readonly MapLayerModule[];
  center: [number, number];
  zoom: number;
  palette: MapPalette;
  visibility: Record<string, boolean>;
  onMove: (center: [number, number], zoom: number) => void;
  /** The first frame drawn with every layer's data in. */
  onFirstRender: () => void;
  onError: (error: Error) => void;
  /** The panels standing over the map (the legend, the layer list): a box asked for is fitted clear of them. */
  coveredBy?: () => Iterable<Element>;
}

/** The margin (px) kept round a box asked for: clear of the controls along the map's edges. */
const FIT_MARGIN = 70;

export interface WatchMap {
  map: OlMap;
  setPalette: (palette: MapPalette) => void;
  setVisibility: (visibility: Record<string, boolean>) => void;
  resetView: () => void;
  /**
   * Whether a frame was drawn with every layer's data in (the land read, every `ready`):
   * a frame drawn before may still report complete (OpenLayers tells `rendercomplete` after
   * the frame, when the data may have come in since).
   */
  withData: (frameState: FrameState) => boolean;
  /** A layer's handle by its module id (the signal layers take their data through it). */
  handle: <H extends LayerHandle = LayerHandle>(id: string) => H | undefined;
  /** Goes where the analyst asked (state/map-request.ts): a point at a zoom, or a box whole, with a margin. */
  goTo: (target: MapTarget) => void;
  dispose: () => void;
}

const wrapLon = (lon: number) => ((((lon + 180) % 360) + 360) % 360) - 180;

function formatLonLat(c: number[] | undefined): string {
  if (!c) return '';
  const [lon = 0, lat = 0] = c;
  return `${Math.abs(lat).toFixed(4)}° ${lat >= 0 ? 'N' : 'S'}  ${Math.abs(wrapLon(lon)).toFixed(4)}° ${lon >= 0 ? 'E' : 'W'}`;
}

/**
 * No canvas for a layer with nothing to draw. OpenLayers gives each layer with a class of its
 * own a canvas the map's size, drawn and handed to the page each frame even when empty: as the
 * window opens most are (the analyst's areas, the measured readings, a tool's footprints, the
 * places before zoom 5), and without a GPU the page copies and composes every one of them, a
 * good part of each frame. A vector layer whose source holds no feature gives no element, so
 * it has no canvas on the page until it has something to show (not the graticule, whose source
 * is filled as it is drawn); and no layer draws before the land is in (`drawing` false): such
 * a frame has nothing worth showing, and each cost the opening a tenth of a second. Each layer
 * the map draws is taken as it first comes, the drawing tools' own sketch layers too.
 */
const drawChecked = new WeakSet<Layer>();
function drawOnlyWithContent(layer: Layer, drawing: () => boolean): void {
  if (drawChecked.has(layer)) return;
  drawChecked.add(layer);
  const source: unknown = layer.getSource();
  const empty =
    source instanceof VectorSource && !(layer instanceof Graticule) && !layer.get(DRAWS_EMPTY)
      ? () => source.isEmpty()
      : () => false;
  const render = layer.render.bind(layer);
  layer.render = (frameState, target) =>
    frameState && (!drawing() || empty()) ? null : render(frameState, target);
}

export function createWatchMap(opts: WatchMapOptions): WatchMap {
  const layers: { module: MapLayerModule; handle: LayerHandle }[] = (opts.modules ?? LAYER_MODULES).map(
    (module) => ({
      module,
      handle: module.create(opts.palette),
    }),
  );
  const setVisibility = (visibility: Record<string, boolean>) => {
    for (const { module, handle } of layers)
      handle.layer.setVisible(!module.toggleable || (visibility[module.id] ?? module.defaultVisible));
  };
  setVisibility(opts.visibility);
  let palette = opts.palette;
  // The view tells the palette as it opens too: each layer told would draw itself again (the
  // land, its names, the shading), the whole map a second time, for the same colours.
  const setPalette = (next: MapPalette) => {
    if (next === palette) return;
    palette = next;
    opts.target.style.backgroundColor = palette.ocean;
    for (const { handle } of layers) handle.setPalette(palette);
  };
  opts.target.style.backgroundColor = opts.palette.ocean;

  const view = new View({ center: fromLonLat(opts.center), zoom: opts.zoom, minZoom: 1.2, maxZoom: 14 });
  const map = new OlMap({
    target: opts.target,
    layers: layers.map((l) => l.handle.layer),
    view,
    controls: defaultControls({ rotate: false, attributionOptions: { collapsible: false } }).extend([
      new ScaleLine({ units: 'metric', minWidth: 80 }),
      new MousePosition({
        projection: 'EPSG:4326',
        coordinateFormat: formatLonLat,
        className: 'wf-mouse-position',
        placeholder: '',
      }),
    ]),
  });

  /** Whether every layer's data is in (the land read): nothing is drawn before. */
  let landIn = false;
  map.on('precompose', (e) => {
    for (const state of e.frameState?.layerStatesArray ?? []) drawOnlyWithContent(state.layer, () => landIn);
  });

  let disposed = false;
  /** The last frame drawn, and the first drawn with every layer's data in (none yet). */
  let lastFrame = -1;
  let dataFrom = Infinity;
  map.on('postrender', (e) => {
    if (e.frameState) lastFrame = e.frameState.index;
  });
  const withData = (frameState: FrameState) => frameState.index >= dataFrom;
  Promise.all(layers.map((l) => l.handle.ready)).then(
    () => {
      if (disposed) return;
      dataFrom = lastFrame + 1;
      landIn = true;
      for (const { handle } of layers) handle.mapReady?.();
      const onComplete = (e: RenderEvent) => {
        if (disposed || !e.frameState || !withData(e.frameState)) return;
        map.un('rendercomplete', onComplete);
        opts.onFirstRender();
        for (const { handle } of layers) handle.firstFrame?.();
      };
      map.on('rendercomplete', onComplete);
      map.render();
    },
    (e: unknown) => !disposed && opts.onError(e instanceof Error ? e : new Error(String(e))),
  );
  /** Where the panels over the map stand now, in px from its top left corner. */
  const covers = (): Cover[] => {
    const at = opts.target.getBoundingClientRect();
    return [...(opts.coveredBy?.() ?? [])].map((el) => {
      const r = el.getBoundingClientRect();
      return {
        left: r.left - at.left,
        top: r.top - at.top,
        right: r.right - at.left,
        bottom: r.bottom - at.top,
      };
    });
  };
  const tellResolution = () => {
    const r = view.getResolution();
    if (r !== undefined) for (const { handle } of layers) handle.setResolution?.(r);
  };
  tellResolution();
  map.on('moveend', () => {
    tellResolution();
    const center = view.getCenter();
    const zoom = view.getZoom();
    if (!center || zoom === undefined) return;
    const [lon = 0, lat = 0] = toLonLat(center);
    opts.onMove([wrapLon(lon), lat], zoom);
  });

  return {
    map,
    setPalette,
    setVisibility,
    withData,
    resetView: () =>
      view.animate({ center: fromLonLat(DEFAULT_MAP.center), zoom: DEFAULT_MAP.zoom, duration: 250 }),
    handle: <H extends LayerHandle = LayerHandle>(id: string) =>
      layers.find((l) => l.module.id === id)?.handle as H | undefined,
    goTo: (target) => {
      if (target.kind === 'point') {
        view.animate({ center: fromLonLat(target.lonLat), zoom: target.zoom, duration: 350 });
        return;
      }
      // A box across the antimeridian (west > east) is fitted whole, east of its west edge.
      const [w, s, e, n] = target.box;
      const extent = transformExtent([w, s, e < w ? e + 360 : e, n], 'EPSG:4326', view.getProjection());
      // Fitted in the part of the map its panels leave clear (a map not laid out yet: with the margin alone),
      // measured now: the map learns a new size of its box a frame late (a window just resized),
      // while the panels are measured as they stand.
      map.updateSize();
      const [width = 0, height = 0] = map.getSize() ?? [];
      const aspect = (extent[2]! - extent[0]!) / (extent[3]! - extent[1]!);
      const padding = fitPadding([width, height], covers(), aspect, FIT_MARGIN);
      view.fit(extent, { padding, maxZoom: 12, duration: 350 });
    },
    dispose: () => {
      disposed = true;
      for (const { handle } of layers) handle.dispose?.();
      map.setTarget(undefined);
      map.dispose();
    },
  };
}
