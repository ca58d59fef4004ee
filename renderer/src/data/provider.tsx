// The data layer's root: the contract client (the real one, or a fake in tests), one
// TanStack QueryClient, and the push subscriptions that keep cached answers true. Views
// never see the client: they use the row hooks (queries.ts, mutations.ts, pushes.ts).
import { QueryClient, QueryClientProvider, type Query } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { PushPayload, WatchfloorApi } from '../../../shared/contract';
import { ANY_RESOURCE, isPushedName } from '../../../shared/contract-resources';
import { createPushStore, type PushStore } from './push-store';
import type { Reads } from '../../../shared/row-reads';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /**
       * Which local-cache resources (shared/row-reads.ts) the answer is read from: a `cache.changed` push
       * naming one of them refetches it. 'all': any change does.
       */
      resources: Reads;
    };
  }
}

interface DataContext {
  client: WatchfloorApi;
  pushes: PushStore;
}
const Context = createContext<DataContext | null>(null);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Answers come from main's local cache; they change when main says so (cache.changed),
      // not with time or window focus. A failed call is not retried: main's errors are final.
      queries: { staleTime: Infinity, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/**
 * Refetches every query that reads one of `resources` (see the queryMeta above); the wildcard
 * (ANY_RESOURCE: the push stream has just opened, and changes before it went unheard) refetches
 * every answer read from the cache.
 *
 * A query still on its first read joins that read instead of starting another (TanStack only
 * restarts a read that already has an answer), and that read may have been answered by main
 * before the change: such a query is read once more after its first answer lands.
 */
export async function invalidateResources(
  queryClient: QueryClient,
  resources: PushPayload<'cache.changed'>['resources'],
): Promise<void> {
  const named: readonly string[] = resources;
  const any = named.includes(ANY_RESOURCE);
  const reads = (q: Query): boolean => {
    const from = q.meta?.resources;
    if (from === undefined) return false;
    return any || from === 'all' || from.some((r) => named.includes(r));
  };
  const firstReads = queryClient
    .getQueryCache()
    .findAll({ predicate: reads, fetchStatus: 'fetching' })
    .filter((q) => q.state.data === undefined);
  await queryClient.invalidateQueries({ predicate: reads });
  if (firstReads.length > 0)
    await queryClient.invalidateQueries({ predicate: (q) => firstReads.includes(q) });
}

/**
 * The names a `cache.changed` push carries, as the list has them (shared/contract-resources.ts):
 * the push crosses from main (or serve's event stream) untyped, so a name outside the list is
 * left out and said on the console (main and the window disagree on a name: a bug to see).
 */
export function pushedNames(payload: unknown): PushPayload<'cache.changed'>['resources'] {
  const given: unknown = (payload as { resources?: unknown } | null)?.resources;
  const names: unknown[] = Array.isArray(given) ? given : [given];
  const known: PushPayload<'cache.changed'>['resources'] = [];
  const unknown: unknown[] = [];
  for (const n of names) {
    if (typeof n === 'string' && isPushedName(n)) known.push(n);
    else unknown.push(n);
  }
  if (unknown.length)
    console.warn('Watchfloor: cache.changed named resources the window does not know:', unknown);
  return known;
}

export function DataProvider({
  client,
  queryClient,
  children,
}: {
  client: WatchfloorApi;
  queryClient?: QueryClient;
  children: ReactNode;
}) {
  const [qc] = useState(() => queryClient ?? createQueryClient());
  const [pushes] = useState(createPushStore);
  useEffect(() => {
    const offs = [
      client.on['cache.changed']((p) => void invalidateResources(qc, pushedNames(p))),
      client.on['link.status']((link) => pushes.setState({ link })),
      client.on['sync.progress']((progress) => {
        pushes.setState({ progress });
        if (progress.phase === 'done' || progress.phase === 'error')
          void qc.invalidateQueries({ queryKey: ['sync.status'] });
      }),
      // A new notification joins every cached list at once, without a round trip.
      client.on.notification((n) =>
        qc.setQueriesData<unknown>({ queryKey: ['notifications.list'] }, (list: unknown) =>
          Array.isArray(list)
            ? [n, ...(list as unknown[]).filter((x) => (x as { id?: string }).id !== n.id)]
            : list,
        ),
      ),
    ];
    return () => offs.forEach((off) => off());
  }, [client, qc, pushes]);
  return (
    <Context.Provider value={{ client, pushes }}>
      <QueryClientProvider client={qc}>{children}</QueryClientProvider>
    </Context.Provider>
  );
}

function useDataContext(): DataContext {
  const ctx = useContext(Context);
  if (!ctx) throw new Error('Watchfloor: a data hook was used outside <DataProvider>');
  return ctx;
}

/** For the hooks in this folder only. */
export const useContractClient = (): WatchfloorApi => useDataContext().client;
export const usePushStore = (): PushStore => useDataContext().pushes;
