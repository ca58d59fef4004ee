// The inspector for an alternate-profile signal: the fields that profile carries are shown as
// they are (a day without an invented hour, the score without a band, the verified place),
// and the main profile's own fields (stage ladder, band, casualties, imagery) are not shown
// as if the service had not known them.
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Result } from '../../shared/contract';
import type { Signal } from '../../shared/service/alternate';
import { Inspector } from '../../renderer/src/app/inspector';
import { useSelection } from '../../renderer/src/state/selection';
import { useViewState } from '../../renderer/src/state/view-state';
import { fakeClient, renderWithData } from './fake-client';

const signal: Signal = {
  id: 1002537,
  event_date: '2026-11-25',
  category: 'natural_disaster',
  title: 'Earthquake felt in Kaohsiung',
  location: 'Kaohsiung',
  country_code: 'TW',
  lat: 22.6668,
  lng: 120.3468,
  geo_verified: true,
  severity_score: 6.5,
  num_mentions: 18,
  num_sources: 2,
  market_impact: [],
  market_note: '',
  collection: { rs_level: 'vhr', rs_sensor: 'optical' },
  intelligence: { satellite_observability: 'not_observable', open_data_sufficiency: 'open-data-sufficient' },
  geo_validation: { search_ready: true },
  quality: { status: 'passed' },
};

const got = (s: Signal): Result<'signals.get'> => ({
  signal: s,
  profile: 'alternate',
  retracted: false,
  resolvedFrom: null,
  mergedIds: [],
  asOf: '2026-11-25T08:30:00Z',
});

const group = (name: string) => screen.getByRole('region', { name });
const fact = (g: HTMLElement, label: string) => within(g).getByText(label).nextElementSibling?.textContent;

beforeEach(() => {
  useViewState.setState({ inspectorOpen: true, view: 'signals' });
  useSelection.getState().select({ kind: 'signal', id: '1002537', label: signal.title!, from: 'Signals' });
});

describe('the signal inspector on the alternate profile', () => {
  it('shows what the record carries and no main-profile field as missing', async () => {
    renderWithData(<Inspector />, fakeClient({ 'signals.get': () => got(signal) }));
    await screen.findByTestId('signal-detail');
    const severe = group('When and how severe');
    expect(fact(severe, 'Occurred')).toBe('2026-11-25');
    expect(fact(severe, 'Severity')).toBe('6.5');
    expect(within(severe).queryByTitle(/Severity band/)).toBeNull();
    expect(fact(group('Place'), 'Place verified')).toBe('yes');
    expect(fact(group('Place'), 'Coordinates')).toBe('22.6668, 120.3468');
    expect(fact(group('Breadth of reporting, not confirmation'), 'Publishers (hosts)')).toBe('2');
    expect(fact(group('Observability'), 'From orbit')).toBe('not observable');
    for (const name of ['Where: the stage ladder', 'Casualties', 'Imagery'])
      expect(screen.queryByRole('region', { name })).toBeNull();
    expect(screen.getByRole('button', { name: 'Show on map' })).toBeTruthy();
  });

  it('places a signal whose place is not search-ready at country level, not as a point', async () => {
    const unplaced = { ...signal, geo_verified: false, geo_validation: { search_ready: false } };
    renderWithData(<Inspector />, fakeClient({ 'signals.get': () => got(unplaced) }));
    await screen.findByTestId('signal-detail');
    expect(fact(group('Place'), 'Place verified')).toBe('no');
    expect(fact(group('Place'), 'Coordinates')).toBe('country level: not drawn as a point');
    expect(screen.queryByRole('button', { name: 'Show on map' })).toBeNull();
  });
});
