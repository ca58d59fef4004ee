// The map's box tool as an analyst checks it: the area of a drawn box in km² (a 1°×1° box at the
// equator is about 12,364 km² on the sphere), a box across the 180th meridian kept whole, the
// service's limits exactly at their edges, and what the service would refuse offered disabled
// with its own reason. Creating goes through the outbox: pending, then sent or refused.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromLonLat } from 'ol/proj';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  areaRefusal,
  MONITORING_AREA_TOO_LARGE,
  MONITORING_AREA_UNDER_KM2,
  monitoringAreaTooLarge,
  STANDING_ORDER_MAX_KM2,
  STANDING_ORDER_TOO_LARGE,
  standingOrderTooLarge,
} from '../../shared/area-limits';
import type { OutboxItem } from '../../shared/contract';
import { App } from '../../renderer/src/app/app';
import {
  boxAreaKm2,
  boxExtent,
  boxFromExtent,
  formatKm2,
  type DrawnBox,
} from '../../renderer/src/map/box-tool/box';
import { BoxTool, DrawingReadout } from '../../renderer/src/map/box-tool/box-tool';
import { useBoxTool } from '../../renderer/src/state/box-tool';
import { NO_FILTERS, useViewState } from '../../renderer/src/state/view-state';
import { fakeClient, renderWithData, type FakeClient } from './fake-client';

/** Mean Earth radius, km (IUGG): the sphere the service measures boxes on. */
const R = 6371.0088;
const rad = Math.PI / 180;
/** The textbook spherical zone: R² · Δλ · (sin φ₂ − sin φ₁), written out here on its own. */
const sphereKm2 = (w: number, s: number, e: number, n: number) =>
  R * R * (e - w) * rad * (Math.sin(n * rad) - Math.sin(s * rad));

/** An extent in the map's plane from two lon/lat corners (lon may run past 180 on a wrapped copy). */
const extentOf = (w: number, s: number, e: number, n: number) => {
  const [x0, y0] = fromLonLat([w, s]);
  const [x1, y1] = fromLonLat([e, n]);
  // fromLonLat wraps nothing; a longitude past 180 stays past the world's edge, as a drag does.
  return [x0!, y0!, x1!, y1!];
};

const outboxItem = (over: Partial<OutboxItem> & Pick<OutboxItem, 'op'>): OutboxItem => ({
  localId: 'local:1',
  state: 'pending',
  payload: {},
  error: null,
  createdAt: '2026-11-03T12:00:00Z',
  ...over,
});

beforeEach(() => {
  useBoxTool.setState({ drawing: false, box: null });
  useViewState.setState({ view: 'signals', filters: NO_FILTERS, query: '' });
});

function renderTool(box: DrawnBox, client: FakeClient = fakeClient()) {
  useBoxTool.setState({ box });
  renderWithData(<BoxTool controller={null} />, client);
  return screen.getByRole('region', { name: 'Drawn box' });
}
const button = (within_: HTMLElement, name: string | RegExp) =>
  within(within_).getByRole('button', { name }) as HTMLButtonElement;

describe('the area of a drawn box', () => {
  it('is about 12,364 km² for 1°×1° at the equator, and shrinks towards the poles', () => {
    const equator = boxAreaKm2([0, 0, 1, 1]);
    expect(equator).toBeGreaterThan(12_363);
    expect(equator).toBeLessThan(12_365);
    expect(formatKm2(equator)).toBe('12,364 km²');
    // At 60° N a degree of longitude is half as long as at the equator.
    expect(boxAreaKm2([0, 60, 1, 61]) / sphereKm2(0, 60, 1, 61)).toBeCloseTo(1, 9);
    expect(boxAreaKm2([0, 60, 1, 61])).toBeLessThan(equator * 0.5);
    expect(formatKm2(0.42)).toBe('0.4 km²');
  });

  it('comes back in degrees from the map plane, on a wrapped copy of the world too', () => {
    const box = boxFromExtent(extentOf(10, 20, 11, 21))!;
    expect(box).toEqual([10, 20, 11, 21]);
    // Drawn one world to the east (lon 370..371): the same place.
    expect(boxFromExtent(extentOf(370, 20, 371, 21))).toEqual([10, 20, 11, 21]);
    // Dragged from the north-east corner to the south-west one: the same box.
    expect(boxFromExtent(extentOf(11, 21, 10, 20))).toEqual([10, 20, 11, 21]);
    // A click without a drag is no box.
    expect(boxFromExtent(extentOf(10, 20, 10, 20))).toBeNull();
    // Back to the plane it round-trips.
    expect(boxFromExtent(boxExtent(box))).toEqual(box);
  });

  it('keeps a box across the 180th meridian whole: east wraps behind west, the area is the 1° drawn', () => {
    const box = boxFromExtent(extentOf(179.5, 0, 180.5, 1))!;
    expect(box).toEqual([179.5, 0, -179.5, 1]);
    expect(boxAreaKm2(box)).toBeCloseTo(sphereKm2(0, 0, 1, 1), 6);
    // Drawn in the plane from west to east past the line, not back across the whole world.
    const [x0, , x1] = boxExtent(box);
    expect(x1 - x0).toBeCloseTo(fromLonLat([1, 0])[0]!, 3);
    // Wider than the world: the whole world, not a sliver.
    expect(boxFromExtent(extentOf(-200, -10, 200, 10))).toEqual([-180, -10, 180, 10]);
  });
});

