// The Imagery form: the box (drawn on the map, a watch's, a signal's collection AOI, or typed),
// the collection, the window (main: start and end dates; alternate: a date and days; at most 30
// days either way), the cloud cover, and the event's parameters as the selected signal gives
// them (editable, sent unchanged).
import { IMAGERY_COLLECTIONS, IMAGERY_MAX_DAYS, type Profile } from '../../../../shared/contract';
import { useImageryState } from './imagery-state';
import { Field, FieldList } from '../../tools-common/tool-view';
import { BoxField } from '../../tools-common/box-field';

export function ImageryFormFields({
  profile,
  drawnBox,
  watchBox,
  signalSelected,
}: {
  profile: Profile;
  drawnBox: string | null;
  watchBox: number[] | null;
  signalSelected: boolean;
}) {
  const form = useImageryState((s) => s.form);
  const set = useImageryState((s) => s.set);
  const adoptedLabel = useImageryState((s) => s.adoptedLabel);
  return (
    <form className="imagery-form" aria-label="Imagery search" onSubmit={(e) => e.preventDefault()}>
      <fieldset>
        <legend>Box</legend>
        <BoxField
          value={form.bbox}
          from={form.bboxFrom}
          placeholder="30.2,46.2,31.2,46.9"
          choices={[
            { label: 'Use the drawn box', box: drawnBox, from: 'The box drawn on the map' },
            ...(watchBox
              ? [{ label: 'Use the watch’s box', box: watchBox.join(','), from: 'The selected watch' }]
              : []),
          ]}
          onChange={(bbox, bboxFrom) => set({ bbox, bboxFrom })}
        />
      </fieldset>
      <fieldset>
        <legend>Catalog</legend>
        <label className="imagery-field">
          <span>Collection</span>
          <select value={form.collection} onChange={(e) => set({ collection: e.target.value })}>
            {IMAGERY_COLLECTIONS.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
        {profile === 'main' ? (
          <>
            <FieldList
              form={form}
              set={set}
              fields={[
                { name: 'startDate', label: 'From (UTC day)', type: 'date' },
                { name: 'endDate', label: 'To (UTC day)', type: 'date' },
              ]}
            />
          </>
        ) : (
          <>
            <FieldList
              form={form}
              set={set}
              fields={[
                { name: 'date', label: 'Date (UTC day)', type: 'date' },
                { name: 'days', label: 'Days', type: 'number' },
              ]}
            />
          </>
        )}
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
            : signalSelected
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
