// The Collection view's two forms: the plan for one event (the selected signal's, or typed; an
// analysis goal), and the box and window the priority and observability surveys look at.
import type { Profile } from '../../../../shared/contract';
import { ANALYSIS_GOALS } from '../../../../shared/service/values';
import { GOAL_LABELS, SURVEY_MAX_DAYS } from './collection-params';
import { useCollectionState } from './collection-state';
import { Field, FieldList } from '../../tools-common/tool-view';
import { BoxField } from '../../tools-common/box-field';

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
        <BoxField
          value={survey.bbox}
          from={survey.bboxFrom}
          placeholder="anywhere"
          choices={[
            { label: 'Use the drawn box', box: drawn, from: 'The box drawn on the map' },
            ...(filter
              ? [{ label: 'Use the filters’ box', box: filter, from: 'The signal filters’ box' }]
              : []),
          ]}
          onChange={(bbox, bboxFrom) => set({ bbox, bboxFrom })}
        />
        <FieldList
          form={survey}
          set={set}
          fields={[
            { name: 'startDate', label: 'From (UTC day)', type: 'date' },
            { name: 'endDate', label: 'To (UTC day)', type: 'date' },
          ]}
        />
        <p className="muted">
          At most {SURVEY_MAX_DAYS} days; the service may narrow it further (the answer says so).
        </p>
        <FieldList
          form={survey}
          set={set}
          fields={[
            { name: 'topN', label: 'Top events', type: 'number', placeholder: 'the service’s default' },
            { name: 'minGeoint', label: 'Minimum GEOINT score', type: 'number', placeholder: 'any' },
          ]}
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
