// The Passes view as an analyst checks it: the place follows the selected signal's point; the
// timeline keeps optical and SAR families apart and tells sunlit from night passes; a family
// without elements reads "timing unavailable", not "no passes"; a pass more than 3 days from
// its elements is marked stale (3 days itself is not); a window past 7 days shows how it was
// narrowed; the table sorts; choosing a pass selects it; a corrupt element file's refusal is
// shown as main worded it; the main profile says it has no watches. "Ask the service" sends the
// same place and window to GET /passes (cost first, confirmed above the threshold), shows its
// passes in their own table labelled as the service's answer with the charge and the clamp,
// and a stored answer for another place, read offline, says it is not the prediction's question.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type {
  AppInfo,
  ElementsStatus,
  Input,
  PassesPredictResult,
  PassFamily,
  PassRow,
  StoredAnswerOf,
  ToolsWallet,
} from '../../shared/contract';
import { PassesView } from '../../renderer/src/features/passes/passes-view';
import { usePassesState } from '../../renderer/src/features/passes/passes-state';
import { useSelection } from '../../renderer/src/state/selection';
import { DEMO_INFO, fakeClient, renderWithData } from './fake-client';

const ALT: AppInfo = { ...DEMO_INFO, profile: 'alternate' };

const family = (key: PassFamily['key'], sensor: 'optical' | 'sar', satellites = 3): PassFamily => ({
  key,
  label: `${key} label`,
  sensor,
  collectionMode: 'systematic',
  offNadirDeg: { min: 0, max: sensor === 'sar' ? 40 : 10 },
  satellites,
});

const pass = (over: Partial<PassRow>): PassRow => ({
  satellite: 'SENTINEL-2A',
  norad_id: 40697,
  family_key: 'sentinel-2',
  sensor: 'optical',
  collection_mode: 'systematic',
  peak: '2026-11-25T09:10:00Z',
  off_nadir_deg: 4.2,
  elevation_deg: 80.1,
  direction: 'descending',
  sunlit: true,
  tle_age_days: 1.2,
  is_past: false,
  ...over,
});

const PASSES = [
  pass({}),
  pass({
    satellite: 'SENTINEL-2B',
    norad_id: 42063,
    peak: '2026-11-25T21:40:00Z',
    sunlit: false,
    off_nadir_deg: 8,
  }),
  pass({
    satellite: 'ICEYE-X2',
    norad_id: 43800,
    family_key: 'iceye',
    sensor: 'sar',
    collection_mode: 'taskable',
    peak: '2026-11-26T03:00:00Z',
    off_nadir_deg: 22,
    elevation_deg: 50,
    sunlit: false,
  }),
];

function predicted(over: Partial<PassesPredictResult> = {}): PassesPredictResult {
  return {
    target: { lat: 50.45, lon: 30.52 },
    window: { start: '2026-11-25', end: '2026-11-27' },
    windowClamp: null,
    families: [family('sentinel-2', 'optical'), family('iceye', 'sar'), family('umbra', 'sar', 0)],
    unknownFamilies: [],
    familiesWithoutElements: ['umbra'],
    passes: PASSES,
    passesFound: PASSES.length,
    limit: 2000,
    freshness: { maxTleAgeDays: 1.2, stale: false, staleAfterDays: 3 },
    retrievalOk: false,
    failures: [],
    note: 'Systematic passes are geometric predictions from orbital elements.',
    attribution: 'Orbital elements: the local cache.',
    generatedAt: '2026-11-25T08:00:00Z',
    ...over,
  };
}

const STATUS: ElementsStatus = {
  satellites: 6,
  sets: 6,
  newestEpoch: '2026-11-24T12:00:00Z',
  oldestEpoch: '2026-11-23T12:00:00Z',
  sources: [{ source: 'file:resource.tle', sets: 6, fetchedAt: '2026-11-24T13:00:00Z' }],
  refresh: null,
  families: [family('sentinel-2', 'optical'), family('iceye', 'sar')],
};

const WALLET: ToolsWallet = {
  remaining: 98,
  remainingAsOf: '2026-11-25T07:00:00Z',
  spentToday: 0,
  toolsSpentToday: 0,
  confirmAbove: 10,
};

