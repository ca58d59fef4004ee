// What the Passes view is looking at, kept while the analyst moves between views (going to the
// map to see a track and back finds the same place, window and table): the place, the window
// asked for, and the pass whose ground track the map draws. Not kept across restarts: the
// passes are recomputed from the elements at hand.
import { create } from 'zustand';
import type { MapTarget } from '../../state/map-request';
import type { PassRow } from '../../../../shared/contract';

export interface PassTarget {
  lat: number;
  lon: number;
  /** What the place is ("Signal: …", "Watch: …", "Typed"). */
  label: string;
  /** The selection it came from (`kind:id`), so the same selection is not adopted twice. */
  from: string | null;
}

export interface ChosenPass {
  /** The selection id of the pass: `NORAD@peak`. */
  id: string;
  pass: PassRow;
  target: { lat: number; lon: number };
}

interface PassesState {
  target: PassTarget | null;
  /** First UTC day, YYYY-MM-DD; null: today. */
  startDate: string | null;
  /** Whole UTC days asked for (the service's horizon is 7; more is asked and shown narrowed). */
  days: number;
  chosen: ChosenPass | null;
  /** The last selection (`kind:id`) taken as the place: a typed place holds until the selection changes. */
  adopted: string | null;
  /** The service's answer shown beside the prediction (a stored tools answer's id, read offline). */
  serviceId: string | null;
  /** max_passes asked of the service (1–100; the service's default is 40). */
  serviceMax: number;
  setTarget: (t: PassTarget) => void;
  adopt: (key: string) => void;
  setWindow: (w: { startDate?: string | null; days?: number }) => void;
  choose: (c: ChosenPass | null) => void;
  chooseService: (id: string | null) => void;
  setServiceMax: (n: number) => void;
}

export const DEFAULT_DAYS = 3;
/** GET /passes's own default for max_passes. */
export const SERVICE_DEFAULT_MAX = 40;

export const usePassesState = create<PassesState>()((set) => ({
  target: null,
  startDate: null,
  days: DEFAULT_DAYS,
  chosen: null,
  adopted: null,
  serviceId: null,
  serviceMax: SERVICE_DEFAULT_MAX,
  setTarget: (target) => set({ target }),
  adopt: (adopted) => set({ adopted }),
  setWindow: (w) =>
    set((s) => ({
      startDate: w.startDate !== undefined ? w.startDate : s.startDate,
      days: w.days ?? s.days,
    })),
  choose: (chosen) => set({ chosen }),
  chooseService: (serviceId) => set({ serviceId }),
  setServiceMax: (serviceMax) => set({ serviceMax }),
}));

export const passId = (p: Pick<PassRow, 'norad_id' | 'peak'>): string => `${p.norad_id}@${p.peak}`;

const DAY_MS = 86_400_000;
export const todayUtc = (now = Date.now()): string => new Date(now).toISOString().slice(0, 10);
/** The last day of a window of `days` whole days from `start` (the end day is included). */
export const endDateOf = (start: string, days: number): string =>
  new Date(Date.parse(`${start}T00:00:00Z`) + (days - 1) * DAY_MS).toISOString().slice(0, 10);

/** Where the map shows a chosen pass's track, asked once per choice (state/map-request.ts): its place. */
export const trackPlace = (c: ChosenPass): { by: object; target: MapTarget } => ({
  by: c,
  target: { kind: 'point', lonLat: [c.target.lon, c.target.lat], zoom: 2.5 },
});
