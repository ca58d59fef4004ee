// The renderer's only way to main. Views import from here; nothing outside data/ touches
// the contract client or window.watchfloor.
import type { Channel } from '../../../shared/contract';
import * as m from './mutations';
import * as q from './queries';

export { contractClient } from './contract-client';
export { DataProvider, createQueryClient, invalidateResources } from './provider';
export * from './mutations';
export * from './pushes';
export {
  useAppInfo,
  useBrief,
  useCountryCounts,
  useDevelopments,
  useEventThread,
  useKeyStatus,
  useMeasured,
  useNotifications,
  useOutbox,
  useSignal,
  useSignalPoints,
  useSignalsQuery,
  useSyncStatus,
  useSyncStreams,
  useTransit,
} from './queries';

/**
 * Which hook answers each contract row. A test (not the compiler, so a row added to the
 * contract does not stop the renderer building) checks that no row is left without one.
 */
export const rowHooks: Partial<Record<Channel, () => unknown>> = {
  'app.info': q.useAppInfo,
  'key.status': q.useKeyStatus,
  'key.set': m.useKeySet,
  'key.clear': m.useKeyClear,
  'setup.connect': m.useSetupConnect,
  'setup.demo': m.useSetupDemo,
  'notifications.list': q.useNotifications,
  'external.open': m.useExternalOpen,
  'sync.now': m.useSyncNow,
  'sync.status': q.useSyncStatus,
  'link.report': m.useLinkReport,
  'events.thread': () => q.useEventThread(null),
  'notes.add': m.useNotesAdd,
  'notes.delete': m.useNotesDelete,
  'watches.create': m.useWatchesCreate,
  'watches.update': m.useWatchesUpdate,
  'watches.delete': m.useWatchesDelete,
  'orders.create': m.useOrdersCreate,
  'orders.setActive': m.useOrdersSetActive,
  'orders.delete': m.useOrdersDelete,
  'monitoring.create': m.useMonitoringCreate,
  'outbox.list': q.useOutbox,
  'outbox.retry': m.useOutboxRetry,
  'outbox.edit': m.useOutboxEdit,
  'outbox.discard': m.useOutboxDiscard,
  'outbox.flush': m.useOutboxFlush,
  'sync.configure': m.useSyncConfigure,
  'signals.query': () => q.useSignalsQuery(),
  'signals.points': () => q.useSignalPoints(),
  'signals.countryCounts': () => q.useCountryCounts(),
  'signals.get': () => q.useSignal(null),
  'developments.list': () => q.useDevelopments(),
  'measured.list': () => q.useMeasured({ kind: 'thermal' }),
  'transit.get': q.useTransit,
  'brief.get': () => q.useBrief(),
  'sync.streams': q.useSyncStreams,
};
