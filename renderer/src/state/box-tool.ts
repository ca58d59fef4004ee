// The map's box tool: whether the analyst is drawing a box, and the last box drawn. Kept apart
// from the view state because a drawn box is a question of the moment, not restored after a
// restart (a filter made from it is a signal filter, and that is kept: view-state.ts).
import { create } from 'zustand';

/**
 * West, south, east, north in degrees, west in −180..180. A box across the 180th meridian keeps
 * its east as drawn past the line, wrapped back: east < west (170, …, −170, … is 20° wide).
 */
export type DrawnBox = readonly [west: number, south: number, east: number, north: number];

interface BoxToolState {
  drawing: boolean;
  box: DrawnBox | null;
  startDrawing: () => void;
  cancelDrawing: () => void;
  finish: (box: DrawnBox) => void;
  clearBox: () => void;
}

export const useBoxTool = create<BoxToolState>()((set) => ({
  drawing: false,
  box: null,
  startDrawing: () => set({ drawing: true }),
  cancelDrawing: () => set({ drawing: false }),
  finish: (box) => set({ drawing: false, box }),
  clearBox: () => set({ box: null }),
}));
