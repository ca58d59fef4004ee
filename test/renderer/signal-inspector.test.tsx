// The inspector for a selected signal: every field in its group, the stage ladder with its
// reason, casualties that are not known saying "unknown" (never 0), reporting breadth labelled
// as breadth and not confirmation, retracted and merged banners, and the thread with world
// reports and measurements told apart, sources by host, links opened outside the window.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Result } from '../../shared/contract';
import type { Signal, Thread } from '../../shared/service/main';
import { Inspector } from '../../renderer/src/app/inspector';
import { useSelection } from '../../renderer/src/state/selection';
import { useViewState } from '../../renderer/src/state/view-state';
import { fakeClient, renderWithData } from './fake-client';

const signal: Signal = {
  id: 'ev-1',
  title: 'Strike on a substation near Kharkiv',
  category: 'armed_conflict',
  occurred_at: '2026-11-01T04:20:00Z',
  location: 'Kharkiv',
  country: 'Ukraine',
  country_code: 'UA',
  lat: 49.99,
  lng: 36.23,
  plottable: true,
  stage: 'localized',
  stage_reason: 'no_finer_place_named',
  severity_band: 6,
  severity_score: 6.2,
  casualties: { killed: null, injured: 3, basis: 'officials', disputed: true, not_counted: ['military'] },
  reporting: { member_count: 9, distinct_hosts: 5 },
  collection: { level: 'gsd_3m', sensor: 'optical', niirs: 5, aoi: [36.2, 49.9, 36.3, 50.0], gap: null },
  imagery: { post_status: 'available', sar_pair_status: null, latest_scene_date: '2026-11-01' },
  market_impact: ['natural_gas'],
  quality: { status: 'passed', score: 0.8 },
};

const thread: Thread = {
  canonical_event: { event_id: 'ev-1', title: 'Strike on a substation near Kharkiv' },
  timeline: [
    {
      at: '2026-11-01T05:00:00Z',
      axis: 'stage',
      source: 'world',
      previous_state: 'reported',
      current_state: 'localized',
      basis: 'named_town',
      notable: true,
    },
    {
      at: '2026-11-01T09:00:00Z',
      axis: 'nightlight',
      source: 'measurement',
      previous_state: 'normal',
      current_state: 'below_half',
      basis: null,
      notable: false,
    },
  ],
  sources: [
    {
      host: 'news.example',
      source_name: 'Example News',
      documents: [{ url: 'https://news.example/a', title: 'First report' }],
    },
    {
      host: 'news.example',
      source_name: 'Example News',
      documents: [{ url: 'https://news.example/b', title: 'Update' }],
    },
    { host: 'wire.example', documents: [{ url: 'https://wire.example/x', title: 'Wire' }] },
  ],
};

const got = (
  over: Partial<Omit<Extract<Result<'signals.get'>, { profile: 'main' }>, 'profile'>> = {},
): Result<'signals.get'> => ({
  signal,
  profile: 'main',
  retracted: false,
  resolvedFrom: null,
  mergedIds: [],
  asOf: '2026-11-01T10:00:00Z',
  ...over,
});

const group = (name: string) => screen.getByRole('region', { name });
const fact = (g: HTMLElement, label: string) => within(g).getByText(label).nextElementSibling?.textContent;

beforeAll(() => {
  // happy-dom has no modal dialogs: showModal opens it in place.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
});
beforeEach(() => {
  useViewState.setState({ inspectorOpen: true, view: 'signals' });
  useSelection.getState().select({ kind: 'signal', id: 'ev-1', label: signal.title!, from: 'Signals' });
});

