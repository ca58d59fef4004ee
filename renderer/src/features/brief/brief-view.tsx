// Brief: the service's brief for a period as the cache last stored it (the sync keeps the daily
// one), marked CACHED with its time, the period it covers said first. A period can also be
// asked of the service now (GET /brief is free): a plan without that period answers the daily
// brief and says so, and that is shown in its words where the answer is shown, with the
// periods the service offers. Every brief asked is kept in the history, readable offline.
import { useState } from 'react';
import { BRIEF_PERIODS, type ClampNote, type StoredAnswerOf } from '../../../../shared/contract';
import { useToolAnswer } from '../../data';
import { AnswerMarks, ClampBanner } from '../../ui/answer-marks';
import { EmptyState } from '../../ui/empty-state';
import { HonestyMark } from '../../ui/honesty-mark';
import { formatUtc } from '../../ui/time';
import { RunBar, useToolRunner } from '../../tools-common/run-bar';
import { ToolHistory } from '../../tools-common/tool-history';
import { useAppInfo, useBrief } from '../../data';

type Period = (typeof BRIEF_PERIODS)[number];
type Rec = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
const day = (v: string | null) => (v ? (v.length > 10 ? formatUtc(v) : v) : null);
const rec = (v: unknown): Rec | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Rec) : null);

/** One brief answer (GET /brief's body, either profile): headline, developments, judgments. */
function BriefArticle({ outer, label }: { outer: Rec; label: string }) {
  const body = rec(outer.brief);
  const p = rec(outer.period);
  if (!body) return null;
  const devs = Array.isArray(body.developments) ? (body.developments as Rec[]) : [];
  const judgments = Array.isArray(body.key_judgments) ? (body.key_judgments as unknown[]) : [];
  const stats = rec(body.stats);
  const covers = [day(str(p?.start)), day(str(p?.end))].filter(Boolean).join(' → ') || day(str(body.date));
  return (
    <article className="brief">
      <p className="eyebrow" data-testid="brief-period">
        {label} brief{covers ? ` · ${covers}` : ''}
        {str(outer.status) ? ` · ${str(outer.status)}` : ''}
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
                {str(d.why_it_matters) && <p className="muted">Why it matters: {str(d.why_it_matters)}</p>}
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
  );
}

/** The plan's answer to a period it lacks, from the clamp the service sent ("asked weekly, got daily"). */
function periodRefusal(clamps: readonly ClampNote[]): string | null {
  for (const c of clamps) {
    const period = rec(rec(c.detail)?.period);
    const requested = str(period?.requested);
    const applied = str(period?.applied);
    if (!requested || !applied || requested === applied) continue;
    const plans = c.requiredPlans?.length
      ? ` The ${requested} brief needs the ${c.requiredPlans.join(' or ')} plan.`
      : '';
    return `Your plan does not include the ${requested} brief: the service answered the ${applied} one.${plans}`;
  }
  return null;
}

export const summarizeBrief = (a: { tool: string; request: unknown }): string => {
  if (a.tool !== 'brief') return a.tool;
  const r = a.request as { period?: string; date?: string };
  return [r.period ?? 'daily', r.date ? `for ${r.date}` : null].filter(Boolean).join(' ');
};