const SIGNAL = {
  signal: { id: 'ev-1', title: 'Fire near the port', lat: 50.45, lng: 30.52 },
  profile: 'main' as const,
  retracted: false,
  resolvedFrom: null,
  mergedIds: [],
  asOf: null,
};

function client(
  predict: (i: Input<'passes.predict'>) => PassesPredictResult = () => predicted(),
  info = DEMO_INFO,
) {
  return fakeClient({
    'app.info': () => info,
    'signals.get': () => SIGNAL as never,
    'passes.predict': predict,
    'elements.status': () => STATUS,
    'watches.list': () => ({ rows: [], asOf: null }),
    'tools.wallet': () => WALLET,
    'tools.history': () => ({ answers: [] }),
    'passes.soonest': () => ({
      window: { start: '2026-11-25T08:00:00Z', end: '2026-11-27T08:00:00Z' },
      places: [],
      familiesWithoutElements: [],
      maxTleAgeDays: null,
      stale: false,
    }),
  });
}

beforeEach(() => {
  usePassesState.setState({ target: null, startDate: null, days: 3, chosen: null, adopted: null });
  useSelection.getState().clear();
});

describe('Passes view', () => {
  it('asks for the passes over the selected signal’s point', async () => {
    const c = client();
    useSelection.getState().select({ kind: 'signal', id: 'ev-1', label: 'Fire near the port' });
    renderWithData(<PassesView />, c);
    expect(await screen.findByText('Signal: Fire near the port')).toBeTruthy();
    await waitFor(() => expect(c.calls('passes.predict').length).toBeGreaterThan(0));
    expect(c.calls('passes.predict').at(-1)).toMatchObject({ lat: 50.45, lon: 30.52 });
  });

  it('groups the timeline into optical and SAR families, sunlit apart from night', async () => {
    usePassesState.getState().setTarget({ lat: 50.45, lon: 30.52, label: 'Typed place', from: null });
    renderWithData(<PassesView />, client());
    const optical = await screen.findByRole('region', { name: 'Optical' });
    const sar = screen.getByRole('region', { name: 'SAR (radar: day and night)' });
    expect(
      within(optical).getByRole('img', { name: 'sentinel-2 label: 2 passes, 1 sunlit, 1 at night' }),
    ).toBeTruthy();
    expect(within(optical).queryByRole('button', { name: 'iceye' })).toBeNull();
    expect(
      within(sar).getByRole('img', { name: 'iceye label: 1 passes, 0 sunlit, 1 at night' }),
    ).toBeTruthy();
    // No elements for umbra: its timing is unknown, never "0 passes".
    expect(within(sar).getByText(/no elements: timing unavailable/)).toBeTruthy();
    expect(within(sar).queryByRole('img', { name: /umbra label/ })).toBeNull();
    expect(screen.getByText(/No usable elements for umbra/)).toBeTruthy();
  });

  it('warns of stale elements above 3 days from the pass, not at 3 days', async () => {
    usePassesState.getState().setTarget({ lat: 50.45, lon: 30.52, label: 'Typed place', from: null });
    const atThree = PASSES.map((p) => ({ ...p, tle_age_days: 3 }));
    const c = client(() =>
      predicted({ passes: atThree, freshness: { maxTleAgeDays: 3, stale: false, staleAfterDays: 3 } }),
    );
    const view = renderWithData(<PassesView />, c);
    await screen.findByRole('table', { name: 'Passes' });
    expect(screen.queryByTestId('passes-stale')).toBeNull();
    expect(screen.queryByText('STALE')).toBeNull();
    view.unmount();

    const older = PASSES.map((p, i) => ({ ...p, tle_age_days: i === 2 ? 3.4 : 2.5 }));
    const c2 = client(() =>
      predicted({ passes: older, freshness: { maxTleAgeDays: 3.4, stale: true, staleAfterDays: 3 } }),
    );
    renderWithData(<PassesView />, c2);
    const warning = await screen.findByTestId('passes-stale');
    expect(warning.textContent).toMatch(/STALE ELEMENTS/);
    expect(warning.textContent).toMatch(/1 of 3 passes are over 3 days/);
    const rows = screen.getAllByTestId('pass-row');
    const staleRows = rows.filter((r) => within(r).queryByText('STALE'));
    expect(staleRows).toHaveLength(1);
    expect(within(staleRows[0]!).getByText('ICEYE-X2')).toBeTruthy();
  });

  it('shows how a window past 7 days was narrowed', async () => {
    usePassesState.getState().setTarget({ lat: 50.45, lon: 30.52, label: 'Typed place', from: null });
    const c = client((i) =>
      predicted(
        i.endDate && i.endDate > '2026-12-02'
          ? {
              window: { start: '2026-11-25', end: '2026-12-02' },
              windowClamp: {
                requested: { start_date: '2026-11-25', end_date: i.endDate },
                applied: { start_date: '2026-11-25', end_date: '2026-12-02' },
                reason: 'end_date is capped to a 7-day horizon',
              },
            }
          : {},
      ),
    );
    usePassesState.getState().setWindow({ startDate: '2026-11-25', days: 10 });
    renderWithData(<PassesView />, c);
    const clamp = await screen.findByTestId('passes-clamp');
    expect(clamp.textContent).toMatch(/CLAMPED/);
    expect(clamp.textContent).toMatch(
      /asked 2026-11-25 to 2026-12-04, searched to 2026-12-02: capped to 7 days/,
    );
    expect(c.calls('passes.predict').at(-1)).toMatchObject({
      startDate: '2026-11-25',
      endDate: '2026-12-04',
    });
  });

  it('sorts the table and selects a chosen pass everywhere', async () => {
    usePassesState.getState().setTarget({ lat: 50.45, lon: 30.52, label: 'Typed place', from: null });
    const user = userEvent.setup();
    renderWithData(<PassesView />, client());
    const table = await screen.findByRole('table', { name: 'Passes' });
    const names = () =>
      within(table)
        .getAllByTestId('pass-row')
        .map((r) => r.children[1]!.textContent);
    expect(names()).toEqual(['SENTINEL-2A', 'SENTINEL-2B', 'ICEYE-X2']);
    await user.click(within(table).getByRole('button', { name: /Off-nadir/ }));
    expect(names()).toEqual(['SENTINEL-2A', 'SENTINEL-2B', 'ICEYE-X2']);
    await user.click(within(table).getByRole('button', { name: /Off-nadir/ }));
    expect(names()).toEqual(['ICEYE-X2', 'SENTINEL-2B', 'SENTINEL-2A']);
    await user.click(within(table).getByText('ICEYE-X2'));
    expect(useSelection.getState().selection).toMatchObject({
      kind: 'pass',
      id: '43800@2026-11-26T03:00:00Z',
    });
    expect(usePassesState.getState().chosen?.target).toEqual({ lat: 50.45, lon: 30.52 });
    expect(screen.getByRole('button', { name: 'Show track on map' })).toBeTruthy();
  });

  it('starts the table at now: the passes already past are apart, closed, and said why', async () => {
    usePassesState.getState().setTarget({ lat: 50.45, lon: 30.52, label: 'Typed place', from: null });
    const user = userEvent.setup();
    const early = pass({
      satellite: 'SENTINEL-2C',
      norad_id: 60989,
      peak: '2026-11-25T01:00:00Z',
      is_past: true,
    });
    renderWithData(
      <PassesView />,
      client(() => predicted({ passes: [early, ...PASSES], passesFound: 4 })),
    );
    const table = await screen.findByRole('table', { name: 'Passes' });
    expect(
      within(table)
        .getAllByTestId('pass-row')
        .map((r) => r.children[1]!.textContent),
    ).toEqual(['SENTINEL-2A', 'SENTINEL-2B', 'ICEYE-X2']);
    expect(screen.getByTestId('passes-count').textContent).toMatch(
      /3 to come, 1 already past \(listed apart\)/,
    );
    const past = screen.getByTestId('passes-past');
    expect(past.hasAttribute('open')).toBe(false);
    expect(past.querySelector('summary')!.textContent).toBe('Already past: 1 pass earlier in the window');
    await user.click(past.querySelector('summary')!);
    expect(past.textContent).toContain(
      'The window starts at 2026-11-25 00:00 UTC, its first whole UTC day, as the service’s windows do; these passes peaked before 2026-11-25 08:00 UTC',
    );
    const gone = within(past).getByRole('table', { name: 'Already past' });
    expect(
      within(gone)
        .getAllByTestId('pass-row')
        .map((r) => r.children[1]!.textContent),
    ).toEqual(['SENTINEL-2C']);
    // The timeline shades the window's past and names it in each line's summary.
    expect(
      screen.getByRole('img', { name: 'sentinel-2 label: 3 passes, 2 sunlit, 1 at night; 1 already past' }),
    ).toBeTruthy();
  });

  it('shows a corrupt element file’s refusal and what was wrong', async () => {
    const c = client();
    c.answer({
      'elements.import': () => {
        throw new Error(
          'bad.tle: 1 of 41 element sets are corrupt (lines 1-3 (NORAD 39634): line 2 checksum is 3, expected 4); nothing was imported.',
        );
      },
    });
    const user = userEvent.setup();
    renderWithData(<PassesView />, c);
    const input = await screen.findByLabelText('Import an element file (TLE, 3LE or OMM)');
    await user.upload(input, new File(['1 25544U ...'], 'bad.tle', { type: 'text/plain' }));
    const alert = await screen.findByText(/Not imported:/);
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toMatch(/line 2 checksum is 3, expected 4\); nothing was imported/);
    expect(c.calls('elements.import')).toEqual([{ name: 'bad.tle', text: '1 25544U ...' }]);
  });

  it('imports an element file dropped anywhere on the window', async () => {
    const c = client();
    renderWithData(<PassesView />, c);
    await screen.findByLabelText('Import an element file (TLE, 3LE or OMM)');
    const file = new File(['[{"OBJECT_NAME":"X"}]'], 'gp.json', { type: 'application/json' });
    const dragged = (type: string) =>
      Object.assign(new Event(type, { bubbles: true, cancelable: true }), {
        dataTransfer: { types: ['Files'], files: [file] },
      });
    const over = dragged('dragover');
    act(() => void window.dispatchEvent(over));
    expect(over.defaultPrevented).toBe(true); // the window takes the drop instead of opening the file
    act(() => void window.dispatchEvent(dragged('drop')));
    await waitFor(() =>
      expect(c.calls('elements.import')).toEqual([{ name: 'gp.json', text: '[{"OBJECT_NAME":"X"}]' }]),
    );
  });

  it('says the main profile has no watches, and lists the soonest passes over the alternate’s', async () => {
    const view = renderWithData(<PassesView />, client());
    expect(await screen.findByText('This service (main profile) has no watches.')).toBeTruthy();
    view.unmount();

    const c = client(undefined, ALT);
    c.answer({
      'watches.list': () => ({
        rows: [
          {
            id: 'w1',
            pending: false,
            record: { id: 'w1', name: 'Port area', area: { bbox: [30, 50, 31, 51] } },
          },
        ],
        asOf: null,
      }),
      'passes.soonest': (i) => ({
        window: { start: '2026-11-25T08:00:00Z', end: '2026-11-27T08:00:00Z' },
        places: i.places.map((p) => ({ ...p, optical: PASSES[0]!, sar: null })),
        familiesWithoutElements: [],
        maxTleAgeDays: 1,
        stale: false,
      }),
    });
    renderWithData(<PassesView />, c);
    const table = await screen.findByRole('table', { name: 'Soonest passes over my watches' });
    const row = within(table).getByTestId('soonest-row');
    expect(within(row).getByText('Port area')).toBeTruthy();
    expect(within(row).getByText(/SENTINEL-2A/)).toBeTruthy();
    expect(within(row).getByText('none in 48 h')).toBeTruthy();
    expect(c.calls('passes.soonest').at(-1)).toEqual({
      places: [{ id: 'w1', lat: 50.5, lon: 30.5 }],
      hours: 48,
    });
  });
});

