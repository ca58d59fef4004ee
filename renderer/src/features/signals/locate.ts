// Where a signal selected elsewhere (the map, a notification) stands in the table's order when
// its page has not been read. In a time order the matches after its second are counted and its
// own second's few are read: two small asks, rather than every page before it.
import type { SignalQueryInput, SignalsQueryResult } from '../../../../shared/contract';
import type { PagedQuery } from './pages';

const iso = (second: number) => new Date(second * 1000).toISOString();

/** The signal's index in `query`'s order, or null when it cannot be told this way. */
export async function locateInTimeOrder(
  fetchPage: (input: SignalQueryInput) => Promise<SignalsQueryResult>,
  query: PagedQuery,
  id: string,
  occurredAt: string | null | undefined,
): Promise<number | null> {
  if (query.sort !== 'latest' && query.sort !== 'oldest') return null;
  // A window of the filter's own would have to be joined with these; the table's has none.
  if (query.start !== undefined || query.end !== undefined || !occurredAt) return null;
  const ms = Date.parse(occurredAt);
  if (Number.isNaN(ms) || ms < 1000) return null;
  const second = Math.floor(ms / 1000);
  // The cache orders by occurred second, then by arrival within the second (its time key).
  const ahead = query.sort === 'latest' ? { start: iso(second + 1) } : { end: iso(second - 1) };
  const [before, same] = await Promise.all([
    fetchPage({ ...query, ...ahead, limit: 1 }),
    fetchPage({ ...query, start: iso(second), end: iso(second), limit: 1000 }),
  ]);
  const at = same.rows.findIndex((r) => r.id === id);
  return at < 0 ? null : before.total + at;
}
