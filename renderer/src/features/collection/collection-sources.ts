// Where the Collection plan's event comes from: the selected signal (its id, as the service
// names it, and its day). A survey's box is the box drawn on the map, the signal filters', or
// typed (tools-common/box-field.tsx).
import { useEffect } from 'react';
import { useSignal } from '../../data';
import { useSelection } from '../../state/selection';
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