type ServiceAnswer = StoredAnswerOf<'passes'>;
const servicePass = (satellite: string, peak: string, family_key = 'sentinel-1') => ({
  satellite,
  family_key,
  sensor: family_key === 'sentinel-1' ? 'sar' : 'optical',
  collection_mode: 'systematic',
  peak,
  off_nadir_deg: 12.5,
  direction: 'ascending',
  sunlit: false,
  tle_age_days: 0.8,
  is_past: false,
});

/** The answer the service gives a request: its window capped to 7 days, as the demo's is. */
function serviceAnswer(request: ServiceAnswer['request'], over: Partial<ServiceAnswer> = {}): ServiceAnswer {
  const start = request.start_date ?? '2026-11-25';
  const cap = new Date(Date.parse(`${start}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
  const end = request.end_date && request.end_date < cap ? request.end_date : cap;
  const narrowed = !!request.end_date && end < request.end_date;
  return {
    id: 'tool:p1',
    tool: 'passes',
    profile: 'main',
    demo: true,
    request,
    askedAt: '2026-11-25T08:00:00Z',
    answeredAt: '2026-11-25T08:00:01Z',
    status: 'done',
    answer: {
      meta: { target: { lat: request.lat, lon: request.lon }, window: { start, end } },
      passes: [
        servicePass('SENTINEL-1A', '2026-11-25T16:20:00Z'),
        servicePass('LANDSAT-9', '2026-11-26T08:05:00Z', 'landsat'),
      ],
      freshness: { max_tle_age_days: 3, stale: false },
      retrieval_ok: true,
      note: 'Systematic passes are geometric predictions from orbital elements, not a scheduled acquisition.',
      attribution: 'demo orbital elements',
    },
    charged: 2,
    remaining: 96,
    clamps: narrowed
      ? [
          {
            stream: 'passes',
            kind: 'window_clamp',
            detail: {
              requested: { start_date: start, end_date: request.end_date! },
              applied: { start_date: start, end_date: end },
            },
            requiredPlans: null,
            wording: `the service narrowed the time window: asked to ${request.end_date}, searched to ${end}`,
          },
        ]
      : [],
    planLock: null,
    withheld: null,
    error: null,
    job: null,
    ...over,
  };
}

describe('Passes view: ask the service', () => {
  beforeEach(() => {
    usePassesState.setState({ serviceId: null, serviceMax: 40 });
    usePassesState.getState().setTarget({ lat: 50.45, lon: 30.52, label: 'Typed place', from: null });
    usePassesState.getState().setWindow({ startDate: '2026-11-25', days: 10 });
  });

  function withService(wallet: ToolsWallet = WALLET) {
    const answers: ServiceAnswer[] = [];
    const c = client();
    c.answer({
      'tools.wallet': () => wallet,
      'tools.history': () => ({ answers }),
      'tools.answer': ({ id }) => answers.find((a) => a.id === id)!,
      'tools.run': (input) => {
        const a = serviceAnswer(input.params as ServiceAnswer['request'], {
          id: `tool:${answers.length + 1}`,
        });
        answers.unshift(a);
        return a;
      },
    });
    return { c, answers };
  }

  it('asks for the same place and window, shows the charge and the service’s passes apart, clamp marked', async () => {
    const { c } = withService();
    const user = userEvent.setup();
    renderWithData(<PassesView />, c);
    const section = await screen.findByRole('region', { name: 'Ask the service (2 tokens)' });
    const bar = await within(section).findByRole('region', { name: 'Run service pass search' });
    expect((await within(bar).findByTestId('cost-line')).textContent).toMatch(
      /^Costs: 2 tokens · 98 tokens left \(as of 2026-11-25 07:00 UTC\)/,
    );
    const run = within(bar).getByRole('button', { name: 'Run service pass search' });
    await waitFor(() => expect((run as HTMLButtonElement).disabled).toBe(false));
    await user.click(run);
    await waitFor(() => expect(c.calls('tools.run')).toHaveLength(1));
    // 2 tokens is under the threshold of 10: sent without asking.
    expect(c.calls('tools.run')[0]).toEqual({
      tool: 'passes',
      params: { lat: 50.45, lon: 30.52, start_date: '2026-11-25', end_date: '2026-12-04', max_passes: 40 },
    });

    const answer = await within(section).findByRole('region', { name: 'The service’s passes' });
    expect(within(answer).getByRole('heading').textContent).toBe(
      'The service’s answer (GET /passes), as of 2026-11-25 08:00 UTC',
    );
    expect(within(bar).getByTestId('run-outcome').textContent).toMatch(/^Charged 2 tokens · 96 left/);
    expect(within(answer).getByTestId('service-passes-charged').textContent).toMatch('charged 2 tokens');
    // The 10 days asked were searched as 7: marked where the answer is shown.
    expect(within(answer).getByTestId('clamp-banner').textContent).toMatch(
      /window_clamp.*asked to 2026-12-04, searched to 2026-12-02/,
    );
    expect(within(answer).getByTestId('service-passes-window').textContent).toMatch(
      /2 passes from the service · searched 2026-11-25 to 2026-12-02.*CLAMPED.*asked to 2026-12-04, searched to 2026-12-02/,
    );
    // Same question as the prediction: no warning that it differs.
    expect(within(answer).queryByTestId('service-passes-differs')).toBeNull();

    // Two tables, each with its own rows: the service's passes never join the prediction's.
    const service = within(answer).getByRole('table', { name: 'Service passes' });
    expect(
      within(service)
        .getAllByTestId('service-pass-row')
        .map((r) => r.children[1]!.textContent),
    ).toEqual(['SENTINEL-1A', 'LANDSAT-9']);
    const predictedTable = screen.getByRole('table', { name: 'Passes' });
    expect(
      within(predictedTable)
        .getAllByTestId('pass-row')
        .map((r) => r.children[1]!.textContent),
    ).toEqual(['SENTINEL-2A', 'SENTINEL-2B', 'ICEYE-X2']);
    expect(within(predictedTable).queryByText('SENTINEL-1A')).toBeNull();

    const history = within(section).getByRole('region', { name: 'Service passes history' });
    expect(
      await within(history).findByText(/50.4500, 30.5200 · 2026-11-25 → 2026-12-04 · at most 40/),
    ).toBeTruthy();
  });

  it('asks first when the price is above the threshold; cancel sends nothing', async () => {
    const { c } = withService({ ...WALLET, confirmAbove: 1 });
    const user = userEvent.setup();
    renderWithData(<PassesView />, c);
    const run = await screen.findByRole('button', { name: 'Run service pass search' });
    await waitFor(() => expect((run as HTMLButtonElement).disabled).toBe(false));
    await user.click(run);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm spending tokens' });
    expect(dialog.textContent).toMatch(/service pass search costs 2 tokens.*threshold of 1 token/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(c.calls('tools.run')).toHaveLength(0);
  });

  it('reads a stored answer for another place offline and says it is not the prediction’s question', async () => {
    const elsewhere = serviceAnswer({
      lat: 46.5,
      lon: 30.7,
      start_date: '2026-11-20',
      end_date: '2026-11-22',
    });
    const { c, answers } = withService();
    answers.push(elsewhere);
    const user = userEvent.setup();
    renderWithData(<PassesView />, c);
    const history = await screen.findByRole('region', { name: 'Service passes history' });
    await user.click(
      await within(history).findByRole('button', { name: 'Show the answer asked 2026-11-25 08:00:00 UTC' }),
    );
    const answer = await screen.findByRole('region', { name: 'The service’s passes' });
    expect(within(answer).getByTestId('service-passes-differs').textContent).toBe(
      'Not the prediction’s question: its place is 46.5000, 30.7000, the prediction’s is 50.4500, 30.5200; ' +
        'it asked 2026-11-20 → 2026-11-22, the prediction covers 2026-11-25 → 2026-12-04.',
    );
    // Not narrowed: no clamp.
    expect(within(answer).queryByTestId('clamp-banner')).toBeNull();
    expect(within(answer).getAllByTestId('service-pass-row')).toHaveLength(2);
    expect(c.calls('tools.answer')).toEqual([{ id: 'tool:p1' }]);
    expect(c.calls('tools.run')).toHaveLength(0);
  });
});
