// A menu of checkboxes behind a button (the signal filters' Categories and Markets): any number
// chosen at once, the list staying as it is while ticking, closed by Esc (focus back on its
// button), by a click or a Tab outside it, or by the button again. The button's name says what
// is chosen ("Categories: armed conflict, so2 anomaly" or "Categories: any"), its face how many.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { toggled } from './pills';

/** The words of a service value: "armed_conflict" → "armed conflict". */
export const choiceWords = (v: string): string => v.replace(/_/g, ' ');

export interface ChoiceGroup<T extends string> {
  /** A heading over the group (none for the first, plain group). */
  title?: string;
  options: readonly T[];
}

export function ChoiceMenu<T extends string>({
  name,
  groups,
  chosen,
  onChange,
  empty = 'None in the cache yet.',
  testId,
}: {
  name: string;
  groups: readonly ChoiceGroup<T>[];
  chosen: readonly T[];
  onChange: (next: T[]) => void;
  /** Said in the menu when there is nothing to choose from. */
  empty?: ReactNode;
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside, true);
    return () => document.removeEventListener('pointerdown', outside, true);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const options = groups.flatMap((g) => g.options);
  const said = chosen.length ? chosen.map(choiceWords).join(', ') : 'any';

  return (
    <div
      ref={root}
      className="choices"
      data-testid={testId}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          close();
        }
      }}
      onBlur={(e) => {
        // Tabbed out of the menu (not to a place inside it): it closes.
        const next = e.relatedTarget as Node | null;
        if (open && next && !root.current?.contains(next)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="choices-button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        {/* Named by its text, which starts with what is shown: "Categories: flood, so2 anomaly". */}
        <span className="visually-hidden">{`${name}: ${said}`}</span>
        <span aria-hidden="true">
          {name}
          <span className="choices-value num">{chosen.length ? `· ${chosen.length}` : '· any'}</span>
          <span className="choices-caret">{open ? '▴' : '▾'}</span>
        </span>
      </button>
      {open && (
        <div className="choices-menu" id={menuId} role="group" aria-label={name}>
          {options.length === 0 && <p className="muted">{empty}</p>}
          {groups.map(
            (g, i) =>
              g.options.length > 0 && (
                <fieldset key={g.title ?? i} className="choices-group">
                  <legend className={g.title ? 'choices-title' : 'visually-hidden'}>{g.title ?? name}</legend>
                  {g.options.map((o) => (
                    <label key={o}>
                      <input
                        type="checkbox"
                        checked={chosen.includes(o)}
                        onChange={() => onChange(toggled(chosen, o))}
                      />
                      {choiceWords(o)}
                    </label>
                  ))}
                </fieldset>
              ),
          )}
          {chosen.length > 0 && (
            <button type="button" className="ghost choices-clear" onClick={() => onChange([])}>
              Any {name.toLowerCase()}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
