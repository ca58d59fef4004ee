// Above every view: its name, the one search field (`/` focuses it; what is typed applies at
// once to the Signals table and the map; Enter elsewhere opens Signals) and the palette.
// View-specific controls live in the view itself.
import { forwardRef, useEffect, useState, type FormEvent } from 'react';
import { qProblem } from '../state/signal-filter';
import { useViewState } from '../state/view-state';
import { Icon } from './icons';
import { stepLabel } from './keyboard';
import { viewById } from './views';

export const Toolbar = forwardRef<HTMLInputElement, { onPalette: () => void }>(function Toolbar(
  { onPalette },
  searchRef,
) {
  const view = viewById(useViewState((s) => s.view));
  const query = useViewState((s) => s.query);
  const setQuery = useViewState((s) => s.setQuery);
  const setView = useViewState((s) => s.setView);
  const [draft, setDraft] = useState(query);
  const problem = qProblem(draft.trim());
  // Cleared or set elsewhere (the filter bar, a restart): the field follows.
  useEffect(() => setDraft((d) => (d.trim() === query ? d : query)), [query]);
  const change = (text: string) => {
    setDraft(text);
    // A search the service would refuse is not applied: the last valid one stays.
    if (!qProblem(text.trim())) setQuery(text.trim());
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (problem) return;
    setQuery(draft.trim());
    if (view.id !== 'map' && view.id !== 'signals') setView('signals');
  };
  return (
    <div className="toolbar">
      <h1 id="view-title" className="view-title">
        {view.label}
      </h1>
      <form role="search" className="search" onSubmit={submit}>
        <Icon name="search" />
        <input
          ref={searchRef}
          id="wf-search"
          type="search"
          aria-label="Search signals"
          placeholder='Search signals — "air raid" -kyiv'
          value={draft}
          onChange={(e) => change(e.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'wf-search-problem' : undefined}
          onKeyDown={(e) => {
            if (e.key === 'Escape') e.currentTarget.blur();
          }}
          spellCheck={false}
          autoComplete="off"
        />
        <kbd aria-hidden="true">/</kbd>
        {problem && (
          <span id="wf-search-problem" role="alert" className="search-problem">
            {problem}
          </span>
        )}
      </form>
      <button type="button" className="ghost palette-button" onClick={onPalette} title="Command palette">
        <Icon name="command" />
        Commands <kbd>{stepLabel('mod+k')}</kbd>
      </button>
    </div>
  );
});
