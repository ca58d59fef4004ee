// A dense list as a table whose rows are chosen (a click or Enter on the row selects what it
// stands for), in a box that scrolls sideways when the window is narrow.
import type { ReactNode } from 'react';

/** A column's header: its words, or its words with a class (`right`) and a title. */
export type Column = string | { label: string; className?: string; title?: string };

export function RowTable({
  label,
  className,
  columns,
  children,
}: {
  /** The table's accessible name. */
  label?: string;
  className: string;
  columns: readonly Column[];
  /** The rows. */
  children: ReactNode;
}) {
  return (
    <div className="table-scroll">
      <table className={`dense ${className}`} aria-label={label}>
        <thead>
          <tr>
            {columns.map((c) =>
              typeof c === 'string' ? (
                <th key={c}>{c}</th>
              ) : (
                <th key={c.label} className={c.className} title={c.title}>
                  {c.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A row chosen by a click or by Enter on the row itself (not on a button inside it). */
export function ChoosableRow({
  selected,
  onChoose,
  title,
  className,
  testId,
  children,
}: {
  selected: boolean;
  onChoose: () => void;
  title: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <tr
      tabIndex={0}
      className={className}
      aria-selected={selected}
      data-testid={testId}
      onClick={onChoose}
      onKeyDown={(e) => e.key === 'Enter' && e.target === e.currentTarget && onChoose()}
      title={title}
    >
      {children}
    </tr>
  );
}
