// The Orders view as an analyst checks it: the standing orders and monitoring areas as cached,
// a fired order marked and what it found, each change pending until the service has it,
// pause / resume / delete (delete only after a confirmation) on the alternate profile and not
// offered on the main one, "Draw on map" arming the map's box tool, the projected monthly
// tokens said to be unknown (the service gives no estimate and no rule), and the series chart
// given the service's anomalies as its marks.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  AppInfo,
  MonitoringListResult,
  MonitoringSeriesResult,
  OrderFiredResult,
  OrdersListResult,
  OutboxItem,
  SignalRow,
} from '../../shared/contract';
import { CreateForm } from '../../renderer/src/features/orders/create-from-box';
import { OrdersView } from '../../renderer/src/features/orders/orders-view';
import { seriesChartData } from '../../renderer/src/features/orders/series-chart';
import { useBoxTool } from '../../renderer/src/state/box-tool';
import { useSelection } from '../../renderer/src/state/selection';
import { useViewState } from '../../renderer/src/state/view-state';
import { DEMO_INFO, fakeClient, renderWithData } from './fake-client';

// uPlot draws on a canvas jsdom lacks: the test keeps what the chart was given instead.
const plots = vi.hoisted(() => [] as { data: unknown[]; opts: { series: { label?: string }[] } }[]);
vi.mock('uplot', () => ({
  default: class {
    constructor(opts: { series: { label?: string }[] }, data: unknown[]) {
      plots.push({ opts, data });
    }
    setSize() {}
    destroy() {}
  },
}));

const ALT: AppInfo = { ...DEMO_INFO, profile: 'alternate' };

const ORDERS: OrdersListResult = {
  asOf: '2026-11-20T11:00:00Z',
  rows: [
    {
      id: 'o-fired',
      pending: false,
      record: {
        id: 'o-fired',
        name: 'Port watch',
        cadence: 'daily',
        bbox: [31, 30, 32, 31],
        active: true,
        last_run_at: '2026-11-19T06:00:00Z',
        total_runs: 2,
        next_due_at: '2026-11-21T06:00:00Z',
        projected_monthly_tokens_typical: 12,
        projected_monthly_tokens_max: 60,
      },
    },
    {
      id: 'o-paused',
      pending: false,
      record: {
        id: 'o-paused',
        name: 'Strait check',
        cadence: 'weekly',
        bbox: [40, 10, 41, 11],
        active: false,
      },
    },
    {
      id: 'local:new',
      pending: true,
      record: { id: 'local:new', name: 'Fresh order', bbox: [10, 10, 10.5, 10.5], active: true },
    },
  ],
};

const AREAS: MonitoringListResult = {
  asOf: '2026-11-20T11:00:00Z',
  rows: [
    {
      id: 'a-1',
      pending: false,
      record: {
        area_id: 'a-1',
        name: 'Delta fires',
        status: 'anomaly',
        bbox: [31, 30, 31.4, 30.4],
        metrics: [{ metric: 'fire_count', latest: { date: '2026-11-19', value: 33, is_anomaly: true } }],
      },
    },
  ],
};

const CREATE_ITEM: OutboxItem = {
  localId: 'local:new',
  op: 'order.create',
  state: 'pending',
  payload: { bbox: [10, 10, 10.5, 10.5], name: 'Fresh order' },
  error: null,
  createdAt: '2026-11-20T11:30:00Z',
};

const queued = (op: string, payload: Record<string, unknown>): OutboxItem => ({
  localId: `local:${op}`,
  op,
  state: 'pending',
  payload,
  error: null,
  createdAt: '2026-11-20T11:31:00Z',
});

const signal = (id: string, title: string): SignalRow => ({
  id,
  title,
  category: 'port_incident',
  occurredAt: '2026-11-18T20:00:00Z',
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
  publishers: 3,
  markets: [],
});

function client(info: AppInfo = ALT, outbox: OutboxItem[] = [CREATE_ITEM]) {
  return fakeClient({
    'app.info': () => info,
    'orders.list': () => ORDERS,
    'monitoring.list': () => AREAS,
    'outbox.list': () => outbox,
    'orders.setActive': ({ orderId, active }) => queued('order.setActive', { orderId, active }),
    'orders.delete': ({ orderId }) => queued('order.delete', { orderId }),
  });
}

