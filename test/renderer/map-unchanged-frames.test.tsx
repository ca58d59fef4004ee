// A map layer keeps its last drawing on frames where nothing it draws from changed (another
// layer asked for the frame), and draws afresh as soon as the view, the layer, its source or
// what it says its drawing is made of changes, or after it was hidden.
import type { FrameState } from 'ol/Map';
import type Layer from 'ol/layer/Layer';
import { describe, expect, it } from 'vitest';
import { keepUnchangedFrames } from '../../renderer/src/map/layers/unchanged-frames';

/** A layer as the map's renderer sees it: render, unrender, revisions, a renderer. */
function fakeLayer() {
  let revision = 0;
  let sourceRevision = 0;
  const drawn: number[] = [];
  const deferred: number[] = [];
  const renderer = { prepareFrame: () => true };
  const layer = {
    getRevision: () => revision,
    getSource: () => ({ getRevision: () => sourceRevision }),
    getRenderer: () => renderer,
    render: () => {
      drawn.push(revision);
      return document.createElement('div');
    },
    unrender: () => undefined,
    renderDeclutter: () => undefined,
    renderDeferred: () => deferred.push(revision),
  };
  return {
    layer: layer as unknown as Layer,
    drawn,
    deferred,
    change: () => (revision += 1),
    changeSource: () => (sourceRevision += 1),
  };
}

const frame = (center: [number, number] = [0, 0], resolution = 1000): FrameState =>
  ({
    viewState: { center, resolution, rotation: 0 },
    size: [800, 600],
    pixelRatio: 1,
    viewHints: [0, 0],
    layerIndex: 0,
    layerStatesArray: [{ opacity: 1 }],
  }) as unknown as FrameState;

describe('a layer that keeps unchanged frames', () => {
  it('returns its last drawing while nothing changed, and draws when something did', () => {
    const f = fakeLayer();
    keepUnchangedFrames(f.layer);
    const first = f.layer.render(frame(), null as unknown as HTMLElement);
    expect(f.layer.render(frame(), null as unknown as HTMLElement)).toBe(first);
    expect(f.drawn).toHaveLength(1);
    // The view moved.
    f.layer.render(frame([10, 0]), null as unknown as HTMLElement);
    expect(f.drawn).toHaveLength(2);
    // The layer changed (a palette, a style), then its source (new features).
    f.change();
    f.layer.render(frame([10, 0]), null as unknown as HTMLElement);
    f.changeSource();
    f.layer.render(frame([10, 0]), null as unknown as HTMLElement);
    expect(f.drawn).toHaveLength(4);
    // Hidden, then shown: drawn afresh.
    f.layer.unrender();
    f.layer.render(frame([10, 0]), null as unknown as HTMLElement);
    expect(f.drawn).toHaveLength(5);
  });

  it('keeps its decluttered text with the rest of a kept drawing', () => {
    const f = fakeLayer();
    keepUnchangedFrames(f.layer);
    const first = frame();
    f.layer.render(first, null as unknown as HTMLElement);
    f.layer.renderDeferred(first);
    const second = frame();
    f.layer.render(second, null as unknown as HTMLElement);
    f.layer.renderDeferred(second);
    // Drawn again over the kept canvas, the names would be drawn twice.
    expect(f.deferred).toHaveLength(1);
    f.change();
    const third = frame();
    f.layer.render(third, null as unknown as HTMLElement);
    f.layer.renderDeferred(third);
    expect(f.deferred).toHaveLength(2);
  });
});
