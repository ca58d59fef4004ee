// On the map: "Draw polygon" turns clicks into the corners of a polygon (double-click finishes,
// Esc cancels); the finished polygon stays drawn and is the Terrain view's area for the
// elevation over a polygon. Started from the Terrain view too ("Draw a polygon on the map").
import { useEffect, useRef } from 'react';
import { useViewState } from '../../state/view-state';
import { MAP_PALETTES } from '../../map/palette';
import { createPolygonDraw, type PolygonDraw } from '../../map/polygon-draw';
import type { MapFeature, MapPartProps } from '../../map/slots';
import { useTerrainState } from './terrain-state';

export function PolygonTool({ controller }: MapPartProps) {
  const drawing = useTerrainState((s) => s.drawing);
  const polygon = useTerrainState((s) => s.polygon);
  const theme = useViewState((s) => s.theme);
  const setView = useViewState((s) => s.setView);
  const tool = useRef<PolygonDraw | null>(null);

  useEffect(() => {
    if (!controller) return;
    const t = createPolygonDraw(controller.map, {
      colour: MAP_PALETTES[useViewState.getState().theme].selection,
      onDrawn: (ring) => useTerrainState.getState().setPolygon(ring),
    });
    tool.current = t;
    return () => {
      tool.current = null;
      t.dispose();
    };
  }, [controller]);
  useEffect(() => tool.current?.setColour(MAP_PALETTES[theme].selection), [controller, theme]);
  useEffect(() => tool.current?.setDrawing(drawing), [controller, drawing]);
  useEffect(() => tool.current?.show(drawing ? null : polygon), [controller, drawing, polygon]);
  useEffect(() => {
    if (!drawing) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && useTerrainState.getState().setDrawing(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawing]);
  // Leaving the map ends a drawing, as the box tool does.
  useEffect(() => () => useTerrainState.getState().setDrawing(false), []);

  return (
    <>
      <button
        type="button"
        className="pill"
        aria-pressed={drawing}
        title={drawing ? 'Click each corner, double-click to finish (Esc cancels)' : 'Draw a polygon'}
        onClick={() => useTerrainState.getState().setDrawing(!drawing)}
      >
        Draw polygon
      </button>
      {drawing && (
        <span className="pill muted" data-testid="polygon-readout">
          Click each corner, double-click to finish · Esc cancels
        </span>
      )}
      {!drawing && polygon && (
        <span className="pill" data-testid="polygon-drawn" data-corners={polygon.length}>
          Polygon: {polygon.length} corners{' '}
          <button type="button" className="ghost" onClick={() => setView('terrain')}>
            Elevation over it
          </button>{' '}
          <button type="button" className="ghost" onClick={() => useTerrainState.getState().setPolygon(null)}>
            Clear polygon
          </button>
        </span>
      )}
    </>
  );
}

/** The Terrain view's polygon, drawn on the map (map/slots.ts). */
export const polygonOnMap: MapFeature = { Strip: PolygonTool };
