// An event's thread ('events.thread'): the canonical event, its timeline with world reports
// and instrument measurements told apart (word, icon and colour), each change as previous →
// current with its basis, notable ones marked; its sources grouped by host. Links open in
// the system browser through main ('external.open'), never inside the window.
import { useEffect, useRef } from 'react';
import { HonestyMark } from '../../ui/honesty-mark';
import { Loaded } from '../../ui/empty-state';
import { formatUtc } from '../../ui/time';
import { useEventThread, useExternalOpen } from '../../data';
import { Unknown, words } from '../../ui/fields';
import { finite, text, threadOf, type Profiled } from '../../data/records';
import type * as A from '../../../../shared/service/alternate';
import type * as M from '../../../../shared/service/main';

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

/** Both profiles' sources, one group per host: the main profile's by host with their documents, the alternate's one report a link. */
export function groupSources(thread: Profiled<M.Thread, A.Thread>): HostGroup[] {
  const groups = new Map<string, HostGroup>();
  const add = (host: string, name: string | null, docs: Doc[]) => {
    const g = groups.get(host) ?? { host, names: [], docs: [] };
    if (name && !g.names.includes(name)) g.names.push(name);
    g.docs.push(...docs);
    groups.set(host, g);
  };
  for (const s of thread.main?.sources ?? []) {
    const docs = (s.documents ?? []).map((d) => ({ url: text(d.url), title: text(d.title) }));
    add(text(s.host) ?? hostOf(docs[0]?.url ?? null), text(s.source_name), docs);
  }
  for (const s of thread.alternate?.sources ?? []) {
    const url = text(s.url);
    const reported = text(s.reported_at);
    add(hostOf(url), null, [{ url, title: reported ? `reported ${formatUtc(reported)}` : null }]);
  }
  return [...groups.values()].sort((a, b) => b.docs.length - a.docs.length || a.host.localeCompare(b.host));
}

/** One timeline entry, as both profiles' entries read: the main's changes of state, the alternate's development types. */
interface EntryView {
  source: string | null;
  at: string | null;
  notable: boolean;
  axis: string | null;
  prev: string | null;
  cur: string | null;
  summary: string | null;
  basis: string | null;
}

function timelineOf(thread: Profiled<M.Thread, A.Thread>): EntryView[] {
  const main = (thread.main?.timeline ?? []).map((e): EntryView => ({
    source: text(e.source),
    at: text(e.at),
    notable: e.notable === true,
    axis: text(e.axis),
    prev: text(e.previous_state),
    cur: text(e.current_state),
    summary: null,
    basis: text(e.basis),
  }));
  const alternate = (thread.alternate?.timeline ?? []).map((e): EntryView => ({
    source: text(e.source),
    at: text(e.at),
    notable: false,
    axis: text(e.development_type),
    prev: null,
    cur: null,
    summary: text(e.change_summary),
    basis: null,
  }));
  return [...main, ...alternate];
}

function Entry({ e }: { e: EntryView }) {
  const measured = e.source === 'measurement';
  const { prev, cur } = e;
  return (
    <li className={`tl-entry ${measured ? 'tl-measurement' : 'tl-world'}${e.notable ? ' tl-notable' : ''}`}>
      <span className="tl-source" title={measured ? 'An instrument measurement' : 'A report about the world'}>
        <span aria-hidden="true">{measured ? '◆' : '●'}</span>{' '}
        {measured ? 'MEASUREMENT' : e.source === 'world' ? 'WORLD' : 'SOURCE UNKNOWN'}
      </span>
      <span className="tl-time">{e.at ? formatUtc(e.at) : <Unknown>time unknown</Unknown>}</span>
      {e.notable && <strong className="tl-notable-mark">★ notable</strong>}
      <span className="tl-axis">{words(e.axis ?? 'change')}</span>
      <span className="tl-change">
        {prev || cur ? (
          <>
            {prev ? words(prev) : <Unknown>unknown before</Unknown>} → {cur ? words(cur) : <Unknown />}
          </>
        ) : (
          (e.summary ?? <Unknown>no change given</Unknown>)
        )}
      </span>
      {e.basis && <span className="tl-basis">basis: {words(e.basis)}</span>}
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
  const result = answer.data;
  const thread = result ? threadOf(result) : null;
  const timeline = thread ? timelineOf(thread) : [];
  const sources = thread ? groupSources(thread) : [];
  return (
    <dialog
      ref={ref}
      className="sheet thread-sheet"
      aria-labelledby="thread-title"
      onClose={onClose}
      data-testid="thread"
    >
      <header className="sheet-header">
        <h2 id="thread-title">Thread · {text(thread?.record.canonical_event.title) ?? title ?? eventId}</h2>
        <button type="button" className="ghost" onClick={onClose} aria-label="Close, Esc">
          Esc
        </button>
      </header>
      <Loaded query={answer} failed="The thread could not be read" reading="Reading the thread…">
        {(result) => (
          <div className="thread-body">
            <p className="thread-marks">
              {result.fromCache && (
                <HonestyMark
                  kind="cached"
                  detail={result.asOf ? `as of ${formatUtc(result.asOf)}` : 'offline copy'}
                />
              )}
              {thread?.record.canonical_event.retracted === true && (
                <strong className="warn">RETRACTED</strong>
              )}
              {result.note && <span className="muted">{result.note}</span>}
            </p>
            <h3>
              Timeline{' '}
              <span className="muted">
                ({timeline.length}
                {(finite(thread?.record.timeline_total) ?? 0) > timeline.length
                  ? ` of ${thread?.record.timeline_total}`
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
      </Loaded>
    </dialog>
  );
}
