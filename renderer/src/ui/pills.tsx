// A group of pill buttons that narrow a list: each pressed or not, any number at once, each
// with its count beside it.
import type { ReactNode } from 'react';

export const toggled = <T,>(list: readonly T[], v: T): T[] =>
  list.includes(v) ? list.filter((x) => x !== v) : [...list, v];

export function PillChoices<T extends string>({
  label,
  className,
  options,
  chosen,
  onChange,
}: {
  /** The group's accessible name. */
  label: string;
  className?: string;
  options: readonly { value: T; label: ReactNode; count?: number }[];
  chosen: readonly T[];
  onChange: (chosen: T[]) => void;
}) {
  return (
    <span className={className ? `pill-group ${className}` : 'pill-group'} role="group" aria-label={label}>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          className="pill"
          aria-pressed={chosen.includes(o.value)}
          onClick={() => onChange(toggled(chosen, o.value))}
        >
          {o.label} <span className="num muted">{o.count ?? 0}</span>
        </button>
      ))}
    </span>
  );
}
