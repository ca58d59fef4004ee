// What the Imagery view is asking and showing, kept while the analyst moves between views (the
// map draws the shown answer's footprints): the form's fields as typed, the signal whose event
// parameters filled it, the index series' fields, and the stored answers in view. Not kept across restarts: the answers
// themselves are in the cache (the history).
import { create } from 'zustand';
import type { INDEXES } from '../../../../shared/service/values';
import { addDays, todayUtc } from '../../tools-common/dates';

export interface ImageryForm {
  /** W,S,E,N as typed. */
  bbox: string;
  /** Where the box came from ("Drawn box", "Signal AOI: …", "Watch: …", "Typed"). */
  bboxFrom: string | null;
  collection: string;
  /** Main profile window. */
  startDate: string;
  endDate: string;
  /** Alternate profile window: a date and a number of days. */
  date: string;
  days: string;
  cloudMax: string;
  eventDate: string;
  /** lon,lat */
  eventPoint: string;
  /** W,S,E,N */
  eventAoi: string;
  eventTimestamp: string;
}

/** The index series over the search's box: which index, between which days, how many scenes. */
export interface IndexForm {
  index: (typeof INDEXES)[number];
  start: string;
  end: string;
  maxScenes: string;
  /** Free: how many scenes, and what measuring would cost. */
  estimate: boolean;
}

interface ImageryState {
  form: ImageryForm;
  indexForm: IndexForm;
  /** The signal (`kind:id`) whose event parameters were last taken, and its title. */
  adopted: string | null;
  adoptedLabel: string | null;
  /** The stored answer in view (and on the map). */
  chosenId: string | null;
  /** The stored ship detection in view. */
  shipsId: string | null;
  /** The stored index series in view. */
  indexId: string | null;
  set: (changes: Partial<ImageryForm>) => void;
  setIndex: (changes: Partial<IndexForm>) => void;
  adopt: (key: string, label: string, changes: Partial<ImageryForm>) => void;
  choose: (id: string | null) => void;
  chooseShips: (id: string | null) => void;
  chooseIndex: (id: string | null) => void;
}

/** The service's own default: the last seven days. */
export const initialForm = (): ImageryForm => ({
  bbox: '',
  bboxFrom: null,
  collection: 'sentinel-2-l2a',
  startDate: addDays(todayUtc(), -6),
  endDate: todayUtc(),
  date: todayUtc(),
  days: '7',
  cloudMax: '',
  eventDate: '',
  eventPoint: '',
  eventAoi: '',
  eventTimestamp: '',
});

export const initialIndexForm = (): IndexForm => ({
  index: 'ndvi',
  start: addDays(todayUtc(), -90),
  end: todayUtc(),
  maxScenes: '12',
  estimate: true,
});

export const useImageryState = create<ImageryState>()((set) => ({
  form: initialForm(),
  indexForm: initialIndexForm(),
  adopted: null,
  adoptedLabel: null,
  chosenId: null,
  shipsId: null,
  indexId: null,
  set: (changes) => set((s) => ({ form: { ...s.form, ...changes } })),
  setIndex: (changes) => set((s) => ({ indexForm: { ...s.indexForm, ...changes } })),
  adopt: (key, label, changes) =>
    set((s) => ({ adopted: key, adoptedLabel: label, form: { ...s.form, ...changes } })),
  choose: (chosenId) => set({ chosenId }),
  chooseShips: (shipsId) => set({ shipsId }),
  chooseIndex: (indexId) => set({ indexId }),
}));

/** Who moves the map to a stored answer's footprints, once (state/map-request.ts). */
export const footprintsKey = (answerId: string) => `imagery-footprints:${answerId}`;
