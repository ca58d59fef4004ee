// The map's time slider: it spans the loaded points' times, narrows what the map draws on the
// client (no new request to main), shows the range in UTC, plays forward, widens back with
// "All", and the range survives a restart.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SignalPoints } from '../../shared/contract';
import { TimeSlider } from '../../renderer/src/map/time-slider';
import {
  fitRange,
  pointsInRange,
  rangeBounds,
  TIME_RANGE_KEY,
  timeWindow,
  useTimeRange,
} from '../../renderer/src/map/time-range';
import { useSignalLayers } from '../../renderer/src/map/use-signal-layers';
import { fakeClient, renderWithData } from './fake-client';

const at = (iso: string) => Date.parse(iso);
const TIMES = [
  '2026-11-01T00:00:00Z',
  '2026-11-02T00:00:00Z',
  '2026-11-03T00:00:00Z',
  '2026-11-05T00:00:00Z',
];
const POINTS: SignalPoints = {
  count: 5,
  ids: ['d1', 'd2', 'd3', 'd5', 'no-time'],
  lng: Float32Array.from([30, 31, 32, 33, 34]),
  lat: Float32Array.from([50, 50, 50, 50, 50]),
  band: Uint8Array.from([1, 2, 3, 4, 5]),
  flags: Uint8Array.from([0, 0, 0, 0, 0]),
  category: Uint8Array.from([0, 0, 0, 0, 0]),
  categories: ['armed_conflict'],
  time: Float64Array.from([...TIMES.map(at), NaN]),
  asOf: '2026-11-05T01:00:00Z',
};

/** The map view's wiring without OpenLayers: the hook's drawn points and the slider. */
function Harness() {
  const s = useSignalLayers(null);
  return (
    <>
      <output data-testid="drawn">{s.points?.ids.join(',')}</output>
      <TimeSlider
        window={s.timeWindow}
        shown={s.points?.count ?? 0}
        total={s.loaded?.count ?? 0}
        waiting={!s.loaded && !s.error}
      />
    </>
  );
}

function setup() {
  const client = fakeClient({
    'signals.points': () => POINTS,
    'signals.countryCounts': () => ({ countries: [], asOf: null }) as never,
  });
  renderWithData(<Harness />, client);
  return client;
}

const drawn = () => screen.getByTestId('drawn').textContent;
const start = () => screen.getByRole('slider', { name: 'Start of the time range' });
const end = () => screen.getByRole('slider', { name: 'End of the time range' });

beforeEach(() => useTimeRange.setState({ range: null }));
afterEach(() => vi.useRealTimers());

