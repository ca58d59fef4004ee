// One hook per read row of the contract. Every query is keyed [channel, input], so two
// views asking the same question share one answer, and says which cache resources it
// reads (shared/row-reads.ts), so main's `cache.changed` push refetches exactly the answers it made stale.
import {
  useQueries,
  useQuery,
  useQueryClient,
  type QueryClient,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { Channel, Input, Profile, Result, WatchfloorApi } from '../../../shared/contract';
import { useContractClient } from './provider';
import { readsOf, type ReadChannel } from '../../../shared/row-reads';

export function callRow<C extends Channel>(
  client: WatchfloorApi,
  channel: C,
  input: Input<C>,
): Promise<Result<C>> {
  // Indexing the client by a generic channel gives a union of functions; the row table ties
  // each channel to its own input and result, so this is the one place that says so.
  return (client[channel] as unknown as (i: Input<C>) => Promise<Result<C>>)(input);
}

/**
 * A row's query: its key, its call and the cache resources it reads (shared/row-reads.ts; one shape for
 * hooks and prefetches).
 */
function rowQuery<C extends ReadChannel>(client: WatchfloorApi, channel: C, input: Input<C>) {
  return {
    queryKey: [channel, input] as const,
    queryFn: () => callRow(client, channel, input),
    meta: { resources: readsOf(channel, input) },
  };
}

function useRow<C extends ReadChannel>(
  channel: C,
  input: Input<C>,
  enabled = true,
): UseQueryResult<Result<C>, Error> {
  const client = useContractClient();
  return useQuery({ ...rowQuery(client, channel, input), enabled });
}

/**
 * At launch, before the window has drawn anything: asks for what the map will ask first (the
 * app's info, then its points for the remembered filters), so main reads the points while the
 * map's code is still loading. The hooks then find these answers (same keys) instead of asking.
 */
export async function prefetchMapOpening(
  queryClient: QueryClient,
  client: WatchfloorApi,
  pointsFilter: (profile: Profile) => Input<'signals.points'>,
): Promise<void> {
  const info = await queryClient.fetchQuery(rowQuery(client, 'app.info', {}));
  // No account yet (the first-run choice): there are no points to read.
  if (info.profile === null) return;
  await queryClient.prefetchQuery(rowQuery(client, 'signals.points', pointsFilter(info.profile)));
}

/** Mode, profile, service address. Changes only through setup (the mutations update it). */
export const useAppInfo = () => useRow('app.info', {});

export const useKeyStatus = () => useRow('key.status', {});

/** Notifications come from sync results; new ones are also pushed (see DataProvider). */
export const useNotifications = (limit?: number) =>
  useRow('notifications.list', limit === undefined ? {} : { limit });

/** The last run's summary. */
export const useSyncStatus = () => useRow('sync.status', {});

/** An event's thread; idle until there is an event to ask about. */
export const useEventThread = (eventId: string | number | null) =>
  useRow('events.thread', { eventId: eventId ?? '' }, eventId !== null && eventId !== '');

/** Off (`enabled` false) before a service is configured: there is no outbox yet. */
export const useOutbox = (enabled = true) => useRow('outbox.list', {}, enabled);

// ---- reads of the local cache (shared/contract-read.ts) ----------------------------------

/** A page of signals for the list (with the total and what the plan narrowed). */
export const useSignalsQuery = (input: Input<'signals.query'> = {}, enabled = true) =>
  useRow('signals.query', input, enabled);

/**
 * A page of signals the table has scrolled past stays this long once out of sight: a million
 * rows are a thousand pages, and the ones in sight are always kept.
 */
const SIGNAL_PAGE_GC_MS = 30_000;

const signalsPage = (client: WatchfloorApi, input: Input<'signals.query'>) => ({
  ...rowQuery(client, 'signals.query', input),
  gcTime: SIGNAL_PAGE_GC_MS,
});

/** Pages of signals.query, each its own answer keyed as useSignalsQuery's (the table's pages in sight). */
export function useSignalsPages(inputs: readonly Input<'signals.query'>[]) {
  const client = useContractClient();
  return useQueries({ queries: inputs.map((i) => signalsPage(client, i)) });
}

/** Reads one page now (from memory when it is there and current), e.g. to copy every row. */
export function useFetchSignalsPage(): (input: Input<'signals.query'>) => Promise<Result<'signals.query'>> {
  const client = useContractClient();
  const queryClient = useQueryClient();
  return (input) => queryClient.fetchQuery(signalsPage(client, input));
}

/** Every matching drawable point as columns, for the map. */
export const useSignalPoints = (filter: Input<'signals.points'> = {}) => useRow('signals.points', filter);

/** Country-level signals per country (the map shades countries by these); idle while not `enabled`. */
export const useCountryCounts = (filter: Input<'signals.countryCounts'> = {}, enabled = true) =>
  useRow('signals.countryCounts', filter, enabled);

/** Every category the cache holds, measured ones marked (the filter menus). */
export const useSignalCategories = () => useRow('signals.categories', {});

/** One cached event; idle until there is one to show. */
export const useSignal = (id: string | number | null) =>
  useRow('signals.get', { id: id ?? '' }, id !== null && id !== '');

/** Developments with their event's point. */
export const useDevelopments = (input: Input<'developments.list'> = {}) => useRow('developments.list', input);

/** Pages of developments.list, each its own answer (the Developments view's pages read so far). */
export function useDevelopmentsPages(inputs: readonly Input<'developments.list'>[]) {
  const client = useContractClient();
  return useQueries({ queries: inputs.map((i) => rowQuery(client, 'developments.list', i)) });
}

/** One measured list. */
export const useMeasured = (input: Input<'measured.list'>) => useRow('measured.list', input);

export const useTransit = () => useRow('transit.get', {});

// The analyst's own things, with the writes not yet sent (in the outbox).
export const useWatches = () => useRow('watches.list', {});

/** One watch with its thread and notes; idle until there is one to show. */
export const useWatch = (watchId: string | null) =>
  useRow('watches.get', { watchId: watchId ?? '' }, !!watchId);

/** The analyst's local-only notes (all, or about one signal). */
export const useLocalNotesList = (input: Input<'localNotes.list'> = {}) => useRow('localNotes.list', input);

export const useStandingOrders = () => useRow('orders.list', {});

export const useMonitoringAreas = () => useRow('monitoring.list', {});

/** The cached events that can explain an order's last run; idle until an order is chosen. */
export const useOrderFired = (orderId: string | null) =>
  useRow('orders.fired', { orderId: orderId ?? '' }, !!orderId);

/** A monitoring area's cached series; idle until an area is chosen. */
export const useMonitoringSeries = (areaId: string | null) =>
  useRow('monitoring.series', { areaId: areaId ?? '' }, !!areaId);

/** A watch's cached decision-package revisions; idle until there is a watch. */
export const usePackageRevisions = (watchId: string | null) =>
  useRow('packages.revisions', { watchId: watchId ?? '' }, !!watchId);

/** One cached revision of a watch's package (the latest when none is named); idle without a watch. */
export const usePackage = (watchId: string | null, revision?: string) =>
  useRow('packages.get', { watchId: watchId ?? '', ...(revision ? { revision } : {}) }, !!watchId);

export const useBrief = (input: Input<'brief.get'> = {}) => useRow('brief.get', input);

/** What each stream covers. */
export const useSyncStreams = () => useRow('sync.streams', {});

// ---- satellite passes, computed in main from the cached orbital elements ------------------

/** The passes over a place in a window; idle until there is a place. */
export const usePasses = (input: Input<'passes.predict'> | null) =>
  useRow('passes.predict', input ?? { lat: 0, lon: 0 }, input !== null);

/** The ground track either side of one pass's peak; idle until a pass is chosen. */
export const usePassTrack = (input: Input<'passes.track'> | null) =>
  useRow('passes.track', input ?? { noradId: 1, peak: '1970-01-01T00:00:00Z' }, input !== null);

/** The soonest sunlit optical and SAR pass over each place (the next 48 hours by default). */
export const useSoonestPasses = (input: Input<'passes.soonest'>, enabled = true) =>
  useRow('passes.soonest', input, enabled);

/** How many satellites have elements, how old they are, where they came from. */
export const useElementsStatus = () => useRow('elements.status', {});

// ---- the online tools' stored answers (shared/contract-tools.ts) --------------------------

/** Stored answers of one tool (or all), newest first, from the cache. */
export const useToolsHistory = (input: Input<'tools.history'> = {}) => useRow('tools.history', input);

/** One stored answer; idle until one is chosen. */
export const useToolAnswer = (id: string | null) => useRow('tools.answer', { id: id ?? '' }, !!id);

/** The last stated balance, today's spend and the confirmation threshold. */
export const useToolsWallet = (enabled = true) => useRow('tools.wallet', {}, enabled);
