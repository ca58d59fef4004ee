// Refine location in the inspector of an alternate signal: its price (3–29 tokens, 0 when not
// improved) is said before, and as it may exceed the threshold it asks first; after it, the
// place before and after (granularity, uncertainty), the evidence and what was charged. A
// refinement that did not improve shows 0 charged. A main-profile signal has no such button.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Result, ToolRunInput } from '../../shared/contract';
import { Inspector } from '../../renderer/src/app/inspector';
import { useSelection } from '../../renderer/src/state/selection';
import { useViewState } from '../../renderer/src/state/view-state';
import { renderWithData } from './fake-client';
import { storedAnswer, toolsClient } from './tool-answer-fixtures';

const got = (profile: 'main' | 'alternate'): Result<'signals.get'> =>
  ({
    signal: {
      id: profile === 'alternate' ? 1002537 : 'ev-1',
      title: 'Strike near the port',
      lat: 46.5,
      lng: 30.7,
    },
    profile,
    retracted: false,
    resolvedFrom: null,
    mergedIds: [],
    asOf: '2026-11-25T08:30:00Z',
  }) as Result<'signals.get'>;

const improved = (input: ToolRunInput) =>
  storedAnswer(
    'refine.location',
    input.params as never,
    {
      summary: 'Located more precisely from a second source.',
      result: {
        improved: true,
        before: { granularity: 'locality', uncertainty_m: 5000, footprint_kind: 'centroid' },
        after: { granularity: 'facility', uncertainty_m: 250, footprint_kind: 'point' },
        evidence: [
          {
            url: 'https://example.org/news/1',
            publisher: 'example.org',
            place_named: 'Oil depot 4',
            origin: 'article',
          },
        ],
        tokens: { charged: 17, maximum_possible: 29 },
      },
    },
    { charged: 17 },
  );
const notImproved = (input: ToolRunInput) =>
  storedAnswer(
    'refine.location',
    input.params as never,
    {
      summary: 'No finer place named in the sources.',
      result: {
        improved: false,
        before: { granularity: 'locality', uncertainty_m: 5000 },
        after: { granularity: 'locality', uncertainty_m: 5000 },
        evidence: [],
        tokens: { charged: 0, maximum_possible: 29 },
      },
    },
    { charged: 0 },
  );

beforeEach(() => {
  useViewState.setState({ inspectorOpen: true, view: 'signals' });
  useSelection
    .getState()
    .select({ kind: 'signal', id: '1002537', label: 'Strike near the port', from: 'Signals' });
});

describe('Refine location in the inspector', () => {
  it('says the price, asks first, then shows before and after, the evidence and what was charged', async () => {
    const { client } = toolsClient(improved, { extra: { 'signals.get': () => got('alternate') } });
    renderWithData(<Inspector />, client);
    const panel = await screen.findByRole('region', { name: 'Refine location' });
    expect(panel.textContent).toMatch(/Charged only if the location improves/);
    expect((await within(panel).findByTestId('cost-line')).textContent).toMatch(
      /^Costs: 3–29 tokens \(0 when the location is not improved\)/,
    );
    const run = within(panel).getByRole('button', { name: 'Run refine location' }) as HTMLButtonElement;
    await waitFor(() => expect(run.disabled).toBe(false));
    await userEvent.click(run);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm spending tokens' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Spend the tokens' }));
    await waitFor(() => expect(client.calls('tools.run')).toHaveLength(1));
    expect(client.calls('tools.run')[0]).toEqual({
      tool: 'refine.location',
      params: { id: 1002537 },
      confirmed: true,
    });
    const answer = await within(panel).findByTestId('refine-answer');
    expect(within(answer).getByTestId('refine-before').textContent).toBe('locality · ±5 km · centroid');
    expect(within(answer).getByTestId('refine-after').textContent).toBe('facility · ±250 m · point');
    expect(within(answer).getByTestId('refine-charged').textContent).toBe('17 tokens (at most 29)');
    expect(within(answer).getByRole('list', { name: 'Evidence' }).textContent).toMatch(
      /“Oil depot 4” named by example.org \(article\)/,
    );
  });

  it('shows 0 charged when the location did not improve', async () => {
    const { client } = toolsClient(notImproved, {
      extra: { 'signals.get': () => got('alternate'), 'tools.wallet': () => ({ ...walletHigh }) },
    });
    renderWithData(<Inspector />, client);
    const panel = await screen.findByRole('region', { name: 'Refine location' });
    const run = within(panel).getByRole('button', { name: 'Run refine location' }) as HTMLButtonElement;
    await waitFor(() => expect(run.disabled).toBe(false));
    await userEvent.click(run);
    const answer = await within(panel).findByTestId('refine-answer');
    expect(answer.textContent).toMatch(/Not improved — No finer place named/);
    expect(within(answer).getByTestId('refine-charged').textContent).toBe('0 tokens (at most 29)');
  });

  it('is not offered for a main-profile signal', async () => {
    useSelection.getState().select({ kind: 'signal', id: 'ev-1', from: 'Signals' });
    const { client } = toolsClient(improved, {
      profile: 'main',
      extra: { 'signals.get': () => got('main') },
    });
    renderWithData(<Inspector />, client);
    await screen.findByTestId('signal-detail');
    expect(screen.queryByRole('region', { name: 'Refine location' })).toBeNull();
  });
});

const walletHigh = {
  remaining: 98,
  remainingAsOf: '2026-11-20T11:00:00Z',
  spentToday: 0,
  toolsSpentToday: 0,
  confirmAbove: 50,
};
