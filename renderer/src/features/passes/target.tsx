// The place the passes are for: the shared selection when it has one (a signal with a point, a
// watch with a box: its centre), else a latitude and longitude typed here. A selection without
// a point says so, rather than leaving the last place in view as if it were the selection's.
import { useEffect, useState, type FormEvent } from 'react';
import { bboxCentre, type BBox } from '../../../../shared/bbox';
import { useSignal, useWatches } from '../../data';
import { useSelection } from '../../state/selection';
import { usePassesState, type PassTarget } from './passes-state';
import { signalEvent } from '../../data/records';

const round = (x: number) => Math.round(x * 1e4) / 1e4;

export type SelectionPlace =
  | { state: 'none' }
  | { state: 'loading'; key: string }
  | { state: 'place'; key: string; target: PassTarget }
  | { state: 'no-place'; key: string; why: string };

/** The selection as a place, when it is a signal or a watch. */
export function useSelectionPlace(): SelectionPlace {
  const selection = useSelection((s) => s.selection);
  const signalId = selection?.kind === 'signal' || selection?.kind === 'event' ? selection.id : null;
  const watchId = selection?.kind === 'watch' ? selection.id : null;
  const signal = useSignal(signalId);
  const watches = useWatches();
  if (!selection || (!signalId && !watchId)) return { state: 'none' };
  const key = `${selection.kind}:${selection.id}`;
  if (signalId) {
    if (signal.error) return { state: 'no-place', key, why: signal.error.message };
    if (!signal.data) return { state: 'loading', key };
    const { lat, lng: lon, title: named } = signalEvent(signal.data);
    const title = named ?? selection.label ?? selection.id;
    if (lat === null || lon === null)
      return {
        state: 'no-place',
        key,
        why: 'This signal has no point (country level): type a place instead.',
      };
    return {
      state: 'place',
      key,
      target: { lat: round(lat), lon: round(lon), label: `Signal: ${title}`, from: key },
    };
  }
  if (watches.error) return { state: 'no-place', key, why: watches.error.message };
  if (!watches.data) return { state: 'loading', key };
  const w = watches.data.rows.find((r) => r.id === watchId)?.record;
  const bbox = w?.area?.bbox as BBox | null | undefined;
  const name = w?.name ?? selection.label ?? selection.id;
  if (!bbox)
    return { state: 'no-place', key, why: 'This watch has no box in the cache: type a place instead.' };
  const c = bboxCentre(bbox);
  return {
    state: 'place',
    key,
    target: { lat: round(c.lat), lon: round(c.lon), label: `Watch: ${name} (box centre)`, from: key },
  };
}

/** Takes the selection as the place each time the selection changes to one with a point. */
export function useAdoptSelection(place: SelectionPlace): void {
  const adopted = usePassesState((s) => s.adopted);
  useEffect(() => {
    if (place.state !== 'place' || place.key === adopted) return;
    const st = usePassesState.getState();
    st.adopt(place.key);
    st.setTarget(place.target);
  }, [place, adopted]);
}

function parseCoord(text: string, min: number, max: number): number | null {
  if (!/^\s*[-+]?(\d+\.?\d*|\.\d+)\s*$/.test(text)) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
}

export function TargetPicker({ place }: { place: SelectionPlace }) {
  const target = usePassesState((s) => s.target);
  const setTarget = usePassesState((s) => s.setTarget);
  const [lat, setLat] = useState('');
  const [lon, setLon] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const la = parseCoord(lat, -90, 90);
    const lo = parseCoord(lon, -180, 180);
    if (la === null || lo === null) {
      setError(
        la === null
          ? 'Latitude must be a number from -90 to 90.'
          : 'Longitude must be a number from -180 to 180.',
      );
      return;
    }
    setError(null);
    setTarget({ lat: la, lon: lo, label: 'Typed place', from: null });
  };
  return (
    <section className="passes-target" aria-labelledby="passes-target-heading">
      <h2 id="passes-target-heading" className="section-title">
        Place
      </h2>
      <p data-testid="passes-target">
        {target ? (
          <>
            <strong>{target.label}</strong>{' '}
            <span className="num mono">
              {target.lat.toFixed(4)}, {target.lon.toFixed(4)}
            </span>
          </>
        ) : (
          <span className="muted">Select a signal or a watch, or type a latitude and longitude.</span>
        )}
      </p>
      {place.state === 'no-place' && <p className="muted">{place.why}</p>}
      <form className="passes-latlon" onSubmit={submit} aria-label="Type a place">
        <label>
          Latitude <input value={lat} onChange={(e) => setLat(e.target.value)} inputMode="decimal" size={8} />
        </label>
        <label>
          Longitude{' '}
          <input value={lon} onChange={(e) => setLon(e.target.value)} inputMode="decimal" size={8} />
        </label>
        <button type="submit">Use this place</button>
        {error && <span role="alert">{error}</span>}
      </form>
    </section>
  );
}
