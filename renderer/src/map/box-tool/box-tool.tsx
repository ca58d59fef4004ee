// The Map view's box tool: "Draw box" (or B anywhere, Esc cancels: app/commands.ts) turns a
// drag on the map into a box; the area shows while dragging, with the limits it passes; the
// finished box opens its panel. A box filter kept from an earlier session shows as the box.
import './box-tool.css';
import { useEffect, useRef, useState } from 'react';
import { useBoxTool } from '../../state/box-tool';
import { useViewState } from '../../state/view-state';
import { MAP_PALETTES } from '../palette';
import type { WatchMap } from '../watch-map';
import { monitoringAreaTooLarge, standingOrderTooLarge } from '../../../../shared/area-limits';
import { boxAreaKm2, formatBox, formatKm2, sameBox, type DrawnBox } from './box';
import { createBoxInteraction, type BoxInteraction } from './box-interaction';
import { BoxPanel } from './box-panel';

export function BoxTool({ controller }: { controller: WatchMap | null }) {
  const drawing = useBoxTool((s) => s.drawing);
  const drawn = useBoxTool((s) => s.box);
  const filterBox = useViewState((s) => s.filters.bbox);
  const theme = useViewState((s) => s.theme);
  const box = drawn ?? filterBox ?? null;
  const [sketch, setSketch] = useState<DrawnBox | null>(null);
  const interaction = useRef<BoxInteraction | null>(null);

  useEffect(() => {
    if (!controller) return;
    const i = createBoxInteraction(controller.map, {
      colour: MAP_PALETTES[useViewState.getState().theme].selection,
      onSketch: setSketch,
      onDrawn: (b) => useBoxTool.getState().finish(b),
    });
    interaction.current = i;
    return () => {
      interaction.current = null;
      i.dispose();
    };
  }, [controller]);
  useEffect(() => interaction.current?.setColour(MAP_PALETTES[theme].selection), [controller, theme]);
  useEffect(() => interaction.current?.setDrawing(drawing), [controller, drawing]);
  useEffect(() => interaction.current?.show(drawing ? null : box), [controller, drawing, box]);
  // Leaving the map ends a drawing: coming back finds the map as it was, not a half-armed tool.
  useEffect(() => () => useBoxTool.getState().cancelDrawing(), []);

  const clear = () => {
    useBoxTool.getState().clearBox();
    const filters = useViewState.getState();
    if (box && sameBox(filters.filters.bbox, box)) filters.setFilters({ bbox: undefined });
  };

  return (
    <div className="box-tool">
      <button
        type="button"
        className="pill"
        aria-pressed={drawing}
        aria-keyshortcuts="B"
        title={drawing ? 'Drag on the map to draw a box (Esc cancels)' : 'Draw a box (B)'}
        onClick={() => {
          const s = useBoxTool.getState();
          if (s.drawing) s.cancelDrawing();
          else s.startDrawing();
        }}
      >
        Draw box
      </button>
      {drawing && <DrawingReadout sketch={sketch} />}
      {!drawing && box && <BoxPanel key={box.join(',')} box={box} onClear={clear} />}
    </div>
  );
}

/** While drawing: how to draw, then the box's area and which limits it is over. */
export function DrawingReadout({ sketch }: { sketch: DrawnBox | null }) {
  if (!sketch)
    return (
      <p className="box-readout" data-testid="box-readout">
        Drag on the map to draw a box · Esc cancels
      </p>
    );
  const km2 = boxAreaKm2(sketch);
  const over = [
    monitoringAreaTooLarge(km2) && 'a monitoring area',
    standingOrderTooLarge(km2) && 'a standing order',
  ].filter(Boolean);
  return (
    <p className="box-readout" data-testid="box-readout" data-drawing="true">
      <strong className="num">{formatKm2(km2)}</strong> <span className="num muted">{formatBox(sketch)}</span>
      {over.length > 0 && <span className="box-over"> · too large for {over.join(' or ')}</span>}
    </p>
  );
}
