// A stored survey as the service gave it (the kit shows its marks, charge and clamps above):
// the window it covered (a window the service narrowed says so here), its counts, and its
// ranked events.
import type { StoredAnswerOf } from '../../../../shared/contract';
import { rankedEvents, surveyCounts } from './ranked-events';
import { RankedTable } from './ranked-table';

type SurveyAnswer = StoredAnswerOf<'collection.priority' | 'collection.observability'>;

/** The window the survey covered, and whether it is the one asked. */
function SurveyWindow({ answer }: { answer: SurveyAnswer }) {
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

export function SurveyAnswer({ answer }: { answer: SurveyAnswer }) {
  const counts = surveyCounts(answer);
  return (
    <div className="collection-survey">
      <SurveyWindow answer={answer} />
      {counts.length > 0 && (
        <dl className="tool-facts" aria-label="Survey counts">
          {counts.map((c) => (
            <div key={c.label}>
              <dt>{c.label}</dt>
              <dd>{c.value}</dd>
            </div>
          ))}
        </dl>
      )}
      <RankedTable rows={rankedEvents(answer)} label="Ranked events" />
    </div>
  );
}