describe("the service's area limits", () => {
  it('refuse a standing order only over 100,000 km², a monitoring area from 5,000 km² on', () => {
    expect(STANDING_ORDER_MAX_KM2).toBe(100_000);
    expect(MONITORING_AREA_UNDER_KM2).toBe(5_000);
    expect(standingOrderTooLarge(100_000)).toBe(false);
    expect(standingOrderTooLarge(100_000.001)).toBe(true);
    expect(monitoringAreaTooLarge(4_999.999)).toBe(false);
    expect(monitoringAreaTooLarge(5_000)).toBe(true);
  });

  it("give the service's own reason for boxes a hair either side of each limit", () => {
    // At the equator, 1° high: the width in degrees that makes a given area.
    const widthFor = (km2: number) => km2 / sphereKm2(0, 0, 1, 1);
    const box = (km2: number) => [0, 0, widthFor(km2), 1];
    expect(areaRefusal('standing-order', box(99_999.99))).toBeNull();
    expect(areaRefusal('standing-order', box(100_000.01))).toBe('bbox is larger than 100,000 km2');
    expect(areaRefusal('monitoring-area', box(4_999.99))).toBeNull();
    expect(areaRefusal('monitoring-area', box(5_000.01))).toBe('bbox must be under 5,000 km2');
    expect(areaRefusal('monitoring-area', [170, 0, -170, 1])).toBe(
      'bbox west (170) must be less than east (-170)',
    );
  });
});

describe('the drawn box panel', () => {
  it('shows the box to 2 decimals and its km², and offers everything for a small box', () => {
    const panel = renderTool([10.1234, 20, 10.7, 20.6]);
    expect(within(panel).getByTestId('box-bbox').textContent).toBe('10.12, 20.00, 10.70, 20.60');
    expect(within(panel).getByTestId('box-area').textContent).toBe(
      formatKm2(sphereKm2(10.1234, 20, 10.7, 20.6)),
    );
    for (const name of ['Filter to box', 'Create standing order', 'Create monitoring area'])
      expect(button(panel, name).disabled).toBe(false);
    expect(within(panel).queryByText(/REFUSED/)).toBeNull();
  });

  it("disables a monitoring area for a box of 5,000 km² or more, with the service's reason", () => {
    const panel = renderTool([0, 0, 1, 1]);
    const create = button(panel, 'Create monitoring area');
    expect(create.disabled).toBe(true);
    const reason = document.getElementById(create.getAttribute('aria-describedby')!)!;
    expect(reason.textContent).toContain(MONITORING_AREA_TOO_LARGE);
    expect(reason.textContent).toContain('REFUSED');
    expect(button(panel, 'Create standing order').disabled).toBe(false);
    expect(within(panel).queryByText(STANDING_ORDER_TOO_LARGE)).toBeNull();
  });

  it("disables a standing order for a box over 100,000 km², with the service's reason", () => {
    const panel = renderTool([0, 0, 3, 3]);
    expect(within(panel).getByTestId('box-area').textContent).toBe(formatKm2(sphereKm2(0, 0, 3, 3)));
    const order = button(panel, 'Create standing order');
    expect(order.disabled).toBe(true);
    expect(document.getElementById(order.getAttribute('aria-describedby')!)!.textContent).toContain(
      'bbox is larger than 100,000 km2',
    );
    expect(button(panel, 'Create monitoring area').disabled).toBe(true);
    // Filtering has no area limit.
    expect(button(panel, 'Filter to box').disabled).toBe(false);
  });

  it('refuses every action for a box across the 180th meridian, saying west must come first', () => {
    const panel = renderTool([179.5, 0, -179.5, 1]);
    expect(within(panel).getByTestId('box-area').textContent).toBe('12,364 km²');
    for (const name of ['Filter to box', 'Create standing order', 'Create monitoring area']) {
      const action = button(panel, name);
      expect(action.disabled).toBe(true);
      expect(document.getElementById(action.getAttribute('aria-describedby')!)!.textContent).toContain(
        'bbox west (179.5) must be less than east (-179.5)',
      );
    }
  });

  it('narrows the signals filter to the box, and Clear box takes both away', async () => {
    const user = userEvent.setup();
    const panel = renderTool([10, 20, 10.5, 20.5]);
    await user.click(button(panel, 'Filter to box'));
    expect(useViewState.getState().filters.bbox).toEqual([10, 20, 10.5, 20.5]);
    expect(within(panel).getByText('Signals are filtered to this box.')).toBeTruthy();
    expect(button(panel, 'Filter to box').disabled).toBe(true);
    await user.click(button(panel, 'Clear box'));
    expect(useBoxTool.getState().box).toBeNull();
    expect(useViewState.getState().filters.bbox).toBeUndefined();
    expect(screen.queryByRole('region', { name: 'Drawn box' })).toBeNull();
  });

  it('shows a box filter kept from before as the box, so it can be seen and removed', async () => {
    const user = userEvent.setup();
    useViewState.setState({ filters: { ...NO_FILTERS, bbox: [30, 40, 31, 40.5] } });
    renderWithData(<BoxTool controller={null} />, fakeClient());
    const panel = screen.getByRole('region', { name: 'Drawn box' });
    expect(within(panel).getByTestId('box-bbox').textContent).toBe('30.00, 40.00, 31.00, 40.50');
    await user.click(button(panel, 'Remove box filter'));
    expect(useViewState.getState().filters.bbox).toBeUndefined();
  });
});

