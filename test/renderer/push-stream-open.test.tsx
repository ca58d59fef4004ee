// Under `serve` the window hears main's pushes over an event stream that opens after the
// page has started reading. A change pushed before the stream opened (or while it was
// reconnecting) reached no one, so an answer read then could stay stale for good: each open
// of the stream makes the window read its answers again. Here the loopback HTTP client runs
// against a stubbed fetch and EventSource: the outbox read before the open is read again
// after it, and shows what main holds by then.
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboxItem } from '../../shared/contract';
import { createQueryClient, DataProvider } from '../../renderer/src/data';
import { contractClient } from '../../renderer/src/data/contract-client';
import { OutboxPanel } from '../../renderer/src/features/status/outbox-panel';

const note = (localId: string, text: string): OutboxItem => ({
  localId,
  op: 'note.add',
  state: 'pending',
  payload: { note: text },
  error: null,
  createdAt: '2026-11-01T10:00:00Z',
});

class StubEventSource extends EventTarget {
  static last: StubEventSource | null = null;
  constructor(readonly url: string) {
    super();
    StubEventSource.last = this;
  }
  close(): void {}
}

afterEach(() => vi.unstubAllGlobals());

describe('the push stream opening', () => {
  it('re-reads what the window read before the stream opened, and again on each reconnect', async () => {
    let held = [note('a', 'first look')];
    const reads: string[] = [];
    vi.stubGlobal('EventSource', StubEventSource);
    vi.stubGlobal('fetch', async (url: string) => {
      const channel = decodeURIComponent(String(url).split('/').pop() ?? '');
      reads.push(channel);
      const result = channel === 'outbox.list' ? held : null;
      return new Response(JSON.stringify({ ok: true, result }), {
        headers: { 'Content-Type': 'application/json' },
      });
    });
    const client = contractClient();
    render(
      <DataProvider client={client} queryClient={createQueryClient()}>
        <OutboxPanel />
      </DataProvider>,
    );
    const outbox = await screen.findByRole('region', { name: 'Waiting to send' });
    expect(within(outbox).getAllByRole('listitem')).toHaveLength(1);

    // A write lands in main before the stream is open: its push is lost, the list is stale.
    held = [note('a', 'first look'), note('b', 'second look')];
    StubEventSource.last!.dispatchEvent(new Event('open'));
    await waitFor(() => expect(within(outbox).getAllByRole('listitem')).toHaveLength(2));

    // The stream drops and comes back: what changed meanwhile shows too.
    held = [note('b', 'second look')];
    StubEventSource.last!.dispatchEvent(new Event('open'));
    await waitFor(() => expect(within(outbox).getAllByRole('listitem')).toHaveLength(1));
    expect(reads.filter((c) => c === 'outbox.list')).toHaveLength(3);
  });
});
