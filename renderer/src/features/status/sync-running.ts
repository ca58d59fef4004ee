// Whether a sync runs now, as the window can know it soonest. `sync.status` is read again only
// when a run ends (its `done` or `error` push), so a run started elsewhere (Sync now, Ctrl+R,
// the schedule) would go unseen until then; main's pushes say it at once: the run's `started`
// (stream `sync`), each stream's pages, and the run's end (stream `sync`, done or error),
// which reads the status again.
import type { PushPayload } from '../../../../shared/contract';
import { useSyncProgress, useSyncStatus } from '../../data';

type Progress = PushPayload<'sync.progress'> | null;

/** Running per the last push: a start or a page; an end (the run's, or a stream's) leaves it to the status read again then. */
export const runningPerPushes = (progress: Progress): boolean =>
  progress?.phase === 'started' || progress?.phase === 'page';

export function useSyncRunning(): boolean {
  const status = useSyncStatus().data;
  const progress = useSyncProgress();
  return !!status?.running || runningPerPushes(progress);
}
