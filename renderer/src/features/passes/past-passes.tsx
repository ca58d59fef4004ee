// The passes of a window that already peaked, apart from those still to come and said why: a
// window is whole UTC days (as the service's are), so on its first day it starts at 00:00 UTC,
// before now. Closed by default, so the list the analyst reads starts at now; open, it lists
// them for reference (what a satellite could have seen earlier today). The Passes table and the
// service's answer share it.
import type { ReactNode } from 'react';
import { formatUtc } from '../../ui/time';

export function PastPasses({
  count,
  windowStart,
  asOf,
  children,
}: {
  count: number;
  /** The window's first day (YYYY-MM-DD). */
  windowStart: string;
  /** When "past" was judged (the answer's time). */
  asOf: string;
  children: ReactNode;
}) {
  if (count === 0) return null;
  return (
    <details className="passes-past" data-testid="passes-past">
      <summary>
        Already past: <span className="num">{count}</span> {count === 1 ? 'pass' : 'passes'} earlier in the
        window
      </summary>
      <p className="muted passes-past-why">
        The window starts at {formatUtc(`${windowStart}T00:00:00Z`)}, its first whole UTC day, as the
        service’s windows do; these passes peaked before {formatUtc(asOf)}, when the list was computed, so
        none can be tasked any more. They are listed here for reference, apart from the passes to come.
      </p>
      {children}
    </details>
  );
}
