// Every stored call of one tool (region "<Tool> history"), newest first, from the cache: when it
// was asked, what was asked, how it ended and what it charged. Choosing one shows the stored
// answer (offline); "Run again" asks the service again with the same request.
import './tools-common.css';
import type { StoredAnswer, ToolName } from '../../../shared/contract';
import { useToolsHistory } from '../data';
import { HonestyMark } from '../ui/honesty-mark';
import { formatUtc } from '../ui/time';

const STATUS: Record<StoredAnswer['status'], string> = {
  done: 'answered',
  running: 'running',
  failed: 'failed',
};

export function ToolHistory({
  tool,
  title,
  chosenId,
  summary,
  onChoose,
  onRunAgain,
}: {
  tool: ToolName;
  title: string;
  chosenId: string | null;
  /** One line for a stored request. */
  summary: (a: StoredAnswer) => string;
  onChoose: (a: StoredAnswer) => void;
  onRunAgain: (a: StoredAnswer) => void;
}) {
  const history = useToolsHistory({ tool, limit: 100 });
  const rows = history.data?.answers ?? [];
  return (
    <section className="tool-history" aria-label={`${title} history`}>
      <h2 className="section-title">{title} history</h2>
      {history.error ? (
        <p role="alert">The history could not be read: {history.error.message}</p>
      ) : rows.length === 0 ? (
        <p className="muted">
          {history.data ? 'No calls yet: each call is kept here, readable offline.' : 'Reading…'}
        </p>
      ) : (
        <div className="table-scroll">
          <table className="dense">
            <thead>
              <tr>
                <th scope="col">Asked (UTC)</th>
                <th scope="col">Request</th>
                <th scope="col">Outcome</th>
                <th scope="col" className="right">
                  Charged
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((a) => (
                <tr key={a.id} aria-selected={a.id === chosenId}>
                  <td className="num">{formatUtc(a.askedAt, true)}</td>
                  <td>
                    {summary(a)}
                    {a.demo && (
                      <>
                        {' '}
                        <HonestyMark kind="demo" />
                      </>
                    )}
                  </td>
                  <td>
                    {a.status === 'failed' ? (
                      <HonestyMark kind="refused" detail={a.error?.status ?? a.error?.code ?? 'failed'} />
                    ) : (
                      STATUS[a.status]
                    )}
                    {a.clamps.length > 0 && (
                      <>
                        {' '}
                        <HonestyMark kind="clamped" />
                      </>
                    )}
                  </td>
                  <td className="right num">{a.charged ?? '—'}</td>
                  <td>
                    <button
                      type="button"
                      className="ghost"
                      aria-label={`Show the answer asked ${formatUtc(a.askedAt, true)}`}
                      onClick={() => onChoose(a)}
                    >
                      Show
                    </button>{' '}
                    <button
                      type="button"
                      className="ghost"
                      aria-label={`Run again the request asked ${formatUtc(a.askedAt, true)}`}
                      onClick={() => onRunAgain(a)}
                    >
                      Run again
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
