// The one signal filter the Signals table and the map both ask with: the search text (the
// service's q rules, shared/q.ts) and the filters kept in the view state.
import { useMemo } from 'react';
import type { Profile } from '../../../shared/contract';
import { parseQuery, Q_MAX_LENGTH } from '../../../shared/q';
import { useAppInfo } from '../data';
import { useViewState, type SignalFilters } from './view-state';
import type { SignalFilter } from '../../../shared/contract';

/** Why a search text cannot be asked, or null. The service's limit, checked before asking. */
export function qProblem(q: string): string | null {
  if (q.length > Q_MAX_LENGTH)
    return `A search is at most ${Q_MAX_LENGTH} characters (this one has ${q.length}).`;
  return null;
}

/**
 * The filters a profile's records can answer: the alternate profile has no stage, so a stage
 * remembered from the main profile would match nothing there and is not asked.
 */
export function toSignalFilter(
  query: string,
  filters: SignalFilters,
  profile: Profile = 'main',
): SignalFilter {
  const out: SignalFilter = {};
  const q = query.trim();
  // A text with no word left (only quotes or minus signs) asks for everything.
  if (q && !qProblem(q)) {
    const parsed = parseQuery(q);
    if (parsed.required.length || parsed.excluded.length) out.q = q;
  }
  if (filters.categories.length) out.categories = [...filters.categories].sort();
  if (filters.stages.length && profile !== 'alternate') out.stages = [...filters.stages].sort();
  // Main: the band at least this; alternate: the 0–10 severity score at least this (the cache
  // compares the score where a record has no band, as the service's min_severity does).
  if (filters.minBand !== null) out.minSeverityBand = filters.minBand;
  if (filters.markets.length) out.markets = [...filters.markets].sort();
  // The box drawn on the map and chosen as a filter (map/box-tool).
  if (filters.bbox) out.bbox = [...filters.bbox];
  return out;
}

/** The filter as it stands, stable between renders while nothing changes. */
export function useSignalFilter(): SignalFilter {
  const query = useViewState((s) => s.query);
  const filters = useViewState((s) => s.filters);
  const profile = useAppInfo().data?.profile ?? 'main';
  return useMemo(() => toSignalFilter(query, filters, profile), [query, filters, profile]);
}

export const activeFilterCount = (f: SignalFilters, profile: Profile = 'main'): number =>
  f.categories.length +
  (profile === 'alternate' ? 0 : f.stages.length) +
  (f.minBand === null ? 0 : 1) +
  f.markets.length +
  (f.bbox ? 1 : 0);
