// A stored collection plan: which event it is for (and whether the service followed a merge to
// another id), the goal and date it planned for, each collection step (why it was queried,
// what came back, how much is usable, the SAR pair), the capability per grade and whether very
// high resolution imagery is recommended, all as the service gave them.
import type { StoredAnswerOf } from '../../../../shared/contract';
import { GOAL_LABELS } from './collection-params';

const words = (s: string | null | undefined) => (s ? s.replace(/_/g, ' ') : '—');
const yesNo = (v: boolean | null | undefined) => (v === true ? 'yes' : v === false ? 'no' : '—');

export function PlanAnswer({ answer }: { answer: StoredAnswerOf<'collection.plan'> }) {
  if (!answer.answer) return null;
  const { meta, plan } = answer.answer;
  const asked = String(answer.request.event_id);
  const planned = meta.event_id === null || meta.event_id === undefined ? null : String(meta.event_id);
  return (
    <div className="collection-plan">
      <dl className="tool-facts" aria-label="Plan summary">
        <div>
          <dt>Event</dt>
          <dd className="mono">{planned ?? asked}</dd>
        </div>
        <div>
          <dt>Goal</dt>
          <dd>{meta.analysis_goal ? GOAL_LABELS[meta.analysis_goal] : '—'}</dd>
        </div>
        <div>
          <dt>Event date</dt>
          <dd>{meta.event_date ?? '—'}</dd>
        </div>
        {plan.skipped_duplicates !== null && plan.skipped_duplicates !== undefined && (
          <div>
            <dt>Duplicates skipped</dt>
            <dd>{plan.skipped_duplicates}</dd>
          </div>
        )}
      </dl>
      {meta.merged_from_request && (
        <p role="note" data-testid="plan-merged">
          The event asked for ({asked}) was merged into {planned ?? 'another event'}: the plan is for that
          one.
        </p>
      )}
      {plan.steps?.length ? (
        <div className="table-scroll">
          <table className="dense" aria-label="Plan steps">
            <thead>
              <tr>
                <th scope="col">Collection</th>
                <th scope="col">Why</th>
                <th scope="col" className="right">
                  Returned
                </th>
                <th scope="col" className="right">
                  Usable
                </th>
                <th scope="col">SAR pair</th>
              </tr>
            </thead>
            <tbody>
              {plan.steps.map((s, i) => (
                <tr key={`${s.collection ?? 'step'}-${i}`}>
                  <td className="mono">{s.collection ?? '—'}</td>
                  <td>{s.query_reason ?? '—'}</td>
                  <td className="right num">{s.returned_count ?? '—'}</td>
                  <td className="right num">{s.usable_count ?? '—'}</td>
                  <td>{words(s.sar_pair_status)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="muted">The plan has no collection step.</p>
      )}
      <dl className="tool-facts" aria-label="Capability">
        <div>
          <dt>Screening</dt>
          <dd>{words(plan.capability?.screening)}</dd>
        </div>
        <div>
          <dt>Detection</dt>
          <dd>{words(plan.capability?.detection)}</dd>
        </div>
        <div>
          <dt>Identification</dt>
          <dd>{words(plan.capability?.identification)}</dd>
        </div>
        {plan.vhr_recommendation && (
          <>
            <div>
              <dt>Very high resolution recommended</dt>
              <dd data-testid="plan-vhr">{yesNo(plan.vhr_recommendation.recommended)}</dd>
            </div>
            <div>
              <dt>Open data still valid</dt>
              <dd>{yesNo(plan.vhr_recommendation.open_data_still_valid)}</dd>
            </div>
          </>
        )}
      </dl>
    </div>
  );
}
