// A row of the Orders lists selects what it stands for (the window's one selection).
import { useSelection } from '../../state/selection';

export function useRowChoice(kind: 'order' | 'area') {
  const selection = useSelection((s) => s.selection);
  const select = useSelection((s) => s.select);
  return {
    isChosen: (id: string) => selection?.kind === kind && selection.id === id,
    choose: (l: { id: string; name: string }) => select({ kind, id: l.id, label: l.name, from: 'Orders' }),
  };
}
