// Where the analyst asked the map to go (a place from the palette, a watch's area): one
// request at a time, taken by the Map when it is shown, now or later. The map then stays
// wherever the analyst moves it; nothing else moves it back.
import { create } from 'zustand';
import type { BBox } from '../../../shared/bbox';
import { useViewState } from './view-state';

export type MapTarget =
  { kind: 'point'; lonLat: [number, number]; zoom: number } | { kind: 'box'; box: BBox };

interface MapRequestState {
  /** The latest request not yet taken, with its number. */
  pending: (MapTarget & { seq: number }) | null;
  ask: (target: MapTarget) => void;
  /** The Map took request `seq` (a later one stays pending). */
  taken: (seq: number) => void;
}

let seq = 0;

export const useMapRequest = create<MapRequestState>()((set) => ({
  pending: null,
  ask: (target) => set({ pending: { ...target, seq: ++seq } }),
  taken: (n) => set((s) => (s.pending?.seq === n ? { pending: null } : s)),
}));

/**
 * "Show on map" for something with a box (a watch's area, an order's, a monitoring area's):
 * the Map, fitted to the whole box with a margin, whatever it showed before. A record without
 * a usable box opens the Map as it was.
 */
export function showBoxOnMap(box: readonly number[] | null | undefined): void {
  if (box && box.length === 4 && box.every((v) => Number.isFinite(v)))
    useMapRequest.getState().ask({ kind: 'box', box: box as unknown as BBox });
  useViewState.getState().setView('map');
}
