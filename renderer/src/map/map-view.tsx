// The Map view: the offline basemap (no tile server, nothing leaves the machine), the signals
// for the search and filters shared with the Signals table (points by severity, shaped by
// category group, measured kinds as diamonds, country-level signals shading their country), the measured readings with
// their own geometry and the analyst's areas as outlines (use-record-layers.ts), the layer
// list (closed on first open) above the legend in the right-hand column, the scale at the
// bottom left, the pointer's coordinates at the foot's middle: none covers another. `data-rendered` turns
// true on the first frame drawn with the basemap in, `data-signal-features` counts the points
// and `data-layer-features` each record layer's features at the last complete render: the
// end-to-end tests wait for them.
import 'ol/ol.css';
import '../styles/map.css';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useViewState } from '../state/view-state';
import { useMapRequest } from '../state/map-request';
import { AnswerMarks } from '../ui/answer-marks';
import { EmptyState } from '../ui/empty-state';
import { useAppInfo } from '../data';
import { BoxTool } from './box-tool/box-tool';
import { CellList } from './cell-list';
import { LayerList } from './layer-list';
import { stackLayers } from './layers';
import type { MapSlots } from './slots';
import { MapLegend, MapTooltip } from './map-overlays';
import { MAP_PALETTES } from './palette';
import { TimeSlider } from './time-slider';
import { useRecordLayers } from './use-record-layers';
import { useSignalLayers } from './use-signal-layers';
import { createWatchMap, type WatchMap } from './watch-map';
import { loadBasemap, tierAtZoom } from './basemap-file';

// The basemap file is asked for as soon as the map's code is in, before the map's layers ask
// the app for their lists: the browser sends at most six requests to the app at a time (one
// is the push stream), and the basemap, asked after the lists, waited behind them all while
// the page had nothing else to do. A failure is left to the layers, which ask again.
void loadBasemap(tierAtZoom(useViewState.getState().map.zoom)).catch(() => undefined);

