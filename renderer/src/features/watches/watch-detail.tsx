// One watch as the cache holds it: what it watches, its bucket and state, the analyst's
// actions on it, its measurements with their anomalies, its questions, the latest change,
// its event (stage, developments in the last 24 h, imagery post status) and that event's
// thread, and its notes. Only what the cached record carries is shown; what it does not
// carry is said, never filled in.
import { useState, type ReactNode } from 'react';
import type { Thread } from '../../../../shared/service/alternate';
import { useWatch } from '../../data';
import { EmptyState } from '../../ui/empty-state';
import { HonestyMark } from '../../ui/honesty-mark';
import { formatUtc } from '../../ui/time';
import { Slot } from '../../ui/slots';
import { BUCKET_LABEL } from './buckets';
import { DecisionPackageLink } from './decision-package-link';
import { WatchActions } from './watch-actions';

const words = (v: string) => v.replace(/_/g, ' ');
const Missing = ({ children }: { children: string }) => <span className="unknown">{children}</span>;

/** A list the cached record may not carry, may carry empty, or carries with items. */
function Listed<T>({
  items,
  what,
  none,
  children,
}: {
  items: readonly T[] | null | undefined;
  what: string;
  none: string;
  children: (items: readonly T[]) => ReactNode;
}) {
  if (!items) return <p className="muted">{`The cached record carries no ${what}.`}</p>;
  if (items.length === 0) return <p className="muted">{none}</p>;
  return <>{children(items)}</>;
}

function CachedThread({ thread }: { thread: Thread }) {
  const e = thread.canonical_event;
  const total = thread.timeline_total ?? thread.timeline.length;
  return (
    <div className="watch-thread">
      <p>
        <strong>{e.title ?? <Missing>untitled event</Missing>}</strong>
        {e.occurred_at && <span className="muted"> · occurred {formatUtc(e.occurred_at)}</span>}
        {e.retracted && <span className="tag tag-danger"> retracted</span>}
      </p>
      {thread.timeline.length === 0 ? (
        <p className="muted">No timeline entries in the cached thread.</p>
      ) : (
        <ol className="timeline" aria-label="Event timeline">
          {thread.timeline.slice(-8).map((t, i) => (
            <li
              key={`${t.at}-${i}`}
              className={`tl-entry ${t.source === 'measurement' ? 'tl-measurement' : ''}`}
            >
              <span className="tl-time num">{t.at ? formatUtc(t.at) : 'time unknown'}</span>{' '}
              <span className="tl-source">{t.source === 'measurement' ? '◆ MEASUREMENT' : '● WORLD'}</span>{' '}
              {t.development_type && <span className="tl-axis">{words(t.development_type)}</span>}{' '}
              {t.change_summary ?? ''}
            </li>
          ))}
        </ol>
      )}
      <p className="muted">
        {total > 8 ? `The last 8 of ${total} entries. ` : ''}
        {thread.sources.length} source{thread.sources.length === 1 ? '' : 's'} cited.
      </p>
    </div>
  );
}

