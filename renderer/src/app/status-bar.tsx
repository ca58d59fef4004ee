// The bottom line, always in view: link, mode, last sync (relative, UTC on hover), narrowed
// answers, writes waiting, tokens spent today, and the UTC clock.
import { useAppInfo, useLinkStatus, useOutbox, useSyncProgress, useSyncStatus } from '../data';
import { useViewState } from '../state/view-state';
import { HonestyMark } from '../ui/honesty-mark';
import { RelativeTime, useNow } from '../ui/time';

interface SummaryClamps {
  clamps?: { stream: string }[];
}

function UtcClock() {
  const now = new Date(useNow(15_000));
  const hh = String(now.getUTCHours()).padStart(2, '0');
  const mm = String(now.getUTCMinutes()).padStart(2, '0');
  return (
    <time className="clock" dateTime={now.toISOString()} title={now.toISOString()}>
      {hh}:{mm} UTC
    </time>
  );
}

export function StatusBar() {
  const info = useAppInfo().data;
  const link = useLinkStatus();
  const configured = !!info?.baseUrl;
  const status = useSyncStatus().data;
  const progress = useSyncProgress();
  const pending = (useOutbox(configured).data ?? []).filter(
    (i) => i.state !== 'sent' && i.state !== 'discarded',
  );
  const refused = pending.filter((i) => i.state === 'rejected' || i.state === 'blocked').length;
  const setView = useViewState((s) => s.setView);
  const clampedStreams = new Set(
    ((status?.lastSummary as SummaryClamps | null)?.clamps ?? []).map((c) => c.stream),
  );
  const linkWord = link ? (link.online ? 'online' : 'offline') : 'connecting…';

  return (
    <footer className="statusbar" aria-label="Status bar">
      <span className={`sb-item link link-${link ? (link.online ? 'online' : 'offline') : 'unknown'}`}>
        <span className="dot" aria-hidden="true" />
        <span data-testid="link-status">{linkWord}</span>
      </span>
      {info?.mode === 'demo' && <HonestyMark kind="demo" detail="not live data" />}
      {configured && info?.profile && (
        <span className="sb-item muted" title={info.baseUrl ?? undefined}>
          {info.profile} profile
        </span>
      )}
      {configured && status && (
        <span className="sb-item" data-testid="statusbar-sync">
          {status.running ? (
            <>Syncing{progress && progress.phase !== 'done' ? ` ${progress.stream}…` : '…'}</>
          ) : status.lastRunAt ? (
            <>
              synced <RelativeTime iso={status.lastRunAt} />
              {status.lastOutcome && !status.lastOutcome.complete && ' (incomplete)'}
            </>
          ) : (
            'not synced yet'
          )}
        </span>
      )}
      {clampedStreams.size > 0 && (
        <button type="button" className="sb-item link-button" onClick={() => setView('status')}>
          <HonestyMark
            kind="clamped"
            detail={`${clampedStreams.size} stream${clampedStreams.size > 1 ? 's' : ''} narrowed by the plan`}
          />
        </button>
      )}
      {pending.length > 0 && (
        <button type="button" className="sb-item link-button" onClick={() => setView('status')}>
          {refused > 0 ? (
            <HonestyMark kind="refused" detail={`${refused} of ${pending.length} writes`} />
          ) : (
            <HonestyMark kind="pending" detail={`${pending.length} waiting to send`} />
          )}
        </button>
      )}
      <span className="sb-spacer" />
      {configured && status && <span className="sb-item num">{status.spentToday} tok today</span>}
      <UtcClock />
    </footer>
  );
}
