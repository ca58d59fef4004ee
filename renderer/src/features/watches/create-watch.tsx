// Creating a watch (alternate profile): on an event, from the selected signal; on an area, from
// the map's drawn box. Both go through the outbox (watches.create) and say pending until sent.
import { useState, type FormEvent } from 'react';
import type { BBox } from '../../../../shared/bbox';
import { useAppInfo, useWatchesCreate } from '../../data';
import { useSelection } from '../../state/selection';
import { WriteStatus, type Queued } from '../../ui/write-status';
import { TextField } from '../../ui/form-field';

/** The alternate profile's event ids are integers (the signal's `id`). */
const eventIdOf = (id: string): number | null => (/^\d+$/.test(id) ? Number(id) : null);

export function WatchSelectedSignal() {
  const selection = useSelection((s) => s.selection);
  const create = useWatchesCreate();
  const [queued, setQueued] = useState<Queued | null>(null);
  const eventId = selection?.kind === 'signal' ? eventIdOf(selection.id) : null;
  return (
    <div className="watch-create">
      {eventId === null ? (
        <span className="muted">Select a signal to watch its event.</span>
      ) : (
        <button
          type="button"
          disabled={create.isPending}
          onClick={() => {
            const at = Date.now();
            create.mutate(
              {
                target_type: 'event',
                event_id: eventId,
                ...(selection?.label ? { name: selection.label.slice(0, 200) } : {}),
              },
              { onSuccess: (item) => setQueued({ item, at, label: 'New watch' }) },
            );
          }}
        >
          Watch selected signal
          <span className="visually-hidden">: {selection?.label ?? selection?.id}</span>
        </button>
      )}
      {create.error && <span role="alert">Not queued: {create.error.message}</span>}
      {queued && <WriteStatus queued={queued} />}
    </div>
  );
}

/** For the map's "Drawn box" panel: shown only where the service has watches. */
export function CreateWatchFromBox({ bbox }: { bbox: BBox | null }) {
  const profile = useAppInfo().data?.profile;
  const create = useWatchesCreate();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [queued, setQueued] = useState<Queued[]>([]);
  if (profile !== 'alternate') return null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!bbox) return;
    const at = Date.now();
    create.mutate(
      { target_type: 'area', bbox: [...bbox], ...(name.trim() ? { name: name.trim() } : {}) },
      {
        onSuccess: (item) => {
          setQueued((q) => [...q, { item, at, label: 'Watch' }]);
          setOpen(false);
          setName('');
        },
      },
    );
  };
  return (
    <>
      <div className="box-actions">
        <button type="button" disabled={!bbox} aria-expanded={open} onClick={() => setOpen(!open)}>
          Create watch
        </button>
      </div>
      {open && bbox && (
        <form className="box-form" aria-label="New watch" onSubmit={submit}>
          <TextField label="Name" value={name} maxLength={200} placeholder="optional" onChange={setName} />
          {create.error && <p role="alert">Not queued: {create.error.message}</p>}
          <div className="box-actions">
            <button type="submit" disabled={create.isPending}>
              Create watch
            </button>
            <button type="button" className="ghost" onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {queued.map((q) => (
        <WriteStatus key={q.item.localId} queued={q} />
      ))}
    </>
  );
}
