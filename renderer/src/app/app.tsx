// The window: the demo mark (demo data is never taken for live), then either the first-run
// choice or the workspace. Also tells main when the OS says the network went or came back.
import { useEffect, useRef } from 'react';
import { useAppInfo, useLinkReport } from '../data';
import { useViewState } from '../state/view-state';
import { EmptyState } from '../ui/empty-state';
import { FirstRun } from './first-run';
import { Shell } from './shell';
import { StatusBar } from './status-bar';
import { SLOT_FILLS } from './slots';
import { SlotProvider } from '../ui/slots';

function useReportLink(): void {
  const { mutate } = useLinkReport();
  const report = useRef(mutate);
  report.current = mutate;
  useEffect(() => {
    // main pauses sync at once, or syncs at once when the link is back.
    const onChange = () => report.current({ online: navigator.onLine });
    window.addEventListener('online', onChange);
    window.addEventListener('offline', onChange);
    return () => {
      window.removeEventListener('online', onChange);
      window.removeEventListener('offline', onChange);
    };
  }, []);
}

export function App() {
  const info = useAppInfo();
  const theme = useViewState((s) => s.theme);
  const setView = useViewState((s) => s.setView);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  useReportLink();

  return (
    <div className="app" data-testid="app-shell" data-ready={info.data ? 'true' : 'false'}>
      {info.data?.mode === 'demo' && (
        <div role="status" data-testid="demo-banner" className="demo-banner">
          <span aria-hidden="true">◆</span> DEMO DATA — not from the live service
        </div>
      )}
      {info.error && (
        <p role="alert" className="app-error">
          {info.error.message}
        </p>
      )}
      {info.data?.baseUrl ? (
        <SlotProvider value={SLOT_FILLS}>
          <Shell />
        </SlotProvider>
      ) : (
        <div className="welcome">
          <main className="welcome-main">
            {info.data ? (
              // The first sync starts now: the Status view shows it.
              <FirstRun onReady={() => setView('status')} />
            ) : (
              !info.error && <EmptyState tone="loading" title="Starting Watchfloor…" />
            )}
          </main>
          <StatusBar />
        </div>
      )}
    </div>
  );
}
