// The Passes view's place and window → GET /passes's parameters ("Ask the service"): the same
// point and whole UTC days the offline prediction uses, so the two lists answer one question.
// The window goes as asked, past the 7-day horizon too: the service narrows it and says so
// (meta.window, shown as the answer's clamp), never the window silently.
import type { StoredAnswerOf, ToolParams, ToolRunInput } from '../../../../shared/contract';
import { endDateOf, type PassTarget } from './passes-state';

export type ServicePassesParams = ToolParams<'passes'>;
export type Built = { input: ToolRunInput; problem: null } | { input: null; problem: string };

export function buildServicePasses(
  target: PassTarget | null,
  start: string,
  days: number,
  maxPasses: number,
): Built {
  if (!target)
    return {
      input: null,
      problem: 'Choose a place first: select a signal or a watch, or type a latitude and longitude.',
    };
  if (!Number.isInteger(maxPasses) || maxPasses < 1 || maxPasses > 100)
    return { input: null, problem: 'Most passes must be a whole number from 1 to 100.' };
  return {
    input: {
      tool: 'passes',
      params: {
        lat: target.lat,
        lon: target.lon,
        start_date: start,
        end_date: endDateOf(start, days),
        max_passes: maxPasses,
      },
    },
    problem: null,
  };
}

const place = (r: ServicePassesParams): string =>
  r.lat !== undefined && r.lon !== undefined
    ? `${r.lat.toFixed(4)}, ${r.lon.toFixed(4)}`
    : r.bbox
      ? `box ${r.bbox.join(', ')}`
      : 'no place';

/** One line for a stored request: "50.4500, 30.5200 · 2026-11-20 → 2026-11-29 · at most 40". */
export function summarize(r: ServicePassesParams): string {
  const window = `${r.start_date ?? 'today'} → ${r.end_date ?? 'the service’s default'}`;
  return `${place(r)} · ${window}${r.max_passes !== undefined ? ` · at most ${r.max_passes}` : ''}`;
}

/**
 * How a stored request differs from the place and window the prediction shows now (empty:
 * the same question), so an answer kept from another place is never read as this one's.
 */
export function differences(
  answer: StoredAnswerOf<'passes'>,
  target: PassTarget | null,
  start: string,
  end: string,
): string[] {
  const r = answer.request;
  const out: string[] = [];
  const same = (a: number | undefined, b: number) => a !== undefined && Math.abs(a - b) < 1e-6;
  if (target && !(same(r.lat, target.lat) && same(r.lon, target.lon)))
    out.push(
      `its place is ${place(r)}, the prediction’s is ${target.lat.toFixed(4)}, ${target.lon.toFixed(4)}`,
    );
  if (r.start_date !== start || r.end_date !== end)
    out.push(
      `it asked ${r.start_date ?? 'today'} → ${r.end_date ?? '—'}, the prediction covers ${start} → ${end}`,
    );
  return out;
}

/** The service's window when it is narrower than the one asked (the clamp in plain words). */
export function narrowedWindow(answer: StoredAnswerOf<'passes'>): string | null {
  const got = answer.answer?.meta.window;
  const askedEnd = answer.request.end_date;
  const gotEnd = got?.end?.slice(0, 10);
  if (!askedEnd || !gotEnd || gotEnd >= askedEnd) return null;
  return `asked to ${askedEnd}, searched to ${gotEnd}`;
}
