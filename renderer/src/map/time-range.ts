// The map's time slider, as data: the cached window (from the loaded points' time column),
// the chosen range kept across restarts, and the client-side narrowing of the points already
// loaded — nothing is asked of main again when the slider moves.
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { SignalPoints } from '../../../shared/contract';

/** ms since 1970, both ends inclusive. */
export interface TimeWindow {
  from: number;
  to: number;
}

/** The earliest and latest known time among the points; null when none has one. */
export function timeWindow(points: SignalPoints | undefined): TimeWindow | null {
  if (!points) return null;
  let from = Infinity;
  let to = -Infinity;
  for (const t of points.time) {
    if (Number.isNaN(t)) continue;
    if (t < from) from = t;
    if (t > to) to = t;
  }
  return from <= to ? { from, to } : null;
}

/** The saved range fitted into the window; null means the whole window (nothing narrowed). */
export function fitRange(range: TimeWindow | null, window: TimeWindow | null): TimeWindow | null {
  if (!range || !window) return null;
  const from = Math.min(Math.max(range.from, window.from), window.to);
  const to = Math.max(Math.min(range.to, window.to), from);
  return from <= window.from && to >= window.to ? null : { from, to };
}

/**
 * The time slider's range as a filter's start and end (ISO times), for what main counts rather
 * than the points narrowed here (the country-level counts): an end left at the window's edge is
 * left open, as the slider keeps it pinned there. Whole seconds inward, as the points' times are
 * whole seconds, so main's window and pointsInRange keep the same signals.
 */
export function rangeBounds(
  range: TimeWindow | null,
  window: TimeWindow | null,
): { start?: string; end?: string } {
  const fitted = fitRange(range, window);
  if (!fitted || !window) return {};
  const out: { start?: string; end?: string } = {};
  if (fitted.from > window.from) out.start = new Date(Math.ceil(fitted.from / 1000) * 1000).toISOString();
  if (fitted.to < window.to) out.end = new Date(Math.floor(fitted.to / 1000) * 1000).toISOString();
  return out;
}

/**
 * The points whose time falls in `range` (a point with no time cannot be placed in a range, so
 * it is left out while one is set). The same object back when nothing is narrowed.
 */
export function pointsInRange(points: SignalPoints, range: TimeWindow | null): SignalPoints {
  if (!range) return points;
  const keep: number[] = [];
  for (let i = 0; i < points.count; i++) {
    const t = points.time[i]!;
    if (t >= range.from && t <= range.to) keep.push(i);
  }
  const pick = <A extends Float32Array | Float64Array | Uint8Array>(a: A, make: (n: number) => A): A => {
    const out = make(keep.length);
    keep.forEach((k, j) => (out[j] = a[k]!));
    return out;
  };
  return {
    ...points,
    count: keep.length,
    ids: keep.map((k) => points.ids[k]!),
    lng: pick(points.lng, (n) => new Float32Array(n)),
    lat: pick(points.lat, (n) => new Float32Array(n)),
    band: pick(points.band, (n) => new Uint8Array(n)),
    flags: pick(points.flags, (n) => new Uint8Array(n)),
    category: pick(points.category, (n) => new Uint8Array(n)),
    time: pick(points.time, (n) => new Float64Array(n)),
  };
}

/** One playback step: the range moves forward by a tenth of its width, stopping at the end. */
export function playbackStep(range: TimeWindow, window: TimeWindow): TimeWindow | null {
  if (range.to >= window.to) return null;
  const width = range.to - range.from;
  const step = Math.max(Math.round(width / 10), Math.round((window.to - window.from) / 100), 1);
  const to = Math.min(range.to + step, window.to);
  return { from: to - width, to };
}

export const TIME_RANGE_KEY = 'watchfloor.map-time-range';

interface TimeRangeState {
  range: TimeWindow | null;
  setRange: (range: TimeWindow | null) => void;
}

const isRange = (v: unknown): v is TimeWindow =>
  !!v &&
  typeof v === 'object' &&
  Number.isFinite((v as TimeWindow).from) &&
  Number.isFinite((v as TimeWindow).to) &&
  (v as TimeWindow).from <= (v as TimeWindow).to;

/** Kept beside the rest of the view state in localStorage; a bad saved value is dropped. */
export const useTimeRange = create<TimeRangeState>()(
  persist(
    (set) => ({
      range: null,
      setRange: (range) => set({ range: range && isRange(range) ? range : null }),
    }),
    {
      name: TIME_RANGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ range: s.range }),
      merge: (saved, current) => ({
        ...current,
        range: isRange((saved as { range?: unknown } | undefined)?.range)
          ? (saved as { range: TimeWindow }).range
          : null,
      }),
    },
  ),
);
