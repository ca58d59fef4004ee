// What main raised (a fired order, a watch needing attention, a notable development).
// Opening one (click or Enter) selects its target and goes to the view that works on it
// (open-target.ts), so the inspector and every view show the same thing.
import type { AppNotification } from '../../../../shared/contract';
import { useNotifications } from '../../data';
import { sameSelection, useSelection } from '../../state/selection';
import { EmptyState } from '../../ui/empty-state';
import { formatUtc, RelativeTime } from '../../ui/time';
import { openNotificationTarget } from './open-target';

const KIND_WORD: Record<AppNotification['kind'], string> = {
  order_fired: 'Order fired',
  watch_needs_attention: 'Watch needs attention',
  notable_development: 'Notable development',
  summary: 'Summary',
};

const OPENS_IN: Record<NonNullable<AppNotification['target']>['type'], string> = {
  order: 'Show this standing order on the map',
  watch: 'Open this watch in Watches',
  signal: 'Show this signal in the inspector',
};

/** `onOpen`: called after a notification was opened (the status bar closes its list). */
export function NotificationsPanel({ onOpen }: { onOpen?: () => void } = {}) {
  const { data, isPending, error } = useNotifications();
  const selection = useSelection((s) => s.selection);
  return (
    <section aria-label="Notifications" className="panel">
      <header className="panel-header">
        <h2>Notifications</h2>
      </header>
      {error ? (
        <EmptyState tone="error" title="Notifications could not be read">
          {error.message}
        </EmptyState>
      ) : isPending ? (
        <EmptyState tone="loading" title="Reading notifications…" />
      ) : !data.length ? (
        <EmptyState title="No notifications">
          A fired standing order, a watch that needs attention or a notable development shows here.
        </EmptyState>
      ) : (
        <ul data-testid="notifications" className="rows">
          {data.map((n) => {
            const target = n.target && { kind: n.target.type, id: n.target.id };
            return (
              <li key={n.id} aria-current={sameSelection(selection, target) ? 'true' : undefined}>
                <span className="row-kind">{KIND_WORD[n.kind]}</span>
                {target ? (
                  <button
                    type="button"
                    className="link-button"
                    title={n.target ? OPENS_IN[n.target.type] : undefined}
                    onClick={() => {
                      openNotificationTarget(n);
                      onOpen?.();
                    }}
                  >
                    {n.title}
                  </button>
                ) : (
                  <strong>{n.title}</strong>
                )}
                <span className="row-body">{n.body}</span>
                <span className="row-time" title={formatUtc(n.at, true)}>
                  <RelativeTime iso={n.at} />
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
