// The status bar's sync progress as main actually pushes it: pages of streams that may run side
// by side, a `done` when each ends, and the run's own start as stream `sync`. A stream counts as
// synced once main says it is done. A run main started is seen from
// its first push, though the window last read the sync status as idle.
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusBar } from '../../renderer/src/app/status-bar';
import { SyncProgressBar } from '../../renderer/src/app/status-bar-parts';
import { fakeClient, IDLE_SYNC, renderWithData } from './fake-client';

describe('the sync progress bar', () => {
  it('counts a stream once main says it is done, though other streams’ pages come between', async () => {
    const client = fakeClient();
    renderWithData(<SyncProgressBar running streams={['signals', 'developments', 'watches']} />, client);
    const bar = await screen.findByRole('progressbar', { name: 'Sync progress' });
    const valuetext = () => bar.getAttribute('aria-valuetext');
    act(() => client.emit('sync.progress', { stream: 'sync', phase: 'started', received: 0 }));
    act(() => client.emit('sync.progress', { stream: 'signals', phase: 'page', received: 100 }));
    // A first sync's past runs beside the developments: their pages alternate.
    act(() => client.emit('sync.progress', { stream: 'developments', phase: 'page', received: 5 }));
    act(() => client.emit('sync.progress', { stream: 'signals', phase: 'page', received: 200 }));
    expect(valuetext()).toBe('0 of 3 streams synced');
    expect(screen.getByTestId('statusbar-progress').textContent).toContain('signals 200 received');
    act(() => client.emit('sync.progress', { stream: 'developments', phase: 'done', received: 5 }));
    expect(valuetext()).toBe('1 of 3 streams synced');
    act(() => client.emit('sync.progress', { stream: 'watches', phase: 'page', received: 6 }));
    expect(valuetext()).toBe('1 of 3 streams synced');
    // A stream that says it is done counts at once, and only once.
    act(() => client.emit('sync.progress', { stream: 'watches', phase: 'done', received: 6 }));
    act(() => client.emit('sync.progress', { stream: 'watches', phase: 'done', received: 6 }));
    expect(valuetext()).toBe('2 of 3 streams synced');
  });

  it('shows a run from its first push, while the status last read says idle, until its end', async () => {
    const client = fakeClient({
      'sync.status': () => ({ ...IDLE_SYNC, lastRunAt: '2026-11-20T11:00:00Z' }),
      'sync.streams': () => ({ streams: [] }),
    });
    renderWithData(<StatusBar />, client);
    const line = await screen.findByTestId('statusbar-sync');
    await waitFor(() => expect(line.textContent).toMatch(/^synced/));
    expect(screen.queryByRole('progressbar')).toBeNull();
    act(() => client.emit('sync.progress', { stream: 'sync', phase: 'started', received: 0 }));
    expect(line.textContent).toBe('Syncing…');
    act(() => client.emit('sync.progress', { stream: 'signals', phase: 'page', received: 40 }));
    expect(line.textContent).toBe('Syncing signals…');
    expect(screen.getByRole('progressbar', { name: 'Sync progress' })).toBeTruthy();
    act(() => client.emit('sync.progress', { stream: 'sync', phase: 'done', received: 40 }));
    await waitFor(() => expect(line.textContent).toMatch(/^synced/));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
