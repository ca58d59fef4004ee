// The status bar as an analyst reads it: the link as main last pushed it, the oldest stream's
// as-of (every stream on hover or focus), CLAMPED when a stream's window or filter was
// narrowed, tokens left and spent today (the wallet's one meter), a progress bar while a sync runs, and the notifications
// count opening the list. Times in UTC, labelled UTC.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AppNotification, SyncStreamState } from '../../shared/contract';
import { StatusBar } from '../../renderer/src/app/status-bar';
import { DEMO_INFO, fakeClient, IDLE_SYNC, renderWithData } from './fake-client';

const stream = (over: Partial<SyncStreamState> & { name: string }): SyncStreamState => ({
  lastSyncAt: '2026-11-03T12:00:00Z',
  asOf: '2026-11-03T12:00:00Z',
  clamps: [],
  error: null,
  ...over,
});

const STREAMS: SyncStreamState[] = [
  stream({
    name: 'signals',
    asOf: '2026-11-03T11:58:00Z',
    clamps: [
      {
        stream: 'signals',
        kind: 'window_clamp',
        detail: { asked: '30d', applied: '7d' },
        requiredPlans: ['pro'],
        wording: 'The signals window was narrowed from 30 days to 7 by the plan.',
      },
    ],
  }),
  stream({ name: 'developments', asOf: '2026-11-02T06:15:00Z', lastSyncAt: '2026-11-03T11:00:00Z' }),
  stream({ name: 'transit', asOf: null, lastSyncAt: null }),
  stream({ name: 'standing_orders', asOf: null, lastSyncAt: null }),
];

const NOTES: AppNotification[] = [
  {
    id: 'n1',
    at: '2026-11-03T10:00:00Z',
    kind: 'order_fired',
    title: 'Order fired: Odesa',
    body: '',
    target: null,
  },
  { id: 'n2', at: '2026-11-03T09:00:00Z', kind: 'summary', title: 'Morning summary', body: '', target: null },
];

function setup(running = false) {
  const client = fakeClient({
    'sync.status': () => ({
      ...IDLE_SYNC,
      running,
      spentToday: 1234,
      lastSummary: {
        profile: 'main',
        base_url: 'http://127.0.0.1:9999',
        complete: true,
        streams: {},
        tokens: { charged: 40, remaining: 5600 },
        clamps: [],
        errors: [],
      },
    }),
    'sync.streams': () => ({ streams: STREAMS }),
    'notifications.list': () => NOTES,
    // The wallet: the newer balance (a tool's, after the sync's 5,600), sync's and tools' spend together.
    'tools.wallet': () => ({
      remaining: 5_590,
      remainingAsOf: '2026-11-03T12:05:00Z',
      spentToday: 1_244,
      toolsSpentToday: 10,
      confirmAbove: 10,
    }),
  });
  renderWithData(<StatusBar />, client);
  return client;
}

describe('the status bar', () => {
  it('shows the link as main pushes it, online then offline', async () => {
    const client = setup();
    expect((await screen.findByTestId('link-status')).textContent).toBe('connecting…');
    act(() => client.emit('link.status', { online: true, since: '2026-11-03T12:00:00Z' }));
    expect(screen.getByTestId('link-status').textContent).toBe('online');
    act(() => client.emit('link.status', { online: false, since: '2026-11-03T12:01:00Z' }));
    expect(screen.getByTestId('link-status').textContent).toBe('offline');
  });

  it('shows the oldest as-of in UTC, and every stream on focus, in words', async () => {
    setup();
    const trigger = await screen.findByTestId('statusbar-streams');
    // developments holds the oldest data of the streams that hold any.
    expect(trigger.textContent).toBe('data as of 2026-11-02 06:15 UTC');
    expect(screen.queryByRole('tooltip')).toBeNull();
    await userEvent.tab();
    expect(document.activeElement).toBe(trigger);
    const list = within(screen.getByRole('tooltip'));
    const rows = list
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'signals2026-11-03 11:58 UTC2026-11-03 12:00 UTC',
      'developments2026-11-02 06:15 UTC2026-11-03 11:00 UTC',
      // Streams in words, not the service's identifiers.
      'transit chokepointsnothing storednever',
      'standing ordersnothing storednever',
    ]);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('says CLAMPED with what was narrowed, from the streams’ clamps', async () => {
    setup();
    const mark = await screen.findByTestId('statusbar-clamped');
    expect(mark.textContent).toContain('CLAMPED');
    expect(mark.textContent).toContain('window narrowed (signals)');
    expect(mark.getAttribute('title')).toContain('narrowed from 30 days to 7');
  });

  it('shows the wallet’s tokens left and spent today (the tool views’ meter), not the last sync’s alone', async () => {
    setup();
    const meter = await screen.findByTestId('statusbar-tokens');
    expect(meter.textContent).toBe('5,590 tokens left · 1,244 spent today');
    expect(meter.getAttribute('title')).toContain('10 by tools, 1,234 by sync');
  });

  it('fills a progress bar while a sync runs, one stream at a time', async () => {
    const client = setup(true);
    const bar = await screen.findByRole('progressbar', { name: 'Sync progress' });
    await waitFor(() => expect(bar.getAttribute('max')).toBe('4'));
    expect(bar.getAttribute('value')).toBe('0');
    act(() => client.emit('sync.progress', { stream: 'signals', phase: 'page', received: 250 }));
    expect(screen.getByTestId('statusbar-progress').textContent).toContain('signals 250 received');
    act(() => client.emit('sync.progress', { stream: 'signals', phase: 'done', received: 300 }));
    await waitFor(() => expect(bar.getAttribute('value')).toBe('1'));
    expect(bar.getAttribute('aria-valuetext')).toBe('1 of 4 streams synced');
  });

  it('has no progress bar when no sync runs', async () => {
    setup(false);
    await screen.findByTestId('statusbar-tokens');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('counts the notifications and opens the list', async () => {
    setup();
    const button = await screen.findByRole('button', { name: '2 notifications' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const list = within(screen.getByTestId('notifications'));
    expect(list.getByText('Order fired: Odesa')).toBeTruthy();
    expect(list.getByText('Morning summary')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByTestId('notifications')).toBeNull();
  });

  it('marks a service reached over http:// to another machine UNENCRYPTED, and a tunnel or https not', async () => {
    const client = fakeClient({
      'app.info': () => ({ ...DEMO_INFO, mode: 'live', baseUrl: 'http://10.4.0.7:8080', insecureHttp: true }),
    });
    renderWithData(<StatusBar />, client);
    const mark = (await screen.findByText('UNENCRYPTED')).closest('.mark')!;
    expect(mark.textContent).toContain('the key crosses the network in clear text');
    expect(mark.getAttribute('title')).toContain('http://10.4.0.7:8080');
  });

  it('shows no such mark for a link that is not', async () => {
    setup();
    await screen.findByTestId('statusbar-tokens');
    expect(screen.queryByText('UNENCRYPTED')).toBeNull();
  });
});
