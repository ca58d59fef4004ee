// The Registry view as an analyst checks it: a search needs 2 characters; its price and the
// tokens left are shown first; the answer lists entities, each entity's history a priced
// lookup away; the history shows each link's basis and its events select their signal; the
// signals linked to an entity are asked with linked_to, and a plan that drops the filter says
// which plan has it instead of listing unfiltered signals; the alternate profile offers its own
// subtypes and no linked_to; stored answers are listed and shown from the history.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { StoredAnswer, ToolRunInput, ToolsWallet } from '../../shared/contract';
import { ALTERNATE_SUBTYPES } from '../../shared/service/values';
import { RegistryView } from '../../renderer/src/features/registry/registry-view';
import { initialForm, useRegistryState } from '../../renderer/src/features/registry/registry-state';
import { useSelection } from '../../renderer/src/state/selection';
import { DEMO_INFO, fakeClient, renderWithData } from './fake-client';

const wallet = (): ToolsWallet => ({
  remaining: 30,
  remainingAsOf: '2026-11-20T11:00:00Z',
  spentToday: 0,
  toolsSpentToday: 0,
  confirmAbove: 10,
});

const base = {
  demo: true,
  askedAt: '2026-11-20T11:00:00Z',
  answeredAt: '2026-11-20T11:00:01Z',
  status: 'done' as const,
  remaining: 29,
  clamps: [],
  planLock: null,
  withheld: null,
  error: null,
  job: null,
};

function answerFor(
  input: ToolRunInput,
  id: string,
  profile: 'main' | 'alternate',
  linkedDropped: boolean,
): StoredAnswer {
  const common = { ...base, id, profile };
  switch (input.tool) {
    case 'entities.search':
      return {
        ...common,
        tool: 'entities.search',
        request: input.params as Extract<StoredAnswer, { tool: 'entities.search' }>['request'],
        charged: 1,
        answer: {
          entities: [
            {
              id: profile === 'main' ? '8f0c1f3e-0000-4000-8000-000000000001' : 'ent-1a2b',
              canonical: 'Port of Odesa',
              subtype: 'port_facility',
              lat: 46.5,
              lng: 30.73,
              source: 'curated',
              attribution: 'demo registry',
            },
          ],
          limit: 20,
        },
      };
    case 'entities.detail':
      return {
        ...common,
        tool: 'entities.detail',
        request: input.params as Extract<StoredAnswer, { tool: 'entities.detail' }>['request'],
        charged: 1,
        answer:
          profile === 'main'
            ? {
                entity: { canonical: 'Port of Odesa', subtype: 'port_facility', source: 'curated' },
                events: [
                  {
                    event_id: 'ev-7',
                    title: 'Drone strike on the grain terminal',
                    stage: 'pinpointed',
                    last_reported_at: '2026-11-19T08:00:00Z',
                    link_basis: 'alias_named_target',
                    link_kind: 'named_target',
                  },
                ],
              }
            : {
                entity: { canonical: 'Port of Odesa', subtype: 'port_facility' },
                events: [
                  {
                    global_event_id: 31,
                    title: 'Fire at the quay',
                    link_basis: 'alias_exact_location',
                    confidence: 0.8,
                  },
                ],
                link_basis_counts: { alias_exact_location: 1 },
                event_count: 1,
                claim_count: 0,
                observability: {
                  events_analysed: 1,
                  served_marks: 0,
                  marks: [],
                  summary: 'No marks served.',
                },
              },
      };
    case 'signals.linked':
      return {
        ...common,
        tool: 'signals.linked',
        request: input.params as Extract<StoredAnswer, { tool: 'signals.linked' }>['request'],
        charged: 3,
        clamps: linkedDropped
          ? [
              {
                stream: 'signals.linked',
                kind: 'filter_clamp',
                detail: { linked_to: { dropped: input.params.linked_to }, required_plans: ['pro'] },
                requiredPlans: ['pro'],
                wording: 'the plan dropped or replaced a filter',
              },
            ]
          : [],
        answer: {
          meta: {
            start_date: '2026-11-13',
            end_date: '2026-11-20',
            ...(linkedDropped
              ? { filter_clamp: { linked_to: { dropped: input.params.linked_to }, required_plans: ['pro'] } }
              : {}),
          },
          signals: [
            {
              id: 'ev-7',
              title: 'Drone strike on the grain terminal',
              stage: 'pinpointed',
              location: 'Odesa',
            },
          ],
        },
      } as StoredAnswer;
    default:
      throw new Error(`unexpected tool ${input.tool}`);
  }
}

