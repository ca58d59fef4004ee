// What the Collection view is asking and showing, kept while the analyst moves between views
// (a ranked event picked here is looked at on the map): the plan's and the surveys' fields as
// typed, and the stored answer in view. Not kept across restarts: the answers themselves are
// in the cache (the histories).
import { create } from 'zustand';
import type { ANALYSIS_GOALS } from '../../../../shared/service/values';
import { addDays, todayUtc } from '../../tools-common/dates';

/** What a collection plan is for (the service's analysis goals). */
export type AnalysisGoal = (typeof ANALYSIS_GOALS)[number];

export interface PlanForm {
  /** The event's id as the service names it (a uuid on main, an integer on alternate). */
  eventId: string;
  /** Where the event came from ("Selected signal: …", "Typed", "A stored request"). */
  eventFrom: string | null;
  goal: AnalysisGoal;
  /** YYYY-MM-DD, optional: the service takes the event's own date when absent. */
  eventDate: string;
}

export interface SurveyForm {
  /** W,S,E,N as typed; empty: anywhere. */
  bbox: string;
  bboxFrom: string | null;
  startDate: string;
  endDate: string;
  /** Observability only. */
  sensor: 'sentinel-2' | 'sentinel-1';
  topN: string;
  minGeoint: string;
}

interface CollectionState {
  plan: PlanForm;
  survey: SurveyForm;
  /** The signal (`kind:id`) whose event was last taken into the plan. */
  adopted: string | null;
  /** The stored answer in view (plan, priority or observability). */
  chosenId: string | null;
  setPlan: (changes: Partial<PlanForm>) => void;
  setSurvey: (changes: Partial<SurveyForm>) => void;
  adopt: (key: string, changes: Partial<PlanForm>) => void;
  choose: (id: string | null) => void;
}

export const initialPlan = (): PlanForm => ({
  eventId: '',
  eventFrom: null,
  goal: 'damage_assessment',
  eventDate: '',
});
/** The last seven days, as the service's own default. */
export const initialSurvey = (): SurveyForm => ({
  bbox: '',
  bboxFrom: null,
  startDate: addDays(todayUtc(), -6),
  endDate: todayUtc(),
  sensor: 'sentinel-2',
  topN: '',
  minGeoint: '',
});

export const useCollectionState = create<CollectionState>()((set) => ({
  plan: initialPlan(),
  survey: initialSurvey(),
  adopted: null,
  chosenId: null,
  setPlan: (changes) => set((s) => ({ plan: { ...s.plan, ...changes } })),
  setSurvey: (changes) => set((s) => ({ survey: { ...s.survey, ...changes } })),
  adopt: (key, changes) => set((s) => ({ adopted: key, plan: { ...s.plan, ...changes } })),
  choose: (chosenId) => set({ chosenId }),
}));
