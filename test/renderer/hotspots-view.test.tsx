// The Hotspots view (alternate profile) as an analyst checks it: stats and hotspots cost 1 token
// each, said before the call; the stats by category and by day and the hotspot cells are shown
// as the service gave them, with a clamp marked where the answer is shown; on the main profile
// the view says the service has none.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ToolRunInput } from '../../shared/contract';
import { HotspotsView } from '../../renderer/src/features/hotspots/hotspots-view';
import { initialHotspotsForm, useHotspotsState } from '../../renderer/src/features/hotspots/hotspots-state';
import { renderWithData } from './fake-client';
import { storedAnswer, toolsClient } from './tool-answer-fixtures';

beforeEach(() => {
  useHotspotsState.setState({ form: initialHotspotsForm(), statsId: null, hotspotsId: null });
});

function answerOf(input: ToolRunInput) {
  if (input.tool === 'stats')
    return storedAnswer(
      'stats',
      input.params as never,
      {
        meta: { start_date: '2026-11-14', end_date: '2026-11-20', total: 12 },
        stats: {
          by_category: [
            { category: 'air_strike', count: 9 },
            { category: 'protest', count: 3 },
          ],
          by_day: [
            { date: '2026-11-19', count: 5 },
            { date: '2026-11-20', count: 7 },
          ],
        },
      },
      { charged: 1 },
    );
  return storedAnswer(
    'hotspots',
    input.params as never,
    {
      meta: { precision: 0.5, point_count: 12 },
      hotspots: [
        { lat: 46.25, lng: 30.75, count: 8, max_severity: 7.4, categories: ['air_strike'] },
        { lat: 50.25, lng: 30.25, count: 4, max_severity: 3.1, categories: ['protest', 'air_strike'] },
      ],
    },
    {
      charged: 1,
      clamps: [
        {
          stream: 'hotspots',
          kind: 'window_clamp',
          detail: { applied: { days: 7 } },
          requiredPlans: ['analyst'],
          wording: 'the service narrowed the time window: {"applied":{"days":7}}',
        },
      ],
    },
  );
}

describe('Hotspots view', () => {
  it('says the main profile’s service has no stats or hotspots', async () => {
    const { client } = toolsClient(answerOf, { profile: 'main' });
    renderWithData(<HotspotsView />, client);
    expect(await screen.findByText('This service has no stats or hotspots')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Run hotspots' })).toBeNull();
  });

  it('asks stats and hotspots at 1 token each and shows them, with the clamp', async () => {
    const { client } = toolsClient(answerOf);
    renderWithData(<HotspotsView />, client);
    await userEvent.type(await screen.findByLabelText('Box (W,S,E,N)'), '29,45,33,52');
    await userEvent.clear(screen.getByLabelText('Cell size (°)'));
    await userEvent.type(screen.getByLabelText('Cell size (°)'), '0.5');
    const statsBar = screen.getByRole('region', { name: 'Run stats' });
    const hotBar = screen.getByRole('region', { name: 'Run hotspots' });
    expect((await within(statsBar).findByTestId('cost-line')).textContent).toMatch(/^Costs: 1 token · /);
    expect(within(hotBar).getByTestId('cost-line').textContent).toMatch(/^Costs: 1 token · /);

    const run = within(hotBar).getByRole('button', { name: 'Run hotspots' }) as HTMLButtonElement;
    await waitFor(() => expect(run.disabled).toBe(false));
    await userEvent.click(run);
    await waitFor(() => expect(client.calls('tools.run')).toHaveLength(1));
    expect(client.calls('tools.run')[0]).toMatchObject({
      tool: 'hotspots',
      params: { bbox: [29, 45, 33, 52], days: 7, precision: 0.5 },
    });
    const table = await screen.findByRole('table', { name: 'Hotspots' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['46.25, 30.7587.4air strike', '50.25, 30.2543.1protest, air strike']);
    const answer = screen.getByRole('region', { name: 'Hotspots answer' });
    expect(within(answer).getByTestId('clamp-banner').textContent).toMatch(
      /narrowed the time window.*needs analyst/,
    );
    expect(within(answer).getByTestId('stored-charged').textContent).toMatch('charged 1 token');
    expect(within(hotBar).getByTestId('run-outcome').textContent).toMatch('Charged 1 token');

    await userEvent.click(within(statsBar).getByRole('button', { name: 'Run stats' }));
    const byCat = await screen.findByRole('table', { name: 'By category' });
    expect(byCat.textContent).toMatch(/air strike9.*protest3/);
    expect(screen.getByRole('table', { name: 'By day' }).textContent).toMatch(/2026-11-195.*2026-11-207/);
    expect(screen.getByTestId('stats-total').textContent).toBe('12');
    const history = screen.getByRole('region', { name: 'Stats history' });
    expect(await within(history).findByText(/\[29, 45, 33, 52\] · 7 days to/)).toBeTruthy();
  });
});
