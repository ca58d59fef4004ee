// The Imagery view as an analyst checks it: the selected signal's event parameters fill the
// form unchanged (its collection AOI becomes the box); the cost and the tokens left are shown
// before the call; a price above the threshold asks first (cancel sends nothing); the answer
// shows each scene's timing, relation to the event and AOI coverage, bracketing and the SAR
// pair's status; a preview opens through main; a clamp is marked where the answer is shown;
// a refusal shows the service's words; a window over 30 days is not sent.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Result, StoredAnswer, ToolsWallet } from '../../shared/contract';
import { ImageryView } from '../../renderer/src/features/imagery/imagery-view';
import { initialForm, useImageryState } from '../../renderer/src/features/imagery/imagery-state';
import { useSelection } from '../../renderer/src/state/selection';
import { fakeClient, renderWithData } from './fake-client';

const AOI = [30.65, 46.45, 30.75, 46.55];
const signal = (): Result<'signals.get'> => ({
  signal: {
    id: 'ev-1',
    title: 'Strike on the port',
    occurred_at: '2026-11-10T04:00:00Z',
    occurred_at_precision: 'hour',
    lat: 46.5,
    lng: 30.7,
    collection: { aoi: AOI },
  },
  profile: 'main',
  retracted: false,
  resolvedFrom: null,
  mergedIds: [],
  asOf: '2026-11-20T10:00:00Z',
});

const wallet = (over: Partial<ToolsWallet> = {}): ToolsWallet => ({
  remaining: 98,
  remainingAsOf: '2026-11-20T11:00:00Z',
  spentToday: 2,
  toolsSpentToday: 2,
  confirmAbove: 10,
  ...over,
});

const stored = (over: Partial<Extract<StoredAnswer, { tool: 'imagery' }>> = {}): StoredAnswer => ({
  id: 'tool:1',
  tool: 'imagery',
  profile: 'main',
  demo: true,
  request: {
    bbox: [30.65, 46.45, 30.75, 46.55],
    collection: 'sentinel-1-grd',
    start_date: '2026-11-01',
    end_date: '2026-11-20',
    event_date: '2026-11-10',
  },
  askedAt: '2026-11-20T11:00:00Z',
  answeredAt: '2026-11-20T11:00:01Z',
  status: 'done',
  answer: {
    meta: {
      collection: 'sentinel-1-grd',
      start_date: '2026-10-27',
      end_date: '2026-11-20',
      count: 2,
      has_pre_baseline: true,
      has_post: true,
      bracketing_available: true,
      window_status: 'complete',
      sar_pair_status: 'catalog_pair_exists_but_geometry_unverified',
      orbit_note: 'A usable pair needs the same relative orbit.',
    },
    scenes: [
      {
        id: 'S1A_IW_GRDH_20261108_aaaaaa',
        datetime: '2026-11-08T05:30:00Z',
        bbox: [29.5, 45.3, 31.8, 47.6],
        cloud_cover: 0,
        platform: 'sentinel-1a',
        preview: 'https://example.org/preview/a.png',
        timing: 'pre',
        target_relation: {
          covers_event_geometry: true,
          usable_for_analysis: true,
          intersects_event_aoi: true,
          event_aoi_coverage_ratio: 1,
        },
      },
      {
        id: 'S1A_IW_GRDH_20261112_bbbbbb',
        datetime: '2026-11-12T05:30:00Z',
        bbox: [30.7, 46.5, 33, 48.8],
        cloud_cover: 0,
        platform: 'sentinel-1a',
        timing: 'post',
        target_relation: {
          covers_event_geometry: false,
          usable_for_analysis: false,
          intersects_event_aoi: true,
          event_aoi_coverage_ratio: 0.25,
        },
      },
    ],
  },
  charged: 2,
  remaining: 98,
  clamps: [],
  planLock: null,
  withheld: null,
  error: null,
  job: null,
  ...over,
});

beforeEach(() => {
  useImageryState.setState({
    form: initialForm(),
    adopted: null,
    adoptedLabel: null,
    chosenId: null,
    shipsId: null,
    indexId: null,
  });
  useSelection.setState({ selection: null });
});

function setup(over: Parameters<typeof fakeClient>[0] = {}) {
  const answers: StoredAnswer[] = [];
  const client = fakeClient({
    'signals.get': () => signal(),
    'watches.list': () => ({ rows: [], asOf: null }),
    'tools.wallet': () => wallet(),
    'tools.history': () => ({ answers }),
    'tools.answer': ({ id }) => answers.find((a) => a.id === id) ?? stored(),
    'tools.run': () => {
      const a = stored({ id: `tool:${answers.length + 1}` });
      answers.unshift(a);
      return a;
    },
    'external.open': () => ({ opened: true }),
    ...over,
  });
  return { client, answers };
}

