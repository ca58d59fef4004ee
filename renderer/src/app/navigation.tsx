// The views, by name, down the left edge; the active one is marked for assistive technology
// (aria-current) as well as by colour. The window's own actions sit at the foot.
import { useViewState } from '../state/view-state';
import { Icon } from './icons';
import { VIEWS } from './views';

export function Navigation({ onShortcuts }: { onShortcuts: () => void }) {
  const view = useViewState((s) => s.view);
  const setView = useViewState((s) => s.setView);
  const theme = useViewState((s) => s.theme);
  const toggleTheme = useViewState((s) => s.toggleTheme);
  return (
    <nav aria-label="Views" className="nav">
      <div className="brand" title="Watchfloor">
        <img src="./icon.svg" alt="" width="18" height="18" />
        <span>Watchfloor</span>
      </div>
      <ul>
        {VIEWS.map((v) => (
          <li key={v.id}>
            <a
              href={`#${v.id}`}
              aria-current={view === v.id ? 'page' : undefined}
              aria-keyshortcuts={`g ${v.key}`}
              title={`${v.label} — ${v.hint} (g ${v.key})`}
              onClick={(e) => {
                e.preventDefault();
                setView(v.id);
              }}
            >
              <Icon name={v.icon} />
              <span className="nav-label">{v.label}</span>
              <kbd aria-hidden="true">g {v.key}</kbd>
            </a>
          </li>
        ))}
      </ul>
      <div className="nav-foot">
        <button type="button" className="ghost" onClick={onShortcuts} title="Keyboard shortcuts (?)">
          <Icon name="keyboard" />
          <span className="nav-label">Shortcuts</span>
        </button>
        <button
          type="button"
          className="ghost"
          onClick={toggleTheme}
          aria-label={theme === 'dark' ? 'Switch to the light theme' : 'Switch to the dark theme'}
          title="Theme (t)"
        >
          <Icon name="theme" />
          <span className="nav-label">{theme === 'dark' ? 'Light theme' : 'Dark theme'}</span>
        </button>
      </div>
    </nav>
  );
}
