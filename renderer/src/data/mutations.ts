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
import { saveOfferedDownload } from './contract-client';
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
/** A write to the analyst's own records shows at once (as pending) in their list and outlines. */
const ownList =
  (list: 'watches.list' | 'orders.list' | 'monitoring.list') =>
  async (qc: QueryClient): Promise<void> => {
    await Promise.all([
      outbox(qc),
      qc.invalidateQueries({ queryKey: [list] }),
      // A watch's own read (its detail) changes with it.
      ...(list === 'watches.list' ? [qc.invalidateQueries({ queryKey: ['watches.get'] })] : []),
    ]);
  };

export const useKeySet = () => useAction('key.set', keyStatus);
export const useKeyClear = () => useAction('key.clear', keyStatus);
export const useSetupConnect = () => useAction('setup.connect', newService);
export const useSetupDemo = () => useAction('setup.demo', newService);
export const useExternalOpen = () => useAction('external.open');
export const useSyncNow = () => useAction('sync.now', syncStatus);
export const useLinkReport = () => useAction('link.report', syncStatus);
export const useSyncConfigure = () => useAction('sync.configure', syncStatus);

// A note is stored with its watch: the watch's read shows it at once (as pending).
const watchNotes = async (qc: QueryClient): Promise<void> => {
  await Promise.all([outbox(qc), qc.invalidateQueries({ queryKey: ['watches.get'] })]);
};
export const useNotesAdd = () => useAction('notes.add', watchNotes);
export const useNotesEdit = () => useAction('notes.edit', watchNotes);
export const useNotesDelete = () => useAction('notes.delete', watchNotes);
export const useWatchesCreate = () => useAction('watches.create', ownList('watches.list'));
export const useWatchesUpdate = () => useAction('watches.update', ownList('watches.list'));
export const useWatchesDelete = () => useAction('watches.delete', ownList('watches.list'));
export const useOrdersCreate = () => useAction('orders.create', ownList('orders.list'));
export const useOrdersSetActive = () => useAction('orders.setActive', ownList('orders.list'));
export const useOrdersDelete = () => useAction('orders.delete', ownList('orders.list'));
export const useMonitoringCreate = () => useAction('monitoring.create', ownList('monitoring.list'));

// Local-only notes are written straight to the cache (no outbox): their list shows them at once.
const localNotes = (qc: QueryClient) => qc.invalidateQueries({ queryKey: ['localNotes.list'] });
export const useLocalNotesAdd = () => useAction('localNotes.add', localNotes);
export const useLocalNotesDelete = () => useAction('localNotes.delete', localNotes);

// A discarded or edited write takes back or rewrites its pending record in the analyst's lists.
const ownRecords = async (qc: QueryClient): Promise<void> => {
  await Promise.all(
    (['outbox.list', 'watches.list', 'watches.get', 'orders.list', 'monitoring.list'] as const).map((k) =>
      qc.invalidateQueries({ queryKey: [k] }),
    ),
  );
};
export const useOutboxRetry = () => useAction('outbox.retry', ownRecords);
export const useOutboxEdit = () => useAction('outbox.edit', ownRecords);
export const useOutboxDiscard = () => useAction('outbox.discard', ownRecords);
export const useOutboxFlush = () => useAction('outbox.flush', outbox);

/** New elements change every pass answer and the elements' age. */
const elements = (qc: QueryClient) =>
  qc.invalidateQueries({
    predicate: (q) => {
      const ch = String(q.queryKey[0]);
      return ch.startsWith('passes.') || ch.startsWith('elements.');
    },
  });
export const useElementsImport = () => useAction('elements.import', elements);
/** A too-soon or not-modified answer changes nothing; refetching then is harmless. */
export const useElementsRefresh = () => useAction('elements.refresh', elements);

/**
 * Export writes a file and changes nothing in the cache: nothing to refetch. Under serve the
 * report is offered to the browser (`status: 'download'`): saved through its downloads before
 * the export is done.
 */
export function useReportsExport() {
  const client = useContractClient();
  return useMutation<Result<'reports.export'>, Error, Input<'reports.export'>>({
    mutationKey: ['reports.export'],
    mutationFn: async (input) => {
      const result = await callRow(client, 'reports.export', input);
      if (result.status === 'download') await saveOfferedDownload(result.download, result.name);
      return result;
    },
  });
}

// An online tool's call is stored whatever the service answered: its history and the wallet
// show it at once (main's cache.changed push follows too).
const toolAnswers = (qc: QueryClient) =>
  qc.invalidateQueries({
    predicate: (q) => ['tools.history', 'tools.answer', 'tools.wallet'].includes(String(q.queryKey[0])),
  });
export const useToolsRun = () => useAction('tools.run', toolAnswers);
/**
 * A new threshold holds at once: a Run clicked right after Enter asks by it, not by the one the
 * wallet said before main's answer came back. A refused change reads the wallet again.
 */
export function useToolsConfigure() {
  const client = useContractClient();
  const qc = useQueryClient();
  return useMutation<Result<'tools.configure'>, Error, Input<'tools.configure'>>({
    mutationKey: ['tools.configure'],
    mutationFn: (input) => callRow(client, 'tools.configure', input),
    onMutate: ({ confirmAbove }) => {
      if (confirmAbove !== undefined)
        qc.setQueryData<Result<'tools.wallet'>>(
          ['tools.wallet', {}],
          (old) => old && { ...old, confirmAbove },
        );
    },
    onSettled: () => toolAnswers(qc),
  });
}
