// The Analyst view as an analyst checks it: a question over 500 characters is refused here with
// its length said (nothing sent); the documented price is shown ("5–123 tokens (fast), up to
// 415 (deep)"); a fast question under the threshold is sent as typed and its 200 answer shown
// at once, its findings selecting their event; a deep question above the threshold asks first,
// its 202 job shows its progress, and the finished job's brief appears when main writes it to
// the cache (cache.changed), without asking again.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { StoredAnswer, StoredAnswerOf, ToolsWallet } from '../../shared/contract';
import { AnalystView } from '../../renderer/src/features/analyst/analyst-view';
import { useAnalystState } from '../../renderer/src/features/analyst/analyst-state';
import { useSelection } from '../../renderer/src/state/selection';
import { fakeClient, renderWithData } from './fake-client';

const wallet = (over: Partial<ToolsWallet> = {}): ToolsWallet => ({
  remaining: 500,
  remainingAsOf: '2026-11-20T11:00:00Z',
  spentToday: 0,
  toolsSpentToday: 0,
  confirmAbove: 200,
  ...over,
});

const brief = {
  summary: 'Answer to: what happened at the port?',
  findings: [
    { event_id: 'ev-7', recommended_sensor: 'sentinel-1', rationale: 'all-weather coverage' },
    { event_id: '0c9a4e2f-5b1d-4f7e-9a33-2d6f1c8b7e10', rationale: 'a second look' },
  ],
  assessment: 'Reporting is consistent across outlets.',
  citations: ['https://example.org/report'],
};

const row = (over: Partial<StoredAnswerOf<'analyst'>> = {}): StoredAnswer => ({
  id: 'tool:1',
  tool: 'analyst',
  profile: 'main',
  demo: true,
  request: { question: 'What happened at the port?', mode: 'fast' },
  askedAt: '2026-11-20T11:00:00Z',
  answeredAt: '2026-11-20T11:00:01Z',
  status: 'done',
  answer: { brief },
  charged: 31,
  remaining: 469,
  clamps: [],
  planLock: null,
  withheld: null,
  error: null,
  job: null,
  ...over,
});

beforeEach(() => {
  useAnalystState.setState({ question: '', mode: 'fast', chosenId: null, assessEvent: '', assessId: null });
  useSelection.setState({ selection: null });
});

function setup(run: () => StoredAnswer, w = wallet()) {
  const answers: StoredAnswer[] = [];
  const client = fakeClient({
    'tools.wallet': () => w,
    // The cache holds the first finding's event, not the second's.
    'signals.get': ({ id }) => {
      if (id !== 'ev-7') throw new Error(`signal ${id} is not in the cache`);
      return {
        signal: { id: 'ev-7', title: 'Strike on the port of Odesa' },
        profile: 'main',
        retracted: false,
        resolvedFrom: null,
        mergedIds: [],
        asOf: '2026-11-20T10:00:00Z',
      };
    },
    'tools.history': () => ({ answers }),
    'tools.answer': ({ id }) => answers.find((a) => a.id === id)!,
    'tools.run': () => {
      const a = run();
      answers.unshift(a);
      return a;
    },
  });
  return { client, answers };
}

