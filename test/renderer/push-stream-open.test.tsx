// Under `serve` the window hears main's pushes over an event stream that opens after the
// page has started reading. A change pushed before the stream opened (or while it was
// reconnecting) reached no one, so an answer read then could stay stale for good: each open
// of the stream makes the window read its answers again. Here the loopback HTTP client runs
// against a stubbed fetch and event stream: the outbox read before the open is read again
// after it, and shows what main holds by then. Every call and the stream carry the launch's
// secret, taken from the URL's fragment, as a header.
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboxItem } from '../../shared/contract';
import { createQueryClient, DataProvider } from '../../renderer/src/data';
import { OutboxPanel } from '../../renderer/src/features/status/outbox-panel';

const note = (localId: string, text: string): OutboxItem => ({
  localId,
  op: 'note.add',
  state: 'pending',
  payload: { note: text },
  error: null,
  createdAt: '2026-11-01T10:00:00Z',
});

type StreamOptions = {
  url: URL;
  headers: Record<string, string>;
  onMessage: (m: { event?: string; data: string }) => void;
};
const stream: { last: StreamOptions | null } = { last: null };
vi.mock('eventsource-client', () => ({
  createEventSource: (opts: StreamOptions) => {
    stream.last = opts;
    return { close: () => undefined };
  },
}));

afterEach(() => vi.unstubAllGlobals());

/** The stream opening, saying how many cache changes main has pushed so far. */
const hello = (changes: number) =>
  stream.last!.onMessage({ event: 'hello', data: JSON.stringify({ changes }) });

/** The loopback client on a stubbed fetch: each answer says main's change count when asked. */
async function setup(initial: OutboxItem[], changes = 0) {
  const main = { held: initial, changes };
  const reads: string[] = [];
  const secrets = new Set<string | undefined>();
  // Opened from the URL serve printed: the secret is in the fragment.
  window.history.replaceState(null, '', '/#token=launch-secret');
  window.sessionStorage.clear();
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const channel = decodeURIComponent(String(url).split('/').pop() ?? '');
    reads.push(channel);
    secrets.add((init.headers as Record<string, string>)['X-Watchfloor-Token']);
    const result = channel === 'outbox.list' ? main.held : null;
    return new Response(JSON.stringify({ ok: true, result }), {
      headers: { 'Content-Type': 'application/json', 'X-Watchfloor-Changes': String(main.changes) },
    });
  });
  // A fresh module: the client is made once per page, as in the window.
  vi.resetModules();
  const { contractClient } = await import('../../renderer/src/data/contract-client');
  render(
    <DataProvider client={contractClient()} queryClient={createQueryClient()}>
      <OutboxPanel />
    </DataProvider>,
  );
  const outboxReads = () => reads.filter((c) => c === 'outbox.list').length;
  return { main, outboxReads, secrets };
}

describe('the push stream opening', () => {
  it('re-reads what was read before a change the window never heard, and what changed during a reconnect', async () => {
    const { main, outboxReads, secrets } = await setup([note('a', 'first look')]);
    const outbox = await screen.findByRole('region', { name: 'Waiting to send' });
    expect(within(outbox).getAllByRole('listitem')).toHaveLength(1);
    // The secret went as a header on the call and on the stream, and left the address bar.
    expect([...secrets]).toEqual(['launch-secret']);
    expect(stream.last!.headers['X-Watchfloor-Token']).toBe('launch-secret');
    expect(stream.last!.url.pathname).toBe('/api/events');
    expect(window.location.hash).toBe('');

    // A write lands in main before the stream is open: its push is lost, the list is stale.
    main.held = [note('a', 'first look'), note('b', 'second look')];
    main.changes = 1;
    hello(1);
    await waitFor(() => expect(within(outbox).getAllByRole('listitem')).toHaveLength(2));

    // The stream drops; a change is pushed meanwhile; it comes back: what changed shows too.
    main.held = [note('b', 'second look')];
    main.changes = 2;
    hello(2);
    await waitFor(() => expect(within(outbox).getAllByRole('listitem')).toHaveLength(1));
    expect(outboxReads()).toBe(3);
  });

  it('reads nothing again when no change was pushed while it was not listening', async () => {
    // Three changes were pushed before the page asked anything: its answers include them.
    const { outboxReads } = await setup([note('a', 'first look')], 3);
    const outbox = await screen.findByRole('region', { name: 'Waiting to send' });
    hello(3);
    hello(3); // a reconnect with nothing missed
    await new Promise((r) => setTimeout(r, 50));
    expect(within(outbox).getAllByRole('listitem')).toHaveLength(1);
    expect(outboxReads()).toBe(1);
  });
});
