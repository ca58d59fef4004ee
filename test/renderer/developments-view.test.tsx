// Developments: notable first, narrowed by axis and source, a row jumping to its event
// (selected everywhere, and the Map view shown).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DevelopmentRow, Input, Result } from '../../shared/contract';
import { DevelopmentsView } from '../../renderer/src/features/developments/developments-view';
import { useSelection } from '../../renderer/src/state/selection';
import { useViewState } from '../../renderer/src/state/view-state';
import { fakeClient, renderWithData } from './fake-client';

const dev = (over: Partial<DevelopmentRow>): DevelopmentRow => ({
  eventId: 'ev',
  axis: 'stage',
  source: 'world',
  previousState: 'reported',
  currentState: 'localized',
  basis: 'named_town',
  notable: false,
  observedAt: '2026-11-01T10:00:00Z',
  title: null,
  lat: null,
  lng: null,
  raw: { event_id: 'ev', axis: 'stage', observed_at: '2026-11-01T10:00:00Z' },
  ...over,
});
const ROWS = [
  dev({ eventId: 'ev-new', title: 'Newest, not notable', observedAt: '2026-11-03T10:00:00Z' }),
  dev({
    eventId: 'ev-notable',
    title: 'Older but notable',
    notable: true,
    observedAt: '2026-11-01T08:00:00Z',
  }),
  dev({
    eventId: 'ev-light',
    title: 'City lights dropped',
    axis: 'nightlight',
    source: 'measurement',
    previousState: null,
    currentState: 'below_half',
    basis: null,
    observedAt: '2026-11-02T10:00:00Z',
  }),
];

/** As the cache answers: filtered, in the order asked, one page of it, and how many in all. */
const answerOf =
  (all: readonly DevelopmentRow[]) =>
  (input: Input<'developments.list'>): Result<'developments.list'> => {
    const matching = all
      .filter(
        (r) =>
          (!input.notableOnly || r.notable) &&
          (!input.axes || input.axes.includes(r.axis)) &&
          (!input.sources || input.sources.includes(r.source)),
      )
      .sort(
        (a, b) =>
          (input.order === 'notable' ? Number(b.notable) - Number(a.notable) : 0) ||
          (b.observedAt ?? '').localeCompare(a.observedAt ?? ''),
      );
    const offset = input.offset ?? 0;
    return {
      rows: matching.slice(offset, offset + (input.limit ?? 100)),
      total: matching.length,
      byAxis: { stage: 2, nightlight: 1 },
      bySource: { world: 2, measurement: 1 },
      asOf: null,
    };
  };
const answer = answerOf(ROWS);

const titles = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.querySelectorAll('td')[4]!.textContent);

beforeEach(() => {
  useViewState.setState({ view: 'developments' });
  useSelection.getState().clear();
});

describe('the Developments view', () => {
  it('lists notable first, then newest; measurements marked apart; unknown said', async () => {
    renderWithData(<DevelopmentsView />, fakeClient({ 'developments.list': answer }));
    await waitFor(() =>
      expect(titles()).toEqual(['Older but notable', 'Newest, not notable', 'City lights dropped']),
    );
    const light = within(screen.getByRole('table')).getByText('City lights dropped').closest('tr')!;
    expect(light.textContent).toMatch(/MEASUREMENT/);
    expect(light.textContent).toMatch(/unknown before → below half/);
    expect(light.textContent).toMatch(/not given/);
  });

  it('narrows by source and by axis', async () => {
    const user = userEvent.setup();
    const client = fakeClient({ 'developments.list': answer });
    renderWithData(<DevelopmentsView />, client);
    await waitFor(() => expect(titles()).toHaveLength(3));
    await user.click(
      within(screen.getByRole('group', { name: 'Source' })).getByRole('button', { name: /measurement/ }),
    );
    await waitFor(() => expect(titles()).toEqual(['City lights dropped']));
    await user.click(
      within(screen.getByRole('group', { name: 'Source' })).getByRole('button', { name: /measurement/ }),
    );
    await user.click(
      within(screen.getByRole('group', { name: 'Axis' })).getByRole('button', { name: /stage/ }),
    );
    await waitFor(() => expect(titles()).toEqual(['Older but notable', 'Newest, not notable']));
    expect(client.calls('developments.list').at(-1)).toMatchObject({ axes: ['stage'] });
  });

  it('reads past the first 500 rows, a page at a time, to the last row', { timeout: 60_000 }, async () => {
    const user = userEvent.setup();
    // Read straight from the table (a role query over a thousand rows is slow in a test's document).
    const titles = () =>
      Array.from(
        document.querySelectorAll('table tbody tr'),
        (r) => r.querySelectorAll('td')[4]!.textContent,
      );
    const many = Array.from({ length: 1234 }, (_, i) =>
      dev({
        eventId: `ev-${i}`,
        title: `Change ${i}`,
        observedAt: new Date(Date.UTC(2026, 10, 1) - i * 60_000).toISOString(),
      }),
    );
    const client = fakeClient({ 'developments.list': answerOf(many) });
    renderWithData(<DevelopmentsView />, client);
    await waitFor(() => expect(titles()).toHaveLength(500));
    expect(screen.getByText(/of 1,234 developments/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show 500 more of 734' }));
    await waitFor(() => expect(titles()).toHaveLength(1000));
    await user.click(screen.getByRole('button', { name: 'Show 234 more of 234' }));
    await waitFor(() => expect(titles()).toHaveLength(1234));
    // In the cache's order, each row once, the last one reached.
    expect(titles()).toEqual(many.map((d) => d.title));
    expect(screen.getByText('All 1,234 developments listed.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Show \d/ })).toBeNull();
    expect(client.calls('developments.list').map((c) => (c as { offset?: number }).offset)).toEqual(
      expect.arrayContaining([500, 1000]),
    );
  });

  it('a row jumps to its event: selected, and the Map view shown', async () => {
    const user = userEvent.setup();
    renderWithData(<DevelopmentsView />, fakeClient({ 'developments.list': answer }));
    await user.click(await screen.findByText('City lights dropped'));
    expect(useSelection.getState().selection).toMatchObject({
      kind: 'signal',
      id: 'ev-light',
      from: 'Developments',
    });
    expect(useViewState.getState().view).toBe('map');
  });
});
