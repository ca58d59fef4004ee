// The signal filters, shared by the Signals table and the map: categories (ui/category-filter:
// every category the cache holds), stages, a minimum severity band and markets. A change
// applies at once and is remembered across restarts.
// The alternate profile's records have no stage and no band: there the stage pills are not
// offered, and the minimum is of the 0–10 severity score the records do carry.
import type { Profile } from '../../../../shared/contract';
import { MARKETS, STAGES, type Stage } from '../../../../shared/service/values';
import { useAppInfo } from '../../data';
import { MIN_BANDS, useViewState } from '../../state/view-state';
import { activeFilterCount } from '../../state/signal-filter';
import { CategoryFilter } from '../../ui/category-filter';
import { ChoiceMenu } from '../../ui/choice-menu';
import { toggled } from '../../ui/pills';

/** `profile`: whose fields to filter on; by default the app's (the map passes none). */
export function FilterBar({ profile }: { profile?: Profile }) {
  const appProfile = useAppInfo().data?.profile;
  const main = (profile ?? appProfile) !== 'alternate';
  const filters = useViewState((s) => s.filters);
  const setFilters = useViewState((s) => s.setFilters);
  const clearFilters = useViewState((s) => s.clearFilters);
  const query = useViewState((s) => s.query);
  const setQuery = useViewState((s) => s.setQuery);
  const active = activeFilterCount(filters, main ? 'main' : 'alternate');
  return (
    <div className="filter-bar" role="group" aria-label="Signal filters">
      <CategoryFilter />
      {main && (
        <div className="pill-group" role="group" aria-label="Stage">
          {STAGES.map((s: Stage) => (
            <button
              key={s}
              type="button"
              className="pill"
              aria-pressed={filters.stages.includes(s)}
              onClick={() => setFilters({ stages: toggled(filters.stages, s) })}
            >
              {s}
            </button>
          ))}
        </div>
      )}
      <label className="inline-field" title={main ? undefined : 'Severity score, 0–10, at least'}>
        {main ? 'Band at least' : 'Severity at least'}
        <select
          value={filters.minBand ?? ''}
          onChange={(e) =>
            setFilters({ minBand: e.target.value ? (Number(e.target.value) as 4 | 6 | 9) : null })
          }
        >
          <option value="">any</option>
          {MIN_BANDS.map((b) => (
            <option key={b} value={b}>
              {b}
            </option>
          ))}
        </select>
      </label>
      <ChoiceMenu
        name="Markets"
        groups={[{ options: MARKETS }]}
        chosen={filters.markets}
        onChange={(markets) => setFilters({ markets })}
      />
      {filters.bbox && (
        <span className="pill box-filter" role="group" aria-label="Box filter">
          <span className="num" title="Drawn on the map: west, south, east, north">
            Box {filters.bbox.map((v) => v.toFixed(2)).join(', ')}
          </span>
          <button
            type="button"
            className="ghost"
            aria-label="Remove box filter"
            onClick={() => setFilters({ bbox: undefined })}
          >
            ×
          </button>
        </span>
      )}
      {/* Shown only with something to clear, and taking no room otherwise (hidden but laid out,
          it wrapped alone into an empty second row of a narrow bar). The bar's least height is
          this button's (styles/views.css), so the map under it is not resized, and every layer
          redrawn, when the first filter is set or the last cleared. Its word is short: at
          1280×720 the whole phrase wrapped alone onto a second row, and the map shrank by it
          whenever a search was typed. Its name says the whole. */}
      <button
        type="button"
        className="ghost"
        aria-label="Clear search and filters"
        title="Clear search and filters"
        style={active > 0 || query ? undefined : { display: 'none' }}
        onClick={() => {
          clearFilters();
          setQuery('');
        }}
      >
        Clear
      </button>
    </div>
  );
}
