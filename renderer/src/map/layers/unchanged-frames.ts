// OpenLayers redraws every layer on every frame of the map, though a frame is usually asked
// for by one layer alone (new points, a country's shading, a record list answered). Under a
// software-rendered canvas (no GPU) each redraw is the CPU's, and the basemap's image is
// copied again each time. A layer made with this keeps what it drew last while nothing it
// depends on changed: the view (centre, resolution, rotation, size, pixel ratio, interacting or animating), the
// layer itself (its revision, bumped by `changed()`, a style or palette change) and its source's
// revision.
//
// Only for a layer with a canvas of its own (a class name no other layer shares) and, if its
// text is decluttered, in a declutter group of its own: that text is drawn after every layer's
// frame (renderDeclutter, renderDeferred) and is kept with the rest. The renderer still
// prepares every frame, so loads start as before.
import type { FrameState } from 'ol/Map';
import type Layer from 'ol/layer/Layer';

/** What the layer's last drawing depended on, as one string. */
function frameKey(layer: Layer, frameState: FrameState): string {
  const v = frameState.viewState;
  const state = frameState.layerStatesArray[frameState.layerIndex];
  return [
    v.center[0],
    v.center[1],
    v.resolution,
    v.rotation,
    frameState.size[0],
    frameState.size[1],
    frameState.pixelRatio,
    frameState.viewHints[0],
    frameState.viewHints[1],
    state?.opacity,
    layer.getRevision(),
    layer.getSource()?.getRevision() ?? -1,
  ].join('|');
}

/** Makes `layer` keep its last drawing on frames where nothing it depends on changed. */
export function keepUnchangedFrames(layer: Layer): void {
  const render = layer.render.bind(layer);
  let last: { key: string; element: HTMLElement; renderer: unknown } | null = null;
  /** The frame this layer kept its drawing for: its decluttered text is kept too. */
  let kept: FrameState | null = null;
  layer.render = (frameState, target) => {
    kept = null;
    if (!frameState) return render(frameState, target);
    const renderer = layer.getRenderer();
    const key = frameKey(layer, frameState);
    // The same renderer (a new style makes a new one, with a new canvas) and the same inputs.
    if (last && last.key === key && last.renderer === renderer && renderer) {
      // Drawn since it was last hidden (see unrender below), so it still counts as rendered.
      if (!renderer.prepareFrame(frameState)) return null;
      kept = frameState;
      return last.element;
    }
    const element = render(frameState, target);
    last = element ? { key, element, renderer } : null;
    return element;
  };
  const renderDeclutter = layer.renderDeclutter.bind(layer);
  layer.renderDeclutter = (frameState, layerState) => {
    if (kept !== frameState) renderDeclutter(frameState, layerState);
  };
  const renderDeferred = layer.renderDeferred.bind(layer);
  layer.renderDeferred = (frameState) => {
    if (kept !== frameState) renderDeferred(frameState);
  };
  // Hidden: drawn afresh when shown again.
  const unrender = layer.unrender.bind(layer);
  layer.unrender = () => {
    last = null;
    unrender();
  };
}
