// The renderer's only way to main: `window.watchfloor` (the preload's bridge) in the
// desktop app, or the same table over loopback HTTP + an event stream under `watchfloor serve`.
// Under serve the launch's secret comes in the URL's fragment (never sent to any server); the
// page keeps it (this tab's sessionStorage, which belongs to this address only, so a reload
// keeps working and a second serve on another port keeps its own) and sends it as a header on
// every call and on the event stream. Never a cookie (electron/serve/server.ts says why).
// Both are typed from shared/contract.ts; callers never spell a transport. Only renderer/src/data/
// imports this file: views reach main through the data hooks.
import type { PushEvent, WatchfloorApi } from '../../../shared/contract';
import { ANY_RESOURCE } from '../../../shared/contract-resources';
import { createEventSource } from 'eventsource-client';
import {
  CHANGES_HEADER,
  COLUMNS_CONTENT_TYPE,
  decodeColumns,
  SECRET_HEADER,
  STREAM_HELLO,
} from '../../../shared/wire';
import { serveSecret, takeEarly, withEarlyAnswers } from './early-answers';

declare global {
  interface Window {
    watchfloor?: WatchfloorApi;
  }
}

type Listener = (payload: unknown) => void;

/** Push events that describe a state: a late subscriber gets the latest value at once. */
const STATE_EVENTS: ReadonlySet<PushEvent> = new Set(['link.status']);

/**
 * Whether the window missed a cache change (shared/wire.ts, CHANGES_HEADER): main counts the
 * changes it pushes; each answer says the count when it was asked, and the stream says it when
 * it opens. Missed: an answer asked before a change pushed before the stream first opened, or
 * a change pushed while it was reconnecting. Only then is every answer read again.
 */
function missedChanges(readAll: () => void) {
  /** The count at the stream's first open (null: not open yet). */
  let firstOpen: number | null = null;
  /** Changes accounted for since: the count at the latest open, plus each change heard. */
  let heard = 0;
  /** Before the first open: the oldest count an answer was asked at. */
  let oldestAsked = Infinity;
  return {
    answered(asked: number) {
      if (!Number.isFinite(asked)) return;
      if (firstOpen === null) oldestAsked = Math.min(oldestAsked, asked);
      // Asked before the stream opened, answered after: a change between went unheard.
      else if (asked < firstOpen) readAll();
    },
    opened(changes: number) {
      const missed = firstOpen === null ? oldestAsked < changes : changes > heard;
      firstOpen ??= changes;
      heard = changes;
      if (missed) readAll();
    },
    changed() {
      heard++;
    },
  };
}

/** Under serve, the launch's secret once the HTTP client is made (null in the desktop app). */
let httpSecret: string | null = null;

/**
 * Saves a report Export offered under serve (`status: 'download'`) through the browser's own
 * downloads: fetched once with the secret header (never in a URL), then given to the browser as
 * a file named `name`. In the desktop app there is nothing to fetch (it has a save dialog).
 */
export async function saveOfferedDownload(id: string, name: string): Promise<void> {
  if (httpSecret === null) throw new Error('a download is fetched only in a browser tab (watchfloor serve)');
  const res = await fetch(`/api/download/${encodeURIComponent(id)}`, {
    headers: { [SECRET_HEADER]: httpSecret },
    credentials: 'omit',
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new Error(body?.error?.message ?? `serve answered ${res.status} ${res.statusText}`);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // The browser has read the blob once the download started; a minute is ample.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Under serve: each channel the typed API names is a POST to /api/contract/<channel>, made on
 * first use. No list of the channels is kept here: the contract's table carries its schemas,
 * which only main checks, and building them took ~0.1 s of the window's opening.
 */
function createHttpApi(): WatchfloorApi {
  const secret = serveSecret();
  httpSecret = secret;
  const listeners = new Map<string, Set<Listener>>();
  const listenersOf = (event: string) => {
    let set = listeners.get(event);
    if (!set) listeners.set(event, (set = new Set()));
    return set;
  };
  const readAll = () => {
    for (const l of listenersOf('cache.changed')) l({ resources: [ANY_RESOURCE] });
  };
  const changes = missedChanges(readAll);
  const call = (channel: string) => {
    const ask = (input: unknown) =>
      fetch(`/api/contract/${encodeURIComponent(channel)}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [SECRET_HEADER]: secret },
        body: JSON.stringify(input ?? {}),
        credentials: 'omit',
      });
    return async (input: unknown) => {
      // Asked before the window's code was in (early-answers.ts), else now; a failed early ask
      // is asked again.
      const early = takeEarly(channel, input) as Promise<Response> | null;
      const res = (early && (await early.catch(() => null))) || (await ask(input));
      changes.answered(Number(res.headers.get(CHANGES_HEADER) ?? NaN));
      // The map's columns come as one binary body whose typed arrays are views on it (shared/wire.ts).
      const binary = (res.headers.get('Content-Type') ?? '').startsWith(COLUMNS_CONTENT_TYPE);
      const outcome = (binary ? decodeColumns(await res.arrayBuffer()) : await res.json()) as
        { ok: true; result: unknown } | { ok: false; error?: { code: string; message: string } };
      if (outcome.ok) return outcome.result;
      // Every refusal is shaped as an answer; anything else (a proxy's page) is said by status.
      const error = outcome.error ?? {
        code: 'failed',
        message: `serve answered ${res.status} ${res.statusText}`,
      };
      throw Object.assign(new Error(error.message), { code: error.code });
    };
  };
  const latest = new Map<string, unknown>();
  // A change pushed while the stream was not open (before its first open, or during a
  // reconnect) reached no one: each open says how many main has pushed, and an answer that may
  // be stale for it is read again (with the wildcard, to the `cache.changed` listeners).
  createEventSource({
    url: new URL('/api/events', window.location.href),
    headers: { [SECRET_HEADER]: secret },
    credentials: 'omit',
    onMessage: ({ event, data }) => {
      const payload: unknown = JSON.parse(data);
      if (event === STREAM_HELLO) {
        const { changes: count } = payload as { changes?: unknown };
        return changes.opened(typeof count === 'number' ? count : Infinity);
      }
      if (!event) return;
      if (event === 'cache.changed') changes.changed();
      if (STATE_EVENTS.has(event as PushEvent)) latest.set(event, payload);
      for (const l of listeners.get(event) ?? []) l(payload);
    },
  });
  const subscribe = (event: string) => (listener: Listener) => {
    listenersOf(event).add(listener);
    if (latest.has(event)) listener(latest.get(event));
    return () => listeners.get(event)?.delete(listener);
  };
  const on = lazyTable(subscribe);
  const calls = lazyTable(call);
  return new Proxy(calls, {
    get: (target, key, receiver) => (key === 'on' ? on : Reflect.get(target, key, receiver)),
  }) as unknown as WatchfloorApi;
}

/** An object whose every name is `make(name)`, made once (never a thenable: no `then`). */
function lazyTable<T>(make: (name: string) => T): Record<string, T> {
  const made = new Map<string, T>();
  return new Proxy({} as Record<string, T>, {
    get: (_, key) => {
      if (typeof key !== 'string' || key === 'then') return undefined;
      let value = made.get(key);
      if (value === undefined) made.set(key, (value = make(key)));
      return value;
    },
  });
}

let client: WatchfloorApi | null = null;

/** The window's client, made on first use (the HTTP one opens its event stream then, not on import). */
export function contractClient(): WatchfloorApi {
  client ??= window.watchfloor ? withEarlyAnswers(window.watchfloor) : createHttpApi();
  return client;
}
