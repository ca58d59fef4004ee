// At launch on the map, the window asks for the map's points before the map's code has loaded;
// the map then finds that answer under the same key and does not ask again. With no account
// yet there are no points to ask for.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SignalPoints } from '../../shared/contract';
import {
  createQueryClient,
  DataProvider,
  prefetchMapOpening,
  useSignalPoints,
} from '../../renderer/src/data';
import { toSignalFilter } from '../../renderer/src/state/signal-filter';
import { fakeClient } from './fake-client';

const points = (n: number) => ({ n }) as unknown as SignalPoints;

function PointsCount({ filter }: { filter: ReturnType<typeof toSignalFilter> }) {
  const answer = useSignalPoints(filter);
  return <p>{answer.data ? `${(answer.data as unknown as { n: number }).n} points` : 'loading'}</p>;
}

const filters = {
  categories: ['unrest', 'armed_conflict'],
  stages: ['localized'],
  minBand: 3,
  markets: [],
  bbox: null,
};

describe('the map opening', () => {
  it('asks for the points of the remembered filters once, before the map asks', async () => {
    const client = fakeClient({ 'signals.points': () => points(42) });
    const qc = createQueryClient();
    await prefetchMapOpening(qc, client.api, (profile) =>
      toSignalFilter('port -drill', filters as never, profile),
    );
    expect(client.calls('signals.points')).toEqual([
      {
        q: 'port -drill',
        categories: ['armed_conflict', 'unrest'],
        stages: ['localized'],
        minSeverityBand: 3,
      },
    ]);
    render(
      <DataProvider client={client.api} queryClient={qc}>
        <PointsCount filter={toSignalFilter('port -drill', filters as never, 'main')} />
      </DataProvider>,
    );
    await screen.findByText('42 points');
    expect(client.calls('signals.points')).toHaveLength(1);
  });

  it('asks for no points before an account is set up', async () => {
    const client = fakeClient({
      'app.info': () => ({
        version: '0',
        mode: 'offline',
        profile: null,
        baseUrl: null,
        dbPath: null,
        transport: 'serve',
        insecureHttp: false,
      }),
    });
    await prefetchMapOpening(createQueryClient(), client.api, (profile) =>
      toSignalFilter('', filters as never, profile),
    );
    expect(client.calls('app.info')).toHaveLength(1);
    expect(client.calls('signals.points')).toHaveLength(0);
  });
});
