// One of the analyst's writes as the outbox has it now: pending until sent, sent, or the
// service's refusal in its words. The outbox lists only writes not yet settled, so one missing
// from a list read after it was asked for was sent (as the box tool's QueuedWrite reads it).
import type { OutboxItem } from '../../../shared/contract';
import { useOutbox } from '../data';
import { HonestyMark } from './honesty-mark';

export interface Queued {
  item: OutboxItem;
  /** When it was asked for (ms). */
  at: number;
  /** What it is, for the line: "Note", "Rename", "Pause"… */
  label: string;
}

export function useWriteState(q: Queued | null): { state: OutboxItem['state']; error: string | null } | null {
  const outbox = useOutbox(q !== null);
  if (!q) return null;
  const listed = outbox.data?.find((i) => i.localId === q.item.localId);
  const state = listed?.state ?? (outbox.dataUpdatedAt >= q.at ? 'sent' : q.item.state);
  return { state, error: (listed?.error ?? q.item.error)?.message ?? null };
}

export function WriteStatus({ queued }: { queued: Queued }) {
  const s = useWriteState(queued)!;
  return (
    <p className="write-status" role="status" data-state={s.state}>
      <strong>{queued.label}</strong>{' '}
      {s.state === 'sent' ? (
        <span>sent to the service</span>
      ) : s.state === 'rejected' || s.state === 'blocked' ? (
        <>
          <HonestyMark kind="refused" /> <span className="write-reason">{s.error ?? s.state}</span>
        </>
      ) : s.state === 'discarded' ? (
        <span>discarded</span>
      ) : (
        <HonestyMark
          kind="pending"
          detail={
            s.state !== 'sending'
              ? 'waits to be sent'
              : // A send that lost the link stays `sending` with the link's error until the next try.
                s.error
                ? 'the link failed; sent on the next sync'
                : 'sending'
          }
        />
      )}
    </p>
  );
}
