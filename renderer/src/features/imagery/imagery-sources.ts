// Where the Imagery form's box and event come from. A selected signal gives its event's own
// parameters, unchanged: event_date (the day it occurred), event_point (its lon,lat),
// event_aoi (its collection AOI, main profile) and event_timestamp (its occurred_at, when the
// signal gives a time finer than a day); its collection AOI is also the box. A selected watch
// gives its box; the map's drawn box is offered too.
import { useEffect } from 'react';
import type { SignalGetResult } from '../../../../shared/contract';
import { useSignal, useWatches } from '../../data';
import { useSelection } from '../../state/selection';
import { useImageryHandoff } from '../../state/imagery-handoff';
import { useImageryState, type ImageryForm } from './imagery-state';
import { signalEvent } from '../../data/records';

const isBox = (v: unknown): v is number[] =>
  Array.isArray(v) && v.length === 4 && v.every((x) => typeof x === 'number' && Number.isFinite(x));

/** What a cached signal says of its event, as the form's fields. */
export function eventOf(result: SignalGetResult): { label: string; changes: Partial<ImageryForm> } {
  const {
    id,
    title: named,
    lat,
    lng,
    aoi,
    occurredAt: occurred,
    precision,
    day: eventDate,
  } = signalEvent(result);
  const title = named ?? id;
  // The alternate profile states a day (event_date); the main one a time (occurred_at).
  const timed = occurred !== null && occurred.length > 10 && precision !== 'day' && precision !== 'month';
  return {
    label: title,
    changes: {
      eventDate: eventDate ?? '',
      eventPoint: lat !== null && lng !== null ? `${lng},${lat}` : '',
      eventAoi: aoi ? aoi.join(',') : '',
      eventTimestamp: timed ? occurred : '',
      ...(aoi ? { bbox: aoi.join(','), bboxFrom: `Signal AOI: ${title}` } : {}),
    },
  };
}

/** Takes the selected signal's event (and a selected watch's box) each time the selection changes. */
export function useAdoptSelection(): { selectedSignal: string | null; watchBox: number[] | null } {
  const selection = useSelection((s) => s.selection);
  const signalId = selection?.kind === 'signal' || selection?.kind === 'event' ? selection.id : null;
  const watchId = selection?.kind === 'watch' ? selection.id : null;
  const signal = useSignal(signalId);
  const watches = useWatches();
  const adopted = useImageryState((s) => s.adopted);
  const key = selection ? `${selection.kind}:${selection.id}` : null;
  const watch = watchId ? watches.data?.rows.find((r) => r.id === watchId)?.record : undefined;
  const watchBox = isBox(watch?.area?.bbox) ? (watch.area.bbox as number[]) : null;

  useEffect(() => {
    if (!key || key === adopted) return;
    const st = useImageryState.getState();
    if (signalId && signal.data) {
      const { label, changes } = eventOf(signal.data);
      st.adopt(key, label, changes);
    } else if (watchId && watchBox) {
      st.adopt(key, watch?.name ?? watchId, {
        bbox: watchBox.join(','),
        bboxFrom: `Watch: ${watch?.name ?? watchId}`,
      });
    }
  }, [key, adopted, signalId, signal.data, watchId, watchBox, watch?.name]);

  // An assessment's imagery handoff, after the selection: its parameters win, unchanged, and
  // count as adopted for the current selection so the signal does not overwrite them.
  const handoff = useImageryHandoff((s) => s.pending);
  useEffect(() => {
    if (!handoff) return;
    const taken = useImageryHandoff.getState().take();
    if (taken) useImageryState.getState().adopt(key ?? 'handoff', taken.label, taken.changes);
  }, [handoff, key]);
  return { selectedSignal: signalId, watchBox };
}
