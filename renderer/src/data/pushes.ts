// Push events as the views read them: the latest link state and sync progress.
import { useStore } from 'zustand';
import { usePushStore } from './provider';

/** null until main has said (the status bar shows "connecting…"). */
export const useLinkStatus = () => useStore(usePushStore(), (s) => s.link);

/** The last progress report of the running (or last) sync. */
export const useSyncProgress = () => useStore(usePushStore(), (s) => s.progress);