describe('creating from the box through the outbox', () => {
  it('queues a monitoring area with its metric, shows it pending, then sent', async () => {
    const user = userEvent.setup();
    let listed: OutboxItem[] = [];
    const client = fakeClient({
      'monitoring.create': (input) => {
        listed = [outboxItem({ op: 'monitoring.create', payload: input })];
        return listed[0]!;
      },
      'outbox.list': () => listed,
    });
    const panel = renderTool([10, 20, 10.5, 20.5], client);
    await user.click(button(panel, 'Create monitoring area'));
    const form = within(panel).getByRole('form', { name: 'New monitoring area' });
    const submit = within(form).getByRole('button', { name: 'Create monitoring area' }) as HTMLButtonElement;
    // The metric is required by the service: no metric, nothing to send.
    expect(submit.disabled).toBe(true);
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Metric' }), 'water');
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Reservoir');
    await user.click(submit);

    expect(client.calls('monitoring.create')).toEqual([
      { bbox: [10, 20, 10.5, 20.5], metric: 'water', name: 'Reservoir' },
    ]);
    const status = await within(panel).findByRole('status');
    await waitFor(() => expect(status.textContent).toContain('PENDING'));
    expect(status.textContent).toContain('Monitoring area');

    // The outbox sends it: it leaves the list of writes not yet settled.
    listed = [];
    act(() => client.emit('cache.changed', { resources: ['outbox'] }));
    await waitFor(() => expect(status.textContent).toContain('sent to the service'));
  });

  it("shows the service's refusal when the outbox is refused", async () => {
    const user = userEvent.setup();
    let listed: OutboxItem[] = [];
    const client = fakeClient({
      'orders.create': (input) => {
        listed = [outboxItem({ op: 'order.create', payload: input })];
        return listed[0]!;
      },
      'outbox.list': () => listed,
    });
    const panel = renderTool([10, 20, 12, 22], client);
    await user.click(button(panel, 'Create standing order'));
    const form = within(panel).getByRole('form', { name: 'New standing order' });
    await user.click(within(form).getByRole('button', { name: 'Create standing order' }));
    expect(client.calls('orders.create')).toEqual([{ bbox: [10, 20, 12, 22] }]);
    const status = await within(panel).findByRole('status');
    await waitFor(() => expect(status.textContent).toContain('PENDING'));

    listed = [
      outboxItem({
        op: 'order.create',
        state: 'rejected',
        error: { status: 403, message: 'no standing-order slot left on this plan' },
      }),
    ];
    act(() => client.emit('cache.changed', { resources: ['outbox'] }));
    await waitFor(() => expect(status.textContent).toContain('REFUSED'));
    expect(status.textContent).toContain('no standing-order slot left on this plan');
  });
});

describe('drawing', () => {
  it('reads out the km² while dragging, and which limits the box is over', () => {
    const { rerender } = render(<DrawingReadout sketch={null} />);
    expect(screen.getByTestId('box-readout').textContent).toContain('Esc cancels');
    rerender(<DrawingReadout sketch={[0, 0, 1, 1]} />);
    expect(screen.getByTestId('box-readout').textContent).toContain('12,364 km²');
    expect(screen.getByTestId('box-readout').textContent).toContain('too large for a monitoring area');
    expect(screen.getByTestId('box-readout').textContent).not.toContain('standing order');
    rerender(<DrawingReadout sketch={[0, 0, 0.5, 0.5]} />);
    expect(screen.getByTestId('box-readout').textContent).not.toContain('too large');
  });

  it('starts with B from any view (on the map), and Esc cancels it', async () => {
    const user = userEvent.setup();
    renderWithData(<App />, fakeClient());
    await screen.findByRole('navigation', { name: 'Views' });
    await user.keyboard('b');
    expect(useViewState.getState().view).toBe('map');
    expect(useBoxTool.getState().drawing).toBe(true);
    await user.keyboard('{Escape}');
    expect(useBoxTool.getState().drawing).toBe(false);
  });

  it('is listed in the command palette', async () => {
    const user = userEvent.setup();
    renderWithData(<App />, fakeClient());
    await screen.findByRole('navigation', { name: 'Views' });
    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    await user.keyboard('draw a box');
    expect(within(palette).getAllByRole('option')[0]!.textContent).toContain('Draw a box on the map');
    await user.keyboard('{Enter}');
    expect(useBoxTool.getState().drawing).toBe(true);
  });
});
