// The window's first questions asked before its code is in (renderer/src/data/early-answers.ts):
// what is asked, that the window's own ask takes the answer once, and that a first window asks
// what a first window's map will ask.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  askEarly,
  FIRST_OPENING,
  OPENING_ASKS_KEY,
  rememberOpeningAsks,
  takeEarly,
  withEarlyAnswers,
} from '../../renderer/src/data/early-answers';
import { toSignalFilter } from '../../renderer/src/state/signal-filter';
import { useViewState } from '../../renderer/src/state/view-state';
import type { WatchfloorApi } from '../../shared/contract';

/**
 * A bridge (the desktop app's window.watchfloor) that answers each read with what it was asked;
 * app.info names the profile of the account open, if any.
 */
function bridge(profile: 'main' | null = 'main') {
  const calls: [string, unknown][] = [];
  const answer = (channel: string) => (input: unknown) => {
    calls.push([channel, input]);
    return Promise.resolve({ channel, input, n: calls.length });
  };
  const api = {
    'app.info': (input: unknown) => {
      calls.push(['app.info', input]);
      return Promise.resolve({ profile, mode: 'demo' });
    },
    'signals.points': answer('signals.points'),
    'notes.create': answer('notes.create'),
    on: {},
  };
  return { api, calls };
}

afterEach(() => {
  delete window.watchfloor;
  // Anything asked and not taken goes with the test.
  for (const a of FIRST_OPENING) while (takeEarly(a.channel, a.input));
});

describe('early answers', () => {
  it("a window opened for the first time asks what its map asks first: the app's info and every point", async () => {
    const s = useViewState.getState();
    expect(s.view).toBe('map');
    const points = FIRST_OPENING.find((a) => a.channel === 'signals.points')!;
    for (const profile of ['main', 'alternate'] as const)
      expect(toSignalFilter(s.query, s.filters, profile)).toEqual(points.input);
    const { api, calls } = bridge();
    window.watchfloor = api as unknown as WatchfloorApi;
    askEarly();
    // The points once main says an account is open.
    expect(calls).toEqual([['app.info', {}]]);
    await vi.waitFor(() =>
      expect(calls).toEqual([
        ['app.info', {}],
        ['signals.points', {}],
      ]),
    );
  });

  it('asks no points when no account is open (a first run), and the window asks as usual', async () => {
    const { api, calls } = bridge(null);
    window.watchfloor = api as unknown as WatchfloorApi;
    askEarly();
    const client = withEarlyAnswers(api as unknown as WatchfloorApi);
    expect(await client['app.info']({})).toEqual({ profile: null, mode: 'demo' });
    // The early points were never asked; the window's own ask is asked.
    await client['signals.points']({});
    expect(calls).toEqual([
      ['app.info', {}],
      ['signals.points', {}],
    ]);
  });

  it('asks what the last window remembered, and the same ask takes its answer once', async () => {
    const filter = { categories: ['conflict'], minSeverityBand: 6 };
    rememberOpeningAsks([
      { channel: 'app.info', input: {} },
      { channel: 'signals.points', input: filter },
    ]);
    expect(JSON.parse(localStorage.getItem(OPENING_ASKS_KEY)!)).toHaveLength(2);
    const { api, calls } = bridge();
    window.watchfloor = api as unknown as WatchfloorApi;
    askEarly();
    await vi.waitFor(() => expect(calls.map(([c]) => c)).toEqual(['app.info', 'signals.points']));

    const client = withEarlyAnswers(api as unknown as WatchfloorApi);
    // Another filter is asked as usual; the remembered one is taken, without a second call.
    await client['signals.points']({ minSeverityBand: 6 });
    expect(calls).toHaveLength(3);
    const taken = await client['signals.points']({ categories: ['conflict'], minSeverityBand: 6 });
    expect(taken).toMatchObject({ input: filter, n: 2 });
    expect(calls).toHaveLength(3);
    // Once only: asked again, it is asked.
    await client['signals.points']({ categories: ['conflict'], minSeverityBand: 6 });
    expect(calls).toHaveLength(4);
  });

  it('asks nothing but the two reads, whatever the stored list says', async () => {
    localStorage.setItem(
      OPENING_ASKS_KEY,
      JSON.stringify([{ channel: 'notes.create', input: { text: 'x' } }, { channel: 'app.info' }, 'junk']),
    );
    const { api, calls } = bridge();
    window.watchfloor = api as unknown as WatchfloorApi;
    askEarly();
    localStorage.setItem(OPENING_ASKS_KEY, '{not json');
    askEarly();
    await new Promise((r) => setTimeout(r, 20));
    // app.info is always asked first; nothing else.
    expect(calls).toEqual([
      ['app.info', {}],
      ['app.info', {}],
    ]);
  });

  it('drops an answer not taken within 20 s', () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      const { api } = bridge();
      window.watchfloor = api as unknown as WatchfloorApi;
      askEarly();
      vi.advanceTimersByTime(21_000);
      expect(takeEarly('app.info', {})).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
