// A stored collection answer as the service gave it, read from the cache (offline too): its
// marks (demo, when it was asked, what the plan withholds), what it charged, the service's
// clamps where the answer is shown (a survey window it narrowed says so here), then the plan or
// the survey's counts and its ranked events.
import type { StoredAnswer } from '../../../../shared/contract';
import { summarizePlan, summarizeSurvey } from './collection-params';
import { PlanAnswer } from './plan-answer';
import { rankedEvents, surveyCounts } from './ranked-events';
import { RankedTable } from './ranked-table';
import { formatTokens } from '../../../../shared/tool-prices';
import { StoredMarks, StoredOutcome } from '../../tools-common/tool-view';

export const TOOL_TITLES = {
  'collection.plan': 'Collection plan',
  'collection.priority': 'Priority survey',
  'collection.observability': 'Observability survey',
} as const;

export function summarize(a: StoredAnswer): string {
  if (a.tool === 'collection.plan') return summarizePlan(a.request);
  if (a.tool === 'collection.priority' || a.tool === 'collection.observability')
    return summarizeSurvey(a.request);
  return a.tool;
}

/** The window the survey covered, and whether it is the one asked. */
function SurveyWindow({ answer }: { answer: StoredAnswer }) {
  if (answer.tool !== 'collection.priority' && answer.tool !== 'collection.observability') return null;
  const meta = answer.answer?.meta;
  if (!meta) return null;
  const asked = `${answer.request.start_date ?? '—'} → ${answer.request.end_date ?? '—'}`;
  const got = `${meta.start_date ?? '—'} → ${meta.end_date ?? '—'}`;
  const narrowed =
    (meta.start_date && answer.request.start_date && meta.start_date !== answer.request.start_date) ||
    (meta.end_date && answer.request.end_date && meta.end_date !== answer.request.end_date);
  return (
    <p data-testid="survey-window">
      Window surveyed: <strong>{got}</strong>
      {narrowed ? ` (asked ${asked}: the service narrowed it)` : ''}
      {meta.bbox ? ` · box ${meta.bbox.join(', ')}` : ' · anywhere'}
    </p>
  );
}

export function StoredCollection({ answer }: { answer: StoredAnswer }) {
  if (!(answer.tool in TOOL_TITLES)) return null;
  const title = TOOL_TITLES[answer.tool as keyof typeof TOOL_TITLES];
  const counts = surveyCounts(answer);
  return (
    <section className="collection-stored" aria-label={`${title} answer`}>
      <h2 className="section-title">{title}</h2>
      <p className="view-line">
        <StoredMarks answer={answer} />
        <span className="muted"> {summarize(answer)}</span>
        {answer.charged !== null && (
          <span className="muted" data-testid="answer-charged">
            {' '}
            · charged {formatTokens(answer.charged)}
          </span>
        )}
      </p>
      <StoredOutcome answer={answer}>
        {!answer.answer ? null : answer.tool === 'collection.plan' ? (
          <PlanAnswer answer={answer} />
        ) : (
          <>
            <SurveyWindow answer={answer} />
            {counts.length > 0 && (
              <dl className="collection-meta" aria-label="Survey counts">
                {counts.map((c) => (
                  <div key={c.label}>
                    <dt>{c.label}</dt>
                    <dd>{c.value}</dd>
                  </div>
                ))}
              </dl>
            )}
            <RankedTable rows={rankedEvents(answer)} label="Ranked events" />
          </>
        )}
      </StoredOutcome>
    </section>
  );
}
