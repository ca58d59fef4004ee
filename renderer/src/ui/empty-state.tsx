// A view or panel with nothing to show says why and what to do, never a blank area.
import type { ReactNode } from 'react';

export function EmptyState({
  title,
  children,
  tone = 'empty',
}: {
  title: string;
  children?: ReactNode;
  tone?: 'empty' | 'loading' | 'offline' | 'error';
}) {
  return (
    <div className={`empty-state empty-${tone}`} role={tone === 'error' ? 'alert' : undefined}>
      <p className="empty-title">{title}</p>
      {children && <div className="empty-body">{children}</div>}
    </div>
  );
}

/**
 * A query's place: its error, or that it is being read, until its data is in; then what
 * `children` makes of the data. An error is shown even over data kept from before.
 */
export function Loaded<T>({
  query,
  failed,
  reading,
  children,
}: {
  query: { error: Error | null; data: T | null | undefined };
  /** The error's title ("The … could not be read from the cache"). */
  failed: string;
  /** The title while it is read ("Reading …"). */
  reading: string;
  children: (data: T) => ReactNode;
}) {
  if (query.error)
    return (
      <EmptyState tone="error" title={failed}>
        <p>{query.error.message}</p>
      </EmptyState>
    );
  if (!query.data) return <EmptyState tone="loading" title={reading} />;
  return <>{children(query.data)}</>;
}
