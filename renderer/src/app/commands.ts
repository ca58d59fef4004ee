// Everything the analyst can do from anywhere, declared once: the palette lists these, the
// keyboard runs them, the shortcuts sheet prints them. A new action joins here.
import { useMemo } from 'react';
import { useAppInfo, useSyncNow } from '../data';
import { useExportDialog } from '../features/export/export-store';
import { useBoxTool } from '../state/box-tool';
import { useSelection } from '../state/selection';
import { useViewState } from '../state/view-state';
import type { KeyCommand } from './keyboard';
import { VIEWS } from './views';

export interface Command extends KeyCommand {
  id: string;
  title: string;
  group: 'Go to' | 'Actions' | 'Window';
  /** Words the palette also matches (the title always matches). */
  keywords?: string[];
}

export interface ShellControls {
  openPalette: () => void;
  openShortcuts: () => void;
  focusSearch: () => void;
}

export function useCommands(controls: ShellControls): Command[] {
  const setView = useViewState((s) => s.setView);
  const theme = useViewState((s) => s.theme);
  const toggleTheme = useViewState((s) => s.toggleTheme);
  const inspectorOpen = useViewState((s) => s.inspectorOpen);
  const toggleInspector = useViewState((s) => s.toggleInspector);
  const hasSelection = useSelection((s) => s.selection !== null);
  const clearSelection = useSelection((s) => s.clear);
  const configured = !!useAppInfo().data?.baseUrl;
  const { mutate: syncNow } = useSyncNow();
  const drawingBox = useBoxTool((s) => s.drawing);
  const startBox = useBoxTool((s) => s.startDrawing);
  const cancelBox = useBoxTool((s) => s.cancelDrawing);
  const openExport = useExportDialog((s) => s.openExport);

  return useMemo<Command[]>(
    () => [
      ...VIEWS.map((v): Command => ({
        id: `view.${v.id}`,
        title: `Go to ${v.label}`,
        group: 'Go to',
        keys: ['g', v.key],
        keywords: [v.hint],
        run: () => setView(v.id),
      })),
      {
        id: 'search.focus',
        title: 'Search signals',
        group: 'Actions',
        keys: ['/'],
        keywords: ['find', 'query', 'q'],
        run: controls.focusSearch,
      },
      {
        id: 'sync.now',
        title: 'Sync now',
        group: 'Actions',
        keys: ['mod+r'],
        keywords: ['refresh', 'update'],
        // Not disabled while a run goes on: main awaits that run instead, and Ctrl+R must
        // never fall through to reloading the window.
        disabled: !configured,
        run: () => syncNow({}),
      },
      {
        id: 'box.draw',
        title: 'Draw a box on the map',
        group: 'Actions',
        keys: ['b'],
        keywords: ['area', 'bbox', 'rectangle', 'km²', 'standing order', 'monitoring'],
        run: () => {
          setView('map');
          startBox();
        },
      },
      {
        // The selected watch when there is one, else the map's view (the dialog offers the rest).
        id: 'export.open',
        title: 'Export a report',
        group: 'Actions',
        keys: ['e'],
        keywords: ['report', 'save', 'html', 'pdf', 'geojson', 'csv', 'kml', 'watch', 'box', 'view'],
        disabled: !configured,
        run: () => {
          const s = useSelection.getState().selection;
          openExport(
            s?.kind === 'watch' ? { kind: 'watch', watchId: s.id, label: s.label } : { kind: 'view' },
          );
        },
      },
      {
        // Before the selection's Esc: while a box is being drawn, Esc drops the box only.
        id: 'box.cancel',
        title: 'Cancel drawing the box',
        group: 'Actions',
        keys: ['Escape'],
        disabled: !drawingBox,
        run: cancelBox,
      },
      {
        id: 'selection.clear',
        title: 'Clear the selection',
        group: 'Actions',
        keys: ['Escape'],
        disabled: !hasSelection,
        run: clearSelection,
      },
      {
        id: 'theme.toggle',
        title: theme === 'dark' ? 'Switch to the light theme' : 'Switch to the dark theme',
        group: 'Window',
        keys: ['t'],
        keywords: ['theme', 'dark', 'light', 'colours'],
        run: toggleTheme,
      },
      {
        id: 'inspector.toggle',
        title: inspectorOpen ? 'Hide the inspector' : 'Show the inspector',
        group: 'Window',
        keys: ['i'],
        keywords: ['panel', 'details', 'selection'],
        run: toggleInspector,
      },
      {
        id: 'palette.open',
        title: 'Command palette',
        group: 'Window',
        keys: ['mod+k'],
        run: controls.openPalette,
      },
      {
        id: 'shortcuts.show',
        title: 'Keyboard shortcuts',
        group: 'Window',
        keys: ['?'],
        keywords: ['help', 'keys'],
        run: controls.openShortcuts,
      },
    ],
    [
      controls,
      setView,
      theme,
      toggleTheme,
      inspectorOpen,
      toggleInspector,
      hasSelection,
      clearSelection,
      configured,
      syncNow,
      drawingBox,
      startBox,
      cancelBox,
      openExport,
    ],
  );
}
