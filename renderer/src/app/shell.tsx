// The workspace once a service is configured: navigation, the view under its toolbar, the
// inspector for the selection, the status bar; the palette and the shortcuts sheet on top.
import { useCallback, useMemo, useRef, useState } from 'react';
import '../styles/views.css';
import { ExportDialog } from '../features/export/export-dialog';
import { useViewState } from '../state/view-state';
import { useColumnResize } from '../ui/column-resize';
import { ErrorBoundary } from '../ui/error-boundary';
import { useFullTextOnHover } from '../ui/full-text';
import { useCommands, type ShellControls } from './commands';
import { Inspector } from './inspector';
import { useCommandKeys } from './keyboard';
import { Navigation } from './navigation';
import { Palette } from './palette';
import { ShortcutsSheet } from './shortcuts-sheet';
import { StatusBar } from './status-bar';
import { Toolbar } from './toolbar';
import { ViewBody } from './view-code';
import { viewById } from './views';

export function Shell() {
  const view = viewById(useViewState((s) => s.view));
  const inspectorOpen = useViewState((s) => s.inspectorOpen);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [sheetOpen, setSheetOpen] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);

  const togglePalette = useCallback(() => setPaletteOpen((o) => !o), []);
  const controls = useMemo<ShellControls>(
    () => ({
      openPalette: togglePalette,
      openShortcuts: () => setSheetOpen(true),
      focusSearch: () => {
        searchRef.current?.focus();
        searchRef.current?.select();
      },
    }),
    [togglePalette],
  );
  const commands = useCommands(controls);
  useCommandKeys(commands, paletteOpen || sheetOpen);
  // A cell or a line cut short shows its whole text on hover (a title), in every view.
  useFullTextOnHover();
  // Every dense table's columns resize by their heads' right edges.
  useColumnResize();

  return (
    <div className="shell" data-inspector={inspectorOpen ? 'open' : 'closed'}>
      <Navigation onShortcuts={() => setSheetOpen(true)} />
      <main className="main" aria-labelledby="view-title">
        <Toolbar ref={searchRef} onPalette={togglePalette} />
        <div className="view" data-view={view.id}>
          <ErrorBoundary key={view.id} what={`The ${view.label} view`}>
            <ViewBody view={view} />
          </ErrorBoundary>
        </div>
      </main>
      <Inspector />
      <StatusBar />
      <Palette open={paletteOpen} onOpenChange={setPaletteOpen} commands={commands} />
      <ShortcutsSheet open={sheetOpen} onClose={() => setSheetOpen(false)} commands={commands} />
      <ExportDialog />
    </div>
  );
}
