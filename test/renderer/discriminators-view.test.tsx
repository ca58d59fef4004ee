// The Discriminators view (alternate profile): 2–8 hypotheses one per line, sent as a list; a
// hypothesis with "|" (the service's separator) or over 500 characters is refused before
// anything is sent; an event id is always weighed jointly; 3 tokens, said before; the table
// of observables as the service gave it.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ToolRunInput } from '../../shared/contract';
import {
  DiscriminatorsView,
  useDiscriminatorsState,
} from '../../renderer/src/features/discriminators/discriminators-view';
import { renderWithData } from './fake-client';
import { storedAnswer, toolsClient } from './tool-answer-fixtures';

beforeEach(() => {
  useDiscriminatorsState.setState({
    form: { source: 'hypotheses', hypotheses: '', mode: 'competing', eventId: '' },
    chosenId: null,
  });
});

const answerOf = (input: ToolRunInput) =>
  storedAnswer(
    'discriminators',
    input.params as never,
    {
      meta: { mode: 'competing', source: 'supplied', hypothesis_count: 2 },
      best: { label: 'post-event SAR coherence loss', verdict: 'actionable', max_elimination: 1 },
      discriminators: [
        {
          label: 'post-event SAR coherence loss',
          verdict: 'procurable',
          availability: 'open data',
          how_to_obtain: 'Sentinel-1 pair',
        },
        {
          label: 'ground photographs',
          verdict: 'not_observable',
          availability: 'none',
          cannot_establish: 'no access',
        },
      ],
      // One observable the service weighed as eliminating nothing, one it gave no figure for.
      no_diagnostic_value: [{ label: 'the flag flown', max_elimination: 0 }, { label: 'radio chatter' }],
      note: 'An observation can only eliminate.',
    },
    { charged: 3 },
  );

const bar = () => screen.getByRole('region', { name: 'Run discriminators' });
const run = () => within(bar()).getByRole('button', { name: 'Run discriminators' }) as HTMLButtonElement;

describe('Discriminators view', () => {
  it('says the main profile’s service has none', async () => {
    const { client } = toolsClient(answerOf, { profile: 'main' });
    renderWithData(<DiscriminatorsView />, client);
    expect(await screen.findByText('This service has no discriminators')).toBeTruthy();
  });

  it('refuses a hypothesis with a vertical bar or over 500 characters, and fewer than two', async () => {
    const { client } = toolsClient(answerOf);
    useDiscriminatorsState.getState().set({ hypotheses: 'The depot was struck' });
    renderWithData(<DiscriminatorsView />, client);
    expect(await screen.findByText('Give two to eight hypotheses, one per line (1 given).')).toBeTruthy();
    useDiscriminatorsState.getState().set({ hypotheses: 'The depot was struck\nA fire | an accident' });
    expect(await screen.findByText(/Hypothesis 2 contains “\|”/)).toBeTruthy();
    useDiscriminatorsState.getState().set({ hypotheses: `The depot was struck\n${'x'.repeat(501)}` });
    expect(await screen.findByText('Hypothesis 2 is 501 characters; each is at most 500.')).toBeTruthy();
    expect(run().disabled).toBe(true);
    expect(client.calls('tools.run')).toHaveLength(0);
  });

  it('weighs hypotheses one per line for 3 tokens and shows the observables', async () => {
    const { client } = toolsClient(answerOf);
    renderWithData(<DiscriminatorsView />, client);
    await userEvent.type(
      await screen.findByLabelText('Hypotheses (one per line, 2–8)'),
      'The depot was struck{enter}The fire was an accident',
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Joint (which hold together)' }));
    expect((await within(bar()).findByTestId('cost-line')).textContent).toMatch(/^Costs: 3 tokens · /);
    await waitFor(() => expect(run().disabled).toBe(false));
    await userEvent.click(run());
    await waitFor(() => expect(client.calls('tools.run')).toHaveLength(1));
    expect(client.calls('tools.run')[0]).toEqual({
      tool: 'discriminators',
      params: { hypotheses: ['The depot was struck', 'The fire was an accident'], mode: 'joint' },
    });
    const table = await screen.findByRole('table', { name: 'Observables' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual([
      'post-event SAR coherence lossprocurableopen dataSentinel-1 pair—',
      'ground photographsnot observablenone—no access',
    ]);
    expect(screen.getByTestId('discriminators-best').textContent).toMatch(
      /post-event SAR coherence loss \(actionable\)/,
    );
    expect(screen.getByText(/An observation can only eliminate/)).toBeTruthy();
    // Unknown is never zero (issue 23): a missing max_elimination is not "eliminates 0".
    expect(screen.getByText(/No diagnostic value/).textContent).toBe(
      'No diagnostic value: the flag flown (eliminates 0), radio chatter (elimination not stated)',
    );
  });

  it('weighs an event’s standing claims, always jointly', async () => {
    const { client } = toolsClient(answerOf);
    renderWithData(<DiscriminatorsView />, client);
    await userEvent.click(await screen.findByRole('radio', { name: 'An event’s standing claims' }));
    expect(screen.queryByRole('radio', { name: 'Competing (which one holds)' })).toBeNull();
    await userEvent.type(screen.getByLabelText('Event id'), '4711');
    await waitFor(() => expect(run().disabled).toBe(false));
    await userEvent.click(run());
    await waitFor(() => expect(client.calls('tools.run')).toHaveLength(1));
    expect(client.calls('tools.run')[0]).toEqual({
      tool: 'discriminators',
      params: { event_id: 4711, mode: 'joint' },
    });
  });
});
