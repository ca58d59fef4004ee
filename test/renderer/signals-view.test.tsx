// The Signals view as an analyst uses it: the cache's rows in a table, narrowed at once by the
// search and the filters (which survive a restart), sorted by a column, a row selecting its
// signal, the selection copied as CSV, and every answer marked DEMO / CACHED / CLAMPED.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Input } from '../../shared/contract';
import { Shell } from '../../renderer/src/app/shell';
import { useSelection } from '../../renderer/src/state/selection';
import { useViewState, VIEW_STATE_KEY, NO_FILTERS } from '../../renderer/src/state/view-state';
import { fakeClient, renderWithData } from './fake-client';
import { answerSignals, SIGNALS } from './signal-fixtures';

const table = () => screen.getByRole('table');
const rowOf = (title: string) => within(table()).getByText(title).closest('tr')!;
/** The titles in the table, top to bottom. */
const titles = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.querySelectorAll('td')[2]?.textContent?.trim() ?? '');
const signalsClient = () =>
  fakeClient({
    'signals.query': (input) => answerSignals(input),
    'signals.get': ({ id }) => ({
      signal: { id: String(id), title: SIGNALS.find((s) => s.id === id)?.title ?? null },
      profile: 'main',
      retracted: false,
      resolvedFrom: null,
      mergedIds: [],
      asOf: null,
    }),
  });

beforeEach(() => {
  useViewState.setState({
    view: 'signals',
    query: '',
    filters: NO_FILTERS,
    signalSort: [{ id: 'time', desc: true }],
    inspectorOpen: true,
  });
  useSelection.getState().clear();
});