describe('the time slider', () => {
  it('spans the loaded points’ times and shows the range in UTC', async () => {
    setup();
    await waitFor(() => expect(drawn()).toBe('d1,d2,d3,d5,no-time'));
    expect(start().getAttribute('min')).toBe(String(at(TIMES[0]!)));
    expect(end().getAttribute('max')).toBe(String(at(TIMES[3]!)));
    expect(screen.getByTestId('time-range').textContent).toBe('2026-11-01 00:00 UTC → 2026-11-05 00:00 UTC');
    expect(screen.getByRole('button', { name: 'All' })).toHaveProperty('disabled', true);
  });

  it('narrows what is drawn on the client, and All widens it back', async () => {
    const client = setup();
    await waitFor(() => expect(drawn()).toContain('d5'));
    const asked = client.calls('signals.points').length;
    fireEvent.change(start(), { target: { value: String(at('2026-11-02T00:00:00Z')) } });
    fireEvent.change(end(), { target: { value: String(at('2026-11-03T12:00:00Z')) } });
    expect(drawn()).toBe('d2,d3');
    expect(screen.getByTestId('time-range').textContent).toBe(
      '2026-11-02 00:00 UTC → 2026-11-03 12:00 UTC · 2 of 5 points',
    );
    expect(start().getAttribute('aria-valuetext')).toBe('2026-11-02 00:00 UTC');
    expect(client.calls('signals.points')).toHaveLength(asked);
    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(drawn()).toBe('d1,d2,d3,d5,no-time');
  });

  it('keeps a handle left at the end of the window pinned there when newer points come', async () => {
    setup();
    await waitFor(() => expect(drawn()).toContain('d5'));
    fireEvent.change(start(), { target: { value: String(at('2026-11-02T00:00:00Z')) } });
    expect(drawn()).toBe('d2,d3,d5');
    const later = { from: at(TIMES[0]!), to: at('2026-11-08T00:00:00Z') };
    expect(fitRange(useTimeRange.getState().range, later)).toEqual({
      from: at('2026-11-02T00:00:00Z'),
      to: later.to,
    });
  });

  it('keeps the start handle from passing the end one', async () => {
    setup();
    await waitFor(() => expect(drawn()).toContain('d5'));
    fireEvent.change(end(), { target: { value: String(at('2026-11-02T00:00:00Z')) } });
    fireEvent.change(start(), { target: { value: String(at('2026-11-04T00:00:00Z')) } });
    expect(Number(start().getAttribute('value'))).toBeLessThanOrEqual(Number(end().getAttribute('value')));
    expect(drawn()).toBe('d2');
  });

  it('plays the range forward to the end of the window, then stops', async () => {
    setup();
    await waitFor(() => expect(drawn()).toContain('d5'));
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: /Play/ }));
    expect(screen.getByTestId('time-play').getAttribute('aria-pressed')).toBe('true');
    // It starts from the beginning with a fifth of the window: only the first day.
    expect(drawn()).toBe('d1');
    act(() => void vi.advanceTimersByTime(700 * 200));
    expect(screen.getByTestId('time-play').getAttribute('aria-pressed')).toBe('false');
    expect(drawn()).toBe('d5');
  });

  it('keeps the range across a restart (localStorage), fitted into the new window', async () => {
    useTimeRange.getState().setRange({ from: at('2026-11-02T00:00:00Z'), to: at('2026-11-09T00:00:00Z') });
    const stored = localStorage.getItem(TIME_RANGE_KEY)!;
    expect(JSON.parse(stored).state.range.from).toBe(at('2026-11-02T00:00:00Z'));
    // A restart: the store starts empty and reads back what was stored.
    useTimeRange.setState({ range: null });
    localStorage.setItem(TIME_RANGE_KEY, stored);
    await useTimeRange.persist.rehydrate();
    expect(useTimeRange.getState().range?.from).toBe(at('2026-11-02T00:00:00Z'));
    const window = timeWindow(POINTS);
    expect(fitRange(useTimeRange.getState().range, window)).toEqual({
      from: at('2026-11-02T00:00:00Z'),
      to: at('2026-11-05T00:00:00Z'),
    });
    expect(pointsInRange(POINTS, fitRange(useTimeRange.getState().range, window)).ids).toEqual([
      'd2',
      'd3',
      'd5',
    ]);
  });

  it('drops a bad saved range instead of narrowing to nothing', async () => {
    localStorage.setItem(
      TIME_RANGE_KEY,
      JSON.stringify({ state: { range: { from: 'x', to: 3 } }, version: 1 }),
    );
    await useTimeRange.persist.rehydrate();
    expect(useTimeRange.getState().range).toBeNull();
  });

  it('keeps its strip under the map while the points load (the map is not resized when they come)', async () => {
    let answer!: (p: SignalPoints) => void;
    const client = fakeClient({
      'signals.points': () => new Promise<SignalPoints>((resolve) => (answer = resolve)),
      'signals.countryCounts': () => ({ countries: [], asOf: null }) as never,
    });
    const { container } = renderWithData(<Harness />, client);
    await waitFor(() => expect(client.calls('signals.points')).toHaveLength(1));
    const strip = container.querySelector('.time-slider');
    expect(strip).not.toBeNull();
    expect(screen.queryByRole('slider')).toBeNull();
    // The map's country counts are asked once its points are in (and drawn: this harness draws
    // none, so a second after), not beside them.
    expect(client.calls('signals.countryCounts')).toHaveLength(0);
    act(() => answer(POINTS));
    await screen.findByTestId('time-range');
    expect(start()).toBeTruthy();
    expect(client.calls('signals.countryCounts')).toHaveLength(0);
    await waitFor(() => expect(client.calls('signals.countryCounts')).toHaveLength(1), { timeout: 3_000 });
  });

  it('stays in its place when no point has a time, saying so, and can still widen a range', async () => {
    useTimeRange.getState().setRange({ from: at('2026-11-02T00:00:00Z'), to: at('2026-11-03T00:00:00Z') });
    render(
      <TimeSlider window={timeWindow({ ...POINTS, time: Float64Array.from([NaN]) })} shown={0} total={0} />,
    );
    expect(screen.getByTestId('time-slider')).toBeTruthy();
    expect(screen.getByTestId('time-range').textContent).toBe('No points for these filters');
    expect(screen.getByTestId('time-play')).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(useTimeRange.getState().range).toBeNull();
  });

  it('asks main for the range as it stands, whole seconds inward, an end at the window’s edge left open', () => {
    const window = { from: at('2026-11-01T00:00:00Z'), to: at('2026-11-05T00:00:00Z') };
    expect(rangeBounds(null, window)).toEqual({});
    expect(rangeBounds({ from: -Number.MAX_SAFE_INTEGER, to: Number.MAX_SAFE_INTEGER }, window)).toEqual({});
    expect(
      rangeBounds({ from: at('2026-11-02T00:00:00.400Z'), to: Number.MAX_SAFE_INTEGER }, window),
    ).toEqual({
      start: '2026-11-02T00:00:01.000Z',
    });
    expect(rangeBounds({ from: window.from, to: at('2026-11-03T12:00:00.900Z') }, window)).toEqual({
      end: '2026-11-03T12:00:00.000Z',
    });
  });
});
