// The Signals view as an analyst uses it: the cache's rows in a table, narrowed at once by the
// search and the filters (which survive a restart), sorted by a column, a row selecting its
// signal, the selection copied as CSV, and every answer marked DEMO / CACHED / CLAMPED.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Input, SignalRow, SignalsQueryResult } from '../../shared/contract';
import { Shell } from '../../renderer/src/app/shell';
import { useSelection } from '../../renderer/src/state/selection';
import { useViewState, VIEW_STATE_KEY, NO_FILTERS } from '../../renderer/src/state/view-state';
import { DEMO_INFO, fakeClient, renderWithData } from './fake-client';
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
    'signals.categories': () => ({
      categories: [...new Set(SIGNALS.map((s) => s.category))]
        .sort()
        .map((name) => ({ name, measured: SIGNALS.some((s) => s.category === name && s.measured) })),
    }),
    'signals.get': ({ id }) => ({
      signal: { id: String(id), title: SIGNALS.find((s) => s.id === id)?.title ?? null },
      profile: 'main',
      retracted: false,
      resolvedFrom: null,
      mergedIds: [],
      asOf: null,
    }),
  });

// ---- a cache of many rows: 5,000 signals, two to each occurred second, newest first ----
const MANY = 5000;
const T0 = Date.parse('2026-11-02T00:00:00Z');
const many: SignalRow[] = Array.from({ length: MANY }, (_, i) => ({
  ...SIGNALS[0]!,
  id: `sig-${i}`,
  title: `Signal ${i}`,
  occurredAt: new Date(T0 - Math.floor(i / 2) * 1000).toISOString(),
  severityBand: i % 10,
  markets: [],
}));
const second = (iso: string) => Math.floor(Date.parse(iso) / 1000);
/** signals.query as the cache answers it: the window, the order, then limit and offset. */
function answerMany(input: Input<'signals.query'>): SignalsQueryResult {
  let out = many.filter(
    (r) =>
      (!input.start || second(r.occurredAt!) >= second(input.start)) &&
      (!input.end || second(r.occurredAt!) <= second(input.end)),
  );
  // Within a second the cache keeps arrival order, reversed for oldest first.
  if (input.sort === 'oldest') out = [...out].reverse();
  if (input.sort === 'severity') out = [...out].sort((a, b) => b.severityBand! - a.severityBand!);
  const offset = input.offset ?? 0;
  return {
    ...answerSignals({}, []),
    rows: out.slice(offset, offset + (input.limit ?? 200)),
    total: out.length,
  };
}
const manyClient = (
  signalsQuery: (
    input: Input<'signals.query'>,
  ) => SignalsQueryResult | Promise<SignalsQueryResult> = answerMany,
) =>
  fakeClient({
    'signals.query': signalsQuery,
    'signals.get': ({ id }) => {
      const row = many.find((r) => r.id === id)!;
      return {
        signal: { id: row.id, title: row.title, occurred_at: row.occurredAt },
        profile: 'main',
        retracted: false,
        resolvedFrom: null,
        mergedIds: [],
        asOf: null,
      };
    },
  });
const scroller = () => screen.getByRole('region', { name: /^Signals/ });
const selectedId = () => {
  const s = useSelection.getState().selection;
  return s?.kind === 'signal' ? s.id : null;
};
/** happy-dom lays nothing out: the scroller is given the size a browser would give it. */
const layOut = () => {
  Object.defineProperty(scroller(), 'clientHeight', { configurable: true, value: 800 });
  Object.defineProperty(scroller(), 'scrollHeight', { configurable: true, value: (MANY + 1) * 28 });
};
/** The row in sight, once the table has scrolled to it. happy-dom moves scrollTop on scrollTo
 *  but sends no scroll event, as a browser does; this sends it. */
