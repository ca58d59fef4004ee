// Creating a standing order or a monitoring area from the drawn box: a small form, written to
// the outbox (contract rows orders.create / monitoring.create), then the write's own state as
// the outbox tells it: pending until sent, sent, or the service's refusal in its words.
import { useState, type FormEvent } from 'react';
import type { OutboxItem } from '../../../../shared/contract';
import { MONITORING_METRICS } from '../../../../shared/service/values';
import { useAppInfo, useMonitoringCreate, useOrdersCreate, useOutbox } from '../../data';
import { TokenProjection } from './token-projection';
import { HonestyMark } from '../../ui/honesty-mark';
import type { BBox } from '../../../../shared/bbox';
import { boxVerdicts } from '../../map/box-tool/box';
import type { SlotProps } from '../../ui/slots';
import { describeMonitoringPrice } from '../../../../shared/tool-prices';
import { TextField } from '../../ui/form-field';

export type CreateKind = 'order' | 'monitoring';

export const KIND_LABEL: Record<CreateKind, string> = {
  order: 'Standing order',
  monitoring: 'Monitoring area',
};

export function CreateForm({
  kind,
  bbox,
  onQueued,
  onCancel,
}: {
  kind: CreateKind;
  bbox: BBox;
  /** `at`: when it was asked for; an outbox list read after that has it, if it is still open. */
  onQueued: (item: OutboxItem, at: number) => void;
  onCancel: () => void;
}) {
  const orders = useOrdersCreate();
  const monitoring = useMonitoringCreate();
  const mutation = kind === 'order' ? orders : monitoring;
  const [name, setName] = useState('');
  const [metric, setMetric] = useState<string>('');
  const label = KIND_LABEL[kind];
  const profile = useAppInfo().data?.profile ?? null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const named = name.trim() ? { name: name.trim() } : {};
    const at = Date.now();
    const done = { onSuccess: (item: OutboxItem) => onQueued(item, at) };
    if (kind === 'order') orders.mutate({ bbox: [...bbox], ...named }, done);
    else if (metric) monitoring.mutate({ bbox: [...bbox], metric, ...named }, done);
  };

  return (
    <form className="box-form" aria-label={`New ${label.toLowerCase()}`} onSubmit={submit}>
      <TextField label="Name" value={name} maxLength={200} placeholder="optional" onChange={setName} />
      {kind === 'monitoring' && (
        <label>
          <span>Metric</span>
          <select required value={metric} onChange={(e) => setMetric(e.target.value)}>
            <option value="" disabled>
              Choose a metric
            </option>
            {MONITORING_METRICS.map((m) => (
              <option key={m} value={m}>
                {m.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
        </label>
      )}
      {kind === 'order' && <TokenProjection profile={profile} />}
      {kind === 'monitoring' && (
        <p className="token-projection" role="note" aria-label="Monitoring price">
          <strong>Price</strong> (as the service documents it): {describeMonitoringPrice()}
        </p>
      )}
      {mutation.error && <p role="alert">Not queued: {mutation.error.message}</p>}
      <div className="box-actions">
        <button type="submit" disabled={mutation.isPending || (kind === 'monitoring' && !metric)}>
          Create {label.toLowerCase()}
        </button>
        <button type="button" className="ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * One queued write as the outbox has it now. The outbox lists only writes not yet settled, so
 * one missing from a list read after it was asked for was sent. (The write's hook refreshes
 * the list before it reports success, and the outbox may have sent it by then.)
 */
export function QueuedWrite({
  kind,
  item,
  queuedAt,
}: {
  kind: CreateKind;
  item: OutboxItem;
  queuedAt: number;
}) {
  const outbox = useOutbox();
  const listed = outbox.data?.find((i) => i.localId === item.localId);
  const state = listed?.state ?? (outbox.dataUpdatedAt >= queuedAt ? 'sent' : item.state);
  const error = listed?.error ?? item.error;
  return (
    <p className="box-queued" role="status" data-state={state}>
      <strong>{KIND_LABEL[kind]}</strong>{' '}
      {state === 'sent' ? (
        <span>sent to the service</span>
      ) : state === 'rejected' || state === 'blocked' ? (
        <>
          <HonestyMark kind="refused" /> <span className="box-reason">{error?.message ?? state}</span>
        </>
      ) : state === 'discarded' ? (
        <span>discarded</span>
      ) : (
        <HonestyMark kind="pending" detail={state === 'sending' ? 'sending' : 'waits to be sent'} />
      )}
    </p>
  );
}

/**
 * The drawn box's "Create standing order" and "Create monitoring area" (slot `box.actions`):
 * a kind the service would refuse for this box is disabled, with the service's reason.
 */
export function CreateFromBox({ box, bbox, refusalId }: SlotProps['box.actions']) {
  const verdicts = boxVerdicts(box);
  const [form, setForm] = useState<CreateKind | null>(null);
  const [queued, setQueued] = useState<{ kind: CreateKind; item: OutboxItem; at: number }[]>([]);
  const reasonId = (kind: CreateKind) => refusalId ?? `box-refusal-${kind}`;
  const reasonOf = (kind: CreateKind) => verdicts[kind === 'order' ? 'order' : 'monitoring'];
  const createButton = (kind: CreateKind) => (
    <button
      type="button"
      disabled={!!reasonOf(kind)}
      aria-describedby={reasonOf(kind) ? reasonId(kind) : undefined}
      aria-expanded={form === kind}
      onClick={() => setForm(form === kind ? null : kind)}
    >
      Create {KIND_LABEL[kind].toLowerCase()}
    </button>
  );
  const refusal = (kind: CreateKind) => {
    const reason = reasonOf(kind);
    return (
      reason && (
        <p id={reasonId(kind)} className="box-refusal">
          {KIND_LABEL[kind]}: <HonestyMark kind="refused" /> <span className="box-reason">{reason}</span>
        </p>
      )
    );
  };
  return (
    <>
      <div className="box-actions">
        {createButton('order')}
        {createButton('monitoring')}
      </div>
      {!refusalId && (
        <>
          {refusal('order')}
          {refusal('monitoring')}
        </>
      )}
      {form && bbox && !reasonOf(form) && (
        <CreateForm
          key={form}
          kind={form}
          bbox={bbox}
          onCancel={() => setForm(null)}
          onQueued={(item, at) => {
            setQueued((q) => [...q, { kind: form, item, at }]);
            setForm(null);
          }}
        />
      )}
      {queued.map((q) => (
        <QueuedWrite key={q.item.localId} kind={q.kind} item={q.item} queuedAt={q.at} />
      ))}
    </>
  );
}
