// The Claims view (alternate profile): free, said in the cost line; the filters are sent as the
// analyst set them; each claim shows its evidence class, sources and any restatement (what
// changed, a downgrade); a stored answer is shown again from the history.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ToolRunInput } from '../../shared/contract';
import { ClaimsView, saysMore, useClaimsState } from '../../renderer/src/features/claims/claims-view';
import { renderWithData } from './fake-client';
import { storedAnswer, toolsClient } from './tool-answer-fixtures';

beforeEach(() => {
  useClaimsState.setState({
    form: { since: '', evidenceClass: '', restatedOnly: false, downgradedOnly: false, eventId: '' },
    chosenId: null,
  });
});

const answerOf = (input: ToolRunInput) =>
  storedAnswer('claims', input.params as never, {
    claims: [
      {
        claim_id: 'c-12',
        text: 'Strike on the depot: 3 killed',
        evidence_class: 'CONFIRMED',
        independent_source_count: 3,
        restated_by: { claim_id: 'c-12-r', evidence_class: 'REPORTED', what_changed: 'evidence weakened' },
      },
    ],
    counts: { total: 1, by_evidence_class: { CONFIRMED: 1 }, restated: 1, downgraded: 1 },
    summary: '1 claims',
  });

describe('Claims view', () => {
  it('says the main profile’s service has none', async () => {
    const { client } = toolsClient(answerOf, { profile: 'main' });
    renderWithData(<ClaimsView />, client);
    expect(await screen.findByText('This service has no claims')).toBeTruthy();
  });

  it('sends the filters for free and shows each claim’s class, sources and downgrade', async () => {
    const { client } = toolsClient(answerOf);
    renderWithData(<ClaimsView />, client);
    await userEvent.type(await screen.findByLabelText('Since'), '2026-11-01');
    await userEvent.type(screen.getByLabelText('Evidence class'), 'CONFIRMED');
    await userEvent.click(screen.getByLabelText('Downgraded only'));
    await userEvent.type(screen.getByLabelText('Event id'), '12');
    const bar = screen.getByRole('region', { name: 'Run claims' });
    expect((await within(bar).findByTestId('cost-line')).textContent).toMatch(/^Costs: free · /);
    const run = within(bar).getByRole('button', { name: 'Run claims' }) as HTMLButtonElement;
    await waitFor(() => expect(run.disabled).toBe(false));
    await userEvent.click(run);
    await waitFor(() => expect(client.calls('tools.run')).toHaveLength(1));
    expect(client.calls('tools.run')[0]).toEqual({
      tool: 'claims',
      params: { since: '2026-11-01', evidence_class: 'CONFIRMED', downgraded_only: true, event_id: 12 },
    });
    const table = await screen.findByRole('table', { name: 'Claims' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toMatch(
      /Strike on the depot: 3 killed.*CONFIRMED3CONFIRMED → REPORTED: evidence weakened/,
    );
    expect(screen.getByTestId('claims-counts').textContent).toMatch(/CONFIRMED1.*Restated1.*Downgraded1/);
    // The service's summary only restates the count: said once ("1 claim", not "1 claims — 1 claims").
    expect(screen.getByTestId('claims-answer').querySelector('p')!.textContent).toBe('1 claim');
    const history = screen.getByRole('region', { name: 'Claims history' });
    expect(
      await within(history).findByText(/since 2026-11-01 · CONFIRMED · downgraded only · event 12/),
    ).toBeTruthy();
  });

  it('refuses an event id that is not a whole number', async () => {
    const { client } = toolsClient(answerOf);
    useClaimsState.getState().set({ eventId: 'abc' });
    renderWithData(<ClaimsView />, client);
    expect(await screen.findByText(/The event id is a whole number/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Run claims' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('the service’s summary beside the count', () => {
  it('is shown when it says more than the count', () => {
    expect(saysMore('50 claims', 50)).toBe(false);
    expect(saysMore('1,250 claims.', 1250)).toBe(false);
    expect(saysMore('', 3)).toBe(false);
    expect(saysMore('50 claims, 8 restated since Monday', 50)).toBe(true);
  });
});