const rowOf = async (name: string) =>
  (await screen.findByRole('cell', { name })).closest('tr') as HTMLTableRowElement;

beforeEach(() => {
  plots.length = 0;
  useSelection.setState({ selection: null });
  useBoxTool.setState({ drawing: false, box: null });
  useViewState.setState({ view: 'orders' });
});

describe('the Orders view', () => {
  it('lists the standing orders and monitoring areas, the fired one marked, the new one pending', async () => {
    renderWithData(<OrdersView />, client());
    const orders = await screen.findByRole('table', { name: 'Standing orders' });
    expect(
      within(orders)
        .getAllByTestId('order-row')
        .map((r) => (r as HTMLTableRowElement).cells[0]!.textContent),
    ).toEqual(['Port watch', 'Strait check', 'Fresh order']);
    const fired = await rowOf('Port watch');
    expect(within(fired).getByText('FIRED')).toBeTruthy();
    expect(fired.className).toContain('order-fired');
    expect(within(await rowOf('Strait check')).queryByText('FIRED')).toBeNull();
    expect(within(await rowOf('Strait check')).getByText('paused')).toBeTruthy();
    // The new order waits in the outbox: pending, and what waits is its creation.
    const fresh = await rowOf('Fresh order');
    expect(within(fresh).getByText('PENDING')).toBeTruthy();
    expect(fresh.textContent).toContain('creating');
    expect(within(fired).queryByText('PENDING')).toBeNull();
    expect(within(fired).getByText('with the service')).toBeTruthy();

    const areas = screen.getByRole('table', { name: 'Monitoring areas' });
    const area = within(areas).getByTestId('area-row');
    expect(area.textContent).toContain('Delta fires');
    expect(area.textContent).toContain('fire count');
    expect(within(area).getAllByText(/anomaly/).length).toBeGreaterThan(0);
  });

  it('pauses, resumes and deletes (after a confirmation) through the outbox', async () => {
    const user = userEvent.setup();
    const c = client();
    renderWithData(<OrdersView />, c);
    await user.click(await screen.findByRole('button', { name: 'Pause Port watch' }));
    await waitFor(() => expect(c.calls('orders.setActive')).toEqual([{ orderId: 'o-fired', active: false }]));
    await user.click(screen.getByRole('button', { name: 'Resume Strait check' }));
    await waitFor(() => expect(c.calls('orders.setActive')).toHaveLength(2));
    expect(c.calls('orders.setActive')[1]).toEqual({ orderId: 'o-paused', active: true });

    // Delete asks first; keeping it sends nothing.
    await user.click(screen.getByRole('button', { name: 'Delete Strait check' }));
    const ask = screen.getByRole('group', { name: 'Delete Strait check?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep' }));
    expect(c.calls('orders.delete')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete Strait check' }));
    await user.click(screen.getByRole('button', { name: 'Confirm delete' }));
    await waitFor(() => expect(c.calls('orders.delete')).toEqual([{ orderId: 'o-paused' }]));
  });

  it('shows a queued pause and delete as pending on their order, and a refusal in the service’s words', async () => {
    const refused: OutboxItem = {
      ...queued('order.setActive', { orderId: 'o-fired', active: false }),
      state: 'rejected',
      error: { status: 404, message: 'no standing order with this id' },
    };
    renderWithData(<OrdersView />, client(ALT, [queued('order.delete', { orderId: 'o-paused' }), refused]));
    const paused = await rowOf('Strait check');
    await waitFor(() => expect(paused.textContent).toContain('deleting'));
    expect(within(paused).getByText('PENDING')).toBeTruthy();
    // A delete on its way: nothing more to do to this order.
    expect(
      (within(paused).getByRole('button', { name: 'Delete Strait check' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    const fired = await rowOf('Port watch');
    expect(within(fired).getByText('REFUSED')).toBeTruthy();
    expect(fired.textContent).toContain('no standing order with this id');
  });

  it('does not offer pause or delete on the main profile, and says why', async () => {
    renderWithData(<OrdersView />, client(DEMO_INFO));
    await screen.findByRole('table', { name: 'Standing orders' });
    await screen.findByText(/has no pause, resume or delete for standing orders/);
    expect(screen.queryByRole('button', { name: /^Pause / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
  });

  it('“Draw on map” opens the map with the box tool drawing', async () => {
    const user = userEvent.setup();
    useBoxTool.setState({ box: [1, 1, 2, 2] });
    renderWithData(<OrdersView />, client());
    await user.click(screen.getByRole('button', { name: 'Draw on map' }));
    expect(useViewState.getState().view).toBe('map');
    expect(useBoxTool.getState()).toMatchObject({ drawing: true, box: null });
  });

  it('a fired order shows the events that can explain it; one that never ran says so', async () => {
    const user = userEvent.setup();
    const fired: OrderFiredResult = {
      orderId: 'o-fired',
      firedAt: '2026-11-19T06:00:00Z',
      since: '2026-11-18T06:00:00Z',
      events: [signal('ev-1', 'Fire at the grain terminal'), signal('ev-2', 'Tanker aground')],
      total: 2,
      asOf: '2026-11-20T11:00:00Z',
    };
    const c = client();
    c.answer({
      'orders.fired': ({ orderId }) =>
        orderId === 'o-fired'
          ? fired
          : { ...fired, orderId, firedAt: null, since: null, events: [], total: 0 },
    });
    renderWithData(<OrdersView />, c);
    await user.click(await screen.findByRole('cell', { name: 'Port watch' }));
    const list = await screen.findByRole('list', { name: 'Events that fired it' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Fire at the grain terminal', 'Tanker aground']);
    expect(c.calls('orders.fired')).toContainEqual({ orderId: 'o-fired' });
    await user.click(within(list).getByRole('button', { name: 'Tanker aground' }));
    expect(useSelection.getState().selection).toMatchObject({ kind: 'signal', id: 'ev-2' });
    expect(useViewState.getState().view).toBe('map');

    useViewState.setState({ view: 'orders' });
    await user.click(await screen.findByRole('cell', { name: 'Strait check' }));
    await screen.findByText(/This order has not fired/);
  });
});

describe('the series chart', () => {
  const SERIES: MonitoringSeriesResult = {
    areaId: 'a-1',
    pending: false,
    asOf: '2026-11-20T11:00:00Z',
    metrics: [
      {
        polygonId: 'p-1',
        metric: 'fire_count',
        label: 'fire count',
        // Out of order on purpose: the chart takes them oldest first.
        points: [
          { date: '2026-11-10', value: 12, anomaly: false },
          { date: '2026-11-04', value: 9.5, anomaly: false },
          { date: '2026-11-16', value: 33, anomaly: true },
          { date: '2026-11-07', value: 31, anomaly: true },
          { date: null, value: 5, anomaly: false },
        ],
      },
    ],
  };

  it('gives the chart the service’s anomalies as marks, and lists them in words', async () => {
    const user = userEvent.setup();
    const c = client();
    c.answer({ 'monitoring.series': () => SERIES });
    renderWithData(<OrdersView />, c);
    await user.click(await screen.findByRole('cell', { name: 'Delta fires' }));
    await screen.findByRole('figure', { name: 'fire count series' });
    await waitFor(() => expect(plots.length).toBeGreaterThan(0));
    const day = (d: string) => Date.parse(`${d}T00:00:00Z`) / 1000;
    const { data, opts } = plots.at(-1)!;
    expect(data).toEqual([
      [day('2026-11-04'), day('2026-11-07'), day('2026-11-10'), day('2026-11-16')],
      [9.5, 31, 12, 33],
      [null, 31, null, 33],
    ]);
    expect(opts.series.map((s) => s.label)).toEqual([undefined, 'fire count', 'Anomaly']);
    expect(screen.getByTestId('series-anomalies').textContent).toBe('2026-11-07 (31), 2026-11-16 (33)');
  });

  it('marks nothing when the service marked no anomaly', () => {
    const quiet = seriesChartData([
      { date: '2026-11-01', value: 1, anomaly: false },
      { date: '2026-11-02', value: 2, anomaly: false },
    ]);
    expect(quiet.anomalies).toEqual([null, null]);
    expect(quiet.values).toEqual([1, 2]);
  });
});

describe('the projected monthly tokens', () => {
  it('are said to be unknown in the create-order form, with no number guessed', async () => {
    renderWithData(
      <CreateForm kind="order" bbox={[31, 30, 31.5, 30.5]} onQueued={() => {}} onCancel={() => {}} />,
      client(),
    );
    const note = await screen.findByRole('note', { name: 'Projected monthly tokens' });
    expect(note.textContent).toContain('not known until the service accepts it');
    expect(note.textContent).toMatch(/no estimate/);
    // The only figures are the service's own, for an earlier order, named as such.
    await waitFor(() =>
      expect(note.textContent).toContain(
        'The service projected, for your order “Port watch”: typical 12, max 60.',
      ),
    );
    expect(note.textContent?.match(/\d+/g)).toEqual(['12', '60']);
    await waitFor(() =>
      expect(note.textContent).toContain('states its projection when it accepts the order'),
    );
  });

  it('are 0 on the main profile, whose document says an order’s checks charge nothing', async () => {
    renderWithData(
      <CreateForm kind="order" bbox={[31, 30, 31.5, 30.5]} onQueued={() => {}} onCancel={() => {}} />,
      client(DEMO_INFO),
    );
    const note = await screen.findByRole('note', { name: 'Projected monthly tokens' });
    await waitFor(() =>
      expect(note.textContent).toContain('0 and 0, as the service documents: an order’s checks run no model'),
    );
    expect(note.textContent).not.toContain('not known');
  });

  it('are shown on an order the service accepted, and not invented for one it did not project', async () => {
    renderWithData(<OrdersView />, client());
    const table = await screen.findByRole('table', { name: 'Standing orders' });
    const row = (name: string) => within(table).getByRole('cell', { name }).closest('tr')!;
    expect(row('Port watch').textContent).toContain('typical 12 · max 60');
    expect(row('Strait check').textContent).toContain('not stated');
  });

  it('are not shown for a monitoring area', () => {
    renderWithData(
      <CreateForm kind="monitoring" bbox={[31, 30, 31.5, 30.5]} onQueued={() => {}} onCancel={() => {}} />,
      client(),
    );
    expect(screen.queryByRole('note', { name: 'Projected monthly tokens' })).toBeNull();
  });
});

// Issue 23, rule 9: "per check 2 tok and per scene 0.5 tok as shown in the metering block";
// "a longer backfill measures more scenes and costs more on the first check" (main document).
describe('a monitoring area’s price', () => {
  it('is shown before the area exists, in the documented figures, the first check costing more', async () => {
    renderWithData(
      <CreateForm kind="monitoring" bbox={[31, 30, 31.5, 30.5]} onQueued={() => {}} onCancel={() => {}} />,
      client(),
    );
    const note = await screen.findByRole('note', { name: 'Monitoring price' });
    expect(note.textContent).toContain(
      'free to create; then 2 tokens per check and 0.5 tokens per scene measured',
    );
    expect(note.textContent).toContain('The first check measures the backfill');
    expect(note.textContent).toContain('a check that finds no new acquisition charges nothing');
  });

  it('is shown after, as the metering the service stated when it accepted the area', async () => {
    const user = userEvent.setup();
    const c = client();
    const metered = {
      ...AREAS,
      rows: [
        {
          ...AREAS.rows[0]!,
          record: {
            ...AREAS.rows[0]!.record,
            metering: { create: 0, per_check_tokens: 2, per_scene_tokens: 0.5 },
          },
        },
      ],
    };
    c.answer({
      'monitoring.list': () => metered,
      'monitoring.series': () => ({ areaId: 'a-1', metrics: [], asOf: null, pending: false }) as never,
    });
    renderWithData(<OrdersView />, c);
    await user.click(await screen.findByRole('cell', { name: 'Delta fires' }));
    const line = await screen.findByLabelText('Metering');
    expect(line.textContent).toBe(
      'Metering, as the service stated when it accepted the area: creating it: free, 2 tokens per check, 0.5 tokens per scene.',
    );
  });
});
