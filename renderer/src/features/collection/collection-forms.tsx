// The Collection view's two forms: the plan for one event (the selected signal's, or typed; an
// analysis goal), and the box and window the priority and observability surveys look at.
import { ANALYSIS_GOALS } from '../../../../shared/service/values';
import { useAppInfo } from '../../data';
import { BoxField, useDrawnChoice, useFiltersChoice } from '../../tools-common/box-field';
import { Field, FieldList, SelectField } from '../../tools-common/tool-view';
import { GOAL_LABELS, SURVEY_MAX_DAYS } from './collection-params';
import { useAdoptSignal } from './collection-sources';
import { useCollectionState } from './collection-state';

export function PlanFields() {
  const profile = useAppInfo().data?.profile;
  const { signalId } = useAdoptSignal();
  const plan = useCollectionState((s) => s.plan);
  const set = useCollectionState((s) => s.setPlan);
  return (
    <form className="tool-form" aria-label="Collection plan" onSubmit={(e) => e.preventDefault()}>
      <fieldset>
        <legend>Event</legend>
        <p className="muted" data-testid="collection-event-from">
          {plan.eventFrom ??
            (signalId !== null ? 'Reading the selected signal…' : 'Select a signal to plan for its event.')}
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
        <SelectField
          label="Analysis goal"
          value={plan.goal}
          options={ANALYSIS_GOALS.map((g) => ({ value: g, label: GOAL_LABELS[g] }))}
          onChange={(goal) => set({ goal })}
        />
      </fieldset>
    </form>
  );
}

export function SurveyFields() {
  const drawn = useDrawnChoice();
  const filters = useFiltersChoice();
  const survey = useCollectionState((s) => s.survey);
  const set = useCollectionState((s) => s.setSurvey);
  return (
    <form className="tool-form" aria-label="Collection surveys" onSubmit={(e) => e.preventDefault()}>
      <fieldset>
        <legend>Box and window</legend>
        <BoxField
          value={survey.bbox}
          from={survey.bboxFrom}
          placeholder="anywhere"
          choices={filters ? [drawn, filters] : [drawn]}
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
        <SelectField
          label="Sensor (observability)"
          value={survey.sensor}
          options={[
            { value: 'sentinel-2', label: 'Sentinel-2 (optical)' },
            { value: 'sentinel-1', label: 'Sentinel-1 (radar)' },
          ]}
          onChange={(sensor) => set({ sensor })}
        />
      </fieldset>
    </form>
  );
}
