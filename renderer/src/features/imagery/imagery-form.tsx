// The Imagery form: the box (drawn on the map, a watch's, a signal's collection AOI, or typed),
// the collection, the window (main: start and end dates; alternate: a date and days; at most 30
// days either way), the cloud cover, and the event's parameters as the selected signal gives
// them (editable, sent unchanged).
import { IMAGERY_COLLECTIONS, IMAGERY_MAX_DAYS } from '../../../../shared/contract';
import { useAppInfo } from '../../data';
import { BoxField, useDrawnChoice } from '../../tools-common/box-field';
import { Field, FieldList, SelectField } from '../../tools-common/tool-view';
import { useAdoptSelection } from './imagery-sources';
import { useImageryState } from './imagery-state';

export function ImageryFields() {
  const profile = useAppInfo().data?.profile;
  const { selectedSignal, watchBox } = useAdoptSelection();
  const drawn = useDrawnChoice();
  const form = useImageryState((s) => s.form);
  const set = useImageryState((s) => s.set);
  const adoptedLabel = useImageryState((s) => s.adoptedLabel);
  return (
    <form className="tool-form" aria-label="Imagery search" onSubmit={(e) => e.preventDefault()}>
      <fieldset>
        <legend>Box</legend>
        <BoxField
          value={form.bbox}
          from={form.bboxFrom}
          placeholder="30.2,46.2,31.2,46.9"
          choices={[
            drawn,
            ...(watchBox
              ? [{ label: 'Use the watch’s box', box: watchBox.join(','), from: 'The selected watch' }]
              : []),
          ]}
          onChange={(bbox, bboxFrom) => set({ bbox, bboxFrom })}
        />
      </fieldset>
      <fieldset>
        <legend>Catalog</legend>
        <SelectField
          label="Collection"
          value={form.collection}
          options={IMAGERY_COLLECTIONS.map((c) => ({ value: c.id, label: c.label }))}
          onChange={(collection) => set({ collection })}
        />
        <FieldList
          form={form}
          set={set}
          fields={
            profile === 'main'
              ? [
                  { name: 'startDate', label: 'From (UTC day)', type: 'date' },
                  { name: 'endDate', label: 'To (UTC day)', type: 'date' },
                ]
              : [
                  { name: 'date', label: 'Date (UTC day)', type: 'date' },
                  { name: 'days', label: 'Days', type: 'number' },
                ]
          }
        />
        <p className="muted">
          At most {IMAGERY_MAX_DAYS} days; an event date widens it to the event’s before/after span.
        </p>
        <Field
          label="Cloud cover at most (%)"
          type="number"
          value={form.cloudMax}
          placeholder="any"
          onChange={(cloudMax) => set({ cloudMax })}
        />
      </fieldset>
      <fieldset>
        <legend>Event</legend>
        <p className="muted" data-testid="imagery-event-from">
          {adoptedLabel
            ? `From the selected signal: ${adoptedLabel} (as it gives them)`
            : selectedSignal
              ? 'Reading the selected signal…'
              : 'Select a signal to fill these from its event, or type them.'}
        </p>
        <FieldList
          form={form}
          set={set}
          fields={[
            { name: 'eventDate', label: 'Event date', placeholder: 'YYYY-MM-DD' },
            { name: 'eventPoint', label: 'Event point (lon,lat)' },
            { name: 'eventAoi', label: 'Event AOI (W,S,E,N)' },
            { name: 'eventTimestamp', label: 'Event time (ISO 8601)' },
          ]}
        />
      </fieldset>
    </form>
  );
}
