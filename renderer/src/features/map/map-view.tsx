// The Map view: the offline basemap (no tile server, nothing leaves the machine), layer
// toggles along the top, coordinates and scale in the corners. `data-rendered` turns true
// on the first frame drawn with the basemap in, which the end-to-end test waits for.
import 'ol/ol.css';
import '../../styles/map.css';
import { useEffect, useRef, useState } from 'react';
import { useViewState } from '../../state/view-state';
import { EmptyState } from '../../ui/empty-state';
import { LAYER_MODULES } from './layers';
import { MAP_PALETTES } from './palette';
import { createWatchMap, type WatchMap } from './watch-map';

export default function MapView() {
  const target = useRef<HTMLDivElement>(null);
  const controller = useRef<WatchMap | null>(null);
  const [state, setState] = useState<{ phase: 'loading' | 'ready' | 'error'; message?: string }>({
    phase: 'loading',
  });
  const [attempt, setAttempt] = useState(0);
  const theme = useViewState((s) => s.theme);
  const layers = useViewState((s) => s.map.layers);
  const setLayerVisible = useViewState((s) => s.setLayerVisible);

  useEffect(() => {
    if (!target.current) return;
    const saved = useViewState.getState();
    setState({ phase: 'loading' });
    const c = createWatchMap({
      target: target.current,
      center: saved.map.center,
      zoom: saved.map.zoom,
      palette: MAP_PALETTES[saved.theme],
      visibility: saved.map.layers,
      onMove: (center, zoom) => useViewState.getState().setMapPosition(center, zoom),
      onFirstRender: () => setState({ phase: 'ready' }),
      onError: (e) => setState({ phase: 'error', message: e.message }),
    });
    controller.current = c;
    return () => {
      controller.current = null;
      c.dispose();
    };
  }, [attempt]);
  useEffect(() => controller.current?.setPalette(MAP_PALETTES[theme]), [theme]);
  useEffect(() => controller.current?.setVisibility(layers), [layers]);

  return (
    <div className="map-view">
      <div
        ref={target}
        className="map"
        data-testid="map"
        data-rendered={state.phase === 'ready' ? 'true' : 'false'}
        role="region"
        aria-label="Map — arrow keys pan, + and − zoom"
        tabIndex={0}
      />
      <div className="map-strip" role="group" aria-label="Layers">
        {LAYER_MODULES.filter((m) => m.toggleable).map((m) => {
          const on = layers[m.id] ?? m.defaultVisible;
          return (
            <button
              key={m.id}
              type="button"
              className="pill"
              aria-pressed={on}
              onClick={() => setLayerVisible(m.id, !on)}
            >
              {m.title}
            </button>
          );
        })}
        <button type="button" className="pill" onClick={() => controller.current?.resetView()}>
          World view
        </button>
      </div>
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
  );
}
