// "Assess…" beside a signal in the inspector (slot `signal.actions`): the Analyst view's
// assessment panel, pointed at the signal's event. Apart from the panel, so that the window's
// first bundle does not carry the Analyst view (it loads when first shown).
import { useViewState } from '../../state/view-state';
import type { SlotProps } from '../../ui/slots';
import { useAnalystState } from './analyst-state';

export function AssessSignalButton({ eventId, label }: SlotProps['signal.actions']) {
  const setView = useViewState((s) => s.setView);
  return (
    <button
      type="button"
      onClick={() => {
        useAnalystState.getState().assessEventOf(eventId, label);
        setView('analyst');
      }}
    >
      Assess…
    </button>
  );
}
