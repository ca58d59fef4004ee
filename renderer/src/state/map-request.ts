// Where the analyst asked the map to go (a place from the palette, a watch's area): one
// request at a time, taken by the Map when it is shown, now or later. The map then stays
// wherever the analyst moves it; nothing else moves it back.
import { create } from 'zustand';
import type { BBox } from '../../../shared/bbox';

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