function StoredBrief({ answer }: { answer: StoredAnswerOf<'brief'> }) {
  const outer = rec(answer.answer);
  const refusal = periodRefusal(answer.clamps);
  const applied = str(rec(outer?.period)?.type) ?? answer.request.period ?? 'daily';
  const available = Array.isArray(outer?.available_periods) ? (outer.available_periods as Rec[]) : [];
  return (
    <section aria-label="Asked brief">
      <p className="answer-line">
        <span className="answer-marks">
          {answer.demo && <HonestyMark kind="demo" title="Demo data, not from the live service" />}
          <HonestyMark
            kind="cached"
            detail={`asked ${formatUtc(answer.askedAt)}`}
            title="Stored in the local cache when it was asked; readable offline"
          />
        </span>{' '}
        <span className="muted">asked: {summarizeBrief(answer)}</span>
      </p>
      {refusal && (
        <p className="banner" role="note" data-testid="brief-plan-refusal">
          {refusal}
        </p>
      )}
      <ClampBanner clamps={answer.clamps} />
      {answer.status === 'failed' ? (
        <EmptyState tone="error" title="The service refused this brief">
          <p>{answer.error?.message}</p>
        </EmptyState>
      ) : outer ? (
        <>
          <BriefArticle outer={outer} label={applied} />
          {available.length > 0 && (
            <section aria-label="Available periods">
              <h3>Available periods</h3>
              <ul data-testid="brief-available">
                {available.map((a, i) => (
                  <li key={i}>
                    {day(str(a.period_start)) ?? '?'} → {day(str(a.period_end)) ?? '?'}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      ) : (
        <p className="muted">No answer yet.</p>
      )}
    </section>
  );
}

export function BriefView() {
  const [period, setPeriod] = useState<Period>('daily');
  const [askedId, setAskedId] = useState<string | null>(null);
  const answer = useBrief({ period });
  const info = useAppInfo().data;
  const demo = info?.mode === 'demo';
  const profile = info?.profile ?? null;
  const asked = useToolAnswer(askedId);
  const runner = useToolRunner('brief', (a) => setAskedId(a.id));
  const data = answer.data;
  const outer = (data?.brief ?? null) as Rec | null;
  const body = rec(outer?.brief);
  // The alternate service's brief takes a day, not a period: it is asked for its daily brief.
  const input = profile ? ({ tool: 'brief', params: profile === 'main' ? { period } : {} } as const) : null;
  return (
    <div className="list-view" data-testid="brief-view">
      <div className="filter-bar" role="group" aria-label="Brief period">
        {BRIEF_PERIODS.map((x) => (
          <button
            key={x}
            type="button"
            className="pill"
            aria-pressed={period === x}
            onClick={() => {
              setPeriod(x);
              setAskedId(null);
            }}
          >
            {x}
          </button>
        ))}
        {data && !askedId && <AnswerMarks demo={demo} asOf={data.asOf} />}
      </div>
      <div className="table-scroll">
        {profile && (
          <RunBar
            title={profile === 'main' ? `${period} brief` : 'daily brief'}
            input={input}
            problem={
              profile === 'alternate' && period !== 'daily'
                ? 'The alternate service’s brief covers a day: it is asked for the daily one.'
                : null
            }
            runner={runner}
            threshold={false}
          />
        )}
        {askedId ? (
          asked.error ? (
            <EmptyState tone="error" title="The stored brief could not be read">
              <p>{asked.error.message}</p>
            </EmptyState>
          ) : !asked.data ? (
            <EmptyState tone="loading" title="Reading the stored brief…" />
          ) : asked.data.tool === 'brief' ? (
            <>
              <p>
                <button type="button" className="ghost" onClick={() => setAskedId(null)}>
                  Show the synced brief
                </button>
              </p>
              <StoredBrief answer={asked.data} />
            </>
          ) : null
        ) : answer.error ? (
          <EmptyState tone="error" title="The brief could not be read from the cache">
            <p>{answer.error.message}</p>
          </EmptyState>
        ) : !data ? (
          <EmptyState tone="loading" title="Reading the brief…" />
        ) : !body || !outer ? (
          <EmptyState title={`No ${period} brief in the cache yet`}>
            <p>The next sync stores the service's daily brief (see Status); ask for a period above.</p>
          </EmptyState>
        ) : (
          <BriefArticle outer={outer} label={data.period} />
        )}
        <ToolHistory
          tool="brief"
          title="Brief"
          chosenId={askedId}
          summary={summarizeBrief}
          onChoose={(a) => setAskedId(a.id)}
          onRunAgain={(a) => {
            if (a.tool !== 'brief') return;
            runner.start({ tool: 'brief', params: a.request });
          }}
        />
      </div>
    </div>
  );
}
