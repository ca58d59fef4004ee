// The bottom line, always in view: link (from main's link push), mode, last sync (relative,
// UTC on hover), each stream's freshness, narrowed answers, writes waiting, tokens left and
// spent today (the one token meter), the sync progress, the notifications, and the UTC clock.
import type { ClampNote } from '../../../shared/contract-read';
import {
  useAppInfo,
  useLinkStatus,
  useOutbox,
  useSyncProgress,
  useSyncStatus,
  useSyncStreams,
} from '../data';
import { useSyncRunning } from '../features/status/sync-running';
import { useViewState } from '../state/view-state';
import { HonestyMark } from '../ui/honesty-mark';
import { RelativeTime, useNow } from '../ui/time';
import { TokenMeter } from '../ui/token-meter';
import { NotificationsButton, StreamsFreshness, SyncProgressBar } from './status-bar-parts';
import { streamWords } from '../../../shared/contract-resources';

const CLAMP_WORD: Record<ClampNote['kind'], string> = {
  window_clamp: 'window narrowed',
  filter_clamp: 'filter narrowed',
  plan_lock: 'locked by plan',
};

/** "window narrowed (signals, developments)": one phrase per kind, the streams it hit. */
export function clampSummary(clamps: ClampNote[]): string {
  const byKind = new Map<string, Set<string>>();
  for (const c of clamps) {
    const word = CLAMP_WORD[c.kind] ?? c.kind;
    byKind.set(word, (byKind.get(word) ?? new Set()).add(c.stream));
  }
  return [...byKind].map(([word, streams]) => `${word} (${[...streams].join(', ')})`).join(' · ');
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
  const running = useSyncRunning();
  const pending = (useOutbox(configured).data ?? []).filter(
    (i) => i.state !== 'sent' && i.state !== 'discarded',
  );
  const refused = pending.filter((i) => i.state === 'rejected' || i.state === 'blocked').length;
  const setView = useViewState((s) => s.setView);
  const streams = useSyncStreams().data?.streams ?? [];
  const clamps = streams.flatMap((s) => s.clamps);
  const linkWord = link ? (link.online ? 'online' : 'offline') : 'connecting…';

  return (
    <footer className="statusbar" aria-label="Status bar">
      <span className={`sb-item link link-${link ? (link.online ? 'online' : 'offline') : 'unknown'}`}>
        <span className="dot" aria-hidden="true" />
        <span data-testid="link-status">{linkWord}</span>
      </span>
      {info?.mode === 'demo' && <HonestyMark kind="demo" detail="not live data" />}
      {info?.insecureHttp && (
        <HonestyMark
          kind="unencrypted"
          detail="http: the key crosses the network in clear text"
          title={`${info.baseUrl ?? 'The service'} is reached over http://, as allowed when it was set up`}
        />
      )}
      {configured && info?.profile && (
        <span className="sb-item muted" title={info.baseUrl ?? undefined}>
          {info.profile} profile
        </span>
      )}
      {configured && status && (
        <span className="sb-item" data-testid="statusbar-sync">
          {running ? (
            <>
              Syncing
              {progress && progress.phase !== 'done' && progress.stream !== 'sync'
                ? ` ${streamWords(progress.stream)}…`
                : '…'}
            </>
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
      {configured && status && <SyncProgressBar running={running} streams={streams.map((s) => s.name)} />}
      {configured && <StreamsFreshness streams={streams} />}
      {clamps.length > 0 && (
        <button
          type="button"
          className="sb-item link-button sb-clamped"
          onClick={() => setView('status')}
          title={clamps.map((c) => c.wording).join('\n')}
          data-testid="statusbar-clamped"
        >
          <HonestyMark kind="clamped" detail={clampSummary(clamps)} />
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
      {configured && (
        <span className="sb-item sb-meter">
          <TokenMeter testId="statusbar-tokens" />
        </span>
      )}
      {configured && <NotificationsButton />}
      <UtcClock />
    </footer>
  );
}
