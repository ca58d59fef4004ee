// Brief: the service's brief for a period as the cache last stored it (the sync keeps the daily
// one), marked CACHED with its time, the period it covers said first. A period can also be
// asked of the service now (GET /brief is free): a plan without that period answers the daily
// brief and says so, and that is shown in its words where the answer is shown, with the
// periods the service offers. Every brief asked is kept in the history, readable offline.
import {
  BRIEF_PERIODS,
  type ClampNote,
  type StoredAnswerOf,
  type ToolParams,
} from '../../../../shared/contract';
import { useAppInfo, useBrief } from '../../data';
import { AnswerMarks } from '../../ui/answer-marks';
import { EmptyState } from '../../ui/empty-state';
import { formatUtc } from '../../ui/time';
import { defineToolView, toolRun, type Built } from '../../tools-common/define-tool';
import {
  briefOf,
  briefOfAnswer,
  briefReading,
  jsonField,
  jsonText,
  type BriefReading,
} from '../../data/records';
import { useBriefState } from './brief-state';

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

export const summarizeBrief = (r: ToolParams<'brief'>): string =>
  [r.period ?? 'daily', r.date ? `for ${r.date}` : null].filter(Boolean).join(' ');

/** Above an asked brief: the way back to the synced one, and a period the plan lacks. */
function AskedLead({ answer }: { answer: StoredAnswerOf<'brief'> }) {
  const choose = useBriefState((s) => s.choose);
  const refusal = periodRefusal(answer.clamps);
  return (
    <>
      <p>
        <button type="button" className="ghost" onClick={() => choose(null)}>
          Show the synced brief
        </button>
      </p>
      {refusal && (
        <p className="banner" role="note" data-testid="brief-plan-refusal">
          {refusal}
        </p>
      )}
    </>
  );
}

function AskedBrief({ answer }: { answer: StoredAnswerOf<'brief'> }) {
  const got = briefOfAnswer(answer);
  const brief = got && briefReading(got);
  const applied = brief?.period.type ?? answer.request.period ?? 'daily';
  const available = brief?.available ?? [];
  if (!got) return null;
  return (
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
  );
}

/** The brief the sync stored for the period (the cache's), while no asked one is in view. */
function SyncedBrief() {
  const period = useBriefState((s) => s.period);
  const answer = useBrief({ period });
  const data = answer.data;
  const brief = data ? briefReading(briefOf(data)) : null;
  if (answer.error)
    return (
      <EmptyState tone="error" title="The brief could not be read from the cache">
        <p>{answer.error.message}</p>
      </EmptyState>
    );
  if (!data) return <EmptyState tone="loading" title="Reading the brief…" />;
  if (!brief)
    return (
      <EmptyState title={`No ${period} brief in the cache yet`}>
        <p>The next sync stores the service's daily brief (see Status); ask for a period above.</p>
      </EmptyState>
    );
  return <BriefArticle brief={brief} label={data.period} />;
}

/** The periods, and the synced brief's marks while it is the one shown. */
function Periods() {
  const period = useBriefState((s) => s.period);
  const setPeriod = useBriefState((s) => s.setPeriod);
  const askedId = useBriefState((s) => s.askedId);
  const data = useBrief({ period }).data;
  const demo = useAppInfo().data?.mode === 'demo';
  return (
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
      {data && !askedId && <AnswerMarks demo={demo} asOf={data.asOf} />}
    </div>
  );
}

const useProfile = () => useAppInfo().data?.profile ?? null;

export const BriefView = defineToolView({
  testId: 'brief-view',
  className: 'brief-view',
  what: 'its brief',
  Above: Periods,
  oneColumn: true,
  runs: [
    toolRun({
      tool: 'brief',
      name: 'brief',
      useBarName: () => {
        const period = useBriefState((s) => s.period);
        return useProfile() === 'main' ? `${period} brief` : 'daily brief';
      },
      title: 'Brief',
      answerLabel: 'Asked brief',
      threshold: false,
      // The alternate service's brief takes a day, not a period: it is asked for its daily brief.
      useBuilt: () => {
        const period = useBriefState((s) => s.period);
        const profile = useProfile();
        return {
          input: { tool: 'brief', params: profile === 'main' ? { period } : {} },
          problem:
            profile === 'alternate' && period !== 'daily'
              ? 'The alternate service’s brief covers a day: it is asked for the daily one.'
              : null,
        } as Built;
      },
      useChosen: () => useBriefState((s) => s.askedId),
      choose: (id) => useBriefState.getState().choose(id),
      summarize: summarizeBrief,
      Unchosen: SyncedBrief,
      Lead: AskedLead,
      Answer: AskedBrief,
    }),
  ],
});
