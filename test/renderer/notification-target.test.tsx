// Opening a notification in the window takes the analyst to its target: a fired standing order
// in Orders, selected, with the events that fired it; a watch in Watches with its detail open;
// a signal in the inspector (shown again if it was hidden). Click and Enter both open it, and
// the status bar's list closes so it does not cover what was opened.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  AppNotification,
  OrderFiredResult,
  OrdersListResult,
  Result,
  SignalRow,
  WatchDetailResult,
  WatchesListResult,
} from '../../shared/contract';
import { Inspector } from '../../renderer/src/app/inspector';
import { StatusBar } from '../../renderer/src/app/status-bar';
import { OrdersView } from '../../renderer/src/features/orders/orders-view';
import { NotificationsPanel } from '../../renderer/src/features/status/notifications-panel';
import { WatchesView } from '../../renderer/src/features/watches/watches-view';
import { useSelection } from '../../renderer/src/state/selection';
import { useViewState } from '../../renderer/src/state/view-state';
import { DEMO_INFO, fakeClient, renderWithData } from './fake-client';

// The Orders view's series chart draws on a canvas happy-dom lacks.
vi.mock('uplot', () => ({
  default: class {
    setSize() {}
    destroy() {}
  },
}));

const ALT = { ...DEMO_INFO, profile: 'alternate' as const };

const note = (id: string, kind: AppNotification['kind'], title: string, target: AppNotification['target']) =>
  ({ id, at: '2026-11-20T12:00:00Z', kind, title, body: '', target }) satisfies AppNotification;

const NOTES: AppNotification[] = [
  note('n1', 'order_fired', 'Standing order fired: Port watch', { type: 'order', id: 'o-1' }),
  note('n2', 'watch_needs_attention', 'Needs attention: Port of Aden', { type: 'watch', id: 'w1' }),
  note('n3', 'notable_development', 'Notable development: Strike near Kharkiv', {
    type: 'signal',
    id: 'ev-9',
  }),
  note('n4', 'summary', '3 changes since the last sync', null),
];

const ORDERS: OrdersListResult = {
  asOf: '2026-11-20T11:00:00Z',
  rows: [
    {
      id: 'o-1',
      pending: false,
      record: {
        id: 'o-1',
        name: 'Port watch',
        cadence: 'daily',
        bbox: [31, 30, 32, 31],
        active: true,
        last_run_at: '2026-11-20T11:50:00Z',
        total_runs: 3,
      },
    },
    { id: 'o-2', pending: false, record: { id: 'o-2', name: 'Strait check', bbox: [40, 10, 41, 11] } },
  ],
};

const firedEvent: SignalRow = {
  id: 'ev-5',
  title: 'Fire at the container terminal',
  category: 'port_incident',
  occurredAt: '2026-11-20T09:00:00Z',
  stage: 'pinpointed',
  severityBand: 6,
  severityScore: 6.1,
  lat: 30.5,
  lng: 31.5,
  plottable: true,
  location: null,
  country: null,
  countryCode: null,
  measured: false,
  measuredKind: null,
  retracted: false,
  publishers: 2,
  markets: [],
};

const FIRED: OrderFiredResult = {
  orderId: 'o-1',
  firedAt: '2026-11-20T11:50:00Z',
  since: '2026-11-19T11:50:00Z',
  events: [firedEvent],
  total: 1,
  asOf: '2026-11-20T11:00:00Z',
};

const WATCHES = {
  asOf: '2026-11-20T11:00:00Z',
  rows: [
    {
      id: 'w1',
      pending: false,
      record: {
        id: 'w1',
        name: 'Port of Aden',
        bucket: 'needs_attention',
        status: 'active',
        target_type: 'event',
      },
    },
    {
      id: 'w2',
      pending: false,
      record: { id: 'w2', name: 'Delta', bucket: 'stable', status: 'active', target_type: 'event' },
    },
  ],
} as WatchesListResult;

const watchDetail = (watchId: string): WatchDetailResult => ({
  watch: WATCHES.rows.find((r) => r.id === watchId)!,
  thread: null,
  detailCached: false,
  notes: [],
  packageRevisions: 0,
  asOf: '2026-11-20T11:00:00Z',
});

const signalGot = (): Result<'signals.get'> => ({
  signal: {
    id: 'ev-9',
    title: 'Strike near Kharkiv',
    category: 'armed_conflict',
    occurred_at: '2026-11-20T04:20:00Z',
    stage: 'localized',
    severity_band: 6,
  },
  // The record as the main profile's service sends it (string ids); the window is the alternate's.
  profile: 'main',
  retracted: false,
  resolvedFrom: null,
  mergedIds: [],
  asOf: '2026-11-20T11:00:00Z',
});

