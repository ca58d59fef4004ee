// The analyst's writes not yet settled: pending ones wait for the link; a refused one shows
// the service's reason and can be retried or discarded (edit comes with the note views).
import { useOutbox, useOutboxDiscard, useOutboxRetry } from '../../data';
import { HonestyMark } from '../../ui/honesty-mark';
import { formatUtc } from '../../ui/time';
import { formatCount } from '../../../../shared/count';

const LABEL: Record<string, string> = {
  'note.add': 'Note',
  'note.delete': 'Delete note',
  'watch.create': 'New watch',
  'watch.update': 'Watch change',
  'watch.delete': 'Delete watch',
  'order.create': 'New standing order',
  'order.setActive': 'Pause/resume order',
  'order.delete': 'Delete order',
  'monitoring.create': 'New monitoring area',
};

export function OutboxPanel() {
  const items = useOutbox().data ?? [];
  const retry = useOutboxRetry();
  const discard = useOutboxDiscard();
  if (!items.length) return null;
  return (
    <section aria-label="Waiting to send" data-testid="outbox" className="panel">
      <header className="panel-header">
        <h2>Waiting to send ({formatCount(items.length)})</h2>
      </header>
      <ul className="rows">
        {items.map((i) => (
          <li key={i.localId} data-state={i.state} title={`Written ${formatUtc(i.createdAt)}`}>
            <strong>{LABEL[i.op] ?? i.op}</strong>{' '}
            {i.state === 'rejected' || i.state === 'blocked' ? (
              <HonestyMark kind="refused" detail={i.error?.message ?? i.state} />
            ) : (
              <HonestyMark kind="pending" detail={i.state === 'sending' ? 'sending' : undefined} />
            )}
            {typeof i.payload.note === 'string' && <q>{i.payload.note.slice(0, 80)}</q>}
            <span className="row-actions">
              {(i.state === 'rejected' || i.state === 'blocked') && (
                <button type="button" onClick={() => retry.mutate({ localId: i.localId })}>
                  Retry
                </button>
              )}
              {i.state !== 'sending' && (
                <button type="button" onClick={() => discard.mutate({ localId: i.localId })}>
                  Discard
                </button>
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
