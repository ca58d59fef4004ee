// The latest value of each push event that describes a state (the link, the sync in progress),
// kept once per window so every view that shows it agrees.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { PushPayload } from '../../../shared/contract';

export interface PushState {
  link: PushPayload<'link.status'> | null;
  progress: PushPayload<'sync.progress'> | null;
}
export type PushStore = StoreApi<PushState>;

export const createPushStore = (): PushStore =>
  createStore<PushState>(() => ({ link: null, progress: null }));
