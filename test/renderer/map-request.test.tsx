// The map's one request (issue 25, item 2): each asker moves the map once, so a return to the
// Map finds it where the analyst left it; "Show on map" asks again whenever it is clicked.
import { beforeEach, describe, expect, it } from 'vitest';
import { askOnce, showOnMap, useMapRequest } from '../../renderer/src/state/map-request';
import { useViewState } from '../../renderer/src/state/view-state';

const pending = () => useMapRequest.getState().pending;
/** The Map takes what is pending, as map-view.tsx does when it is shown. */
const take = () => {
  const p = pending();
  if (p) useMapRequest.getState().taken(p.seq);
  return p;
};

describe('the map request', () => {
  beforeEach(() => {
    take();
    useViewState.getState().setView('signals');
  });

  it('is asked once per asker: a selection, a stored answer', () => {
    const selection = { kind: 'signal' as const, id: 'a' };
    askOnce(selection, { kind: 'point', lonLat: [35.5, 33.9], zoom: 6 });
    expect(take()).toMatchObject({ kind: 'point', lonLat: [35.5, 33.9], zoom: 6 });
    // The Map shown again (its layers read again, the same selection): nothing is asked.
    askOnce(selection, { kind: 'point', lonLat: [35.5, 33.9], zoom: 6 });
    expect(pending()).toBeNull();
    // The same signal chosen again is a new choice: the map goes there.
    askOnce({ ...selection }, { kind: 'point', lonLat: [35.5, 33.9], zoom: 6 });
    expect(take()).not.toBeNull();

    askOnce('imagery-footprints:1', { kind: 'box', box: [35, 33, 36, 34] });
    expect(take()).toMatchObject({ box: [35, 33, 36, 34] });
    askOnce('imagery-footprints:1', { kind: 'box', box: [35, 33, 36, 34] });
    expect(pending()).toBeNull();
  });

  it('"Show on map" asks every time, opens the Map, and counts as the asker’s one move', () => {
    const box = { kind: 'box' as const, box: [10, 40, 11, 41] as const };
    showOnMap(box, 'hotspots:7');
    expect(useViewState.getState().view).toBe('map');
    expect(take()).toMatchObject(box);
    // The answer's picture drawn as the Map opens does not ask a second time…
    askOnce('hotspots:7', box);
    expect(pending()).toBeNull();
    // …but the button, clicked again after the analyst moved away, does.
    showOnMap(box, 'hotspots:7');
    expect(take()).toMatchObject(box);
  });

  it('opens the Map as it was for a box it cannot use', () => {
    showOnMap({ kind: 'box', box: [Number.NaN, 0, 1, 1] });
    expect(useViewState.getState().view).toBe('map');
    expect(pending()).toBeNull();
  });
});
