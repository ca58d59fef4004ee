// Status: which service and key this window uses, the sync, the writes waiting to send
// and the notifications (opening one selects what it is about).
import { useAppInfo, useKeyStatus } from '../../data';
import { HonestyMark } from '../../ui/honesty-mark';
import { NotificationsPanel } from './notifications-panel';
import { OutboxPanel } from './outbox-panel';
import { SyncPanel } from './sync-panel';

function ServicePanel() {
  const info = useAppInfo().data;
  const key = useKeyStatus().data;
  if (!info) return null;
  return (
    <section aria-label="Service" className="panel">
      <header className="panel-header">
        <h2>Service</h2>
        {info.mode === 'demo' && <HonestyMark kind="demo" detail="built-in demo service" />}
      </header>
      <dl className="facts">
        <dt>Service</dt>
        <dd data-testid="base-url" className="mono">
          {info.baseUrl ?? 'not configured'}
        </dd>
        <dt>Profile</dt>
        <dd>{info.profile ?? '—'}</dd>
        <dt>API key</dt>
        <dd data-testid="key-status">
          {info.mode === 'demo'
            ? 'none needed: the demo service answers without one'
            : (key?.unavailable ?? (key?.set ? `set (${key.hint}, from ${key.source})` : 'not set'))}
        </dd>
        <dt>Local cache</dt>
        <dd className="mono">{info.dbPath ?? '—'}</dd>
        <dt>Version</dt>
        <dd className="num">
          {info.version} ({info.transport === 'serve' ? 'in a browser' : 'desktop'})
        </dd>
      </dl>
    </section>
  );
}

export function StatusView() {
  return (
    <div className="status-grid">
      <div className="status-col">
        <ServicePanel />
        <SyncPanel />
      </div>
      <div className="status-col">
        <OutboxPanel />
        <NotificationsPanel />
      </div>
    </div>
  );
}
