// The link to the service as it really is (pushed as `link.status`): online once a call got
// an answer from the service, offline once a call failed for a network reason (connection
// refused or reset, DNS, timeout, a body cut halfway). It watches the calls themselves, by
// wrapping the fetch the API client is given, so no guess (navigator.onLine, a ping) stands
// in for what the service actually answered.
import { lineFetch } from '../api';
import type { PushBus } from './push-bus';

export interface LinkMonitor {
  /** True after a call reached the service, until one fails on the network. */
  readonly online: boolean;
  /** The fetch to give the API client: it reports each answer or network failure here. */
  readonly fetch: typeof fetch;
  /** Something outside the calls knows the link is gone (the OS says offline). */
  lost(): void;
  /** Called on every change (after the push). */
  onChange(listener: (online: boolean) => void): () => void;
  /** The account is closing: its calls say nothing more (another account's link may be up). */
  close(): void;
}

/**
 * A fetch that fails because the caller gave up (a cancelled sync) says nothing about the
 * link; one that fails on its own timeout does. The transport combines both signals, so
 * the abort reason tells them apart.
 */
function cancelledByCaller(init: RequestInit | undefined): boolean {
  const signal = init?.signal;
  if (!signal?.aborted) return false;
  const reason: unknown = signal.reason;
  return !(reason instanceof Error && reason.name === 'TimeoutError');
}

export function createLinkMonitor(opts: {
  bus: PushBus;
  fetch?: typeof fetch;
  now?: () => Date;
}): LinkMonitor {
  const base = opts.fetch ?? lineFetch;
  const now = opts.now ?? (() => new Date());
  const listeners = new Set<(online: boolean) => void>();
  // Nothing has reached this service yet: that is offline, said once if the window thinks otherwise.
  let online = false;
  let closed = false;
  if (opts.bus.latest('link.status')?.online !== false)
    opts.bus.emit('link.status', { online: false, since: now().toISOString() });

  function set(next: boolean): void {
    if (closed || next === online) return;
    online = next;
    opts.bus.emit('link.status', { online, since: now().toISOString() });
    for (const l of listeners) l(online);
  }

  const observed: typeof fetch = async (input, init) => {
    let res: Response;
    try {
      res = await base(input, init);
    } catch (err) {
      if (!cancelledByCaller(init)) set(false);
      throw err;
    }
    set(true);
    // A connection cut while the body streams is a network failure too: the body is read
    // through a stream that says so (the transport reads it chunk by chunk, docs/sync.md).
    const source = res.body;
    if (source) {
      const reader = source.getReader();
      const watched = new ReadableStream<Uint8Array>({
        async pull(ctrl) {
          try {
            const part = await reader.read();
            if (part.done) ctrl.close();
            else ctrl.enqueue(part.value);
          } catch (err) {
            if (!cancelledByCaller(init)) set(false);
            ctrl.error(err);
          }
        },
        cancel: (reason) => reader.cancel(reason),
      });
      Object.defineProperty(res, 'body', { value: watched });
      Object.defineProperty(res, 'text', { value: () => new Response(watched).text() });
    }
    return res;
  };

  return {
    get online() {
      return online;
    },
    fetch: observed,
    lost: () => set(false),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => {
      closed = true;
      listeners.clear();
    },
  };
}
