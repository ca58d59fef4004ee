// An action that cannot be undone asks in place: the question, then "Confirm …" and "Keep".
import type { MouseEvent, ReactNode } from 'react';

export function ConfirmGroup({
  label,
  className,
  confirm = 'Confirm delete',
  onConfirm,
  onKeep,
  onClick,
  children,
}: {
  /** The group's accessible name (the question, short). */
  label: string;
  className: string;
  confirm?: string;
  onConfirm: () => void;
  onKeep: () => void;
  onClick?: (e: MouseEvent) => void;
  /** The question, in full. */
  children: ReactNode;
}) {
  return (
    <span className={className} role="group" aria-label={label} onClick={onClick}>
      <span>{children}</span>{' '}
      <button
        type="button"
        className="danger"
        onClick={() => {
          onConfirm();
          onKeep();
        }}
      >
        {confirm}
      </button>{' '}
      <button type="button" className="ghost" onClick={onKeep}>
        Keep
      </button>
    </span>
  );
}
