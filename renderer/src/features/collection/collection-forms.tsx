// The Collection view's two forms: the plan for one event (the selected signal's, or typed; an
// analysis goal), and the box and window the priority and observability surveys look at.
import type { Profile } from '../../../../shared/contract';
import { ANALYSIS_GOALS } from '../../../../shared/service/values';
import { GOAL_LABELS, SURVEY_MAX_DAYS } from './collection-params';
import { useCollectionState } from './collection-state';
import { Field } from '../../tools-common/tool-view';

export function PlanFields({ profile, signalSelected }: { profile: Profile; signalSelected: boolean }) {
  const plan = useCollectionState((s) => s.plan);
  const set = useCollectionState((s) => s.setPlan);
  return (
    <form className="collection-form" aria-label="Collection plan" onSubmit={(e) => e.preventDefault()}>
      <fieldset>
        <legend>Event</legend>
        <p className="muted" data-testid="collection-event-from">
          {plan.eventFrom ??
            (signalSelected ? 'Reading the selected signal…' : 'Select a signal to plan for its event.')}
        </p>
        <Field
          label="Event id"
          value={plan.eventId}
          placeholder={profile === 'main' ? 'uuid' : 'a whole number'}
          onChange={(eventId) => set({ eventId, eventFrom: 'Typed' })}
        />
        <Field
          label="Event date"
          value={plan.eventDate}
          placeholder="YYYY-MM-DD (the event’s own when empty)"
          onChange={(eventDate) => set({ eventDate })}
        />
        <label className="collection-field">
          <span>Analysis goal</span>
          <select
            value={plan.goal}
            onChange={(e) => set({ goal: e.target.value as (typeof ANALYSIS_GOALS)[number] })}
          >
            {ANALYSIS_GOALS.map((g) => (
              <option key={g} value={g}>
                {GOAL_LABELS[g]}
              </option>
            ))}
          </select>
        </label>
      </fieldset>
    </form>
  );
}

export function SurveyFields({ drawn, filter }: { drawn: string | null; filter: string | null }) {
  const survey = useCollectionState((s) => s.survey);
  const set = useCollectionState((s) => s.setSurvey);
  return (
    <form className="collection-form" aria-label="Collection surveys" onSubmit={(e) => e.preventDefault()}>
      <fieldset>
        <legend>Box and window</legend>
        <Field
          label="Box (W,S,E,N)"
          value={survey.bbox}
          placeholder="anywhere"
          onChange={(bbox) => set({ bbox, bboxFrom: 'Typed' })}
        />
        {survey.bboxFrom && <p className="muted">From: {survey.bboxFrom}</p>}
        <p className="collection-buttons">
          <button
            type="button"
            className="ghost"
            disabled={!drawn}
            onClick={() => drawn && set({ bbox: drawn, bboxFrom: 'The box drawn on the map' })}
          >
            Use the drawn box
          </button>{' '}
          {filter && (
            <button
              type="button"
              className="ghost"
              onClick={() => set({ bbox: filter, bboxFrom: 'The signal filters’ box' })}
            >
              Use the filters’ box
            </button>
          )}
        </p>
        <Field
          label="From (UTC day)"
          type="date"
          value={survey.startDate}
          onChange={(startDate) => set({ startDate })}
        />
        <Field
          label="To (UTC day)"
          type="date"
          value={survey.endDate}
          onChange={(endDate) => set({ endDate })}
        />
        <p className="muted">
          At most {SURVEY_MAX_DAYS} days; the service may narrow it further (the answer says so).
        </p>
        <Field
          label="Top events"
          type="number"
          value={survey.topN}
          placeholder="the service’s default"
          onChange={(topN) => set({ topN })}
        />
        <Field
          label="Minimum GEOINT score"
          type="number"
          value={survey.minGeoint}
          placeholder="any"
          onChange={(minGeoint) => set({ minGeoint })}
        />
        <label className="collection-field">
          <span>Sensor (observability)</span>
          <select
            value={survey.sensor}
            onChange={(e) => set({ sensor: e.target.value as 'sentinel-2' | 'sentinel-1' })}
          >
            <option value="sentinel-2">Sentinel-2 (optical)</option>
            <option value="sentinel-1">Sentinel-1 (radar)</option>
          </select>
        </label>
      </fieldset>
    </form>
  );
}
