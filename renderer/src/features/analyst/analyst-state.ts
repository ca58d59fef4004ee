// What the Analyst view is asking and showing, kept while the analyst moves between views: the
// question as typed, the stored answer in view, and the event the assessment panel is about
// (set by the inspector's "Assess…" too). Not kept across restarts: the answers are in the cache.
import { create } from 'zustand';

export type AnalystMode = 'fast' | 'deep';
export type AssessKind = 'quick' | 'deep';

interface AnalystState {
  question: string;
  mode: AnalystMode;
  /** The stored analyst answer in view. */
  chosenId: string | null;
  /** The event the assessment panel is about, as typed or taken from the selected signal. */
  assessEvent: string;
  assessLabel: string | null;
  assessKind: AssessKind;
  /** The stored assessment in view. */
  assessId: string | null;
  setQuestion: (question: string) => void;
  setMode: (mode: AnalystMode) => void;
  choose: (id: string | null) => void;
  /** Points the assessment panel at an event (the inspector's "Assess…"). */
  assessEventOf: (eventId: string, label: string | null) => void;
  setAssessKind: (kind: AssessKind) => void;
  chooseAssessment: (id: string | null) => void;
}

export const useAnalystState = create<AnalystState>()((set) => ({
  question: '',
  mode: 'fast',
  chosenId: null,
  assessEvent: '',
  assessLabel: null,
  assessKind: 'quick',
  assessId: null,
  setQuestion: (question) => set({ question }),
  setMode: (mode) => set({ mode }),
  choose: (chosenId) => set({ chosenId }),
  assessEventOf: (assessEvent, assessLabel) => set({ assessEvent, assessLabel }),
  setAssessKind: (assessKind) => set({ assessKind }),
  chooseAssessment: (assessId) => set({ assessId }),
}));
