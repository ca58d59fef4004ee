// Where the analyst asked the map to go (a place from the palette, a watch's area, a stored
// answer's footprints, a signal selected in a list): one request at a time, taken by the Map
// when it is shown, now or later. Each asker moves the map once: a return to the Map finds it
// wherever the analyst left it, and nothing moves it back.
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
 * Who has moved the map already: a selection made elsewhere (by its object, one per choice), a
 * drawn answer (by a key naming it). Each moves the map the first time the Map shows it, never
 * again on a later return.
 */
const movedBy = new WeakSet<object>();
const movedByKey = new Set<string>();

function firstMove(asker: object | string): boolean {
  if (typeof asker === 'string') {
    if (movedByKey.has(asker)) return false;
    movedByKey.add(asker);
    return true;
  }
  if (movedBy.has(asker)) return false;
  movedBy.add(asker);
  return true;
}

/** Asks the map to go to `target` unless `asker` has moved it before. */
export function askOnce(asker: object | string, target: MapTarget): void {
  if (firstMove(asker)) useMapRequest.getState().ask(target);
}

const usableBox = (box: readonly number[] | null | undefined): box is BBox =>
  !!box && box.length === 4 && box.every((v) => Number.isFinite(v));

/**
 * "Show on map": the Map, gone to `target` whatever it showed before (a box fitted whole with a
 * margin). `asker`, when given, counts as having moved it (its own move on the Map's first showing
 * is this one). A box that is not usable opens the Map as it was.
 */
export function showOnMap(target: MapTarget | null, asker?: object | string): void {
  if (target && (target.kind === 'point' || usableBox(target.box))) {
    if (asker !== undefined) firstMove(asker);
    useMapRequest.getState().ask(target);
  }
  useViewState.getState().setView('map');
}

/** "Show on map" for something with a box (a watch's area, an order's, a monitoring area's). */
export function showBoxOnMap(box: readonly number[] | null | undefined): void {
  showOnMap(usableBox(box) ? { kind: 'box', box } : null);
}
