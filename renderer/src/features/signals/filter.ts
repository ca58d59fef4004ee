// The one signal filter the Signals table and the map both ask with: the search text (the
// service's q rules, shared/q.ts) and the filters kept in the view state.
import { useMemo } from 'react';
import { parseQuery, Q_MAX_LENGTH } from '../../../../shared/q';
import { useViewState, type SignalFilters } from '../../state/view-state';
import type { SignalFilter } from '../read-types';

/** Why a search text cannot be asked, or null. The service's limit, checked before asking. */
export function qProblem(q: string): string | null {
  if (q.length > Q_MAX_LENGTH)
    return `A search is at most ${Q_MAX_LENGTH} characters (this one has ${q.length}).`;
  return null;
}

export function toSignalFilter(query: string, filters: SignalFilters): SignalFilter {
  const out: SignalFilter = {};
  const q = query.trim();
  // A text with no word left (only quotes or minus signs) asks for everything.
  if (q && !qProblem(q)) {
    const parsed = parseQuery(q);
    if (parsed.required.length || parsed.excluded.length) out.q = q;
  }
  if (filters.categories.length) out.categories = [...filters.categories].sort();
  if (filters.stages.length) out.stages = [...filters.stages].sort();
  if (filters.minBand !== null) out.minSeverityBand = filters.minBand;
  if (filters.markets.length) out.markets = [...filters.markets].sort();
  // The box drawn on the map and chosen as a filter (features/map/box-tool).
  if (filters.bbox) out.bbox = [...filters.bbox];
  return out;
}

/** The filter as it stands, stable between renders while nothing changes. */
export function useSignalFilter(): SignalFilter {
  const query = useViewState((s) => s.query);
  const filters = useViewState((s) => s.filters);
  return useMemo(() => toSignalFilter(query, filters), [query, filters]);
}

export const activeFilterCount = (f: SignalFilters): number =>
  f.categories.length + f.stages.length + (f.minBand === null ? 0 : 1) + f.markets.length + (f.bbox ? 1 : 0);
