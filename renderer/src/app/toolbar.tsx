// Above every view: its name, the one search field (`/` focuses it; Enter searches signals)
// and the palette. View-specific controls live in the view itself.
import { forwardRef, useState, type FormEvent } from 'react';
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
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setQuery(draft.trim());
    setView('signals');
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
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') e.currentTarget.blur();
          }}
          spellCheck={false}
          autoComplete="off"
        />
        <kbd aria-hidden="true">/</kbd>
      </form>
      <button type="button" className="ghost palette-button" onClick={onPalette} title="Command palette">
        <Icon name="command" />
        Commands <kbd>{stepLabel('mod+k')}</kbd>
      </button>
    </div>
  );
});