describe('Imagery view', () => {
  it('fills the event from the selected signal unchanged, shows the cost, runs and shows the answer', async () => {
    const { client } = setup();
    useSelection.getState().select({ kind: 'signal', id: 'ev-1', label: 'Strike on the port' });
    renderWithData(<ImageryView />, client);

    const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
    await waitFor(() => expect(value('Event date')).toBe('2026-11-10'));
    expect(value('Event point (lon,lat)')).toBe('30.7,46.5');
    expect(value('Event AOI (W,S,E,N)')).toBe(AOI.join(','));
    expect(value('Event time (ISO 8601)')).toBe('2026-11-10T04:00:00Z');
    expect(value('Box (W,S,E,N)')).toBe(AOI.join(','));
    const bar = screen.getByRole('region', { name: 'Run imagery search' });
    expect((await within(bar).findByTestId('cost-line')).textContent).toMatch(
      /Costs: 2 tokens · 98 tokens left \(as of 2026-11-20 11:00 UTC\)/,
    );

    await userEvent.selectOptions(screen.getByLabelText('Collection'), 'sentinel-1-grd');
    await userEvent.click(screen.getByRole('button', { name: 'Run imagery search' }));
    await waitFor(() => expect(client.calls('tools.run')).toHaveLength(1));
    expect(client.calls('tools.run')[0]).toMatchObject({
      tool: 'imagery',
      params: {
        bbox: AOI,
        collection: 'sentinel-1-grd',
        event_date: '2026-11-10',
        event_point: [30.7, 46.5],
        event_aoi: AOI,
        event_timestamp: '2026-11-10T04:00:00Z',
      },
    });
    expect(client.calls('tools.run')[0]).not.toHaveProperty('confirmed');

    const table = await screen.findByRole('table', { name: 'Scenes' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]?.textContent).toMatch(
      /before the event.*covers the event · usable · touches the AOI.*100%/,
    );
    expect(rows[1]?.textContent).toMatch(/after the event.*misses the event · not usable.*25%/);
    expect(screen.getByTestId('imagery-bracketing')?.textContent).toMatch('available');
    expect(screen.getByTestId('imagery-sar-pair')?.textContent).toMatch(
      'catalog pair exists but geometry unverified',
    );
    expect(within(bar).getByTestId('run-outcome').textContent).toMatch('Charged 2 tokens · 98 left');

    await userEvent.click(
      within(rows[0]!).getByRole('link', { name: /Open the preview of S1A_IW_GRDH_20261108/ }),
    );
    await waitFor(() =>
      expect(client.calls('external.open')).toEqual([{ url: 'https://example.org/preview/a.png' }]),
    );
    const history = screen.getByRole('region', { name: 'Imagery history' });
    expect(await within(history).findByText(/sentinel-1-grd · \[30.65, 46.45, 30.75, 46.55\]/)).toBeTruthy();
  });

  it('asks before a price above the threshold; cancel sends nothing, confirming sends it confirmed', async () => {
    const { client } = setup({ 'tools.wallet': () => wallet({ confirmAbove: 1 }) });
    useImageryState.getState().set({ bbox: '30,46,31,47' });
    renderWithData(<ImageryView />, client);
    const run = await screen.findByRole('button', { name: 'Run imagery search' });
    await waitFor(() => expect((run as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(run);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm spending tokens' });
    expect(dialog?.textContent).toMatch(/costs 2 tokens.*threshold of 1 token/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(client.calls('tools.run')).toHaveLength(0);

    await userEvent.click(run);
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Confirm spending tokens' })).getByRole('button', {
        name: 'Spend the tokens',
      }),
    );
    await waitFor(() => expect(client.calls('tools.run')).toHaveLength(1));
    expect(client.calls('tools.run')[0]).toMatchObject({ confirmed: true });
  });

  it('does not send a window over 30 days', async () => {
    const { client } = setup();
    useImageryState.getState().set({ bbox: '30,46,31,47', startDate: '2026-10-01', endDate: '2026-11-20' });
    renderWithData(<ImageryView />, client);
    expect(await screen.findByText('The window is at most 30 days (it is 50).')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Run imagery search' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('marks a clamp where the stored answer is shown, and shows a refusal in the service’s words', async () => {
    const clamped = stored({
      id: 'tool:c',
      clamps: [
        {
          stream: 'imagery',
          kind: 'window_clamp',
          detail: { applied: { end_date: '2026-11-19' } },
          requiredPlans: ['analyst'],
          wording: 'the service narrowed the time window: {"applied":{"end_date":"2026-11-19"}}',
        },
      ],
    });
    const refused = stored({
      id: 'tool:r',
      status: 'failed',
      answer: null,
      charged: null,
      error: {
        code: 'insufficient_tokens',
        status: 402,
        message:
          'GET /imagery: not enough tokens left for this call (402) — this call costs 2 tokens; 1 left',
      },
    });
    const { client } = setup({
      'tools.history': () => ({ answers: [refused, clamped] }),
      'tools.answer': ({ id }) => (id === 'tool:r' ? refused : clamped),
    });
    renderWithData(<ImageryView />, client);
    const history = await screen.findByRole('region', { name: 'Imagery history' });
    const showButtons = await within(history).findAllByRole('button', { name: /^Show the answer/ });
    await userEvent.click(showButtons[1]!);
    expect((await screen.findByTestId('clamp-banner')).textContent).toMatch(
      /narrowed the time window.*needs analyst/,
    );
    await userEvent.click(showButtons[0]!);
    expect(await screen.findByText(/this call costs 2 tokens; 1 left/)).toBeTruthy();
    expect(screen.queryByTestId('clamp-banner')).toBeNull();
  });

  it('detects ships on a scene after asking first (priced per detection), and shows the stored count', async () => {
    const shipsRow = (params: Extract<StoredAnswer, { tool: 'ships' }>['request']): StoredAnswer => ({
      ...stored(),
      id: 'tool:s',
      tool: 'ships',
      request: params,
      answer: {
        summary: '3 vessels detected',
        count: 3,
        caveats: ['Detections within 300 m of the coast are excluded.'],
      },
      charged: 15,
      remaining: 83,
    });
    let ships: StoredAnswer | null = null;
    const { client } = setup({
      'tools.history': ({ tool }) => ({ answers: tool === 'ships' && ships ? [ships] : [stored()] }),
      'tools.answer': ({ id }) => (id === 'tool:s' && ships ? ships : stored()),
      'tools.run': (input) => {
        if (input.tool !== 'ships') throw new Error('unexpected tool');
        ships = shipsRow(input.params as Extract<StoredAnswer, { tool: 'ships' }>['request']);
        return ships;
      },
    });
    useImageryState.setState({ chosenId: 'tool:1' });
    renderWithData(<ImageryView />, client);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Detect ships on S1A_IW_GRDH_20261112_bbbbbb' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Confirm spending tokens' });
    expect(dialog.textContent).toMatch(/5 tokens per detection/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Spend the tokens' }));
    await waitFor(() => expect(client.calls('tools.run')).toHaveLength(1));
    expect(client.calls('tools.run')[0]).toEqual({
      tool: 'ships',
      params: {
        collection: 'sentinel-1-grd',
        item_id: 'S1A_IW_GRDH_20261112_bbbbbb',
        bbox: [30.65, 46.45, 30.75, 46.55],
      },
      confirmed: true,
    });
    expect((await screen.findByTestId('ships-count')).textContent).toBe('3');
    // The kit's head of the shown detection says what it charged.
    expect(
      within(screen.getByRole('region', { name: 'Ships answer' })).getByTestId('stored-charged').textContent,
    ).toMatch(/charged 15 tokens/);
  });

  it('estimates an index series over the box for free, and says what measuring would cost', async () => {
    const estimate: StoredAnswer = {
      ...stored(),
      id: 'tool:i',
      tool: 'index.series',
      request: {
        bbox: [30, 46, 31, 47],
        index: 'nbr',
        start: '2026-08-01',
        end: '2026-11-20',
        max_scenes: 12,
        estimate_only: true,
      },
      answer: {
        summary: '12 scenes would be measured',
        estimate: { scenes_found: 15, scenes_measurable: 12, estimated_tokens: 6 },
        charged: false,
      },
      charged: null,
    };
    const { client } = setup({
      'tools.answer': () => estimate,
      'tools.run': () => estimate,
    });
    useImageryState.getState().set({ bbox: '30,46,31,47' });
    renderWithData(<ImageryView />, client);
    const panel = await screen.findByRole('region', { name: 'Index series over the box' });
    await userEvent.selectOptions(within(panel).getByLabelText('Index'), 'nbr');
    const bar = within(panel).getByRole('region', { name: 'Run index series' });
    expect((await within(bar).findByTestId('cost-line')).textContent).toMatch(/^Costs: free · /);
    await userEvent.click(within(panel).getByLabelText(/Estimate only/));
    expect(within(bar).getByTestId('cost-line').textContent).toMatch(/^Costs: 0.5 tokens per scene/);
    await userEvent.click(within(panel).getByLabelText(/Estimate only/));
    await userEvent.click(within(bar).getByRole('button', { name: 'Run index series' }));
    await waitFor(() => expect(client.calls('tools.run')).toHaveLength(1));
    expect(client.calls('tools.run')[0]).toMatchObject({
      tool: 'index.series',
      params: { bbox: [30, 46, 31, 47], index: 'nbr', max_scenes: 12, estimate_only: true },
    });
    expect((await within(panel).findByTestId('index-answer')).textContent).toMatch(
      /12 scenes would be measured.*12 measurable of 15 found · measuring would cost 6 tokens/,
    );
  });
});
