// Background sync as the analyst sees it: running or not, the last result of each stream,
// every clamp (a narrowed answer is never taken for the whole), and a Sync now button.
import { useEffect, useState } from 'react';
import type { PushPayload, SyncStatusResult } from '../../shared/contract';
import { api } from './contract-client';

interface Summary {
  complete: boolean;
  streams: Record<string, { requests: number; received: number; stored: number }>;
  tokens: { charged: number; remaining: number | null };
  clamps: { stream: string; kind: string; required_plans?: string[] }[];
  errors: { stream: string; message: string }[];
  stopped?: { message: string };
}

export function SyncPanel() {
  const [status, setStatus] = useState<SyncStatusResult | null>(null);
  const [progress, setProgress] = useState<PushPayload<'sync.progress'> | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const refresh = () => void api['sync.status']({}).then(setStatus, () => undefined);
    refresh();
    const offs = [
      api.on['sync.progress']((p) => {
        setProgress(p);
        if (p.phase === 'done' || p.phase === 'error') refresh();
      }),
      api.on['cache.changed'](refresh),
    ];
    return () => offs.forEach((off) => off());
  }, []);

  const syncNow = () => {
    setError(null);
    api['sync.now']({}).then(setStatus, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'r') {
        e.preventDefault();
        setError(null);
        api['sync.now']({}).then(setStatus, (err: unknown) =>
          setError(err instanceof Error ? err.message : String(err)),
        );
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  if (!status?.configured) return null;
  const summary = status.lastSummary as Summary | null;
  return (
    <section aria-label="Sync" data-testid="sync-panel">
      <h2>Sync</h2>
      <p data-testid="sync-state">
        {status.running
          ? `Syncing${progress ? ` — ${progress.stream}: ${progress.message ?? ''}` : '…'}`
          : status.lastRunAt
            ? `Last run ${new Date(status.lastRunAt).toLocaleString()}${status.lastOutcome?.complete ? '' : ' (incomplete)'}`
            : 'Not run yet'}
        {' · '}
        {status.spentToday} tokens today
      </p>
      <button type="button" onClick={syncNow} disabled={status.running} title="Sync now (Ctrl+R)">
        Sync now
      </button>
      {error && <p role="alert">{error}</p>}
      {summary?.stopped && <p role="status">{summary.stopped.message}</p>}
      {summary && summary.clamps.length > 0 && (
        <ul data-testid="sync-clamps" className="clamps">
          {summary.clamps.map((c, i) => (
            <li key={i}>
              Narrowed by the plan ({c.kind.replace('_', ' ')}) on {c.stream}
              {c.required_plans ? ` — needs ${c.required_plans.join(' or ')}` : ''}
            </li>
          ))}
        </ul>
      )}
      {summary && (
        <table>
          <thead>
            <tr>
              <th>Stream</th>
              <th>Requests</th>
              <th>Received</th>
              <th>Stored</th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(summary.streams).map(([name, s]) => (
              <tr key={name}>
                <td>{name}</td>
                <td>{s.requests}</td>
                <td>{s.received}</td>
                <td>{s.stored}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {summary?.errors.map((e, i) => (
        <p key={i} role="alert">
          {e.stream}: {e.message}
        </p>
      ))}
    </section>
  );
}