beforeEach(() => {
  useRegistryState.setState({ form: initialForm(), searchId: null, detailId: null, linkedId: null });
  useSelection.setState({ selection: null });
});

function setup(profile: 'main' | 'alternate' = 'main', linkedDropped = false) {
  const answers: StoredAnswer[] = [];
  const client = fakeClient({
    'app.info': () => ({ ...DEMO_INFO, profile }),
    'tools.wallet': () => wallet(),
    'tools.history': ({ tool }) => ({ answers: answers.filter((a) => !tool || a.tool === tool) }),
    'tools.answer': ({ id }) => {
      const found = answers.find((a) => a.id === id);
      if (!found) throw new Error(`no stored answer ${id}`);
      return found;
    },
    'tools.run': (input) => {
      const a = answerFor(input as ToolRunInput, `tool:${answers.length + 1}`, profile, linkedDropped);
      answers.unshift(a);
      return a;
    },
  });
  return { client, answers };
}

async function searchPort() {
  await userEvent.type(await screen.findByLabelText('Name'), 'p');
  expect(await screen.findByText('Type at least 2 characters to search the registry.')).toBeTruthy();
  expect((screen.getByRole('button', { name: 'Run entity search' }) as HTMLButtonElement).disabled).toBe(
    true,
  );
  await userEvent.type(screen.getByLabelText('Name'), 'ort');
  await userEvent.click(screen.getByLabelText('port facility'));
  const bar = screen.getByRole('region', { name: 'Run entity search' });
  expect((await within(bar).findByTestId('cost-line')).textContent).toMatch(
    /^Costs: 1 token · 30 tokens left \(as of 2026-11-20 11:00 UTC\)/,
  );
  await waitFor(() =>
    expect(
      (within(bar).getByRole('button', { name: 'Run entity search' }) as HTMLButtonElement).disabled,
    ).toBe(false),
  );
  await userEvent.click(within(bar).getByRole('button', { name: 'Run entity search' }));
  return bar;
}

