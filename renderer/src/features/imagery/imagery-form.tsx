// The Imagery form: the box (drawn on the map, a watch's, a signal's collection AOI, or typed),
// the collection, the window (main: start and end dates; alternate: a date and days; at most 30
// days either way), the cloud cover, and the event's parameters as the selected signal gives
// them (editable, sent unchanged).
import { IMAGERY_COLLECTIONS, IMAGERY_MAX_DAYS, type Profile } from '../../../../shared/contract';
import { useImageryState } from './imagery-state';
import { Field } from '../../tools-common/tool-view';

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
        <Field
          label="Box (W,S,E,N)"
          value={form.bbox}
          placeholder="30.2,46.2,31.2,46.9"
          onChange={(bbox) => set({ bbox, bboxFrom: 'Typed' })}
        />
        {form.bboxFrom && <p className="muted">From: {form.bboxFrom}</p>}
        <p className="imagery-buttons">
          <button
            type="button"
            className="ghost"
            disabled={!drawnBox}
            onClick={() => drawnBox && set({ bbox: drawnBox, bboxFrom: 'The box drawn on the map' })}
          >
            Use the drawn box
          </button>{' '}
          {watchBox && (
            <button
              type="button"
              className="ghost"
              onClick={() => set({ bbox: watchBox.join(','), bboxFrom: 'The selected watch' })}
            >
              Use the watch’s box
            </button>
          )}
        </p>
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
            <Field
              label="From (UTC day)"
              type="date"
              value={form.startDate}
              onChange={(startDate) => set({ startDate })}
            />
            <Field
              label="To (UTC day)"
              type="date"
              value={form.endDate}
              onChange={(endDate) => set({ endDate })}
            />
          </>
        ) : (
          <>
            <Field label="Date (UTC day)" type="date" value={form.date} onChange={(date) => set({ date })} />
            <Field label="Days" type="number" value={form.days} onChange={(days) => set({ days })} />
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
        <Field
          label="Event date"
          value={form.eventDate}
          placeholder="YYYY-MM-DD"
          onChange={(eventDate) => set({ eventDate })}
        />
        <Field
          label="Event point (lon,lat)"
          value={form.eventPoint}
          onChange={(eventPoint) => set({ eventPoint })}
        />
        <Field label="Event AOI (W,S,E,N)" value={form.eventAoi} onChange={(eventAoi) => set({ eventAoi })} />
        <Field
          label="Event time (ISO 8601)"
          value={form.eventTimestamp}
          onChange={(eventTimestamp) => set({ eventTimestamp })}
        />
      </fieldset>
    </form>
  );
}
