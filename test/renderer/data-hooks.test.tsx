// The data hooks keep what the window shows true to main's cache: a `cache.changed` push
// refetches the answers read from the resources it names (and only those), and a pushed
// notification joins the list without a round trip.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AppNotification, OutboxItem } from '../../shared/contract';
import { NotificationsPanel } from '../../renderer/src/features/status/notifications-panel';
import { OutboxPanel } from '../../renderer/src/features/status/outbox-panel';
import { SyncPanel } from '../../renderer/src/features/status/sync-panel';
import type { Reads } from '../../shared/row-reads';
import { fakeClient, IDLE_SYNC, renderWithData } from './fake-client';

const note = (localId: string, text: string): OutboxItem => ({
  localId,
  op: 'note.add',
  state: 'pending',
  payload: { note: text },
  error: null,
  createdAt: '2026-11-01T10:00:00Z',
});

describe('data hooks and cache.changed', () => {
  it('refetches the outbox when main says the outbox changed, and only then', async () => {
    const client = fakeClient({ 'outbox.list': () => [note('a', 'first look at the bridge')] });
    renderWithData(
      <>
        <OutboxPanel />
        <SyncPanel />
      </>,
      client,
    );
    const outbox = await screen.findByRole('region', { name: 'Waiting to send' });
    expect(within(outbox).getAllByRole('listitem')).toHaveLength(1);
    await screen.findByTestId('sync-panel');

    // A change to another resource: the sync summary (reads everything) refetches, the outbox does not.
    client.answer({ 'outbox.list': () => [note('a', 'first look'), note('b', 'second look')] });
    client.emit('cache.changed', { resources: ['brief'] });
    await waitFor(() => expect(client.calls('sync.status')).toHaveLength(2));
    expect(client.calls('outbox.list')).toHaveLength(1);
    expect(within(outbox).getAllByRole('listitem')).toHaveLength(1);

    client.emit('cache.changed', { resources: ['outbox'] });
    await waitFor(() => expect(within(outbox).getAllByRole('listitem')).toHaveLength(2));
    expect(client.calls('outbox.list')).toHaveLength(2);
    expect(outbox.textContent).toContain('second look');
  });

  it('leaves out a pushed name that is no cache resource, and says so; a misspelt name does not compile', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const client = fakeClient({ 'outbox.list': () => [note('a', 'first look at the bridge')] });
      renderWithData(<OutboxPanel />, client);
      await waitFor(() => expect(client.calls('outbox.list')).toHaveLength(1));

      // @ts-expect-error 'outbx' is on no list of cache resources (shared/contract-resources.ts)
      client.emit('cache.changed', { resources: ['outbx'] });
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('does not know'), ['outbx']);
      // @ts-expect-error a known name beside an unknown one: the known one still refetches
      client.emit('cache.changed', { resources: ['outbox', 'outbx'] });
      await waitFor(() => expect(client.calls('outbox.list')).toHaveLength(2));
      expect(warn).toHaveBeenCalledTimes(2);

      // What a hook reads is typed by the same list.
      // @ts-expect-error 'signal' is no cache resource ('signals' is)
      const misspelt: Reads = ['signal'];
      const spelt: Reads = ['signals', 'measured.so2', 'elements'];
      expect([misspelt, spelt]).toHaveLength(2);
    } finally {
      warn.mockRestore();
    }
  });

  it('reads again a first answer that main gave before a change it then pushed', async () => {
    // The window's first read of the outbox is on its way when a sync writes and main pushes:
    // the answer that lands was read before the change, so one more read must follow.
    let release!: () => void;
    const before = new Promise<void>((r) => (release = r));
    const client = fakeClient({
      'outbox.list': async () => {
        await before;
        return [note('a', 'read before the change')];
      },
    });
    renderWithData(<OutboxPanel />, client);
    await waitFor(() => expect(client.calls('outbox.list')).toHaveLength(1));
    client.emit('cache.changed', { resources: ['outbox'] });
    client.answer({ 'outbox.list': () => [note('a', 'first look'), note('b', 'written by the sync')] });
    release();
    const outbox = await screen.findByRole('region', { name: 'Waiting to send' });
    await waitFor(() => expect(within(outbox).getAllByRole('listitem')).toHaveLength(2));
    expect(outbox.textContent).toContain('written by the sync');
    expect(client.calls('outbox.list')).toHaveLength(2);
  });

  it('shows the sync summary main reports after a sync, with its streams', async () => {
    const client = fakeClient();
    renderWithData(<SyncPanel />, client);
    expect((await screen.findByTestId('sync-state')).textContent).toContain('Not run yet');
    client.answer({
      'sync.status': () => ({
        ...IDLE_SYNC,
        lastRunAt: '2026-11-01T10:05:00Z',
        lastOutcome: { complete: true, tokensCharged: 3, linkLost: false },
        spentToday: 3,
        lastSummary: {
          profile: 'main',
          base_url: 'http://127.0.0.1:9999',
          complete: true,
          streams: { signals: { requests: 2, received: 40, stored: 40 } },
          tokens: { charged: 3, remaining: null },
          clamps: [{ stream: 'signals', kind: 'window_clamp', detail: null }],
          errors: [],
        },
      }),
    });
    client.emit('sync.progress', { stream: 'signals', phase: 'done', received: 40 });
    await waitFor(() =>
      expect(screen.getByTestId('sync-state').textContent).toContain('2026-11-01 10:05 UTC'),
    );
    expect(screen.getByTestId('sync-clamps').textContent).toContain('window clamp');
    expect(screen.getByRole('cell', { name: 'signals' })).toBeTruthy();
  });

  it('adds a pushed notification to the list at once', async () => {
    const first: AppNotification = {
      id: 'n1',
      at: '2026-11-01T09:00:00Z',
      kind: 'order_fired',
      title: 'Order "Port" fired',
      body: '3 new signals',
      target: { type: 'order', id: 'o1' },
    };
    const client = fakeClient({ 'notifications.list': () => [first] });
    renderWithData(<NotificationsPanel />, client);
    await screen.findByText('Order "Port" fired');
    client.emit('notification', { ...first, id: 'n2', title: 'Watch "Bridge" needs attention' });
    await screen.findByText('Watch "Bridge" needs attention');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(client.calls('notifications.list')).toHaveLength(1);
  });
});