describe('Analyst view', () => {
  it('refuses a question over 500 characters with its length, and sends nothing', async () => {
    const { client } = setup(() => row());
    renderWithData(<AnalystView />, client);
    const question = await screen.findByLabelText('Question');
    await userEvent.click(question);
    await userEvent.paste('x'.repeat(501));
    expect(screen.getByTestId('analyst-counter').textContent).toBe('501 / 500 characters');
    expect(question.getAttribute('aria-invalid')).toBe('true');
    const bar = screen.getByRole('region', { name: 'Run analyst question' });
    expect(within(bar).getByRole('note').textContent).toBe(
      'The question is 501 characters; the service takes at most 500. Shorten it to ask.',
    );
    expect(
      (within(bar).getByRole('button', { name: 'Run analyst question' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await userEvent.type(question, '{Backspace}');
    expect(screen.getByTestId('analyst-counter').textContent).toBe('500 / 500 characters');
    await waitFor(() =>
      expect(
        (within(bar).getByRole('button', { name: 'Run analyst question' }) as HTMLButtonElement).disabled,
      ).toBe(false),
    );
    expect(client.calls('tools.run')).toHaveLength(0);
  });

  it('shows the price, answers a fast question at once, and a finding selects its event', async () => {
    const { client } = setup(() => row());
    renderWithData(<AnalystView />, client);
    expect((await screen.findByTestId('analyst-price')).textContent).toMatch(
      'Documented price: 5–123 tokens (fast), up to 415 (deep)',
    );
    await userEvent.type(screen.getByLabelText('Question'), 'What happened at the port?');
    const bar = screen.getByRole('region', { name: 'Run analyst question' });
    expect((await within(bar).findByTestId('cost-line')).textContent).toMatch(
      /^Costs: 5–123 tokens · 500 tokens left/,
    );
    await userEvent.click(within(bar).getByRole('button', { name: 'Run analyst question' }));
    await waitFor(() => expect(client.calls('tools.run')).toHaveLength(1));
    // Under the threshold (123 ≤ 200): sent without asking, as typed.
    expect(client.calls('tools.run')[0]).toEqual({
      tool: 'analyst',
      params: { question: 'What happened at the port?', mode: 'fast' },
    });
    const answer = await screen.findByRole('region', { name: 'Analyst answer' });
    expect(within(answer).getByTestId('analyst-brief').textContent).toMatch(
      /Answer to: what happened at the port\?.*Reporting is consistent across outlets/,
    );
    expect(within(answer).queryByTestId('analyst-job')).toBeNull();
    // A finding names its event by the title the cache holds, not its id; one not cached by a
    // short id, said so.
    const findings = within(answer).getByRole('region', { name: 'Findings' });
    await within(findings).findByRole('button', { name: 'Strike on the port of Odesa' });
    await waitFor(() => expect(findings.textContent).toMatch(/Event 0c9a4e2f… \(not cached yet/));
    expect(findings.textContent).not.toMatch(/0c9a4e2f-5b1d/);
    await userEvent.click(within(findings).getByRole('button', { name: 'Strike on the port of Odesa' }));
    expect(useSelection.getState().selection).toMatchObject({
      kind: 'signal',
      id: 'ev-7',
      label: 'Strike on the port of Odesa',
    });
    const history = screen.getByRole('region', { name: 'Analyst history' });
    expect(within(history).getByText(/fast · “What happened at the port\?”/)).toBeTruthy();
  });

  it('asks before a deep question, shows the job’s progress, then its brief when main writes it', async () => {
    const running = row({
      id: 'tool:2',
      request: { question: 'Why did the port close?', mode: 'deep' },
      status: 'running',
      answeredAt: null,
      answer: { job_id: 'job-1', status: 'processing' },
      charged: null,
      remaining: null,
      job: {
        jobId: 'job-1',
        idempotencyKey: 'key-1',
        stage: 'gathering',
        completed: 0,
        total: 3,
        polledAt: null,
      },
    });
    const { client, answers } = setup(() => running);
    renderWithData(<AnalystView />, client);
    await userEvent.type(await screen.findByLabelText('Question'), 'Why did the port close?');
    await userEvent.click(screen.getByRole('radio', { name: 'Deep' }));
    await userEvent.click(screen.getByRole('button', { name: 'Run analyst question' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm spending tokens' });
    expect(dialog.textContent).toMatch(/costs 5–415 tokens, which may be more than your threshold of 200/);
    expect(client.calls('tools.run')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Spend the tokens' }));
    await waitFor(() => expect(client.calls('tools.run')).toHaveLength(1));
    expect(client.calls('tools.run')[0]).toEqual({
      tool: 'analyst',
      params: { question: 'Why did the port close?', mode: 'deep' },
      confirmed: true,
    });
    const job = await screen.findByTestId('analyst-job');
    expect(job.textContent).toMatch(
      /Job running on the service · job-1 · gathering · step 0 of 3 · not asked yet/,
    );
    expect(screen.getByRole('progressbar', { name: 'Analyst job progress' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Analyst answer' }).textContent).toMatch(
      'charged when the job completes',
    );

    // Main polls and writes the job to the cache; the window re-reads on cache.changed.
    answers[0] = {
      ...running,
      status: 'done',
      answeredAt: '2026-11-20T11:00:07Z',
      answer: { job_id: 'job-1', status: 'done', brief },
      charged: 28,
      job: { ...running.job!, stage: 'done', completed: 3, polledAt: '2026-11-20T11:00:06Z' },
    } as StoredAnswer;
    client.emit('cache.changed', { resources: ['tool_answers'] });
    await waitFor(() => expect(screen.getByTestId('analyst-job').getAttribute('data-status')).toBe('done'));
    expect(screen.getByTestId('analyst-job').textContent).toMatch(
      /Job finished · job-1 · done · step 3 of 3/,
    );
    expect(screen.getByTestId('analyst-brief').textContent).toMatch('Answer to: what happened at the port?');
    expect(screen.getByRole('region', { name: 'Analyst answer' }).textContent).toMatch('charged 28 tokens');
    expect(client.calls('tools.run')).toHaveLength(1);
  });
});
