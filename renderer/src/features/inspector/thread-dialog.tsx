// An event's thread ('events.thread'): the canonical event, its timeline with world reports
// and instrument measurements told apart (word, icon and colour), each change as previous →
// current with its basis, notable ones marked; its sources grouped by host. Links open in
// the system browser through main ('external.open'), never inside the window.
import { useEffect, useRef } from 'react';
import { HonestyMark } from '../../ui/honesty-mark';
import { EmptyState } from '../../ui/empty-state';
import { formatUtc } from '../../ui/time';
import { useEventThread, useExternalOpen } from '../../data';
import { rec, str, Unknown, words, type Rec } from '../../ui/fields';

interface Doc {
  url: string | null;
  title: string | null;
}
interface HostGroup {
  host: string;
  names: string[];
  docs: Doc[];
}

const hostOf = (url: string | null): string => {
  try {
    return url ? new URL(url).hostname : 'unknown host';
  } catch {
    return 'unknown host';
  }
};

/** Both profiles' sources, one group per host. */
export function groupSources(sources: unknown[]): HostGroup[] {
  const groups = new Map<string, HostGroup>();
  const add = (host: string, name: string | null, docs: Doc[]) => {
    const g = groups.get(host) ?? { host, names: [], docs: [] };
    if (name && !g.names.includes(name)) g.names.push(name);
    g.docs.push(...docs);
    groups.set(host, g);
  };
  for (const raw of sources) {
    const s = rec(raw);
    if (!s) continue;
    if (Array.isArray(s.documents) || str(s.host)) {
      const docs = ((s.documents as unknown[] | undefined) ?? []).map((d) => ({
        url: str(rec(d)?.url),
        title: str(rec(d)?.title),
      }));
      add(str(s.host) ?? hostOf(docs[0]?.url ?? null), str(s.source_name), docs);
    } else {
      const url = str(s.url);
      add(hostOf(url), null, [
        { url, title: str(s.reported_at) ? `reported ${formatUtc(str(s.reported_at)!)}` : null },
      ]);
    }
  }
  return [...groups.values()].sort((a, b) => b.docs.length - a.docs.length || a.host.localeCompare(b.host));
}

function Entry({ e }: { e: Rec }) {
  const source = str(e.source);
  const measured = source === 'measurement';
  const prev = str(e.previous_state);
  const cur = str(e.current_state);
  return (
    <li
      className={`tl-entry ${measured ? 'tl-measurement' : 'tl-world'}${e.notable === true ? ' tl-notable' : ''}`}
    >
      <span className="tl-source" title={measured ? 'An instrument measurement' : 'A report about the world'}>
        <span aria-hidden="true">{measured ? '◆' : '●'}</span>{' '}
        {measured ? 'MEASUREMENT' : source === 'world' ? 'WORLD' : 'SOURCE UNKNOWN'}
      </span>
      <span className="tl-time">{str(e.at) ? formatUtc(str(e.at)!) : <Unknown>time unknown</Unknown>}</span>
      {e.notable === true && <strong className="tl-notable-mark">★ notable</strong>}
      <span className="tl-axis">{words(str(e.axis) ?? str(e.development_type) ?? 'change')}</span>
      <span className="tl-change">
        {prev || cur ? (
          <>
            {prev ? words(prev) : <Unknown>none before</Unknown>} → {cur ? words(cur) : <Unknown />}
          </>
        ) : (
          (str(e.change_summary) ?? <Unknown>no change given</Unknown>)
        )}
      </span>
      {str(e.basis) && <span className="tl-basis">basis: {words(str(e.basis)!)}</span>}
    </li>
  );
}

export function ThreadDialog({
  eventId,
  title,
  onClose,
}: {
  eventId: string;
  title: string | null;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const answer = useEventThread(eventId);
  const open = useExternalOpen();
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal?.();
  }, []);
  const result = answer.data as (typeof answer.data & { asOf?: string | null }) | undefined;
  const thread = rec(result?.thread);
  const event = rec(thread?.canonical_event);
  const timeline = Array.isArray(thread?.timeline) ? (thread.timeline as Rec[]) : [];
  const sources = groupSources(Array.isArray(thread?.sources) ? thread.sources : []);
  return (
    <dialog
      ref={ref}
      className="sheet thread-sheet"
      aria-labelledby="thread-title"
      onClose={onClose}
      data-testid="thread"
    >
      <header className="sheet-header">
        <h2 id="thread-title">Thread · {str(event?.title) ?? title ?? eventId}</h2>
        <button type="button" className="ghost" onClick={onClose} aria-label="Close, Esc">
          Esc
        </button>
      </header>
      {answer.error ? (
        <EmptyState tone="error" title="The thread could not be read">
          <p>{answer.error.message}</p>
        </EmptyState>
      ) : !result ? (
        <EmptyState tone="loading" title="Reading the thread…" />
      ) : (
        <div className="thread-body">
          <p className="thread-marks">
            {result.fromCache && (
              <HonestyMark
                kind="cached"
                detail={result.asOf ? `as of ${formatUtc(result.asOf)}` : 'offline copy'}
              />
            )}
            {event?.retracted === true && <strong className="warn">RETRACTED</strong>}
            {result.note && <span className="muted">{result.note}</span>}
          </p>
          <h3>
            Timeline{' '}
            <span className="muted">
              ({timeline.length}
              {typeof thread?.timeline_total === 'number' && thread.timeline_total > timeline.length
                ? ` of ${thread.timeline_total}`
                : ''}
              )
            </span>
          </h3>
          <p className="legend">
            <span className="tl-source tl-world-key">● WORLD</span> a report about the world ·{' '}
            <span className="tl-source tl-measurement-key">◆ MEASUREMENT</span> what an instrument recorded
          </p>
          {timeline.length === 0 ? (
            <p className="muted">No changes recorded for this event.</p>
          ) : (
            <ol className="timeline">
              {timeline.map((e, i) => (
                <Entry key={i} e={e} />
              ))}
            </ol>
          )}
          <h3>
            Sources{' '}
            <span className="muted">({sources.length} hosts — breadth of reporting, not confirmation)</span>
          </h3>
          <ul className="source-hosts">
            {sources.map((g) => (
              <li key={g.host}>
                <strong>{g.host}</strong>
                {g.names.length > 0 && <span className="muted"> · {g.names.join(', ')}</span>}
                <ul>
                  {g.docs.map((d, i) => (
                    <li key={i}>
                      {d.url ? (
                        <button
                          type="button"
                          className="link-button"
                          title={`Open ${d.url} in your browser`}
                          onClick={() => open.mutate({ url: d.url! })}
                        >
                          {d.title ?? d.url} ↗
                        </button>
                      ) : (
                        (d.title ?? <Unknown>no link</Unknown>)
                      )}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          {open.error && <p role="alert">{open.error.message}</p>}
        </div>
      )}
    </dialog>
  );
}
