// Where a record's changes stand: PENDING (and what waits) until the service has them, or
// REFUSED with the service's reason.
import { HonestyMark } from '../../ui/honesty-mark';
import type { PendingChange } from './order-lines';

export function PendingNote({ pending, changes }: { pending: boolean; changes: readonly PendingChange[] }) {
  const refused = changes.filter((c) => c.refusal !== null);
  const waiting = changes.filter((c) => c.refusal === null);
  if (!pending && changes.length === 0) return <span className="muted">with the service</span>;
  return (
    <span className="pending-note">
      {refused.map((c) => (
        <span key={c.localId} className="pending-refused">
          <HonestyMark kind="refused" detail={c.what} /> <span className="box-reason">{c.refusal}</span>
        </span>
      ))}
      {(waiting.length > 0 || (pending && refused.length === 0)) && (
        <HonestyMark
          kind="pending"
          detail={
            waiting.length
              ? waiting.map((c) => (c.state === 'sending' ? `${c.what}, sending` : c.what)).join(', ')
              : 'waits to be sent'
          }
        />
      )}
    </span>
  );
}
