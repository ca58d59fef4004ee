// A fake of the typed contract client (what `window.watchfloor` is in the desktop app): every
// row answers from a handler the test sets, every call is recorded, and the test pushes
// events as main would.
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import {
  channels,
  pushEventNames,
  type AppInfo,
  type Channel,
  type Input,
  type OutboxItem,
  type PushEvent,
  type PushPayload,
  type Result,
  type SyncStatusResult,
  type WatchfloorApi,
} from '../../shared/contract';
import { createQueryClient, DataProvider } from '../../renderer/src/data';
import { SLOT_FILLS } from '../../renderer/src/app/slots';
import { SlotProvider } from '../../renderer/src/ui/slots';

type Handlers = { [C in Channel]?: (input: Input<C>) => Result<C> | Promise<Result<C>> };

export const DEMO_INFO: AppInfo = {
  version: '0.1.0',
  mode: 'demo',
  profile: 'main',
  baseUrl: 'http://127.0.0.1:9999',
  dbPath: '/tmp/wf.db',
  transport: 'serve',
  insecureHttp: false,
};

export const IDLE_SYNC: SyncStatusResult = {
  configured: true,
  line: null,
  firstSyncPending: false,
  running: false,
  online: true,
  lastRunAt: null,
  nextRunAt: null,
  spentToday: 0,
  lastOutcome: null,
  lastSummary: null,
};

export interface FakeClient {
  api: WatchfloorApi;
  /** Replaces or adds row handlers mid-test (the cache changed behind the window). */
  answer: (handlers: Handlers) => void;
  emit: <E extends PushEvent>(event: E, payload: PushPayload<E>) => void;
  calls: (channel: Channel) => unknown[];
}

export function fakeClient(initial: Handlers = {}): FakeClient {
  const handlers: Handlers = {
    'app.info': () => DEMO_INFO,
    'key.status': () => ({ set: true, hint: '…1234', source: 'env', unavailable: null }),
    'sync.status': () => IDLE_SYNC,
    'outbox.list': () => [],
    'notifications.list': () => [],
    ...initial,
  };
  const log = new Map<Channel, unknown[]>();
  const listeners = new Map<PushEvent, Set<(p: unknown) => void>>(pushEventNames.map((e) => [e, new Set()]));
  const api: Record<string, unknown> = {};
  for (const channel of channels)
    api[channel] = vi.fn(async (input: unknown) => {
      log.set(channel, [...(log.get(channel) ?? []), input]);
      const handler = handlers[channel] as ((i: unknown) => unknown) | undefined;
      if (!handler) throw new Error(`the fake client has no answer for ${channel}`);
      return handler(input);
    });
  const on: Record<string, unknown> = {};
  for (const event of pushEventNames)
    on[event] = (listener: (p: unknown) => void) => {
      listeners.get(event)!.add(listener);
      return () => listeners.get(event)!.delete(listener);
    };
  api.on = on;
  return {
    api: api as WatchfloorApi,
    answer: (more) => Object.assign(handlers, more),
    emit: (event, payload) => listeners.get(event)!.forEach((l) => l(payload)),
    calls: (channel) => log.get(channel) ?? [],
  };
}

/** Renders `ui` inside the data layer, talking to `client`. */
export function renderWithData(ui: ReactElement, client: FakeClient): RenderResult {
  return render(
    <DataProvider client={client.api} queryClient={createQueryClient()}>
      {/* The slots filled as the window fills them (app/slots.tsx). */}
      <SlotProvider value={SLOT_FILLS}>{ui}</SlotProvider>
    </DataProvider>,
  );
}

/** An outbox write as main lists it: a pending note's add unless told otherwise. */
export const outboxItem = (over: Partial<OutboxItem>): OutboxItem => ({
  localId: 'local:1',
  op: 'note.add',
  state: 'pending',
  payload: {},
  error: null,
  createdAt: '2026-11-02T12:00:00Z',
  ...over,
});