describe('Registry view', () => {
  it('searches, looks up an entity’s history with each link’s basis, and selects a linked event', async () => {
    const { client } = setup();
    renderWithData(<RegistryView />, client);
    const bar = await searchPort();
    await waitFor(() => expect(client.calls('tools.run')).toHaveLength(1));
    expect(client.calls('tools.run')[0]).toEqual({
      tool: 'entities.search',
      params: { q: 'port', subtypes: ['port_facility'] },
    });
    expect(within(bar).getByTestId('run-outcome').textContent).toMatch('Charged 1 token · 29 left');
    const results = await screen.findByRole('region', { name: 'Entity search answer' });
    const table = within(results).getByRole('table', { name: 'Entities' });
    expect(within(table).getAllByRole('row')[1]?.textContent).toMatch(
      /Port of Odesa.*port facility.*46\.500, 30\.730.*curated.*demo registry/,
    );
    // Each lookup's price, before the buttons.
    expect(within(results).getByTestId('cost-line').textContent).toMatch(/^Costs: 1 token · /);
    await userEvent.click(
      within(table).getByRole('button', { name: 'Look up the history of Port of Odesa' }),
    );
    await waitFor(() => expect(client.calls('tools.run')).toHaveLength(2));
    expect(client.calls('tools.run')[1]).toEqual({
      tool: 'entities.detail',
      params: { entityId: '8f0c1f3e-0000-4000-8000-000000000001' },
    });
    const history = await screen.findByRole('region', { name: 'Entity history answer' });
    expect(within(history).getByTestId('entity-name').textContent).toBe('Port of Odesa');
    const events = within(history).getByRole('table', { name: 'Linked events' });
    expect(within(events).getAllByRole('row')[1]?.textContent).toMatch(
      /Drone strike on the grain terminal.*alias named target.*named target.*pinpointed.*2026-11-19 08:00 UTC/,
    );
    await userEvent.click(
      within(events).getByRole('button', { name: 'Select event Drone strike on the grain terminal' }),
    );
    expect(useSelection.getState().selection).toMatchObject({ kind: 'signal', id: 'ev-7', from: 'Registry' });
    expect(screen.getByTestId('history-outcome').textContent).toMatch('Charged 1 token');
    const lookups = screen.getByRole('region', { name: 'Entity lookup history' });
    expect(await within(lookups).findByText('Port of Odesa')).toBeTruthy();
  });

  it('asks for the signals linked to the entity, and lists them when the plan keeps the filter', async () => {
    const { client } = setup('main', false);
    renderWithData(<RegistryView />, client);
    await searchPort();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Look up the history of Port of Odesa' }),
    );
    const history = await screen.findByRole('region', { name: 'Entity history answer' });
    expect(within(history).getByTestId('cost-line').textContent).toMatch(/^Costs: 3 tokens · /);
    await userEvent.click(
      within(history).getByRole('button', { name: 'Find the signals linked to this entity' }),
    );
    await waitFor(() => expect(client.calls('tools.run')).toHaveLength(3));
    expect(client.calls('tools.run')[2]).toEqual({
      tool: 'signals.linked',
      params: { linked_to: 'facility:8f0c1f3e-0000-4000-8000-000000000001' },
    });
    const linked = await screen.findByRole('region', { name: 'Linked signals answer' });
    expect(within(linked).getByTestId('linked-count').textContent).toMatch(
      /1 signals linked between 2026-11-13 and 2026-11-20/,
    );
    expect(within(linked).getByRole('table', { name: 'Linked signals' }).textContent).toMatch(
      /Drone strike on the grain terminal.*pinpointed.*Odesa/,
    );
    expect(screen.queryByTestId('linked-dropped')).toBeNull();
  });

  it('says which plan has linked_to when the service dropped it, and lists no unfiltered signal', async () => {
    const { client } = setup('main', true);
    renderWithData(<RegistryView />, client);
    await searchPort();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Look up the history of Port of Odesa' }),
    );
    await userEvent.click(
      await screen.findByRole('button', { name: 'Find the signals linked to this entity' }),
    );
    const linked = await screen.findByRole('region', { name: 'Linked signals answer' });
    expect(within(linked).getByTestId('linked-dropped').textContent).toMatch(
      /dropped it \(it needs pro\) and answered 1 signals not filtered by this entity/,
    );
    expect(within(linked).getByTestId('clamp-banner').textContent).toMatch(/filter_clamp.*needs pro/);
    expect(within(linked).queryByRole('table', { name: 'Linked signals' })).toBeNull();
  });

  it('offers the alternate profile’s subtypes and no linked_to; its history shows confidence', async () => {
    const { client } = setup('alternate');
    renderWithData(<RegistryView />, client);
    const subtypes = await screen.findByRole('group', { name: 'Subtypes (none ticked: any)' });
    expect(within(subtypes).getAllByRole('checkbox')).toHaveLength(ALTERNATE_SUBTYPES.length);
    expect(within(subtypes).queryByLabelText('nuclear facility')).toBeNull();
    await searchPort();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Look up the history of Port of Odesa' }),
    );
    const history = await screen.findByRole('region', { name: 'Entity history answer' });
    expect(within(history).getByRole('table', { name: 'Linked events' }).textContent).toMatch(
      /Fire at the quay.*alias exact location.*0\.8/,
    );
    expect(within(history).getByText(/By basis/).parentElement?.textContent).toMatch(
      /alias exact location 1/,
    );
    expect(within(history).getByText(/No marks served\. \(1 events analysed, 0 marks served\)/)).toBeTruthy();
    expect(
      within(history).queryByRole('button', { name: 'Find the signals linked to this entity' }),
    ).toBeNull();
    expect(within(history).getByText(/has no linked_to filter/)).toBeTruthy();
    await userEvent.click(within(history).getByRole('button', { name: 'Select event Fire at the quay' }));
    expect(useSelection.getState().selection).toMatchObject({ kind: 'signal', id: '31' });
  });

  it('shows a stored search from the history without asking the service', async () => {
    const { client, answers } = setup();
    answers.push(
      answerFor({ tool: 'entities.search', params: { q: 'odesa', limit: 5 } }, 'tool:old', 'main', false),
    );
    renderWithData(<RegistryView />, client);
    const history = await screen.findByRole('region', { name: 'Entity search history' });
    expect(await within(history).findByText(/“odesa” · any subtype · at most 5/)).toBeTruthy();
    await userEvent.click(within(history).getByRole('button', { name: /^Show the answer/ }));
    const results = await screen.findByRole('region', { name: 'Entity search answer' });
    expect(within(results).getByText(/asked 2026-11-20 11:00 UTC/)).toBeTruthy();
    expect(within(results).getByRole('table', { name: 'Entities' }).textContent).toMatch(/Port of Odesa/);
    expect(client.calls('tools.run')).toHaveLength(0);
  });
});
