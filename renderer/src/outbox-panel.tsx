// The analyst's writes not yet settled: pending ones wait for the link; a refused one shows
// the service's reason and can be retried or discarded (edit comes with the note views).
import { useEffect, useState } from 'react';
import type { OutboxItem } from '../../shared/contract';
import { api } from './contract-client';

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
  const [items, setItems] = useState<OutboxItem[]>([]);
  useEffect(() => {
    const refresh = () => void api['outbox.list']({}).then(setItems, () => setItems([]));
    refresh();
    return api.on['cache.changed'](refresh);
  }, []);
  if (!items.length) return null;
  const act = (call: Promise<unknown>) => void call.finally(() => void api['outbox.list']({}).then(setItems));
  return (
    <section aria-label="Waiting to send" data-testid="outbox">
      <h2>Waiting to send ({items.length})</h2>
      <ul>
        {items.map((i) => (
          <li key={i.localId} data-state={i.state}>
            <strong>{LABEL[i.op] ?? i.op}</strong> — {i.state === 'rejected' ? 'refused' : i.state}
            {typeof i.payload.note === 'string' && <q>{i.payload.note.slice(0, 80)}</q>}
            {i.error && <span className="error"> {i.error.message}</span>}
            {(i.state === 'rejected' || i.state === 'blocked') && (
              <button type="button" onClick={() => act(api['outbox.retry']({ localId: i.localId }))}>
                Retry
              </button>
            )}
            {i.state !== 'sending' && (
              <button type="button" onClick={() => act(api['outbox.discard']({ localId: i.localId }))}>
                Discard
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
