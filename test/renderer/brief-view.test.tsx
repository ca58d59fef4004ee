// The Brief view as an analyst checks it: the synced daily brief from the cache, marked CACHED;
// a weekly brief asked of the service now (free: no confirmation, whatever the threshold); a
// plan without weekly briefs answers the daily one, said in its words where the answer is
// shown, with the periods the service offers; the briefs asked are listed in the history and
// shown again from it.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Result, StoredAnswer, StoredAnswerOf, ToolsWallet } from '../../shared/contract';
import { BriefView } from '../../renderer/src/features/brief/brief-view';
import { fakeClient, renderWithData } from './fake-client';

const wallet = (): ToolsWallet => ({
  remaining: 90,
  remainingAsOf: '2026-11-20T11:00:00Z',
  spentToday: 0,
  toolsSpentToday: 0,
  // Nothing free ever asks, even under a threshold of 0.
  confirmAbove: 0,
});

const synced = (period: 'daily' | 'weekly' | 'monthly'): Result<'brief.get'> => ({
  profile: 'main',
  period,
  asOf: '2026-11-20T06:00:00Z',
  brief:
    period === 'daily'
      ? {
          status: 'available',
          period: { type: 'daily', start: '2026-11-19', end: '2026-11-19' },
          brief: { headline: 'Synced daily headline', summary: '12 events recorded.', developments: [] },
        }
      : null,
});

const asked: StoredAnswer = {
  id: 'tool:1',
  tool: 'brief',
  profile: 'main',
  demo: false,
  request: { period: 'weekly' },
  askedAt: '2026-11-20T11:00:00Z',
  answeredAt: '2026-11-20T11:00:01Z',
  status: 'done',
  answer: {
    status: 'available',
    period: { type: 'daily', start: '2026-11-19', end: '2026-11-19' },
    brief: {
      headline: 'Asked daily headline',
      summary: '12 events recorded.',
      developments: [{ title: 'Strike on the port', why_it_matters: 'Severity 8 in Ukraine.' }],
    },
    available_periods: [{ period_start: '2026-11-19', period_end: '2026-11-19' }],
  },
  charged: null,
  remaining: null,
  clamps: [
    {
      stream: 'brief',
      kind: 'filter_clamp',
      detail: { period: { requested: 'weekly', applied: 'daily' } },
      requiredPlans: ['analyst', 'pro'],
      wording: 'the plan dropped or replaced a filter: {"period":{"requested":"weekly","applied":"daily"}}',
    },
  ],
  planLock: null,
  withheld: null,
  error: null,
  job: null,
} satisfies StoredAnswerOf<'brief'>;

describe('Brief view', () => {
  it('asks a period now, says the plan answered the daily one, and keeps it in the history', async () => {
    const answers: StoredAnswer[] = [];
    const client = fakeClient({
      'brief.get': ({ period }) => synced(period ?? 'daily'),
      'tools.wallet': () => wallet(),
      'tools.history': () => ({ answers }),
      'tools.answer': ({ id }) => answers.find((a) => a.id === id)!,
      'tools.run': () => {
        answers.unshift(asked);
        return asked;
      },
    });
    renderWithData(<BriefView />, client);
    const view = await screen.findByTestId('brief-view');
    await within(view).findByRole('heading', { name: 'Synced daily headline' });
    expect(within(view).getByText(/CACHED/)).toBeTruthy();

    await userEvent.click(within(view).getByRole('button', { name: 'weekly' }));
    expect(await within(view).findByText('No weekly brief in the cache yet')).toBeTruthy();
    const bar = within(view).getByRole('region', { name: 'Run weekly brief' });
    expect((await within(bar).findByTestId('cost-line')).textContent).toMatch(/^Costs: free · /);
    await userEvent.click(within(bar).getByRole('button', { name: 'Run weekly brief' }));
    await waitFor(() => expect(client.calls('tools.run')).toHaveLength(1));
    expect(client.calls('tools.run')[0]).toEqual({ tool: 'brief', params: { period: 'weekly' } });
    expect(screen.queryByRole('dialog')).toBeNull();

    const shown = await screen.findByRole('region', { name: 'Asked brief' });
    expect(within(shown).getByTestId('brief-plan-refusal').textContent).toBe(
      'Your plan does not include the weekly brief: the service answered the daily one. ' +
        'The weekly brief needs the analyst or pro plan.',
    );
    expect(within(shown).getByTestId('brief-period').textContent).toMatch(/^daily brief · 2026-11-19/);
    expect(within(shown).getByRole('heading', { name: 'Asked daily headline' })).toBeTruthy();
    expect(within(shown).getByTestId('brief-available').textContent).toBe('2026-11-19 → 2026-11-19');
    expect(within(shown).getByTestId('clamp-banner').textContent).toMatch('needs analyst or pro');

    // Back to the synced brief, then the asked one again from the history (offline).
    await userEvent.click(within(view).getByRole('button', { name: 'daily' }));
    await within(view).findByRole('heading', { name: 'Synced daily headline' });
    const history = within(view).getByRole('region', { name: 'Brief history' });
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.textContent).toMatch('weekly');
    await userEvent.click(within(rows[0]!).getByRole('button', { name: /^Show the answer/ }));
    await within(view).findByRole('heading', { name: 'Asked daily headline' });
    expect(client.calls('tools.run')).toHaveLength(1);
  });
});
