// A view whose list is not built yet says so plainly, with what is true today: how much
// the last sync stored for it, and where to read it meanwhile. It never shows made-up rows.
import type { ReactNode } from 'react';
import { useSyncStatus } from '../data';
import { EmptyState } from './empty-state';

interface Summary {
  streams?: Record<string, { stored: number }>;
}

export function ArrivingView({
  title,
  stream,
  children,
}: {
  /** "The signal list". */
  title: string;
  /** The sync stream that fills the cache for this view. */
  stream: string;
  children?: ReactNode;
}) {
  const status = useSyncStatus().data;
  const stored = (status?.lastSummary as Summary | null)?.streams?.[stream]?.stored;
  return (
    <div className="view-pad">
      <EmptyState title={`${title} is not in this version of the window yet`}>
        <p>
          Sync already keeps it in the local cache
          {stored !== undefined ? (
            <>
              : the last sync stored <span className="num">{stored}</span> new or changed records for it.
            </>
          ) : (
            '.'
          )}
        </p>
        {children}
      </EmptyState>
    </div>
  );
}
