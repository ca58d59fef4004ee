import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { contractClient, DataProvider } from './data';
import { useViewState } from './state/view-state';
import './styles/theme.css';
import './styles/shell.css';
import './styles/controls.css';
import './styles/overlays.css';

const root = document.getElementById('root');
if (!root) throw new Error('Watchfloor: #root is missing from index.html');
// The remembered theme before the first paint: no flash of the other one.
document.documentElement.dataset.theme = useViewState.getState().theme;
createRoot(root).render(
  <StrictMode>
    <DataProvider client={contractClient()}>
      <App />
    </DataProvider>
  </StrictMode>,
);
