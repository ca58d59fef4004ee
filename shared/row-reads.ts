// Which cache resources each read row's answer comes from (contract-resources.ts): in the
// window, a `cache.changed` push naming one of them refetches the answer
// (renderer/src/data/provider.tsx). One table, so the window's hooks
// (renderer/src/data/queries.ts) and a test (test/integration/sync/cache-resources.test.ts:
// every resource read here is one main pushes, or one the window's own calls refresh) read the
// same.
import type { Channel, Input } from './contract';
import { measuredStream, type CacheResource } from './contract-resources';

/** What an answer is read from; 'all': any change may change it. */
export type Reads = readonly CacheResource[] | 'all';
type RowReads<C extends Channel> = Reads | ((input: Input<C>) => Reads);

const table = {
  // Mode, profile, service address: only setup changes them (its mutations refetch them).
  'app.info': [],
  'key.status': [],
  // Notifications come from sync results; new ones are also pushed (the window adds them).
  'notifications.list': 'all',
  // The last run's summary reflects every stream, so any cache change may have changed it.
  'sync.status': 'all',
  'events.thread': ['threads', 'signals'],
  'outbox.list': ['outbox'],
  'signals.query': ['signals'],
  'signals.points': ['signals'],
  'signals.countryCounts': ['signals'],
  'signals.categories': ['signals'],
  'signals.get': ['signals'],
  // Developments carry their event's point from the signals, so either stream may change them.
  'developments.list': ['developments', 'signals'],
  // One measured list; sync names each list's stream `measured.<kind>`.
  'measured.list': (input) => ['measured', measuredStream(input.kind)],
  'transit.get': ['transit'],
  // The analyst's own things: each sync stream by its name, and 'outbox' for a write stored
  // here before it is sent (and replaced by the service's record once it is).
  'watches.list': ['watches', 'outbox'],
  // A watch's notes arrive with 'watches'.
  'watches.get': ['watches', 'decision_packages', 'outbox'],
  // Only the analyst's own writes change the local-only notes.
  'localNotes.list': ['local_notes'],
  'orders.list': ['standing_orders', 'outbox'],
  'monitoring.list': ['monitoring', 'outbox'],
  'orders.fired': ['standing_orders', 'signals', 'outbox'],
  'monitoring.series': ['monitoring', 'outbox'],
  // The watches stream fetches the packages (counted as 'decision_packages'), and a deleted
  // watch takes its packages along.
  'packages.revisions': ['decision_packages', 'watches'],
  'packages.get': ['decision_packages', 'watches'],
  'brief.get': ['brief'],
  // What each stream covers; any sync changes it.
  'sync.streams': 'all',
  // Passes are computed from the orbital elements, which change only by an import or a refresh
  // (their mutations refetch these), never by a sync.
  'passes.predict': ['elements'],
  'passes.track': ['elements'],
  'passes.soonest': ['elements'],
  'elements.status': ['elements'],
  // Only a tool call (or the threshold) changes the stored answers: main pushes 'tool_answers'.
  'tools.history': ['tool_answers'],
  'tools.answer': ['tool_answers'],
  // The wallet also reads the last sync's balance, so any sync may change it.
  'tools.wallet': 'all',
} satisfies { [C in Channel]?: RowReads<C> };

/** A row a query hook answers: one the table says the answer's resources of. */
export type ReadChannel = keyof typeof table;
export const rowReads: { readonly [C in ReadChannel]: RowReads<C> } = table;

/** The resources a row's answer to `input` is read from. */
export function readsOf<C extends ReadChannel>(channel: C, input: Input<C>): Reads {
  const reads: RowReads<C> = rowReads[channel];
  return typeof reads === 'function' ? reads(input) : reads;
}