/** The window's parts that matter here: the current view, the inspector and the status bar. */
function Window() {
  const view = useViewState((s) => s.view);
  return (
    <>
      <main data-testid="view">
        {view === 'orders' ? <OrdersView /> : view === 'watches' ? <WatchesView /> : <p>{view} view</p>}
      </main>
      <Inspector />
      <StatusBar />
    </>
  );
}

function setup() {
  const client = fakeClient({
    'app.info': () => ALT,
    'notifications.list': () => NOTES,
    'orders.list': () => ORDERS,
    'orders.fired': ({ orderId }) => ({ ...FIRED, orderId }),
    'monitoring.list': () => ({ rows: [], asOf: '2026-11-20T11:00:00Z' }),
    'watches.list': () => WATCHES,
    'watches.get': ({ watchId }) => watchDetail(watchId),
    'signals.get': () => signalGot(),
    'sync.streams': () => ({ streams: [] }),
  });
  renderWithData(<Window />, client);
  return client;
}

async function openList() {
  await userEvent.click(await screen.findByRole('button', { name: '4 notifications' }));
  return screen.getByRole('region', { name: 'Notifications' });
}

beforeEach(() => {
  useSelection.setState({ selection: null });
  useViewState.setState({ view: 'map', inspectorOpen: true });
});

describe('opening a notification', () => {
  it('a fired standing order opens on the map, the inspector showing the order and the events that fired it', async () => {
    useViewState.setState({ view: 'signals' });
    setup();
    const list = await openList();
    await userEvent.click(within(list).getByRole('button', { name: 'Standing order fired: Port watch' }));

    expect(useViewState.getState().view).toBe('map');
    expect(useSelection.getState().selection).toMatchObject({
      kind: 'order',
      id: 'o-1',
      from: 'Notifications',
    });
    // The inspector reads the order: its state, and what its last run can be explained by.
    const inspector = screen.getByRole('complementary', { name: 'Inspector' });
    expect(await within(inspector).findByRole('heading', { name: 'Port watch', level: 3 })).toBeTruthy();
    await waitFor(() => expect(inspector.textContent).toContain('active'));
    const found = await within(inspector).findByRole('region', { name: 'What Port watch found' });
    const events = await within(found).findByRole('list', { name: 'Events that fired it' });
    expect(within(events).getByRole('button', { name: 'Fire at the container terminal' })).toBeTruthy();
    // The list closed: it would cover the view it opened.
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    expect(screen.getByRole('button', { name: '4 notifications' }).getAttribute('aria-expanded')).toBe(
      'false',
    );

    // From the inspector, its row in Orders, selected.
    await userEvent.click(within(inspector).getByRole('button', { name: 'Open in Orders' }));
    expect(useViewState.getState().view).toBe('orders');
    const row = (await screen.findByRole('cell', { name: 'Port watch' })).closest('tr')!;
    expect(row.getAttribute('aria-selected')).toBe('true');
    const other = screen.getByRole('cell', { name: 'Strait check' }).closest('tr')!;
    expect(other.getAttribute('aria-selected')).toBe('false');
  });

  it('a watch opens Watches with its detail, by Enter from the keyboard', async () => {
    setup();
    const list = await openList();
    within(list).getByRole('button', { name: 'Needs attention: Port of Aden' }).focus();
    await userEvent.keyboard('{Enter}');

    expect(useViewState.getState().view).toBe('watches');
    const detail = await screen.findByTestId('watch-detail');
    expect(await within(detail).findByRole('heading', { name: 'Port of Aden' })).toBeTruthy();
    expect(useSelection.getState().selection).toMatchObject({ kind: 'watch', id: 'w1' });
  });

  it('a signal opens in the inspector, shown again if it was hidden, and the view stays', async () => {
    useViewState.setState({ view: 'signals', inspectorOpen: false });
    const client = setup();
    const list = await openList();
    await userEvent.click(
      within(list).getByRole('button', { name: 'Notable development: Strike near Kharkiv' }),
    );

    expect(useViewState.getState().view).toBe('signals');
    expect(useViewState.getState().inspectorOpen).toBe(true);
    await screen.findByTestId('signal-detail');
    await waitFor(() => expect(client.calls('signals.get')).toContainEqual({ id: 'ev-9' }));
    expect(useSelection.getState().selection).toMatchObject({ kind: 'signal', id: 'ev-9' });
  });

  it('a summary has nothing to open: it is text, not a button', async () => {
    renderWithData(<NotificationsPanel />, fakeClient({ 'notifications.list': () => NOTES }));
    const list = await screen.findByTestId('notifications');
    expect(within(list).getByText('3 changes since the last sync').tagName).toBe('STRONG');
    expect(within(list).queryByRole('button', { name: '3 changes since the last sync' })).toBeNull();
    expect(within(list).getAllByRole('button')).toHaveLength(3);
  });
});
