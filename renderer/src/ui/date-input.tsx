// A day typed as the rest of the window writes it, ISO (yyyy-mm-dd), whatever the browser's
// locale (chromium's <input type=date> shows mm/dd/yyyy in an American one): a text field with
// the pattern, marked invalid until it names a day that exists (2026-02-30 does not). ArrowUp
// and ArrowDown step a day, PageUp and PageDown a week. What to do with a day that is not one
// (a form's problem line, an alert) is the caller's: `onChange` says whether it is valid.
import { useEffect, useState, type InputHTMLAttributes } from 'react';
import { isCalendarDate } from '../../../shared/dates';

const DAY_MS = 86_400_000;
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** A day as the window writes it: yyyy-mm-dd. */
export const DATE_PATTERN = '\\d{4}-\\d{2}-\\d{2}';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange' | 'pattern'> & {
  value: string;
  /** Every edit, as typed; `valid`: a day that exists, or nothing typed. */
  onChange: (text: string, valid: boolean) => void;
};

export function DateInput({ value, onChange, className, ...rest }: Props) {
  const [draft, setDraft] = useState(value);
  // A value set from outside (a handoff, "Run again") replaces what is typed.
  useEffect(() => setDraft(value), [value]);
  const valid = draft === '' || isCalendarDate(draft);
  const edit = (text: string) => {
    setDraft(text);
    onChange(text, text === '' || isCalendarDate(text));
  };
  return (
    <input
      placeholder="yyyy-mm-dd"
      title="A UTC day, yyyy-mm-dd (↑ ↓ a day, Page Up / Page Down a week)"
      {...rest}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      spellCheck={false}
      pattern={DATE_PATTERN}
      size={11}
      className={`date-input${className ? ` ${className}` : ''}`}
      value={draft}
      aria-invalid={valid ? undefined : true}
      onChange={(e) => edit(e.target.value.trim())}
      onKeyDown={(e) => {
        const step = ({ ArrowUp: 1, ArrowDown: -1, PageUp: 7, PageDown: -7 } as Record<string, number>)[
          e.key
        ];
        if (step === undefined || !isCalendarDate(draft)) return;
        e.preventDefault();
        edit(shift(draft, step));
      }}
    />
  );
}