const scrolledTo = (title: string) => {
  fireEvent.scroll(scroller());
  return rowOf(title);
};
const asked = (client: ReturnType<typeof fakeClient>) =>
  client.calls('signals.query') as Input<'signals.query'>[];

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

  it('narrows to a box drawn on the map, shows it among the filters and removes it', async () => {
    const user = userEvent.setup();
    const client = signalsClient();
    useViewState.setState({ filters: { ...NO_FILTERS, bbox: [30, 46, 31.5, 47] } });
    renderWithData(<Shell />, client);
    const chip = await screen.findByRole('group', { name: 'Box filter' });
    expect(chip.textContent).toContain('Box 30.00, 46.00, 31.50, 47.00');
    await waitFor(() =>
      expect(client.calls('signals.query').at(-1)).toMatchObject({ bbox: [30, 46, 31.5, 47] }),
    );
    await user.click(within(chip).getByRole('button', { name: 'Remove box filter' }));
    await waitFor(() => expect(client.calls('signals.query').at(-1)).not.toHaveProperty('bbox'));
    expect(screen.queryByRole('group', { name: 'Box filter' })).toBeNull();
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
    await user.click(within(filters).getByRole('button', { name: /^Markets:/ }));
    await user.click(within(filters).getByRole('checkbox', { name: 'grain' }));
    await waitFor(() => expect(titles()).toEqual(['Drone strike on Odesa port']));
    await user.click(within(filters).getByRole('checkbox', { name: 'grain' }));
    await user.click(within(filters).getByRole('button', { name: /^Categories:/ }));
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

  it('pages through every match: rows past the first 1,000 are read as the table reaches them', async () => {
    // The third page waits until the test lets it through, so its placeholders can be seen.
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    const client = manyClient(async (input) => {
      if (input.offset === 2000) await held;
      return answerMany(input);
    });
    renderWithData(<Shell />, client);
    await waitFor(() => expect(titles()[0]).toBe('Signal 0'));
    expect(screen.getByTestId('signals-count').textContent).toBe('5,000 signals');
    // The scrollbar stands for all 5,000 rows, not the first page.
    expect(table().getAttribute('aria-rowcount')).toBe(String(MANY + 1));

    act(() => {
      scroller().scrollTop = 2500 * 28;
      fireEvent.scroll(scroller());
    });
    await waitFor(() =>
      expect(within(table()).getAllByRole('row', { busy: true }).length).toBeGreaterThan(0),
    );
    // A jump asks for the page once the table rests there.
    await waitFor(() => expect(asked(client).some((i) => i.offset === 2000 && i.limit === 1000)).toBe(true));
    act(() => release());
    await waitFor(() => expect(within(table()).getByText('Signal 2500')).toBeTruthy());
    expect(within(table()).queryAllByRole('row', { busy: true })).toHaveLength(0);
    expect(rowOf('Signal 2500').getAttribute('aria-rowindex')).toBe('2502');
    // Only the pages in sight were read (the first, and the one scrolled to).
    expect(new Set(asked(client).map((i) => i.offset ?? 0))).toEqual(new Set([0, 2000]));

    // Copying all rows reads every page, in the table's order.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Copy all rows as CSV' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Copied 5,000 signals as CSV'));
    const lines = (await navigator.clipboard.readText()).trim().split('\r\n');
    expect(lines).toHaveLength(MANY + 1);
    expect(lines[MANY]).toMatch(/^sig-4999,/);
  });

  it('moves the selection with the keys across pages: End reaches the last row, Home the first', async () => {
    const user = userEvent.setup();
    renderWithData(<Shell />, manyClient());
    await waitFor(() => expect(titles()[0]).toBe('Signal 0'));
    layOut();
    scroller().focus();
    await user.keyboard('{ArrowDown}');
    expect(selectedId()).toBe('sig-0');
    await user.keyboard('{ArrowDown}');
    expect(selectedId()).toBe('sig-1');
    await user.keyboard('{PageDown}');
    const screenful = Number(selectedId()!.slice(4)) - 1;
    expect(screenful).toBeGreaterThan(10);

    await user.keyboard('{End}');
    await waitFor(() => expect(selectedId()).toBe(`sig-${MANY - 1}`));
    await waitFor(() => expect(scrolledTo(`Signal ${MANY - 1}`).getAttribute('aria-selected')).toBe('true'));
    await user.click(screen.getByRole('button', { name: 'Copy selected as CSV' }));
    expect((await navigator.clipboard.readText()).split('\r\n')[1]).toMatch(/^sig-4999,.*,Signal 4999,/);
    scroller().focus();

    await user.keyboard('{ArrowUp}');
    expect(selectedId()).toBe(`sig-${MANY - 2}`);
    await user.keyboard('{PageUp}');
    expect(selectedId()).toBe(`sig-${MANY - 2 - screenful}`);
    await user.keyboard('{Home}');
    await waitFor(() => expect(selectedId()).toBe('sig-0'));
    await waitFor(() => expect(scrolledTo('Signal 0').getAttribute('aria-selected')).toBe('true'));
  });

  it('follows a signal selected on the map to its page, and past one page sorts in the cache order', async () => {
    const user = userEvent.setup();
    const client = manyClient();
    renderWithData(<Shell />, client);
    await waitFor(() => expect(titles()[0]).toBe('Signal 0'));
    layOut();
    act(() => useSelection.getState().select({ kind: 'signal', id: 'sig-3211', from: 'Map' }));
    await waitFor(() => expect(scrolledTo('Signal 3211').getAttribute('aria-selected')).toBe('true'));
    // Found by its time (two small asks), not by reading every page before it.
    expect(asked(client).some((i) => i.offset === 1000 || i.offset === 2000)).toBe(false);

    // Oldest first is the cache's own order, asked of it; the selection is followed into it.
    await user.click(within(table()).getByRole('button', { name: /Time/ }));
    await waitFor(() =>
      expect(scrolledTo('Signal 3211').getAttribute('aria-rowindex')).toBe(String(MANY - 3211 + 1)),
    );
    expect(asked(client).at(-1)?.sort).toBe('oldest');
    expect(scrolledTo('Signal 3211').getAttribute('aria-selected')).toBe('true');
    // Title has no order in the cache: past one page the rows stay by time, and say so.
    await user.click(within(table()).getByRole('button', { name: /Title/ }));
    await waitFor(() => expect(scrolledTo('Signal 3211').getAttribute('aria-rowindex')).toBe('3213'));
    expect(screen.getByRole('note').textContent).toMatch(/sorting by Title takes 1,000 signals or fewer/);
    expect(
      within(table()).getByRole('button', { name: /Time/ }).closest('th')!.getAttribute('aria-sort'),
    ).toBe('descending');
  });
});

