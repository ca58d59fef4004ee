// The status bar's pieces that open something or keep a little state of their own: the
// streams' freshness (the oldest as-of, every stream on hover or focus), the sync progress
// bar, and the notifications count that opens the list.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { SyncStreamState } from '../../../shared/contract-read';
import { useNotifications, useSyncProgress } from '../data';
import { NotificationsPanel } from '../features/status/notifications-panel';
import { formatUtc } from '../ui/time';
import { streamWords } from '../../../shared/contract-resources';
import { formatCount } from '../../../shared/count';

/** The stream whose data is oldest decides the compact line: that is the one to worry about. */
export function oldestAsOf(streams: SyncStreamState[]): string | null {
  let oldest: string | null = null;
  for (const s of streams) {
    if (!s.asOf) continue;
    if (!oldest || Date.parse(s.asOf) < Date.parse(oldest)) oldest = s.asOf;
  }
  return oldest;
}

/** A trigger that shows `content` while hovered or focused (Esc hides it), as a tooltip. */
function HoverDetail({
  label,
  children,
  testId,
}: {
  label: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <span className="sb-item sb-hover" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        className="link-button sb-button"
        aria-describedby={open ? id : undefined}
        aria-expanded={open}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && open) {
            e.stopPropagation();
            setOpen(false);
          }
        }}
        data-testid={testId}
      >
        {label}
      </button>
      {open && (
        <div role="tooltip" id={id} className="sb-popover">
          {children}
        </div>
      )}
    </span>
  );
}

export function StreamsFreshness({ streams }: { streams: SyncStreamState[] }) {
  if (!streams.length) return null;
  const oldest = oldestAsOf(streams);
  return (
    <HoverDetail
      testId="statusbar-streams"
      label={oldest ? <>data as of {formatUtc(oldest)}</> : <>no data stored yet</>}
    >
      <table className="sb-streams" data-testid="statusbar-streams-list">
        <thead>
          <tr>
            <th scope="col">Stream</th>
            <th scope="col">Data as of</th>
            <th scope="col">Last sync</th>
          </tr>
        </thead>
        <tbody>
          {streams.map((s) => (
            <tr key={s.name}>
              <th scope="row">{streamWords(s.name)}</th>
              <td>{s.asOf ? formatUtc(s.asOf) : 'nothing stored'}</td>
              <td>
                {s.lastSyncAt ? formatUtc(s.lastSyncAt) : 'never'}
                {s.error ? ` · ${s.error}` : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </HoverDetail>
  );
}

/**
 * A determinate bar over the streams of the running sync: a stream counts once its `done` (or
 * `error`) push came, or once the run moved on to another stream (main runs the streams one
 * after another and pushes only their pages, so the next stream's push is the previous one's
 * end). The pushes carry no page total, so streams are the honest unit. `sync` is the run
 * itself (its start and end), not a stream.
 */
export function SyncProgressBar({ running, streams }: { running: boolean; streams: string[] }) {
  const progress = useSyncProgress();
  const finished = useRef(new Set<string>());
  const [, bump] = useState(0);
  useEffect(() => {
    if (!running) {
      finished.current.clear();
    }
  }, [running]);
  useEffect(() => {
    if (!progress || progress.stream === 'sync') return;
    const before = finished.current.size;
    // Main says when each stream is done; several run side by side (a first sync's past beside
    // the developments and the small lists), so another's page does not mean this one ended.
    if (progress.phase === 'done' || progress.phase === 'error') finished.current.add(progress.stream);
    if (finished.current.size !== before) bump((n) => n + 1);
  }, [progress]);
  if (!running) return null;
  const total = Math.max(streams.length, finished.current.size, 1);
  const done = finished.current.size;
  const now = progress && progress.phase !== 'done' ? progress : null;
  return (
    <span className="sb-item" data-testid="statusbar-progress">
      <progress
        className="sb-progress"
        max={total}
        value={done}
        aria-label="Sync progress"
        aria-valuetext={`${done} of ${total} streams synced`}
      />
      <span className="num">
        {done}/{total}
        {now ? ` · ${streamWords(now.stream)} ${formatCount(now.received)} received` : ''}
      </span>
    </span>
  );
}

/** The count of notifications; the button opens the list above the bar (Esc closes it). */
export function NotificationsButton() {
  const count = useNotifications().data?.length ?? 0;
  const [open, setOpen] = useState(false);
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    // Esc on the button or inside the list closes it and leaves focus on the button.
    <span
      className="sb-item sb-hover"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="link-button sb-button"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((o) => !o)}
        data-testid="statusbar-notifications"
      >
        {count} notification{count === 1 ? '' : 's'}
      </button>
      {open && (
        <div id={id} className="sb-popover sb-popover-end sb-notifications">
          <NotificationsPanel
            onOpen={() => {
              // The list would cover the view the notification opened.
              setOpen(false);
              buttonRef.current?.focus();
            }}
          />
        </div>
      )}
    </span>
  );
}
