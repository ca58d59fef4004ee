// One hook per action row of the contract. Each says what it makes stale: a write that
// joins the outbox refreshes the outbox at once (main pushes `cache.changed` only when the
// outbox is flushed); setup and key changes replace the answers they return.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  AppInfo,
  Channel,
  Input,
  KeyStatusResult,
  Result,
  SyncStatusResult,
} from '../../../shared/contract';
import { useContractClient } from './provider';
import { callRow } from './queries';

type After<R> = (qc: QueryClient, result: R) => unknown;

function useAction<C extends Channel>(channel: C, after?: After<Result<C>>) {
  const client = useContractClient();
  const qc = useQueryClient();
  return useMutation<Result<C>, Error, Input<C>>({
    mutationKey: [channel],
    mutationFn: (input) => callRow(client, channel, input),
    onSuccess: (result) => after?.(qc, result),
  });
}

/** Setup changes which service everything came from: every answer is refetched. */
const newService: After<AppInfo> = async (qc, info) => {
  qc.setQueryData(['app.info', {}], info);
  await qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'app.info' });
};
const keyStatus: After<KeyStatusResult> = (qc, status) => qc.setQueryData(['key.status', {}], status);
const syncStatus: After<SyncStatusResult> = (qc, status) => qc.setQueryData(['sync.status', {}], status);
const outbox = (qc: QueryClient) => qc.invalidateQueries({ queryKey: ['outbox.list'] });

export const useKeySet = () => useAction('key.set', keyStatus);
export const useKeyClear = () => useAction('key.clear', keyStatus);
export const useSetupConnect = () => useAction('setup.connect', newService);
export const useSetupDemo = () => useAction('setup.demo', newService);
export const useExternalOpen = () => useAction('external.open');
export const useSyncNow = () => useAction('sync.now', syncStatus);
export const useLinkReport = () => useAction('link.report', syncStatus);
export const useSyncConfigure = () => useAction('sync.configure', syncStatus);

export const useNotesAdd = () => useAction('notes.add', outbox);
export const useNotesDelete = () => useAction('notes.delete', outbox);
export const useWatchesCreate = () => useAction('watches.create', outbox);
export const useWatchesUpdate = () => useAction('watches.update', outbox);
export const useWatchesDelete = () => useAction('watches.delete', outbox);
export const useOrdersCreate = () => useAction('orders.create', outbox);
export const useOrdersSetActive = () => useAction('orders.setActive', outbox);
export const useOrdersDelete = () => useAction('orders.delete', outbox);
export const useMonitoringCreate = () => useAction('monitoring.create', outbox);

export const useOutboxRetry = () => useAction('outbox.retry', outbox);
export const useOutboxEdit = () => useAction('outbox.edit', outbox);
export const useOutboxDiscard = () => useAction('outbox.discard', outbox);
export const useOutboxFlush = () => useAction('outbox.flush', outbox);
