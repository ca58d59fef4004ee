// The one Categories filter (ui/category-filter.tsx), as the Map's filter bar and the Signals view
// both show it: every category the cache holds, measured kinds under their own heading, any
// number ticked at once without the list narrowing, closed by Esc (focus back on its button) and
// by a click outside, and one choice shared by both places.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { CategoryFilter } from '../../renderer/src/ui/category-filter';
import { FilterBar } from '../../renderer/src/features/signals/filter-bar';
import { useViewState } from '../../renderer/src/state/view-state';
import { fakeClient, renderWithData } from './fake-client';

const CATEGORIES = [
  { name: 'armed_conflict', measured: false },
  { name: 'civil_unrest', measured: false },
  { name: 'cyclone_exposure', measured: true },
  { name: 'flood', measured: false },
  { name: 'so2_anomaly', measured: true },
  { name: 'thermal_anomaly', measured: true },
];
const client = () => fakeClient({ 'signals.categories': () => ({ categories: CATEGORIES }) });
const button = (scope: HTMLElement = document.body) =>
  within(scope).getByRole('button', { name: /^Categories:/ });
const boxes = (scope: HTMLElement = document.body) =>
  within(scope)
    .getAllByRole('checkbox')
    .map((c) => c.closest('label')!.textContent);

beforeEach(() => useViewState.getState().clearFilters());

describe('the Categories filter', () => {
  it('offers every cached category, measured ones apart, and takes several without narrowing its list', async () => {
    const user = userEvent.setup();
    renderWithData(<CategoryFilter />, client());
    await screen.findByRole('button', { name: 'Categories: any' });
    await user.click(button());
    await waitFor(() => expect(boxes()).toHaveLength(6));
    expect(boxes()).toEqual([
      'armed conflict',
      'civil unrest',
      'flood',
      'cyclone exposure',
      'so2 anomaly',
      'thermal anomaly',
    ]);
    const measured = screen.getByRole('group', { name: 'Measured' });
    expect(within(measured).getAllByRole('checkbox')).toHaveLength(3);

    await user.click(screen.getByRole('checkbox', { name: 'flood' }));
    await user.click(screen.getByRole('checkbox', { name: 'thermal anomaly' }));
    // Still open, still every category.
    expect(boxes()).toHaveLength(6);
    expect(useViewState.getState().filters.categories).toEqual(['flood', 'thermal_anomaly']);
    expect(screen.getByRole('button', { name: 'Categories: flood, thermal anomaly' })).toBe(button());
    // Its face: the name and how many are chosen (the list is for the ear).
    expect(button().querySelector('[aria-hidden="true"]')!.textContent).toBe('Categories· 2▴');
    expect(button().getAttribute('aria-expanded')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Any categories' }));
    expect(useViewState.getState().filters.categories).toEqual([]);
  });

  it('closes on Esc with the focus back on its button, and on a click outside', async () => {
    const user = userEvent.setup();
    renderWithData(
      <>
        <CategoryFilter />
        <p>elsewhere</p>
      </>,
      client(),
    );
    await user.click(button());
    await user.click(await screen.findByRole('checkbox', { name: 'flood' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(document.activeElement).toBe(button());
    expect(button().getAttribute('aria-expanded')).toBe('false');

    await user.click(button());
    expect(screen.getAllByRole('checkbox')).toHaveLength(6);
    await user.click(screen.getByText('elsewhere'));
    expect(screen.queryByRole('checkbox')).toBeNull();
    // The choice made stays.
    expect(useViewState.getState().filters.categories).toEqual(['flood']);
  });

  it('is one choice on the Map’s filter bar and the Signals view', async () => {
    const user = userEvent.setup();
    renderWithData(
      <>
        <section aria-label="Map">
          <FilterBar />
        </section>
        <section aria-label="Signals">
          <FilterBar profile="main" />
        </section>
      </>,
      client(),
    );
    const map = screen.getByRole('region', { name: 'Map' });
    const signals = screen.getByRole('region', { name: 'Signals' });
    await user.click(button(map));
    await user.click(await within(map).findByRole('checkbox', { name: 'so2 anomaly' }));
    await user.click(within(map).getByRole('checkbox', { name: 'armed conflict' }));
    within(signals).getByRole('button', { name: 'Categories: so2 anomaly, armed conflict' });
    await user.click(button(signals));
    expect(within(signals).getByRole('checkbox', { name: 'so2 anomaly' })).toHaveProperty('checked', true);
    expect(boxes(signals)).toHaveLength(6);
    // Opening one closes the other (a click outside it).
    expect(within(map).queryByRole('checkbox')).toBeNull();
  });
});
