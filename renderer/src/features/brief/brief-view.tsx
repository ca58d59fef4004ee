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
import {
  briefOf,
  briefOfAnswer,
  briefReading,
  jsonField,
  jsonText,
  type BriefReading,
} from '../../data/records';

type Period = (typeof BRIEF_PERIODS)[number];
const day = (v: string | null) => (v ? (v.length > 10 ? formatUtc(v) : v) : null);

/** One brief answer (GET /brief's body, either profile): headline, developments, judgments. */
function BriefArticle({ brief, label }: { brief: BriefReading; label: string }) {
  const { developments: devs, judgments, stats } = brief;
  const covers =
    [day(brief.period.start), day(brief.period.end)].filter(Boolean).join(' → ') || day(brief.date);
  return (
    <article className="brief">
      <p className="eyebrow" data-testid="brief-period">
        {label} brief{covers ? ` · ${covers}` : ''}
        {brief.status ? ` · ${brief.status}` : ''}
      </p>
      <h2>{brief.headline ?? 'Brief'}</h2>
      {brief.summary && <p>{brief.summary}</p>}
      {devs.length > 0 && (
        <section aria-label="Developments">
          <h3>Developments</h3>
          <ol>
            {devs.map((d, i) => (
              <li key={i}>
                <strong>{d.title ?? '(untitled)'}</strong>
                {d.whyItMatters && <p className="muted">Why it matters: {d.whyItMatters}</p>}
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
      {stats && (
        <p className="muted">
          <span className="num">{stats.totalEvents}</span> events
          {stats.countedOver ? ` counted over ${stats.countedOver}` : ''}
        </p>
      )}
    </article>
  );
}

/** The plan's answer to a period it lacks, from the clamp the service sent ("asked weekly, got daily"). */
function periodRefusal(clamps: readonly ClampNote[]): string | null {
  for (const c of clamps) {
    const period = jsonField(c.detail, 'period');
    const requested = jsonText(jsonField(period, 'requested'));
    const applied = jsonText(jsonField(period, 'applied'));
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
  const got = briefOfAnswer(answer);
  const brief = got && briefReading(got);
  const refusal = periodRefusal(answer.clamps);
  const applied = brief?.period.type ?? answer.request.period ?? 'daily';
  const available = brief?.available ?? [];
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
      ) : got ? (
        <>
          {brief && <BriefArticle brief={brief} label={applied} />}
          {available.length > 0 && (
            <section aria-label="Available periods">
              <h3>Available periods</h3>
              <ul data-testid="brief-available">
                {available.map((a, i) => (
                  <li key={i}>
                    {day(a.start) ?? '?'} → {day(a.end) ?? '?'}
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
  const brief = data ? briefReading(briefOf(data)) : null;
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
        ) : !brief ? (
          <EmptyState title={`No ${period} brief in the cache yet`}>
            <p>The next sync stores the service's daily brief (see Status); ask for a period above.</p>
          </EmptyState>
        ) : (
          <BriefArticle brief={brief} label={data.period} />
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