/** Stays open on a deleted watch: its delete shows pending, then the watch is gone from the cache. */
export function WatchDetail({ watchId }: { watchId: string }) {
  const answer = useWatch(watchId);
  const [threadOpen, setThreadOpen] = useState(false);
  if (answer.error)
    return (
      <EmptyState tone="error" title="The watch could not be read from the cache">
        <p>{answer.error.message}</p>
      </EmptyState>
    );
  if (!answer.data) return <EmptyState tone="loading" title="Reading the watch…" />;
  const { watch: row, thread, detailCached, notes, packageRevisions, asOf } = answer.data;
  if (!row)
    return (
      <EmptyState title="This watch is no longer in the cache">
        <p>It was deleted, or the last sync no longer listed it.</p>
      </EmptyState>
    );
  const w = row.record;
  const event = w.event ?? null;
  const eventId = event?.subject_key?.replace(/^cluster:/, '') ?? null;
  const measurements = w.measurements ?? null;
  const questions = w.questions ?? null;

  return (
    <article className="watch-detail" aria-labelledby="watch-detail-title" data-testid="watch-detail">
      <header className="watch-detail-head">
        <p className="eyebrow">
          {w.target_type === 'area' ? 'Area watch' : w.target_type === 'event' ? 'Event watch' : 'Watch'}
        </p>
        <h2 id="watch-detail-title">{w.name ?? <Missing>unnamed</Missing>}</h2>
        <p className="watch-marks">
          {row.pending && <HonestyMark kind="pending" detail="a change waits to be sent" />}
          <span className="tag">{w.bucket ? BUCKET_LABEL[w.bucket] : 'no bucket'}</span>{' '}
          <span className="tag" data-testid="watch-status">
            {w.status ?? 'status unknown'}
          </span>{' '}
          <span className="muted">{asOf ? `cached ${formatUtc(asOf)}` : 'not from the service yet'}</span>
        </p>
      </header>
      <WatchActions row={row} />
      <DecisionPackageLink watchId={row.id} label={w.name ?? undefined} revisions={packageRevisions} />
      <Slot id="watch.actions" watchId={row.id} label={w.name ?? null} />

      <section aria-label="Latest change">
        <h3>Latest change</h3>
        {w.latest_change ? (
          <p>
            {w.latest_change.at ? (
              <span className="num">{formatUtc(w.latest_change.at)}</span>
            ) : (
              <Missing>time unknown</Missing>
            )}{' '}
            · {w.latest_change.summary ?? <Missing>no summary given</Missing>}
          </p>
        ) : (
          <p className="muted">The cached record names no change.</p>
        )}
      </section>

      <section aria-label="Measurements">
        <h3>Measurements</h3>
        <Listed items={measurements} what="measurements" none="None yet.">
          {(measurements) => (
            <table className="dense">
              <thead>
                <tr>
                  <th>Metric</th>
                  <th className="right">Latest</th>
                  <th>Anomaly</th>
                </tr>
              </thead>
              <tbody>
                {measurements.map((m, i) => (
                  <tr key={`${m.metric}-${i}`}>
                    <td>{m.metric ? words(m.metric) : <Missing>unnamed</Missing>}</td>
                    <td className="right num">{m.latest?.value ?? <Missing>no value</Missing>}</td>
                    <td>
                      {m.latest?.is_anomaly === true ? (
                        <span className="tag tag-danger">anomaly</span>
                      ) : m.latest?.is_anomaly === false ? (
                        'no'
                      ) : (
                        <Missing>not stated</Missing>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Listed>
        {w.area?.area_status && <p className="muted">Area status: {words(w.area.area_status)}</p>}
      </section>

      <section aria-label="Questions">
        <h3>Questions</h3>
        <Listed items={questions} what="questions" none="No question asked yet.">
          {(questions) => (
            <ul>
              {questions.map((q, i) => (
                <li key={i}>
                  {q.question ?? <Missing>empty</Missing>}
                  {q.cadence && <span className="muted"> · {q.cadence}</span>}
                </li>
              ))}
            </ul>
          )}
        </Listed>
      </section>

      <section aria-label="Event">
        <h3>Event</h3>
        {w.target_type === 'area' ? (
          <p className="muted">An area watch: it is bound to a box, not to one event.</p>
        ) : !event ? (
          <p className="muted">The cached record carries no event facts.</p>
        ) : (
          <dl className="facts">
            <dt>Stage</dt>
            <dd>{event.stage ?? <Missing>not stated</Missing>}</dd>
            <dt>Developments, last 24 h</dt>
            <dd className="num">{event.developments_24h ?? <Missing>not stated</Missing>}</dd>
            <dt>Imagery post status</dt>
            <dd>
              {event.imagery_post_status ? words(event.imagery_post_status) : <Missing>not stated</Missing>}
            </dd>
          </dl>
        )}
        {!detailCached ? (
          <p className="muted">
            This watch’s detail (its event’s thread and its notes from the service) is not cached yet: the
            next sync fetches it.
          </p>
        ) : thread ? (
          <>
            <CachedThread thread={thread} />
            {eventId && (
              <button type="button" onClick={() => setThreadOpen(true)}>
                Open thread
              </button>
            )}
          </>
        ) : (
          w.target_type !== 'area' && <p className="muted">The cached detail carries no thread.</p>
        )}
        {threadOpen && eventId && (
          <Slot
            id="event.thread"
            eventId={eventId}
            title={w.name ?? null}
            onClose={() => setThreadOpen(false)}
          />
        )}
      </section>

      <Slot id="watch.notes" watchId={row.id} notes={notes} />
    </article>
  );
}
