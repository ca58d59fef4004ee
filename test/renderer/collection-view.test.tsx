// The Collection view as an analyst checks it: the selected signal is the plan's event; each
// call's price and the tokens left are shown before it; the plan's steps and capability are
// shown as answered; a priority survey over the drawn box ranks events whose rows select the
// event in the window's selection; a window the service narrowed is said where the answer is
// shown; the alternate profile's shapes (integer ids, `top`, required_class) read the same; a
// window over 30 days is not sent; stored answers are listed and shown from the history.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Result, StoredAnswer, ToolRunInput, ToolsWallet } from '../../shared/contract';
import { CollectionView } from '../../renderer/src/features/collection/collection-view';
import {
  initialPlan,
  initialSurvey,
  useCollectionState,
} from '../../renderer/src/features/collection/collection-state';
import { useBoxTool } from '../../renderer/src/state/box-tool';
import { useSelection } from '../../renderer/src/state/selection';
import { DEMO_INFO, fakeClient, renderWithData } from './fake-client';

const signal = (): Result<'signals.get'> => ({
  signal: {
    id: 'ev-1',
    title: 'Strike on the port',
    occurred_at: '2026-11-10T04:00:00Z',
    lat: 46.5,
    lng: 30.7,
  },
  profile: 'main',
  retracted: false,
  resolvedFrom: null,
  mergedIds: [],
  asOf: '2026-11-20T10:00:00Z',
});

const wallet = (over: Partial<ToolsWallet> = {}): ToolsWallet => ({
  remaining: 50,
  remainingAsOf: '2026-11-20T11:00:00Z',
  spentToday: 0,
  toolsSpentToday: 0,
  confirmAbove: 10,
  ...over,
});

const base = {
  profile: 'main' as const,
  demo: true,
  askedAt: '2026-11-20T11:00:00Z',
  answeredAt: '2026-11-20T11:00:01Z',
  status: 'done' as const,
  remaining: 46,
  clamps: [],
  planLock: null,
  withheld: null,
  error: null,
  job: null,
};

/** What the fake service answers for each call (main profile unless the test says). */
function answerFor(input: ToolRunInput, id: string, profile: 'main' | 'alternate' = 'main'): StoredAnswer {
  const common = { ...base, id, profile };
  switch (input.tool) {
    case 'collection.plan':
      return {
        ...common,
        tool: 'collection.plan',
        request: input.params as Extract<StoredAnswer, { tool: 'collection.plan' }>['request'],
        charged: 4,
        answer: {
          meta: {
            event_id: profile === 'main' ? 'ev-9' : 12,
            merged_from_request: true,
            analysis_goal: 'flood_mapping',
            event_date: '2026-11-10',
          },
          plan: {
            steps: [
              {
                collection: 'sentinel-1-grd',
                query_reason: 'all-weather baseline and post pair',
                returned_count: 5,
                usable_count: 2,
                sar_pair_status: 'pair_available',
              },
            ],
            skipped_duplicates: 1,
            capability: { screening: 'suitable', detection: 'suitable', identification: 'not_suitable' },
            vhr_recommendation: { recommended: true, assessed: true, open_data_still_valid: false },
          },
        },
      } as StoredAnswer;
    case 'collection.priority':
      return {
        ...common,
        tool: 'collection.priority',
        request: input.params,
        charged: 1,
        clamps: [
          {
            stream: 'collection.priority',
            kind: 'window_clamp',
            detail: { applied: { start_date: '2026-11-06' } },
            requiredPlans: ['pro'],
            wording: 'the service narrowed the time window: {"applied":{"start_date":"2026-11-06"}}',
          },
        ],
        answer:
          profile === 'main'
            ? {
                meta: { bbox: [30, 46, 31, 47], start_date: '2026-11-06', end_date: '2026-11-20' },
                priority: {
                  by_spec_class: { vhr: { count: 1, mean_importance: 0.8 } },
                  top_priorities: [
                    {
                      event_id: 'ev-1',
                      importance: 0.8,
                      spec_class: 'vhr',
                      aoi: [30.6, 46.4, 30.8, 46.6],
                      stage: 'pinpointed',
                    },
                    { event_id: 'ev-2', importance: 0.5, spec_class: 'hr', aoi: null, stage: 'reported' },
                  ],
                },
              }
            : {
                meta: { start_date: '2026-11-06', end_date: '2026-11-20' },
                priority: { top: [{ event_id: 41, importance: 0.7, required_class: 'vhr', rs_aoi: null }] },
              },
      } as StoredAnswer;
    case 'collection.observability':
      return {
        ...common,
        tool: 'collection.observability',
        request: input.params,
        charged: 1,
        answer:
          profile === 'main'
            ? {
                meta: { start_date: '2026-11-14', end_date: '2026-11-20' },
                survey: {
                  sensor: 'sentinel-1',
                  total_in_window: 3,
                  observable_count: 2,
                  not_observable_count: 1,
                  events: [
                    {
                      event_id: 'ev-3',
                      headline: 'Fire at the depot',
                      rs_level: 'hr',
                      rs_target: 'fuel_depot',
                      stage: 'localized',
                      collection_ready: true,
                    },
                  ],
                },
              }
            : {
                meta: { start_date: '2026-11-14', end_date: '2026-11-20' },
                survey: {
                  sensor: 'sentinel-2',
                  observable_count: 1,
                  top: [{ event_id: 77, rs_target: 'port_facility' }],
                },
              },
      } as StoredAnswer;
    default:
      throw new Error(`unexpected tool ${input.tool}`);
  }
}

