// The renderer's only way to main: `window.watchfloor` (the preload's bridge) in the
// desktop app, or the same table over loopback HTTP + SSE under `watchfloor serve`.
// Both are typed from shared/contract.ts; callers never spell a transport. Only renderer/src/data/
// imports this file: views reach main through the data hooks.
import {
  ANY_RESOURCE,
  channels,
  pushEventNames,
  type PushEvent,
  type WatchfloorApi,
} from '../../../shared/contract';
import { COLUMNS_CONTENT_TYPE, decodeColumns } from '../../../shared/wire';

declare global {
  interface Window {
    watchfloor?: WatchfloorApi;
  }
}

type Listener = (payload: unknown) => void;

/** Push events that describe a state: a late subscriber gets the latest value at once. */
const STATE_EVENTS: ReadonlySet<PushEvent> = new Set(['link.status']);

function createHttpApi(): WatchfloorApi {
  const api: Record<string, unknown> = {};
  for (const channel of channels) {
    api[channel] = async (input: unknown) => {
      const res = await fetch(`/api/contract/${encodeURIComponent(channel)}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(input ?? {}),
        credentials: 'same-origin',
      });
      // The map's columns come as one binary body whose typed arrays are views on it (shared/wire.ts).
      const binary = (res.headers.get('Content-Type') ?? '').startsWith(COLUMNS_CONTENT_TYPE);
      const outcome = (binary ? decodeColumns(await res.arrayBuffer()) : await res.json()) as
        { ok: true; result: unknown } | { ok: false; error: { code: string; message: string } };
      if (outcome.ok) return outcome.result;
      throw Object.assign(new Error(outcome.error.message), { code: outcome.error.code });
    };
  }
  const listeners = new Map<PushEvent, Set<Listener>>(pushEventNames.map((e) => [e, new Set()]));
  const latest = new Map<PushEvent, unknown>();
  const source = new EventSource('/api/events');
  // A change pushed while the stream was not open (before its first open, or during a
  // reconnect) reached no one: an answer read then may be stale. Each open says so to the
  // `cache.changed` listeners with the wildcard, so every answer already read is read again.
  source.addEventListener('open', () => {
    for (const l of listeners.get('cache.changed') ?? []) l({ resources: [ANY_RESOURCE] });
  });
  for (const event of pushEventNames) {
    source.addEventListener(event, (msg) => {
      const payload: unknown = JSON.parse((msg as MessageEvent<string>).data);
      if (STATE_EVENTS.has(event)) latest.set(event, payload);
      for (const l of listeners.get(event) ?? []) l(payload);
    });
  }
  const on: Record<string, unknown> = {};
  for (const event of pushEventNames) {
    on[event] = (listener: Listener) => {
      listeners.get(event)?.add(listener);
      if (latest.has(event)) listener(latest.get(event));
      return () => listeners.get(event)?.delete(listener);
    };
  }
  api.on = on;
  return api as WatchfloorApi;
}

let client: WatchfloorApi | null = null;

/** The window's client, made on first use (the HTTP one opens its event stream then, not on import). */
export function contractClient(): WatchfloorApi {
  client ??= window.watchfloor ?? createHttpApi();
  return client;
}