/** The Map view, with what features bring to it (app/map-view.tsx). */
export function MapView({ features, Header }: MapSlots) {
  // The features are wired once, when the map's code loads: their layers are made with the map.
  const modules = useMemo(() => stackLayers(features.flatMap((f) => f.layers ?? [])), [features]);
  const target = useRef<HTMLDivElement>(null);
  const [controller, setController] = useState<WatchMap | null>(null);
  const [state, setState] = useState<{ phase: 'loading' | 'ready' | 'error'; message?: string }>({
    phase: 'loading',
  });
  const [attempt, setAttempt] = useState(0);
  const theme = useViewState((s) => s.theme);
  const layers = useViewState((s) => s.map.layers);
  const setLayerVisible = useViewState((s) => s.setLayerVisible);
  const layerListOpen = useViewState((s) => s.layerListOpen);
  const setLayerListOpen = useViewState((s) => s.setLayerListOpen);
  const signals = useSignalLayers(controller);
  const records = useRecordLayers(controller);
  const appInfo = useAppInfo().data;
  const demo = appInfo?.mode === 'demo';
  // Whose severity the colours are: the main profile's band, the alternate's score range.
  const profile = appInfo?.profile ?? 'main';

  // A layout effect: the map is handed out before the browser's next frame, and with it the
  // points already in (their buffers are built while the first frame draws the land), rather
  // than after that frame, a good part of the opening later.
  useLayoutEffect(() => {
    if (!target.current) return;
    const saved = useViewState.getState();
    setState({ phase: 'loading' });
    const c = createWatchMap({
      target: target.current,
      modules,
      center: saved.map.center,
      zoom: saved.map.zoom,
      palette: MAP_PALETTES[saved.theme],
      visibility: saved.map.layers,
      onMove: (center, zoom) => useViewState.getState().setMapPosition(center, zoom),
      onFirstRender: () => setState({ phase: 'ready' }),
      onError: (e) => setState({ phase: 'error', message: e.message }),
      // The right-hand column's panels (the layer list or its button, the legend).
      coveredBy: () => target.current?.parentElement?.querySelectorAll('.map-corner > *') ?? [],
    });
    setController(c);
    return () => {
      setController(null);
      c.dispose();
    };
  }, [attempt, modules]);
  useEffect(() => controller?.setPalette(MAP_PALETTES[theme]), [controller, theme]);
  useEffect(() => controller?.setVisibility(layers), [controller, layers]);
  // Where the analyst asked the map to go, taken once the map is made (now, or when shown).
  const request = useMapRequest((s) => s.pending);
  useEffect(() => {
    if (!controller || !request) return;
    controller.goTo(request);
    useMapRequest.getState().taken(request.seq);
  }, [controller, request]);

  return (
    <div className="map-view">
      {Header && <Header />}
      <div className="map-area">
        <div
          ref={target}
          className="map"
          data-testid="map"
          data-rendered={state.phase === 'ready' ? 'true' : 'false'}
          data-signal-features={signals.drawn ?? undefined}
          data-signal-clusters={signals.clusters ? JSON.stringify(signals.clusters) : undefined}
          data-selected-signal={signals.selectedOnMap ?? undefined}
          data-layer-features={JSON.stringify(records.drawn)}
          role="region"
          aria-label="Map — arrow keys pan, + and − zoom"
          tabIndex={0}
        />
        <div className="map-strip">
          <button type="button" className="pill" onClick={() => controller?.resetView()}>
            World view
          </button>
          {features.map((f, i) => f.Strip && <f.Strip key={i} controller={controller} />)}
        </div>
        {/* The right-hand column: the layer list from the top, the legend at the foot; the list
            takes the room the legend leaves (and scrolls), so the two never overlap. */}
        <div className="map-corner">
          <LayerList
            modules={modules}
            visibility={layers}
            onToggle={setLayerVisible}
            placed={records.placed}
            palette={MAP_PALETTES[theme]}
            open={layerListOpen}
            onOpenChange={setLayerListOpen}
          />
          <MapLegend profile={profile} />
        </div>
        <div className="map-status" aria-live="polite">
          {signals.points && (
            <span className="map-count">
              <span className="num">{signals.points.count.toLocaleString('en')}</span> points
              {signals.cells !== null && (
                <>
                  {' '}
                  · <span className="num">{signals.cells.toLocaleString('en')}</span> clusters
                </>
              )}
              {signals.countries && signals.countries.length > 0 && (
                <span data-testid="country-level">
                  {' '}
                  ·{' '}
                  <span className="num">
                    {signals.countries.reduce((n, c) => n + c.count, 0).toLocaleString('en')}
                  </span>{' '}
                  country-level in{' '}
                  <span className="num">{signals.countries.length.toLocaleString('en')}</span>{' '}
                  {signals.countries.length === 1 ? 'country' : 'countries'}
                </span>
              )}
            </span>
          )}
          {signals.points && <AnswerMarks demo={demo} asOf={signals.points.asOf} />}
          {signals.selectedOffMap && (
            <span className="muted">
              The selected signal has no point here (country level, or filtered out).
            </span>
          )}
          {features.map((f, i) => f.Status && <f.Status key={i} controller={controller} />)}
          {signals.error && <span role="alert">Signals could not be read: {signals.error.message}</span>}
          {records.errors.map((e) => (
            <span key={e.layer} role="alert">
              {e.layer} could not be read: {e.message}
            </span>
          ))}
        </div>
        <BoxTool controller={controller} />
        {signals.hover && !signals.cellList && <MapTooltip hover={signals.hover} profile={profile} />}
        {signals.cellList && (
          <CellList
            list={signals.cellList}
            selectedId={signals.selectedOnMap}
            profile={profile}
            onPick={signals.pickFromList}
            onZoom={signals.zoomCellList}
            onClose={signals.closeCellList}
          />
        )}
        {state.phase === 'loading' && (
          <div className="map-overlay" aria-live="polite">
            <EmptyState tone="loading" title="Drawing the basemap…" />
          </div>
        )}
        {state.phase === 'error' && (
          <div className="map-overlay">
            <EmptyState tone="error" title="The basemap could not be drawn">
              <p>{state.message}</p>
              <button type="button" onClick={() => setAttempt((n) => n + 1)}>
                Try again
              </button>
            </EmptyState>
          </div>
        )}
      </div>
      <TimeSlider
        window={signals.timeWindow}
        shown={signals.points?.count ?? 0}
        total={signals.loaded?.count ?? 0}
        waiting={!signals.loaded && !signals.error}
      />
    </div>
  );
}