describe('the signal inspector', () => {
  it('labels every field in words (NIIRS, area of interest) and keeps the record as sent under a label', async () => {
    renderWithData(<Inspector />, fakeClient({ 'signals.get': () => got() }));
    await screen.findByTestId('signal-detail');
    const collection = group('Collection');
    expect([...collection.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual([
      'Resolution class',
      'Sensor',
      'NIIRS',
      'Area of interest',
      'Collection gap',
    ]);
    expect(fact(collection, 'Resolution class')).toBe('gsd 3m');
    expect(fact(collection, 'Area of interest')).toBe('36.2, 49.9, 36.3, 50');
    expect(fact(collection, 'Collection gap')).toBe('unknown');
    const raw = screen.getByTestId('raw-record');
    expect(raw.querySelector('summary')!.textContent).toBe('The record as the service sent it (raw)');
    expect(JSON.parse(raw.querySelector('pre')!.textContent!)).toEqual(signal);
  });

  it('shows every group; an unknown casualty count says unknown, never 0', async () => {
    renderWithData(<Inspector />, fakeClient({ 'signals.get': () => got() }));
    await screen.findByTestId('signal-detail');
    const cas = group('Casualties');
    expect(fact(cas, 'Killed')).toBe('unknown');
    expect(fact(cas, 'Injured')).toBe('3');
    expect(fact(cas, 'Disputed')).toBe('disputed');
    expect(fact(cas, 'Basis')).toBe('officials');
    expect(fact(cas, 'Not counted')).toBe('military');

    const ladder = within(group('Where: the stage ladder'));
    expect(ladder.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'reported',
      'localized',
      'pinpointed',
    ]);
    expect(ladder.getByRole('listitem', { current: 'step' }).textContent).toBe('localized');
    expect(ladder.getByText('no finer place named')).toBeTruthy();

    const breadth = group('Breadth of reporting, not confirmation');
    expect(breadth.textContent).toMatch(/not independent confirmation/);
    expect(fact(breadth, 'Publishers (hosts)')).toBe('5');
    for (const g of ['Collection', 'Imagery', 'Markets', 'Quality']) expect(group(g)).toBeTruthy();
    expect(fact(group('Markets'), 'Market impact')).toBe('natural gas');
    expect(screen.getByText(/as of 2026-11-01 10:00 UTC/)).toBeTruthy();
    expect(screen.queryByText('RETRACTED')).toBeNull();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Show on map' }));
    expect(useViewState.getState().view).toBe('map');
  });

  it('names a country-level signal’s country once: "Yemen", never "Yemen, Yemen" (issue 23)', async () => {
    const countryLevel: Signal = {
      ...signal,
      location: 'Yemen',
      country: 'Yemen',
      country_code: 'YE',
      stage: 'reported',
      plottable: false,
    };
    renderWithData(<Inspector />, fakeClient({ 'signals.get': () => got({ signal: countryLevel }) }));
    await screen.findByTestId('signal-detail');
    const term = within(group('Place')).getByText('Place', { selector: 'dt' });
    expect(term.nextElementSibling?.textContent).toBe('Yemen');
  });

  it('says when both casualty counts are unknown, and when the signal was retracted or merged', async () => {
    renderWithData(
      <Inspector />,
      fakeClient({
        'signals.get': () =>
          got({
            signal: { ...signal, casualties: null },
            retracted: true,
            resolvedFrom: 'ev-0',
            mergedIds: ['ev-0'],
          }),
      }),
    );
    await screen.findByTestId('signal-detail');
    expect(fact(group('Casualties'), 'Killed')).toBe('unknown');
    expect(fact(group('Casualties'), 'Injured')).toBe('unknown');
    expect(screen.getByRole('alert').textContent).toMatch(/RETRACTED/);
    expect(screen.getByText('MERGED').parentElement!.textContent).toMatch(/ev-0 was folded into this event/);
  });

  it('says so when the signal is not in the cache', async () => {
    renderWithData(
      <Inspector />,
      fakeClient({
        'signals.get': () => {
          throw new Error('ev-1 is not in the cache');
        },
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toMatch(/not in the cache/);
  });

  it('opens the thread: world and measurement apart, notable marked, sources by host, links outside', async () => {
    const user = userEvent.setup();
    const client = fakeClient({
      'signals.get': () => got(),
      'events.thread': () => ({
        profile: 'main',
        thread,
        fromCache: true,
        note: null,
        asOf: '2026-11-01T10:00:00Z',
      }),
      'external.open': () => ({ opened: true }),
    });
    renderWithData(<Inspector />, client);
    await user.click(await screen.findByRole('button', { name: 'Thread' }));
    const dialog = await screen.findByTestId('thread');
    await within(dialog).findByText(/Timeline/);
    const entries = within(dialog)
      .getAllByRole('listitem')
      .filter((li) => li.className.includes('tl-entry'));
    expect(entries).toHaveLength(2);
    expect(entries[0]!.textContent).toMatch(/WORLD/);
    expect(entries[0]!.textContent).toMatch(/reported → localized/);
    expect(entries[0]!.textContent).toMatch(/basis: named town/);
    expect(entries[0]!.textContent).toMatch(/notable/);
    expect(entries[1]!.textContent).toMatch(/MEASUREMENT/);
    expect(entries[1]!.textContent).not.toMatch(/notable/);
    expect(entries[0]!.className).not.toBe(entries[1]!.className);

    const hosts = within(dialog).getByText('news.example').closest('li')!;
    expect(
      within(hosts)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['First report ↗', 'Update ↗']);
    await user.click(within(hosts).getByRole('button', { name: /Update/ }));
    await waitFor(() => expect(client.calls('external.open')).toEqual([{ url: 'https://news.example/b' }]));
    expect(within(dialog).queryByRole('link')).toBeNull();
  });
});
