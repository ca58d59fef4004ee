// The push channel main → window (link state, sync progress, cache changes, notifications).
// It lives in the runtime layer because the runtime is what emits; the contract layer and
// the hosts only carry it to the window (IPC, SSE).
import { pushEvents, type PushEvent, type PushPayload } from '../../shared/contract';

type Listener = (event: PushEvent, payload: unknown) => void;

/** Push events main sends to every window / browser tab; payloads checked against the table. */
export interface PushBus {
  emit<E extends PushEvent>(event: E, payload: PushPayload<E>): void;
  subscribe(listener: Listener): () => void;
  /** The latest payload of an event, so a window that connects late starts current. */
  latest<E extends PushEvent>(event: E): PushPayload<E> | undefined;
}

export function createPushBus(): PushBus {
  const listeners = new Set<Listener>();
  const latest = new Map<PushEvent, unknown>();
  return {
    emit(event, payload) {
      const checked = pushEvents[event].parse(payload);
      latest.set(event, checked);
      for (const l of listeners) l(event, checked);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    latest: <E extends PushEvent>(event: E) => latest.get(event) as PushPayload<E> | undefined,
  };
}
