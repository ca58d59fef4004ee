// The one selection of the window: selecting on the map, in a list or from a notification
// selects the same thing everywhere; the inspector shows it; Esc clears it. It does not
// survive a restart (what was selected may be gone after the next sync).
import { create } from 'zustand';

export type SelectionKind = 'signal' | 'event' | 'development' | 'watch' | 'order' | 'pass' | 'area';

export interface Selection {
  kind: SelectionKind;
  id: string;
  /** What the analyst saw it as (a title, a name); the inspector's heading. */
  label?: string;
  /** Where it was selected (map, signals, notification…), for the inspector's context line. */
  from?: string;
}

interface SelectionState {
  selection: Selection | null;
  select: (selection: Selection) => void;
  clear: () => void;
}

export const useSelection = create<SelectionState>()((set) => ({
  selection: null,
  select: (selection) => set({ selection }),
  clear: () => set({ selection: null }),
}));

export const sameSelection = (a: Selection | null, b: Pick<Selection, 'kind' | 'id'> | null): boolean =>
  !!a && !!b && a.kind === b.kind && a.id === b.id;
