// The Watches view on a fake contract: the four buckets with their counts, a watch's detail
// (only what its cached record carries, the rest said), a note sent with its two judgments
// apart and its state (pending, refused in the service's words), pause and delete (after a
// confirmation) through the outbox; on the main profile, no watches and local-only notes.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OutboxItem, WatchDetailResult, WatchesListResult } from '../../shared/contract';
import { CreateWatchFromBox, WatchSelectedSignal } from '../../renderer/src/features/watches/create-watch';
import { WatchesView } from '../../renderer/src/features/watches/watches-view';
import { useSelection } from '../../renderer/src/state/selection';
import { DEMO_INFO, fakeClient, renderWithData, outboxItem } from './fake-client';
import { localNotesFake } from './local-notes-fake';

const ALT = { ...DEMO_INFO, profile: 'alternate' as const };
const watch = (id: string, name: string, bucket: string, extra: object = {}) => ({
  id,
  pending: false,
  record: { id, name, bucket, status: 'active', target_type: 'event', ...extra },
});
const LIST = {
  rows: [
    watch('w1', 'Port of Aden', 'needs_attention', {
      measurements: [{ metric: 'ship_detection', latest: { value: 12, is_anomaly: true } }],
      questions: [{ question: 'Is the port still operating?', cadence: 'daily' }],
      latest_change: { at: '2026-11-02T10:00:00Z', summary: 'New reporting linked to the watch' },
      event: {
        subject_key: 'cluster:77',
        stage: 'localized',
        developments_24h: 3,
        imagery_post_status: 'no_post',
      },
    }),
    watch('w2', 'Area around Sfax', 'needs_attention', { target_type: 'area' }),
    watch('w3', 'Delta', 'stable'),
  ],
  asOf: '2026-11-02T11:00:00Z',
} as WatchesListResult;

const item = outboxItem;

function detail(id: string, over: Partial<WatchDetailResult> = {}): WatchDetailResult {
  return {
    watch: LIST.rows.find((r) => r.id === id)!,
    thread: null,
    detailCached: false,
    notes: [],
    packageRevisions: 0,
    asOf: '2026-11-02T11:00:00Z',
    ...over,
  };
}

beforeEach(() => useSelection.getState().clear());

