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
