// The window's shell: mode banner (demo data is marked as such), link state, key state
// and the in-app notification list. Views (map, threads, packages, notes) build on it.
import { useEffect, useState } from 'react';
import type { AppInfo, AppNotification, KeyStatusResult, PushPayload } from '../../shared/contract';
import { api } from './contract-client';
import { FirstRun } from './first-run';
import { OutboxPanel } from './outbox-panel';
import { SyncPanel } from './sync-panel';

export function App() {
  const [info, setInfo] = useState<AppInfo | null>(null);
  const [key, setKey] = useState<KeyStatusResult | null>(null);
  const [link, setLink] = useState<PushPayload<'link.status'> | null>(null);
  const [notifications, setNotifications] = useState<AppNotification[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const offs = [
      api.on['link.status'](setLink),
      api.on.notification((n) => setNotifications((list) => [n, ...list])),
    ];
    Promise.all([api['app.info']({}), api['key.status']({}), api['notifications.list']({})])
      .then(([i, k, n]) => {
        setInfo(i);
        setKey(k);
        setNotifications(n);
      })
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
    // The OS says the network went or came back: main pauses or syncs at once.
    const report = () => void api['link.report']({ online: navigator.onLine }).catch(() => undefined);
    window.addEventListener('online', report);
    window.addEventListener('offline', report);
    return () => {
      offs.forEach((off) => off());
      window.removeEventListener('online', report);
      window.removeEventListener('offline', report);
    };
  }, []);

  return (
    <main data-testid="app-shell" data-ready={info ? 'true' : 'false'}>
      {info?.mode === 'demo' && (
        <div role="status" data-testid="demo-banner" className="demo-banner">
          DEMO DATA — not from the live service
        </div>
      )}
      <header>
        <h1>Watchfloor</h1>
        <span data-testid="link-status">{link ? (link.online ? 'online' : 'offline') : 'connecting…'}</span>
      </header>
      {error && <p role="alert">{error}</p>}
      {info && !info.baseUrl && (
        <FirstRun
          onReady={(next) => {
            setInfo(next);
            void api['key.status']({}).then(setKey);
          }}
        />
      )}
      {info && info.baseUrl && (
        <dl>
          <dt>Service</dt>
          <dd data-testid="base-url">{info.baseUrl ?? 'not configured'}</dd>
          <dt>Profile</dt>
          <dd>{info.profile ?? '—'}</dd>
          <dt>API key</dt>
          <dd data-testid="key-status">
            {key?.unavailable ?? (key?.set ? `set (${key.hint}, from ${key.source})` : 'not set')}
          </dd>
        </dl>
      )}
      {info?.baseUrl && <SyncPanel />}
      {info?.baseUrl && <OutboxPanel />}
      <section aria-label="Notifications">
        <h2>Notifications</h2>
        <ul data-testid="notifications">
          {notifications.map((n) => (
            <li key={n.id}>
              <strong>{n.title}</strong> {n.body}
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
