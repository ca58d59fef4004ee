// Below the lists, what the chosen row holds: a standing order's last run with the cached
// events that can explain it (here; also in the inspector), or a monitoring area's series with
// its anomalies (series-panel.tsx, with uPlot, which loads with the Orders view only).
import { useOrderFired } from '../../data';
import { useSelection } from '../../state/selection';
import { useViewState } from '../../state/view-state';
import { AnswerMarks } from '../../ui/answer-marks';
import { Loaded } from '../../ui/empty-state';
import { formatUtc } from '../../ui/time';

/** `compact`: inside the inspector, under the order's own heading (no header of its own). */
export function FiredPanel({
  orderId,
  name,
  demo,
  compact = false,
}: {
  orderId: string;
  name: string;
  demo: boolean;
  compact?: boolean;
}) {
  const answer = useOrderFired(orderId);
  const select = useSelection((s) => s.select);
  const setView = useViewState((s) => s.setView);
  const data = answer.data;
  return (
    <section className={compact ? 'fired-compact' : 'panel orders-detail'} aria-label={`What ${name} found`}>
      {compact ? (
        data && <AnswerMarks demo={demo} asOf={data.asOf} />
      ) : (
        <header className="panel-header">
          <h2>{name}</h2>
          {data && <AnswerMarks demo={demo} asOf={data.asOf} />}
        </header>
      )}
      <Loaded query={answer} failed="This order could not be read from the cache" reading="Reading…">
        {(data) =>
          !data.firedAt ? (
            <p className="panel-line">This order has not fired: no check found anything to report.</p>
          ) : (
            <>
              <p className="panel-line">
                <span className="tag tag-danger">FIRED</span> {formatUtc(data.firedAt)}.{' '}
                <span className="muted">
                  The service does not list what a check found: these are the cached events in the order’s box
                  from {data.since ? formatUtc(data.since) : 'its period'} to the run.
                </span>
              </p>
              {data.events.length === 0 ? (
                <p className="panel-line muted">
                  No cached event in its box in that span (a sync may bring them).
                </p>
              ) : (
                <ul className="fired-events" aria-label="Events that fired it">
                  {data.events.map((e) => (
                    <li key={e.id}>
                      <button
                        type="button"
                        className="ghost"
                        title="Select this event and show it on the map"
                        onClick={() => {
                          select({ kind: 'signal', id: e.id, label: e.title, from: 'Orders' });
                          setView('map');
                        }}
                      >
                        {e.title}
                      </button>{' '}
                      <span className="muted">
                        {e.category.replace(/_/g, ' ')}
                        {e.occurredAt ? ` · ${formatUtc(e.occurredAt)}` : ''}
                        {e.severityBand !== null ? ` · band ${e.severityBand}` : ''}
                      </span>
                    </li>
                  ))}
                  {data.total > data.events.length && (
                    <li className="muted">and {data.total - data.events.length} more</li>
                  )}
                </ul>
              )}
            </>
          )
        }
      </Loaded>
    </section>
  );
}