beforeEach(() => {
  useCollectionState.setState({
    plan: initialPlan(),
    survey: initialSurvey(),
    adopted: null,
    chosenId: null,
  });
  useSelection.setState({ selection: null });
  useBoxTool.setState({ box: null, drawing: false });
});

function setup(profile: 'main' | 'alternate' = 'main', over: Parameters<typeof fakeClient>[0] = {}) {
  const answers: StoredAnswer[] = [];
  const client = fakeClient({
    'app.info': () => ({ ...DEMO_INFO, profile }),
    'signals.get': ({ id }) => {
      if (id !== 'ev-1') throw new Error(`no signal ${String(id)} in the cache`);
      return signal();
    },
    'tools.wallet': () => wallet(),
    'tools.history': ({ tool }) => ({ answers: answers.filter((a) => !tool || a.tool === tool) }),
    'tools.answer': ({ id }) => {
      const found = answers.find((a) => a.id === id);
      if (!found) throw new Error(`no stored answer ${id}`);
      return found;
    },
    'tools.run': (input) => {
      const a = answerFor(input as ToolRunInput, `tool:${answers.length + 1}`, profile);
      answers.unshift(a);
      return a;
    },
    ...over,
  });
  return { client, answers };
}

describe('Collection view', () => {
  it('plans for the selected signal’s event, priced first, and shows the plan as answered', async () => {
    const { client } = setup();
    useSelection.getState().select({ kind: 'signal', id: 'ev-1', label: 'Strike on the port' });
    renderWithData(<CollectionView />, client);

    const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
    await waitFor(() => expect(value('Event id')).toBe('ev-1'));
    expect(value('Event date')).toBe('2026-11-10');
    expect(screen.getByTestId('collection-event-from').textContent).toBe(
      'Selected signal: Strike on the port',
    );
    const bar = screen.getByRole('region', { name: 'Run collection plan' });
    expect((await within(bar).findByTestId('cost-line')).textContent).toMatch(
      /^Costs: 4 tokens · 50 tokens left \(as of 2026-11-20 11:00 UTC\)/,
    );
    await userEvent.selectOptions(screen.getByLabelText('Analysis goal'), 'flood_mapping');
    await userEvent.click(within(bar).getByRole('button', { name: 'Run collection plan' }));
    await waitFor(() => expect(client.calls('tools.run')).toHaveLength(1));
    expect(client.calls('tools.run')[0]).toEqual({
      tool: 'collection.plan',
      params: { event_id: 'ev-1', analysis_goal: 'flood_mapping', event_date: '2026-11-10' },
    });

    const answer = await screen.findByRole('region', { name: 'Collection plan answer' });
    const steps = within(answer).getByRole('table', { name: 'Plan steps' });
    expect(within(steps).getAllByRole('row')[1]?.textContent).toMatch(
      /sentinel-1-grd.*all-weather baseline and post pair.*5.*2.*pair available/,
    );
    expect(within(answer).getByTestId('plan-merged').textContent).toMatch(/\(ev-1\) was merged into ev-9/);
    expect(within(answer).getByTestId('plan-vhr').textContent).toBe('yes');
    expect(within(answer).getByText('not suitable')).toBeTruthy();
    expect(within(bar).getByTestId('run-outcome').textContent).toMatch('Charged 4 tokens · 46 left');
    const history = screen.getByRole('region', { name: 'Collection plan history' });
    expect(await within(history).findByText(/event ev-1 · Flood mapping · on 2026-11-10/)).toBeTruthy();
  });

  it('surveys priority over the drawn box, marks the narrowed window, and a ranked row selects its event', async () => {
    const { client } = setup();
    useBoxTool.setState({ box: [30, 46, 31, 47] });
    useCollectionState.getState().setSurvey({ startDate: '2026-10-25', endDate: '2026-11-20', topN: '5' });
    renderWithData(<CollectionView />, client);
    await userEvent.click(await screen.findByRole('button', { name: 'Use the drawn box' }));
    const bar = screen.getByRole('region', { name: 'Run priority survey' });
    expect((await within(bar).findByTestId('cost-line')).textContent).toMatch(/^Costs: 1 token · /);
    await userEvent.click(within(bar).getByRole('button', { name: 'Run priority survey' }));
    await waitFor(() => expect(client.calls('tools.run')).toHaveLength(1));
    expect(client.calls('tools.run')[0]).toEqual({
      tool: 'collection.priority',
      params: { bbox: [30, 46, 31, 47], start_date: '2026-10-25', end_date: '2026-11-20', top_n: 5 },
    });

    const answer = await screen.findByRole('region', { name: 'Priority survey answer' });
    expect(within(answer).getByTestId('clamp-banner').textContent).toMatch(
      /narrowed the time window.*needs pro/,
    );
    expect(within(answer).getByTestId('survey-window').textContent).toMatch(
      /2026-11-06 → 2026-11-20 \(asked 2026-10-25 → 2026-11-20: the service narrowed it\)/,
    );
    const rows = within(within(answer).getByRole('table', { name: 'Ranked events' })).getAllByRole('row');
    // The main profile ranks by id: the cached signal's title names it where the cache has it.
    expect(rows[1]?.textContent).toMatch(
      /1.*Strike on the port.*0\.80.*vhr.*pinpointed.*30\.6, 46\.4, 30\.8, 46\.6/,
    );
    await userEvent.click(within(rows[2]!).getByRole('button', { name: 'Select event ev-2' }));
    expect(useSelection.getState().selection).toMatchObject({
      kind: 'signal',
      id: 'ev-2',
      from: 'Collection',
    });
    expect(rows[2]?.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('collection-picked').textContent).toMatch(/Selected: Event ev-2/);
  });

  it('reads the alternate profile’s shapes: integer event ids, `top` rankings', async () => {
    const { client } = setup('alternate');
    renderWithData(<CollectionView />, client);
    const eventId = await screen.findByLabelText('Event id');
    await userEvent.type(eventId, 'abc');
    expect(await screen.findByText('On this service an event id is a whole number.')).toBeTruthy();
    await userEvent.clear(eventId);
    await userEvent.type(eventId, '12');
    const plan = screen.getByRole('region', { name: 'Run collection plan' });
    await userEvent.click(within(plan).getByRole('button', { name: 'Run collection plan' }));
    await waitFor(() => expect(client.calls('tools.run')).toHaveLength(1));
    expect(client.calls('tools.run')[0]).toMatchObject({ params: { event_id: 12 } });

    const obs = screen.getByRole('region', { name: 'Run observability survey' });
    await userEvent.click(within(obs).getByRole('button', { name: 'Run observability survey' }));
    const answer = await screen.findByRole('region', { name: 'Observability survey answer' });
    const rows = within(within(answer).getByRole('table', { name: 'Ranked events' })).getAllByRole('row');
    expect(rows[1]?.textContent).toMatch(/1.*77.*port facility/);
    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Select event 77' }));
    expect(useSelection.getState().selection).toMatchObject({ kind: 'signal', id: '77' });
    expect(within(answer).getByLabelText('Survey counts').textContent).toMatch(
      /Sensorsentinel-2.*Observable1/,
    );
  });

  it('does not send a survey window over 30 days', async () => {
    const { client } = setup();
    useCollectionState.getState().setSurvey({ startDate: '2026-10-01', endDate: '2026-11-20' });
    renderWithData(<CollectionView />, client);
    expect((await screen.findAllByText('The window is at most 30 days (it is 50).')).length).toBeGreaterThan(
      0,
    );
    expect((screen.getByRole('button', { name: 'Run priority survey' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(client.calls('tools.run')).toHaveLength(0);
  });

  it('lists stored answers per call and shows one from the cache, a refusal in the service’s words', async () => {
    const stored = answerFor(
      {
        tool: 'collection.observability',
        params: { sensor: 'sentinel-1', start_date: '2026-11-14', end_date: '2026-11-20' },
      },
      'tool:o',
    );
    const refused: StoredAnswer = {
      ...answerFor(
        { tool: 'collection.priority', params: { start_date: '2026-11-14', end_date: '2026-11-20' } },
        'tool:r',
      ),
      status: 'failed',
      answer: null,
      charged: null,
      clamps: [],
      error: { code: 'insufficient_tokens', status: 402, message: 'this call costs 1 tokens; 0 left' },
    };
    const { client } = setup('main', {
      'tools.history': ({ tool }) => ({ answers: [stored, refused].filter((a) => a.tool === tool) }),
      'tools.answer': ({ id }) => (id === 'tool:r' ? refused : stored),
    });
    renderWithData(<CollectionView />, client);
    const obsHistory = await screen.findByRole('region', { name: 'Observability survey history' });
    await userEvent.click(await within(obsHistory).findByRole('button', { name: /^Show the answer/ }));
    const answer = await screen.findByRole('region', { name: 'Observability survey answer' });
    expect(within(answer).getByText(/asked 2026-11-20 11:00 UTC/)).toBeTruthy();
    expect(within(answer).getByRole('table', { name: 'Ranked events' }).textContent).toMatch(
      /Fire at the depot.*hr.*fuel depot.*localized.*yes/,
    );
    expect(within(answer).getByLabelText('Survey counts').textContent).toMatch(
      /Observable2.*Not observable1/,
    );

    const prHistory = screen.getByRole('region', { name: 'Priority survey history' });
    expect(within(prHistory).getByText(/REFUSED/)).toBeTruthy();
    await userEvent.click(within(prHistory).getByRole('button', { name: /^Show the answer/ }));
    expect(await screen.findByText('this call costs 1 tokens; 0 left')).toBeTruthy();
    expect(client.calls('tools.run')).toHaveLength(0);
  });
});
