// The assessment as an analyst reaches and checks it: the inspector's "Assess…" opens the
// Analyst view pointed at the selected signal; the kind's price is shown (quick 5, deep 15);
// the answer shows its summary, observability and recommended sensors; an answer the service
// had cached says it was not charged again; "Search imagery with these parameters" opens the
// Imagery view with the handoff's parameters in the form unchanged — over the selected
// signal's own (a box given as text stays that text).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Result, StoredAnswer, StoredAnswerOf, ToolsWallet } from '../../shared/contract';
import { Inspector } from '../../renderer/src/app/inspector';
import { AnalystView } from '../../renderer/src/features/analyst/analyst-view';
import { useAnalystState } from '../../renderer/src/features/analyst/analyst-state';
import { ImageryView } from '../../renderer/src/features/imagery/imagery-view';
import { useImageryHandoff } from '../../renderer/src/state/imagery-handoff';
import { initialForm, useImageryState } from '../../renderer/src/features/imagery/imagery-state';
import { useSelection } from '../../renderer/src/state/selection';
import { useViewState } from '../../renderer/src/state/view-state';
import { fakeClient, renderWithData } from './fake-client';

const signal = (): Result<'signals.get'> => ({
  signal: {
    id: 'ev-1',
    title: 'Strike on the port',
    occurred_at: '2026-11-10T04:00:00Z',
    occurred_at_precision: 'hour',
    lat: 46.5,
    lng: 30.7,
    collection: { aoi: [30.65, 46.45, 30.75, 46.55] },
  },
  profile: 'main',
  retracted: false,
  resolvedFrom: null,
  mergedIds: [],
  asOf: '2026-11-20T10:00:00Z',
});

const wallet = (): ToolsWallet => ({
  remaining: 90,
  remainingAsOf: '2026-11-20T11:00:00Z',
  spentToday: 0,
  toolsSpentToday: 0,
  confirmAbove: 20,
});

const assessed = (cached: boolean, id: string): StoredAnswer =>
  ({
    id,
    tool: 'assess',
    profile: 'main',
    demo: true,
    request: { eventId: 'ev-1', kind: 'quick' },
    askedAt: '2026-11-20T11:00:00Z',
    answeredAt: '2026-11-20T11:00:01Z',
    status: 'done',
    answer: {
      kind: 'quick',
      cached,
      content: {
        summary: 'Assessment of Strike on the port',
        observability: 'observable',
        recommendedSensors: ['sentinel-1', 'sentinel-2'],
      },
      context: {
        event_id: 'ev-1',
        target: 'Odesa port',
        imagery_handoff: {
          tool: 'imagery',
          handoff_mode: 'direct',
          // A box as text and an AOI as numbers, both as the service gave them.
          parameters: {
            bbox: '30.6,46.4,30.8,46.6',
            eventDate: '2026-11-09',
            eventPoint: [30.71, 46.49],
            eventAoi: [30.6, 46.4, 30.8, 46.6],
            eventTimestamp: null,
          },
          missing_parameters: [{ field: 'eventTimestamp', reason: 'time of day not reported' }],
        },
      },
    },
    charged: cached ? null : 5,
    remaining: 85,
    clamps: [],
    planLock: null,
    withheld: null,
    error: null,
    job: null,
  }) satisfies StoredAnswerOf<'assess'>;

beforeEach(() => {
  useAnalystState.setState({ assessEvent: '', assessLabel: null, assessKind: 'quick', assessId: null });
  useImageryState.setState({ form: initialForm(), adopted: null, adoptedLabel: null, chosenId: null });
  useImageryHandoff.setState({ pending: null });
  useSelection.setState({ selection: null });
  useViewState.setState({ view: 'signals', inspectorOpen: true });
});