describe('the Watches view (alternate profile)', () => {
  it('lists the four buckets with counts equal to their watches', async () => {
    const client = fakeClient({ 'app.info': () => ALT, 'watches.list': () => LIST });
    renderWithData(<WatchesView />, client);
    const attention = await screen.findByRole('region', { name: /Needs attention/ });
    expect(attention.querySelector('.bucket-count')!.textContent).toBe('2');
    expect(
      within(attention)
        .getAllByRole('button')
        .map((b) => b.querySelector('.watch-name')!.textContent),
    ).toEqual(['Port of Aden', 'Area around Sfax']);
    for (const [name, n] of [
      ['Changed today', 0],
      ['Awaiting data', 0],
      ['Stable', 1],
    ] as const) {
      const region = screen.getByRole('region', { name: new RegExp(name) });
      expect(region.querySelector('.bucket-count')!.textContent).toBe(String(n));
      expect(region.querySelectorAll('.watch-item')).toHaveLength(n);
    }
  });

  it('opens a watch with what its record carries, and says what the cache does not hold', async () => {
    const client = fakeClient({
      'app.info': () => ALT,
      'watches.list': () => LIST,
      'watches.get': ({ watchId }) => detail(watchId),
    });
    renderWithData(<WatchesView />, client);
    await userEvent.click(await screen.findByRole('button', { name: /Port of Aden/ }));
    const d = await screen.findByTestId('watch-detail');
    await within(d).findByRole('heading', { name: 'Port of Aden' });
    const m = within(d).getByRole('region', { name: 'Measurements' });
    expect(within(m).getByRole('row', { name: /ship detection/ }).textContent).toContain('anomaly');
    expect(within(d).getByRole('region', { name: 'Questions' }).textContent).toContain(
      'Is the port still operating?',
    );
    const e = within(d).getByRole('region', { name: 'Event' });
    expect(e.textContent).toContain('localized');
    expect(e.textContent).toContain('no post');
    expect(e.textContent).toMatch(/detail .* is not cached yet/);
    expect(within(d).getByRole('button', { name: 'Decision package' })).toBeTruthy();
    expect(useSelection.getState().selection).toMatchObject({ kind: 'watch', id: 'w1' });
  });

  it('adds a note with its judgments apart, shows it pending, then the service refusal', async () => {
    let notes: WatchDetailResult['notes'] = [];
    let outbox: OutboxItem[] = [];
    const client = fakeClient({
      'app.info': () => ALT,
      'watches.list': () => LIST,
      'watches.get': ({ watchId }) => detail(watchId, { detailCached: true, notes }),
      'outbox.list': () => outbox,
      'notes.add': (input) => {
        notes = [
          {
            id: 'local:n1',
            pending: true,
            deletedAt: null,
            note: {
              id: 'local:n1',
              note: input.note,
              title: input.title,
              confidence: input.confidence,
              likelihood: input.likelihood,
            },
          },
        ];
        outbox = [item({ localId: 'local:n1' })];
        return outbox[0]!;
      },
    });
    renderWithData(<WatchesView />, client);
    await userEvent.click(await screen.findByRole('button', { name: /Port of Aden/ }));
    const form = await screen.findByRole('form', { name: 'New note' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Title' }), 'Port status');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Note' }), 'Cranes idle.');
    await userEvent.click(within(form).getByRole('radio', { name: 'high' }));
    await userEvent.click(within(form).getByRole('radio', { name: /^unlikely \/ improbable/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add note' }));
    expect(client.calls('notes.add')).toEqual([
      {
        watchId: 'w1',
        title: 'Port status',
        note: 'Cranes idle.',
        confidence: 'high',
        likelihood: 'unlikely',
      },
    ]);
    const note = await screen.findByRole('article', { name: 'Port status' });
    expect(note.textContent).toContain('PENDING');
    expect(note.textContent).toContain('unlikely (20–45 %)');
    expect(screen.getByRole('status').textContent).toContain('PENDING');

    outbox = [
      item({
        localId: 'local:n1',
        state: 'rejected',
        error: { status: 400, message: 'likelihood is not allowed' },
      }),
    ];
    client.emit('cache.changed', { resources: ['outbox'] });
    await waitFor(() =>
      expect(screen.getByRole('article', { name: 'Port status' }).textContent).toContain('REFUSED'),
    );
    expect(screen.getByRole('article', { name: 'Port status' }).textContent).toContain(
      'likelihood is not allowed',
    );
  });

  it('pauses a watch, and deletes one only after a confirmation', async () => {
    const client = fakeClient({
      'app.info': () => ALT,
      'watches.list': () => LIST,
      'watches.get': ({ watchId }) => detail(watchId),
      'watches.update': () => item({ op: 'watch.update', localId: 'local:u1' }),
      'watches.delete': () => item({ op: 'watch.delete', localId: 'local:d1' }),
    });
    renderWithData(<WatchesView />, client);
    await userEvent.click(await screen.findByRole('button', { name: /Delta/ }));
    const d = await screen.findByTestId('watch-detail');
    await userEvent.click(await within(d).findByRole('button', { name: 'Pause' }));
    expect(client.calls('watches.update')).toEqual([{ watchId: 'w3', status: 'paused' }]);
    await within(d).findByText('Pause', { selector: 'strong' });

    await userEvent.click(within(d).getByRole('button', { name: 'Delete…' }));
    expect(client.calls('watches.delete')).toEqual([]);
    const confirm = within(d).getByRole('alertdialog', { name: 'Delete watch' });
    expect(confirm.textContent).toContain('Delta');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete watch' }));
    expect(client.calls('watches.delete')).toEqual([{ watchId: 'w3' }]);
    // The detail stays, saying where the delete is.
    await within(d).findByText('Delete', { selector: 'strong' });
  });
});

describe('the Watches view (main profile)', () => {
  it('says plainly the service has no watches, and keeps notes on a signal local-only', async () => {
    const local = localNotesFake();
    const client = fakeClient({ 'watches.list': () => ({ rows: [], asOf: null }), ...local.handlers });
    renderWithData(<WatchesView />, client);
    await screen.findByText('This service has no watches');
    const panel = screen.getByRole('region', { name: 'Local notes' });
    expect(panel.textContent).toContain('LOCAL-ONLY');
    expect(within(panel).queryByRole('form')).toBeNull();

    useSelection.getState().select({ kind: 'signal', id: 'ev-9', label: 'Fire at the depot' });
    const form = await within(panel).findByRole('form', { name: 'New note' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Note' }), 'Smoke seen from the road.');
    await userEvent.click(within(form).getByRole('radio', { name: 'low' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add note' }));
    const note = await within(panel).findByRole('article', { name: /Smoke seen/ });
    expect(note.textContent).toContain('LOCAL-ONLY');
    expect(note.textContent).toContain('low');
    // Kept in the account's cache (localNotes.add), never queued for the service (notes.add).
    expect(client.calls('notes.add')).toEqual([]);
    expect(client.calls('localNotes.add')).toEqual([
      {
        subjectId: 'ev-9',
        subjectLabel: 'Fire at the depot',
        note: 'Smoke seen from the road.',
        confidence: 'low',
      },
    ]);
    expect(localStorage.getItem('watchfloor.local-notes')).toBeNull();
  });
});

describe('creating a watch', () => {
  it('watches the selected signal’s event', async () => {
    const client = fakeClient({
      'app.info': () => ALT,
      'watches.create': () => item({ op: 'watch.create', localId: 'local:c1' }),
      // Still in the outbox: not sent yet.
      'outbox.list': () => [item({ op: 'watch.create', localId: 'local:c1' })],
    });
    renderWithData(<WatchSelectedSignal />, client);
    expect(screen.queryByRole('button', { name: /Watch selected signal/ })).toBeNull();
    useSelection.getState().select({ kind: 'signal', id: '77', label: 'Fire at the depot' });
    await userEvent.click(await screen.findByRole('button', { name: /Watch selected signal/ }));
    expect(client.calls('watches.create')).toEqual([
      { target_type: 'event', event_id: 77, name: 'Fire at the depot' },
    ]);
    expect((await screen.findByRole('status')).textContent).toMatch(/New watch.*PENDING/);
  });

  it('creates an area watch from the drawn box, only where the service has watches', async () => {
    const client = fakeClient({
      'app.info': () => ALT,
      'watches.create': () => item({ op: 'watch.create', localId: 'local:c2' }),
    });
    renderWithData(<CreateWatchFromBox bbox={[31, 30, 31.5, 30.5]} />, client);
    await userEvent.click(await screen.findByRole('button', { name: 'Create watch' }));
    const form = screen.getByRole('form', { name: 'New watch' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Name' }), 'Delta');
    await userEvent.click(within(form).getByRole('button', { name: 'Create watch' }));
    expect(client.calls('watches.create')).toEqual([
      { target_type: 'area', bbox: [31, 30, 31.5, 30.5], name: 'Delta' },
    ]);

    const main = fakeClient();
    const { container } = renderWithData(<CreateWatchFromBox bbox={[31, 30, 31.5, 30.5]} />, main);
    await waitFor(() => expect(main.calls('app.info').length).toBeGreaterThan(0));
    expect(container.textContent).toBe('');
  });
});