// ---- the alternate profile: a day and a 0–10 severity score, no band and no stage ----
/** Alternate records as the cache keeps them: event_date (a day), severity_score, no band or stage. */
const ALTERNATE: SignalRow[] = [
  { ...SIGNALS[0]!, id: '101', title: 'Shelling near Kherson', occurredAt: '2026-11-01', severityScore: 7.5 },
  { ...SIGNALS[1]!, id: '102', title: 'Protest in Tbilisi', occurredAt: '2026-11-02', severityScore: 3 },
  { ...SIGNALS[3]!, id: '103', title: 'Port closure in Aden', occurredAt: '2026-10-31', severityScore: null },
].map((r) => ({ ...r, severityBand: null, stage: null }));
/** signals.query as the cache answers it on the alternate profile: the minimum is of the score. */
function answerAlternate(input: Input<'signals.query'>): SignalsQueryResult {
  const { minSeverityBand: min, ...rest } = input;
  const rows = ALTERNATE.filter((r) => min === undefined || (r.severityScore ?? -1) >= min);
  const out = answerSignals(rest, rows, { profile: 'alternate' });
  if (input.sort === 'severity')
    out.rows = [...out.rows].sort((a, b) => (b.severityScore ?? -1) - (a.severityScore ?? -1));
  return out;
}
const alternateClient = () =>
  fakeClient({
    'app.info': () => ({ ...DEMO_INFO, profile: 'alternate' }),
    'signals.query': answerAlternate,
  });
const headers = () =>
  within(table())
    .getAllByRole('columnheader')
    .map((h) => h.textContent?.replace(/[▲▼]/g, '').trim());

describe('the Signals view on the alternate profile', () => {
  it('shows the day and the severity score as given, and no band or stage column', async () => {
    renderWithData(<Shell />, alternateClient());
    await waitFor(() => expect(titles()).toHaveLength(3));
    expect(headers()).toContain('Severity');
    expect(headers()).not.toContain('Band');
    expect(headers()).not.toContain('Stage');
    const kherson = rowOf('Shelling near Kherson');
    const cells = kherson.querySelectorAll('td');
    // A bare event_date is a day: no "00:00" the data never said.
    expect(cells[0]!.textContent).toBe('2026-11-01');
    expect(cells[1]!.textContent).toBe('7.5');
    expect(within(kherson).queryByText('unknown')).toBeNull();
    expect(within(table()).queryByTitle('Severity band unknown')).toBeNull();
    // A record without a score says so, not 0 and not a "?" band.
    expect(rowOf('Port closure in Aden').querySelectorAll('td')[1]!.textContent).toBe('—');
  });

  it('offers no stage pills, filters by the severity score, and sorts by it', async () => {
    const user = userEvent.setup();
    // A stage chosen on the main profile would match nothing here: it is not asked.
    useViewState.setState({ filters: { ...NO_FILTERS, stages: ['pinpointed'] } });
    const client = alternateClient();
    renderWithData(<Shell />, client);
    await waitFor(() => expect(titles()).toHaveLength(3));
    expect(asked(client).at(-1)?.stages).toBeUndefined();
    const filters = screen.getByRole('group', { name: 'Signal filters' });
    expect(within(filters).queryByRole('group', { name: 'Stage' })).toBeNull();
    expect(within(filters).queryByRole('button', { name: 'pinpointed' })).toBeNull();
    expect(within(filters).queryByRole('combobox', { name: 'Band at least' })).toBeNull();

    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Severity at least' }), '6');
    await waitFor(() => expect(titles()).toEqual(['Shelling near Kherson']));
    expect(asked(client).at(-1)).toMatchObject({ minSeverityBand: 6 });
    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Severity at least' }), '');
    await waitFor(() => expect(titles()).toHaveLength(3));

    const severity = within(table()).getByRole('button', { name: /Severity/ });
    // Highest first is the cache's severity order (the score, where no band is given).
    await user.click(severity);
    await waitFor(() =>
      expect(titles()).toEqual(['Shelling near Kherson', 'Protest in Tbilisi', 'Port closure in Aden']),
    );
    expect(severity.closest('th')!.getAttribute('aria-sort')).toBe('descending');
    expect(asked(client).at(-1)?.sort).toBe('severity');
    // Lowest first: the unscored record still last.
    await user.click(severity);
    await waitFor(() =>
      expect(titles()).toEqual(['Protest in Tbilisi', 'Shelling near Kherson', 'Port closure in Aden']),
    );
  });
});