describe('the Signals view', () => {
  it('lists the cached signals newest first, unknowns as unknown, marked DEMO and CACHED', async () => {
    renderWithData(<Shell />, signalsClient());
    await waitFor(() => expect(titles()).toHaveLength(4));
    expect(titles()).toEqual([
      'Air raid alert over Kyiv',
      'Drone strike on Odesa port',
      'Thermal anomaly near Dnipro refinery',
      'Flooding in Chittagong',
    ]);
    const flood = screen.getByText('Flooding in Chittagong').closest('tr')!;
    expect(within(flood).getAllByText('unknown').length).toBeGreaterThanOrEqual(2); // time, stage
    expect(within(flood).getByTitle('Severity band unknown')).toBeTruthy();
    const view = screen.getByTestId('signals-view');
    expect(within(view).getByText('DEMO')).toBeTruthy();
    expect(within(view).getByText(/as of 2026-11-02 09:00 UTC/)).toBeTruthy();
    expect(screen.queryByTestId('clamp-banner')).toBeNull();
  });

  it('narrows at once as the search is typed, with the service q rules', async () => {
    const user = userEvent.setup();
    const client = signalsClient();
    renderWithData(<Shell />, client);
    await waitFor(() => expect(titles()).toHaveLength(4));
    await user.type(screen.getByRole('searchbox', { name: 'Search signals' }), 'odesa -kyiv');
    await waitFor(() => expect(titles()).toEqual(['Drone strike on Odesa port']));
    expect((client.calls('signals.query').at(-1) as Input<'signals.query'>).q).toBe('odesa -kyiv');
    expect(useViewState.getState().query).toBe('odesa -kyiv');
  });

  it('refuses a search longer than the service allows and keeps the last one', async () => {
    const user = userEvent.setup();
    renderWithData(<Shell />, signalsClient());
    await waitFor(() => expect(titles()).toHaveLength(4));
    const box = screen.getByRole('searchbox', { name: 'Search signals' });
    await user.click(box);
    await user.paste('x'.repeat(301));
    expect(screen.getByRole('alert').textContent).toMatch(/at most 300 characters/);
    expect(useViewState.getState().query).toBe('');
    expect(titles()).toHaveLength(4);
  });

  it('applies stage, band, category and market filters at once, and keeps them across a restart', async () => {
    const user = userEvent.setup();
    const client = signalsClient();
    renderWithData(<Shell />, client);
    await waitFor(() => expect(titles()).toHaveLength(4));
    const filters = screen.getByRole('group', { name: 'Signal filters' });

    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Band at least' }), '6');
    await waitFor(() =>
      expect(titles()).toEqual(['Drone strike on Odesa port', 'Thermal anomaly near Dnipro refinery']),
    );
    await user.click(within(filters).getByRole('button', { name: 'pinpointed' }));
    await waitFor(() => expect(titles()).toEqual(['Thermal anomaly near Dnipro refinery']));
    const last = client.calls('signals.query').at(-1) as Input<'signals.query'>;
    expect(last).toMatchObject({ minSeverityBand: 6, stages: ['pinpointed'] });

    // What a restart reads back: the filters, as stored.
    const stored = JSON.parse(localStorage.getItem(VIEW_STATE_KEY)!) as { state: { filters: unknown } };
    expect(stored.state.filters).toEqual({ categories: [], stages: ['pinpointed'], minBand: 6, markets: [] });

    await user.click(within(filters).getByRole('button', { name: 'Clear search and filters' }));
    await waitFor(() => expect(titles()).toHaveLength(4));
    await user.click(within(filters).getByLabelText(/^Markets:/));
    await user.click(within(filters).getByRole('checkbox', { name: 'grain' }));
    await waitFor(() => expect(titles()).toEqual(['Drone strike on Odesa port']));
    await user.click(within(filters).getByRole('checkbox', { name: 'grain' }));
    await user.click(within(filters).getByLabelText(/^Categories:/));
    await user.click(within(filters).getByRole('checkbox', { name: 'thermal anomaly' }));
    await waitFor(() => expect(titles()).toEqual(['Thermal anomaly near Dnipro refinery']));
  });

  it('sorts by a column header, unknown bands last either way, and remembers the sort', async () => {
    const user = userEvent.setup();
    renderWithData(<Shell />, signalsClient());
    await waitFor(() => expect(titles()).toHaveLength(4));
    const band = within(table()).getByRole('button', { name: /Band/ });
    await user.click(band);
    const first = titles();
    await user.click(band);
    const second = titles();
    const orders = [first, second];
    const desc = [
      'Thermal anomaly near Dnipro refinery',
      'Drone strike on Odesa port',
      'Air raid alert over Kyiv',
    ];
    expect(orders).toContainEqual([...desc, 'Flooding in Chittagong']);
    expect(orders).toContainEqual([...[...desc].reverse(), 'Flooding in Chittagong']);
    const header = band.closest('th')!;
    expect(['ascending', 'descending']).toContain(header.getAttribute('aria-sort'));
    expect(useViewState.getState().signalSort[0]?.id).toBe('band');
  });

  it('selects a row for the inspector, follows a selection made elsewhere, and copies it as CSV', async () => {
    const user = userEvent.setup();
    renderWithData(<Shell />, signalsClient());
    await waitFor(() => expect(titles()).toHaveLength(4));
    await user.click(within(table()).getByText('Drone strike on Odesa port'));
    expect(useSelection.getState().selection).toMatchObject({
      kind: 'signal',
      id: 's-port',
      from: 'Signals',
    });
    expect(rowOf('Drone strike on Odesa port').getAttribute('aria-selected')).toBe('true');
    const inspector = screen.getByRole('complementary', { name: 'Inspector' });
    await waitFor(() =>
      expect(within(inspector).getByRole('heading', { level: 3 }).textContent).toBe(
        'Drone strike on Odesa port',
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Copy selected as CSV' }));
    const csv = await navigator.clipboard.readText();
    const [head, line] = csv.trim().split('\r\n');
    expect(head).toMatch(/^id,occurred_at_utc,severity_band,title,/);
    expect(line).toContain('s-port,2026-11-01T10:00:00Z,7,Drone strike on Odesa port');
    expect(line).toContain('grain;shipping');

    act(() => useSelection.getState().select({ kind: 'signal', id: 's-kyiv', from: 'Map' }));
    expect(rowOf('Air raid alert over Kyiv').getAttribute('aria-selected')).toBe('true');
    expect(rowOf('Drone strike on Odesa port').getAttribute('aria-selected')).toBe('false');
  });

  it('shows a CLAMPED banner in the service’s words when the answer was narrowed', async () => {
    renderWithData(
      <Shell />,
      fakeClient({
        'signals.query': (input) =>
          answerSignals(input, SIGNALS, {
            clamps: [
              {
                stream: 'signals',
                kind: 'window_clamp',
                detail: null,
                requiredPlans: ['pro'],
                wording: 'the plan keeps 30 days: asked 90',
              },
            ],
          }),
      }),
    );
    const banner = await screen.findByTestId('clamp-banner');
    expect(banner.textContent).toContain('CLAMPED');
    expect(banner.textContent).toContain('the plan keeps 30 days: asked 90');
    expect(banner.textContent).toContain('needs pro');
  });
});
