import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { contractClient, createQueryClient, DataProvider, prefetchMapOpening } from './data';
import { rememberOpeningAsks } from './data/early-answers';
import type { AppInfo, Profile } from '../../shared/contract';
import { loadBasemap, tierAtZoom } from './map/basemap-file';
import { toSignalFilter } from './state/signal-filter';
import { useViewState } from './state/view-state';
import { viewById } from './app/views';
import './styles/theme.css';
import './styles/shell.css';
import './styles/controls.css';
import './styles/overlays.css';

const root = document.getElementById('root');
if (!root) throw new Error('Watchfloor: #root is missing from index.html');
// The remembered theme before the first paint: no flash of the other one.
document.documentElement.dataset.theme = useViewState.getState().theme;
const queryClient = createQueryClient();
// Opening on the map (the default): its code is loaded and its points asked for now, while
// the window starts.
const opening = useViewState.getState();
/** What the map asks for first, in a window as `s` is (the same derivation as its hook). */
const mapPoints = (s: typeof opening, profile: Profile) => toSignalFilter(s.query, s.filters, profile);
const openingView = viewById(opening.view).Component;
if ('load' in openingView) void openingView.load().catch(() => undefined);
if (opening.view === 'map') {
  // The land's file too (the tier its zoom draws), before the map's code is in to ask for it.
  void loadBasemap(tierAtZoom(opening.map.zoom)).catch(() => undefined);
  void prefetchMapOpening(queryClient, contractClient(), (profile) => mapPoints(opening, profile)).catch(
    () => undefined,
  );
}
// What the next launch asks before its code is in (data/early-answers.ts): what this window
// would ask first if it opened as it is now.
const rememberOpening = () => {
  const s = useViewState.getState();
  const profile = queryClient.getQueryData<AppInfo>(['app.info', {}])?.profile;
  rememberOpeningAsks([
    { channel: 'app.info', input: {} },
    ...(s.view === 'map' && profile
      ? [{ channel: 'signals.points' as const, input: mapPoints(s, profile) }]
      : []),
  ]);
};
useViewState.subscribe(rememberOpening);
queryClient.getQueryCache().subscribe((e) => {
  if (e.query.queryKey[0] === 'app.info' && e.type === 'updated') rememberOpening();
});
createRoot(root).render(
  <StrictMode>
    <DataProvider client={contractClient()} queryClient={queryClient}>
      <App />
    </DataProvider>
  </StrictMode>,
);
