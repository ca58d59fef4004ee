// One hook per read row of the contract. Every query is keyed [channel, input], so two
// views asking the same question share one answer, and says which cache resources it
// reads, so main's `cache.changed` push refetches exactly the answers it made stale.
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { Channel, Input, Result, WatchfloorApi } from '../../../shared/contract';
import { useContractClient } from './provider';

export function callRow<C extends Channel>(
  client: WatchfloorApi,
  channel: C,
  input: Input<C>,
): Promise<Result<C>> {
  // Indexing the client by a generic channel gives a union of functions; the row table ties
  // each channel to its own input and result, so this is the one place that says so.
  return (client[channel] as unknown as (i: Input<C>) => Promise<Result<C>>)(input);
}

function useRow<C extends Channel>(
  channel: C,
  input: Input<C>,
  resources: readonly string[] | 'all',
  enabled = true,
): UseQueryResult<Result<C>, Error> {
  const client = useContractClient();
  return useQuery({
    queryKey: [channel, input],
    queryFn: () => callRow(client, channel, input),
    meta: { resources },
    enabled,
  });
}

/** Mode, profile, service address. Changes only through setup (the mutations update it). */
export const useAppInfo = () => useRow('app.info', {}, []);

export const useKeyStatus = () => useRow('key.status', {}, []);

/** Notifications come from sync results; new ones are also pushed (see DataProvider). */
export const useNotifications = (limit?: number) =>
  useRow('notifications.list', limit === undefined ? {} : { limit }, 'all');

/** The last run's summary reflects every stream, so any cache change may have changed it. */
export const useSyncStatus = () => useRow('sync.status', {}, 'all');

/** An event's thread; idle until there is an event to ask about. */
export const useEventThread = (eventId: string | number | null) =>
  useRow(
    'events.thread',
    { eventId: eventId ?? '' },
    ['threads', 'signals'],
    eventId !== null && eventId !== '',
  );

/** Off (`enabled` false) before a service is configured: there is no outbox yet. */
export const useOutbox = (enabled = true) => useRow('outbox.list', {}, ['outbox'], enabled);

// ---- reads of the local cache (shared/contract-read.ts) ----------------------------------

/** A page of signals for the list (with the total and what the plan narrowed). */
export const useSignalsQuery = (input: Input<'signals.query'> = {}) =>
  useRow('signals.query', input, ['signals']);

/** Every matching drawable point as columns, for the map. */
export const useSignalPoints = (filter: Input<'signals.points'> = {}) =>
  useRow('signals.points', filter, ['signals']);

/** Country-level signals per country (the map shades countries by these). */
export const useCountryCounts = (filter: Input<'signals.countryCounts'> = {}) =>
  useRow('signals.countryCounts', filter, ['signals']);

/** One cached event; idle until there is one to show. */
export const useSignal = (id: string | number | null) =>
  useRow('signals.get', { id: id ?? '' }, ['signals'], id !== null && id !== '');

/** Developments carry their event's point from the signals, so either stream may change them. */
export const useDevelopments = (input: Input<'developments.list'> = {}) =>
  useRow('developments.list', input, ['developments', 'signals']);

/** One measured list; sync names each list's stream `measured.<kind>`. */
export const useMeasured = (input: Input<'measured.list'>) =>
  useRow('measured.list', input, ['measured', `measured.${input.kind}`]);

export const useTransit = () => useRow('transit.get', {}, ['transit']);

export const useBrief = (input: Input<'brief.get'> = {}) => useRow('brief.get', input, ['brief']);

/** What each stream covers; any sync changes it. */
export const useSyncStreams = () => useRow('sync.streams', {}, 'all');
