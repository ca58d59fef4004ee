// Where the Collection forms' event and box come from. The selected signal is the plan's event
// (its id, as the service names it, and its day); the box of a survey is the box drawn on the
// map with the box tool, or the box the signal filters are narrowed to, or typed.
import { useEffect } from 'react';
import { useSignal } from '../../data';
import { useBoxTool } from '../../state/box-tool';
import { useSelection } from '../../state/selection';
import { useViewState } from '../../state/view-state';
import { useCollectionState } from './collection-state';
import { signalEvent } from '../../data/records';

/** Takes the selected signal as the plan's event each time the selection changes. */
export function useAdoptSignal(): { signalId: string | null; label: string | null } {
  const selection = useSelection((s) => s.selection);
  const signalId = selection?.kind === 'signal' || selection?.kind === 'event' ? selection.id : null;
  const signal = useSignal(signalId);
  const adopted = useCollectionState((s) => s.adopted);
  const key = signalId ? `signal:${signalId}` : null;
  const s = signal.data ? signalEvent(signal.data) : null;
  const label = s ? (s.title ?? s.id) : (selection?.label ?? null);

  useEffect(() => {
    if (!key || key === adopted || !signalId) return;
    // The cache may not hold it (a ranked event outside the synced window): the id is enough.
    if (signal.isLoading) return;
    const occurred = s?.day ?? '';
    useCollectionState.getState().adopt(key, {
      eventId: s ? s.id : signalId,
      eventFrom: `Selected signal: ${label ?? signalId}`,
      eventDate: occurred,
    });
  }, [key, adopted, signalId, signal.isLoading, s, label]);
  return { signalId, label };
}

const fmt = (box: readonly number[]) => box.map((x) => Math.round(x * 1e4) / 1e4).join(',');

/** The map's last drawn box, and the box the signal filters are narrowed to (W,S,E,N). */
export function useMapBoxes(): { drawn: string | null; filter: string | null } {
  const box = useBoxTool((s) => s.box);
  const filterBox = useViewState((s) => s.filters.bbox);
  // A box across the antimeridian (east < west) is not one the surveys take.
  return {
    drawn: box && box[2] >= box[0] ? fmt(box) : null,
    filter: filterBox && filterBox[2] >= filterBox[0] ? fmt(filterBox) : null,
  };
}
