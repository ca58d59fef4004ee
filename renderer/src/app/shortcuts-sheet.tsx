// `?`: every shortcut on one sheet, read from the same command list as the palette.
import { useEffect, useRef } from 'react';
import type { Command } from './commands';
import { Keys } from './palette';

export function ShortcutsSheet({
  open,
  onClose,
  commands,
}: {
  open: boolean;
  onClose: () => void;
  commands: readonly Command[];
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  const withKeys = commands.filter((c) => c.keys);
  return (
    <dialog ref={ref} className="sheet" aria-labelledby="sheet-title" onClose={onClose}>
      <header className="sheet-header">
        <h2 id="sheet-title">Keyboard shortcuts</h2>
        <button type="button" className="ghost" onClick={onClose} aria-label="Close, Esc">
          Esc
        </button>
      </header>
      <table className="dense sheet-table">
        <tbody>
          {withKeys.map((c) => (
            <tr key={c.id}>
              <td>{c.title}</td>
              <td className="right">
                <Keys keys={c.keys!} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">Plain keys work when no text field has the focus; Ctrl/⌘ ones work anywhere.</p>
    </dialog>
  );
}
