// What the Hotspots view asks and shows (alternate profile), kept while the analyst moves to
// the Map (which draws the shown hotspots): the form as typed and the stored answers in view.
import { create } from 'zustand';
import type { StoredAnswerOf } from '../../../../shared/contract';
import type { MapTarget } from '../../state/map-request';
import { todayUtc } from '../../tools-common/dates';

export interface HotspotsForm {
  /** W,S,E,N, or empty for anywhere. */
  bbox: string;
  bboxFrom: string | null;
  /** The window: a day and a number of days back (the alternate profile's window). */
  date: string;
  days: string;
  /** Comma-separated categories, or empty for all. */
  categories: string;
  /** Hotspots only: the grid's cell size in degrees, the lowest severity score, how many. */
  precision: string;
  minSeverity: string;
  limit: string;
}

interface HotspotsState {
  form: HotspotsForm;
  statsId: string | null;
  hotspotsId: string | null;
  set: (changes: Partial<HotspotsForm>) => void;
  chooseStats: (id: string | null) => void;
  chooseHotspots: (id: string | null) => void;
}

export const initialHotspotsForm = (): HotspotsForm => ({
  bbox: '',
  bboxFrom: null,
  date: todayUtc(),
  days: '7',
  categories: '',
  precision: '1',
  minSeverity: '',
  limit: '',
});

export const useHotspotsState = create<HotspotsState>()((set) => ({
  form: initialHotspotsForm(),
  statsId: null,
  hotspotsId: null,
  set: (changes) => set((s) => ({ form: { ...s.form, ...changes } })),
  chooseStats: (statsId) => set({ statsId }),
  chooseHotspots: (hotspotsId) => set({ hotspotsId }),
}));

/**
 * Where the map shows a stored hotspots answer, asked once per answer (state/map-request.ts):
 * its box whole, else its first cell.
 */
export function hotspotsPlace(
  shown: StoredAnswerOf<'hotspots'>,
): { by: string; target: MapTarget } | undefined {
  const b = shown.request.bbox;
  const first = shown.answer?.hotspots[0];
  const target: MapTarget | null = b
    ? { kind: 'box', box: b }
    : first
      ? { kind: 'point', lonLat: [first.lng, first.lat], zoom: 3 }
      : null;
  return target ? { by: `hotspots:${shown.id}`, target } : undefined;
}
