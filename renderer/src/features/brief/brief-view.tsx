// Brief: the service's brief for a period as the cache last stored it, marked CACHED with its
// time, the period it covers said first.
import { useState } from 'react';
import { BRIEF_PERIODS } from '../../../../shared/contract';
import { AnswerMarks } from '../../ui/answer-marks';
import { EmptyState } from '../../ui/empty-state';
import { formatUtc } from '../../ui/time';
import { useAppInfo, useBrief } from '../read-hooks';

type Period = (typeof BRIEF_PERIODS)[number];
type Rec = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
const day = (v: string | null) => (v ? (v.length > 10 ? formatUtc(v) : v) : null);

export function BriefView() {
  const [period, setPeriod] = useState<Period>('daily');
  const answer = useBrief({ period });
  const demo = useAppInfo().data?.mode === 'demo';
  const data = answer.data;
  const outer = (data?.brief ?? null) as Rec | null;
  const body = (outer?.brief ?? null) as Rec | null;
  const p = (outer?.period ?? null) as Rec | null;
  const devs = Array.isArray(body?.developments) ? (body.developments as Rec[]) : [];
  const judgments = Array.isArray(body?.key_judgments) ? (body.key_judgments as unknown[]) : [];
  const stats = (body?.stats ?? null) as Rec | null;
  const covers = [day(str(p?.start)), day(str(p?.end))].filter(Boolean).join(' → ') || day(str(body?.date));
  return (
    <div className="list-view" data-testid="brief-view">
      <div className="filter-bar" role="group" aria-label="Brief period">
        {BRIEF_PERIODS.map((x) => (
          <button
            key={x}
            type="button"
            className="pill"
            aria-pressed={period === x}
            onClick={() => setPeriod(x)}
          >
            {x}
          </button>
        ))}
        {data && <AnswerMarks demo={demo} asOf={data.asOf} />}
      </div>
      <div className="table-scroll">
        {answer.error ? (
          <EmptyState tone="error" title="The brief could not be read from the cache">
            <p>{answer.error.message}</p>
          </EmptyState>
        ) : !data ? (
          <EmptyState tone="loading" title="Reading the brief…" />
        ) : !body ? (
          <EmptyState title={`No ${period} brief in the cache yet`}>
            <p>The next sync stores the service's brief (see Status).</p>
          </EmptyState>
        ) : (
          <article className="brief">
            <p className="eyebrow" data-testid="brief-period">
              {data.period} brief{covers ? ` · ${covers}` : ''}
              {str(outer?.status) ? ` · ${str(outer?.status)}` : ''}
            </p>
            <h2>{str(body.headline) ?? 'Brief'}</h2>
            {str(body.summary) && <p>{str(body.summary)}</p>}
            {devs.length > 0 && (
              <section aria-label="Developments">
                <h3>Developments</h3>
                <ol>
                  {devs.map((d, i) => (
                    <li key={i}>
                      <strong>{str(d.title) ?? '(untitled)'}</strong>
                      {str(d.why_it_matters) && (
                        <p className="muted">Why it matters: {str(d.why_it_matters)}</p>
                      )}
                    </li>
                  ))}
                </ol>
              </section>
            )}
            {judgments.length > 0 && (
              <section aria-label="Key judgments">
                <h3>Key judgments</h3>
                <ol>
                  {judgments.map((j, i) => (
                    <li key={i}>{typeof j === 'string' ? j : JSON.stringify(j)}</li>
                  ))}
                </ol>
              </section>
            )}
            {stats && typeof stats.totalEvents === 'number' && (
              <p className="muted">
                <span className="num">{stats.totalEvents}</span> events
                {str(stats.countedOver) ? ` counted over ${str(stats.countedOver)}` : ''}
              </p>
            )}
          </article>
        )}
      </div>
    </div>
  );
}