function setup() {
  const answers: StoredAnswer[] = [];
  const client = fakeClient({
    'signals.get': () => signal(),
    'watches.list': () => ({ rows: [], asOf: null }),
    'tools.wallet': () => wallet(),
    'tools.history': () => ({ answers }),
    'tools.answer': ({ id }) => answers.find((a) => a.id === id)!,
    'tools.run': () => {
      const a = assessed(answers.length > 0, `tool:${answers.length + 1}`);
      answers.unshift(a);
      return a;
    },
  });
  return { client, answers };
}

describe('Assessment', () => {
  it('is opened from the inspector for the selected signal', async () => {
    const { client } = setup();
    useSelection.getState().select({ kind: 'signal', id: 'ev-1', label: 'Strike on the port' });
    renderWithData(<Inspector />, client);
    await userEvent.click(await screen.findByRole('button', { name: 'Assess…' }));
    expect(useViewState.getState().view).toBe('analyst');
    expect(useAnalystState.getState()).toMatchObject({
      assessEvent: 'ev-1',
      assessLabel: 'Strike on the port',
    });
  });

  it('shows the answer, says a cached one is not charged again, and hands off to Imagery unchanged', async () => {
    const { client } = setup();
    useSelection.getState().select({ kind: 'signal', id: 'ev-1', label: 'Strike on the port' });
    useAnalystState.getState().assessEventOf('ev-1', 'Strike on the port');
    const view = renderWithData(<AnalystView />, client);
    const panel = await screen.findByRole('region', { name: 'Assess an event' });
    expect(within(panel).getByRole('radio', { name: 'Quick (5 tokens)' })).toBeTruthy();
    expect(within(panel).getByRole('radio', { name: 'Deep (15 tokens)' })).toBeTruthy();
    const bar = within(panel).getByRole('region', { name: 'Run assessment' });
    expect((await within(bar).findByTestId('cost-line')).textContent).toMatch(
      /^Costs: 5 tokens · 90 tokens left/,
    );

    await userEvent.click(within(bar).getByRole('button', { name: 'Run assessment' }));
    await waitFor(() => expect(client.calls('tools.run')).toHaveLength(1));
    expect(client.calls('tools.run')[0]).toEqual({
      tool: 'assess',
      params: { eventId: 'ev-1', kind: 'quick' },
    });
    let answer = await screen.findByRole('region', { name: 'Assessment answer' });
    expect(within(answer).getByTestId('assess-charge').textContent).toBe('Charged 5 tokens.');
    expect(answer.textContent).toMatch(
      /Summary\s*Assessment of Strike on the port\s*Observability\s*observable\s*Recommended sensors\s*sentinel-1, sentinel-2/,
    );
    expect(answer.textContent).toMatch('Missing eventTimestamp: time of day not reported');

    // Asked again: the service had it cached.
    await userEvent.click(within(bar).getByRole('button', { name: 'Run assessment' }));
    await waitFor(() =>
      expect(screen.getByTestId('assess-charge').textContent).toBe(
        'The service had this assessment cached: not charged again.',
      ),
    );
    answer = screen.getByRole('region', { name: 'Assessment answer' });
    await userEvent.click(
      within(answer).getByRole('button', { name: 'Search imagery with these parameters' }),
    );
    expect(useViewState.getState().view).toBe('imagery');
    view.unmount();

    // The Imagery view takes the handoff over the selected signal's own parameters.
    renderWithData(<ImageryView />, client);
    const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
    await waitFor(() => expect(value('Event date')).toBe('2026-11-09'));
    expect(value('Box (W,S,E,N)')).toBe('30.6,46.4,30.8,46.6');
    expect(value('Event point (lon,lat)')).toBe('30.71,46.49');
    expect(value('Event AOI (W,S,E,N)')).toBe('30.6,46.4,30.8,46.6');
    expect(value('Event time (ISO 8601)')).toBe('');
    // Still so once the selected signal has been read.
    await waitFor(() => expect(client.calls('signals.get').length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 50));
    expect(value('Event date')).toBe('2026-11-09');
    expect(screen.getByText(/The assessment's imagery handoff/)).toBeTruthy();
  });
});
