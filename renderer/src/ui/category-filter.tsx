// The one Categories filter of the signals, on the Map's filter bar and the Signals view alike:
// every category the cache holds (signals.categories: reported ones, then the measured kinds
// under their own heading), whatever the current filter matches, so a ticked category never
// hides the others; the choice is the one kept in the view state, shared by both views.
import { useSignalCategories } from '../data';
import { useViewState } from '../state/view-state';
import { ChoiceMenu, type ChoiceGroup } from './choice-menu';

export function CategoryFilter() {
  const cached = useSignalCategories().data?.categories;
  const chosen = useViewState((s) => s.filters.categories);
  const setFilters = useViewState((s) => s.setFilters);
  const known = new Set(cached?.map((c) => c.name));
  // A category chosen before (kept across restarts) but no longer cached is still offered, to untick.
  const reported = [
    ...(cached ?? []).filter((c) => !c.measured).map((c) => c.name),
    ...chosen.filter((c) => !known.has(c)),
  ].sort();
  const measured = (cached ?? []).filter((c) => c.measured).map((c) => c.name);
  const groups: ChoiceGroup<string>[] = [{ options: reported }, { title: 'Measured', options: measured }];
  return (
    <ChoiceMenu
      name="Categories"
      testId="category-filter"
      groups={groups}
      chosen={chosen}
      onChange={(categories) => setFilters({ categories })}
      empty={cached ? 'None in the cache yet.' : 'Reading the categories…'}
    />
  );
}
