// Background sync as the analyst sees it: running or not, the line it runs on (line-facts.tsx),
// the last result of each stream, every clamp (a narrowed answer is never taken for the whole),
// and a Sync now button.
import { useMutationState } from '@tanstack/react-query';
import { useSyncNow, useSyncProgress, useSyncStatus } from '../../data';
import { HonestyMark } from '../../ui/honesty-mark';
import { UtcTime } from '../../ui/time';
import { LineFacts } from './line-facts';
import { useSyncRunning } from './sync-running';
import { streamWords } from '../../../../shared/contract-resources';
import { formatCount } from '../../../../shared/count';

interface Summary {
  complete: boolean;
  streams: Record<string, { requests: number; received: number; stored: number }>;
  tokens: { charged: number; remaining: number | null };
  clamps: { stream: string; kind: string; required_plans?: string[] }[];
  errors: { stream: string; message: string }[];
  stopped?: { message: string };
}

export function SyncPanel() {
  const status = useSyncStatus().data;
  const progress = useSyncProgress();
  const syncNow = useSyncNow();
  const running = useSyncRunning();
  // The last Sync now from anywhere (button, palette, Ctrl+R): its failure is shown here.
  const lastError = useMutationState({
    filters: { mutationKey: ['sync.now'] },
    select: (m) => (m.state.status === 'error' ? (m.state.error?.message ?? 'failed') : null),
  }).at(-1);

  if (!status?.configured) return null;
  const summary = status.lastSummary as Summary | null;
  return (
    <section aria-label="Sync" data-testid="sync-panel" className="panel">
      <header className="panel-header">
        <h2>Sync</h2>
        <button
          type="button"
          onClick={() => syncNow.mutate({})}
          disabled={running || syncNow.isPending}
          title="Sync now (Ctrl+R)"
        >
          Sync now
        </button>
      </header>
      <p data-testid="sync-state" className="panel-line">
        {running ? (
          `Syncing${progress ? ` — ${streamWords(progress.stream)}: ${progress.message ?? ''}` : '…'}`
        ) : status.lastRunAt ? (
          <>
            Last run <UtcTime iso={status.lastRunAt} />
            {status.lastOutcome?.complete ? '' : ' (incomplete)'}
          </>
        ) : (
          'Not run yet'
        )}
        {' · '}
        <span className="num">{status.spentToday}</span> tokens today
        {status.nextRunAt && (
          <>
            {' · next '}
            <UtcTime iso={status.nextRunAt} />
          </>
        )}
      </p>
      <LineFacts
        line={(running ? progress?.line : null) ?? status.line}
        running={running}
        firstSyncPending={status.firstSyncPending}
      />
      {lastError && <p role="alert">{lastError}</p>}
      {summary?.stopped && (
        // A lost link: what the line did, and when the scheduler tries again (lastOutcome says both).
        <p role="status" data-testid="sync-stopped">
          {(status.lastOutcome?.linkLost ? status.lastOutcome.error : undefined) ?? summary.stopped.message}
        </p>
      )}
      {summary && summary.clamps.length > 0 && (
        <ul data-testid="sync-clamps" className="clamps">
          {summary.clamps.map((c, i) => (
            <li key={i}>
              <HonestyMark kind="clamped" /> Narrowed by the plan ({c.kind.replace('_', ' ')}) on{' '}
              {streamWords(c.stream)}
              {c.required_plans ? ` — needs ${c.required_plans.join(' or ')}` : ''}
            </li>
          ))}
        </ul>
      )}
      {summary && (
        <table className="dense">
          <thead>
            <tr>
              <th>Stream</th>
              <th className="right">Requests</th>
              <th className="right">Received</th>
              <th className="right">Stored</th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(summary.streams).map(([name, s]) => (
              <tr key={name}>
                <td>{streamWords(name)}</td>
                <td className="right num">{formatCount(s.requests)}</td>
                <td className="right num">{formatCount(s.received)}</td>
                <td className="right num">{formatCount(s.stored)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {summary?.errors.map((e, i) => (
        <p key={i} role="alert" className="error-line">
          {streamWords(e.stream)}: {e.message}
        </p>
      ))}
    </section>
  );
}
