// What the Brief view shows, kept while the analyst moves between views: the period and the
// asked brief in view (none: the synced one).
import { create } from 'zustand';
import type { BRIEF_PERIODS } from '../../../../shared/contract';

export type Period = (typeof BRIEF_PERIODS)[number];

interface BriefState {
  period: Period;
  askedId: string | null;
  /** Another period shows its synced brief. */
  setPeriod: (period: Period) => void;
  choose: (id: string | null) => void;
}

export const useBriefState = create<BriefState>()((set) => ({
  period: 'daily',
  askedId: null,
  setPeriod: (period) => set({ period, askedId: null }),
  choose: (askedId) => set({ askedId }),
}));
