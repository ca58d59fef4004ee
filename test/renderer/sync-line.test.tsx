// The status view's line (issue 22), as an analyst on a slow link reads it: what a first sync
// will cost before it starts; while it runs, the line's rate, "slow link: pages of N", the page
// in flight with its progress and the time left; after a lost link, what the line did and
// when the scheduler tries again.
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SyncLine } from '../../shared/sync-line';
import { SyncPanel } from '../../renderer/src/features/status/sync-panel';
import { fakeClient, IDLE_SYNC, renderWithData } from './fake-client';

const LINE: SyncLine = {
  bytesPerSecond: 15_800,
  firstByteMs: 640,
  encoding: null,
  compressionRatio: null,
  pageLimit: 122,
  adapted: true,
  tokensPer1000: 27,
  page: null,
  firstSync: null,
  lastError: null,
};

describe('the status view shows the line', () => {
  it('before a first sync: the page size it starts with and what 1,000 signals cost', async () => {
    const client = fakeClient({
      'sync.status': () => ({
        ...IDLE_SYNC,
        firstSyncPending: true,
        line: {
          ...LINE,
          bytesPerSecond: null,
          firstByteMs: null,
          pageLimit: 100,
          adapted: false,
          tokensPer1000: 30,
        },
      }),
    });
    renderWithData(<SyncPanel />, client);
    expect((await screen.findByTestId('line-first-sync-plan')).textContent).toMatch(
      /starts with pages of 100, 30 tokens per 1,000 signals/,
    );
    expect(screen.getByTestId('line-rate').textContent).toBe('not measured yet');
  });

  it('while a first sync runs: the rate, the slow link’s page size, the page in flight and the time left', async () => {
    const client = fakeClient({
      'sync.status': () => ({ ...IDLE_SYNC, firstSyncPending: true, line: LINE }),
    });
    renderWithData(<SyncPanel />, client);
    await screen.findByTestId('sync-line');
    act(() =>
      client.emit('sync.progress', {
        stream: 'signals',
        phase: 'page',
        received: 2_400,
        message: 'the past, newest first',
        line: {
          ...LINE,
          page: { stream: 'signals', number: 21, limit: 122, bytes: 57_100, expectedBytes: 175_000 },
          firstSync: {
            phase: 'history',
            stored: 2_400,
            through: '2026-11-02',
            signalsLeft: 3_600,
            secondsLeft: 340,
            tokensLeft: 90,
          },
        },
      }),
    );
    expect(screen.getByTestId('line-rate').textContent).toMatch(
      /15\.8 kB\/s, first byte in 640 ms, uncompressed/,
    );
    expect(screen.getByTestId('line-pages').textContent).toMatch(
      /Slow link: pages of 122 — 27 tokens per 1,000 signals \(6 at pages of 500\)/,
    );
    expect(screen.getByTestId('line-page').textContent).toMatch(
      /signals page 21 of up to 122: 57\.1 kB of ~175\.0 kB/,
    );
    const bar = screen.getByRole('progressbar', { name: 'Page in flight' });
    expect(Number(bar.getAttribute('value'))).toBe(57_100);
    expect(screen.getByTestId('line-first-sync').textContent).toMatch(
      /the past, newest first: 2,400 stored, back to 2026-11-02; about 6 min left \(~3,600 signals, ~90 tokens\)/,
    );
  });

  it('a lost link: what the line did, and when the scheduler tries again', async () => {
    const message =
      'GET /signals: the link to the service failed — ECONNRESET after 60.0 kB of the answer; the line carried 15.2 kB/s while answers streamed (1.1 MB in this run)';
    const client = fakeClient({
      'sync.status': () => ({
        ...IDLE_SYNC,
        lastRunAt: '2026-11-20T12:00:00Z',
        nextRunAt: '2026-11-20T12:02:00Z',
        line: LINE,
        lastOutcome: {
          complete: false,
          tokensCharged: 30,
          linkLost: true,
          error: `${message}; the scheduler tries again on its own at 12:02 UTC`,
        },
        lastSummary: {
          profile: 'main',
          base_url: 'http://127.0.0.1:9',
          complete: false,
          streams: {},
          tokens: { charged: 30, remaining: null },
          clamps: [],
          errors: [],
          stopped: { reason: 'link', message },
        },
      }),
    });
    renderWithData(<SyncPanel />, client);
    await waitFor(() =>
      expect(screen.getByTestId('sync-stopped').textContent).toMatch(
        /the line carried 15\.2 kB\/s.*tries again on its own at 12:02 UTC/,
      ),
    );
  });
});
