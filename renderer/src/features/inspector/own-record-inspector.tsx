// The inspector for the analyst's own records: a standing order (its state, cadence, box, last
// run with the cached events that can explain it) and a watch (its bucket, state and type),
// each with the ways on: its view, the map (which brings its outline into view), and for a
// watch its decision package and the passes over it. Read from the same cached lists as the
// Orders and Watches views; a record the cache no longer holds says so.
import { useMemo } from 'react';
import { useAppInfo, useOutbox, useStandingOrders, useWatches } from '../../data';
import { formatKm2 } from '../map/box-tool/box';
import { FiredPanel } from '../orders/detail-panels';
import { orderLines } from '../orders/order-lines';
import { BUCKET_LABEL, type BucketName } from '../watches/buckets';
import { openDecisionPackage } from '../watches/decision-package-link';
import type { Selection } from '../../state/selection';
import { useViewState } from '../../state/view-state';
import { EmptyState } from '../../ui/empty-state';
import { HonestyMark } from '../../ui/honesty-mark';
import { formatUtc } from '../../ui/time';

/** What is known of any selection before (or without) its record: its kind, name, id and origin. */
export function SelectionHead({
  kind,
  title,
  selection,
}: {
  kind: string;
  title: string;
  selection: Selection;
}) {
  return (
    <>
      <p className="eyebrow">{kind}</p>
      <h3 className="inspector-title">{title}</h3>
      <dl className="facts">
        <dt>ID</dt>
        <dd className="mono">{selection.id}</dd>
        {selection.from && (
          <>
            <dt>Selected in</dt>
            <dd>{selection.from}</dd>
          </>
        )}
      </dl>
    </>
  );
}

function Unread({ what, error }: { what: string; error: Error | null }) {
  return error ? (
    <EmptyState tone="error" title={`The ${what}s could not be read from the cache`}>
      {error.message}
    </EmptyState>
  ) : (
    <EmptyState title={`This ${what} is not in the cache`}>
      It may have been deleted, or not synced yet.
    </EmptyState>
  );
}

export function OrderInspector({ selection }: { selection: Selection }) {
  const info = useAppInfo().data;
  const orders = useStandingOrders();
  const outbox = useOutbox();
  const setView = useViewState((s) => s.setView);
  const line = useMemo(
    () => orderLines(orders.data?.rows ?? [], outbox.data ?? []).find((l) => l.id === selection.id),
    [orders.data, outbox.data, selection.id],
  );
  const head = (
    <SelectionHead
      kind="Standing order"
      title={line?.name ?? selection.label ?? selection.id}
      selection={selection}
    />
  );
  if (!line)
    return (
      <>
        {head}
        {orders.isPending ? (
          <EmptyState tone="loading" title="Reading standing orders…" />
        ) : (
          <Unread what="standing order" error={orders.error} />
        )}
      </>
    );
  return (
    <>
      {head}
      <dl className="facts">
        <dt>State</dt>
        <dd>
          {line.active === null ? (
            <span className="unknown">not said</span>
          ) : line.active ? (
            'active'
          ) : (
            'paused'
          )}
          {(line.pending || line.changes.length > 0) && (
            <>
              {' '}
              <HonestyMark kind="pending" detail="in the outbox" />
            </>
          )}
        </dd>
        <dt>Cadence</dt>
        <dd>{line.cadence ?? <span className="unknown">not said</span>}</dd>
        <dt>Area</dt>
        <dd className="num">{line.km2 === null ? '—' : formatKm2(line.km2)}</dd>
        <dt>Next due</dt>
        <dd className="num">{line.nextDueAt ? formatUtc(line.nextDueAt) : '—'}</dd>
      </dl>
      <FiredPanel orderId={line.id} name={line.name} demo={info?.mode === 'demo'} compact />
      <div className="actions">
        <button type="button" onClick={() => setView('orders')}>
          Open in Orders
        </button>
        <button type="button" onClick={() => setView('map')}>
          Show on map
        </button>
      </div>
    </>
  );
}

export function WatchInspector({ selection }: { selection: Selection }) {
  const watches = useWatches();
  const setView = useViewState((s) => s.setView);
  const row = watches.data?.rows.find((r) => r.id === selection.id);
  const name = row?.record.name ?? selection.label ?? 'Unnamed watch';
  const head = <SelectionHead kind="Watch" title={name} selection={selection} />;
  if (!row)
    return (
      <>
        {head}
        {watches.isPending ? (
          <EmptyState tone="loading" title="Reading watches…" />
        ) : (
          <Unread what="watch" error={watches.error} />
        )}
      </>
    );
  const r = row.record;
  const bucket = r.bucket && r.bucket in BUCKET_LABEL ? BUCKET_LABEL[r.bucket as BucketName] : null;
  return (
    <>
      {head}
      <dl className="facts">
        <dt>Bucket</dt>
        <dd>{bucket ?? <span className="unknown">not said</span>}</dd>
        <dt>State</dt>
        <dd>
          {r.status ?? <span className="unknown">not said</span>}
          {row.pending && (
            <>
              {' '}
              <HonestyMark kind="pending" detail="in the outbox" />
            </>
          )}
        </dd>
        <dt>Watches</dt>
        <dd>{r.target_type === 'area' ? 'an area' : r.target_type === 'event' ? 'an event' : '—'}</dd>
      </dl>
      <div className="actions">
        <button type="button" onClick={() => setView('watches')}>
          Open in Watches
        </button>
        <button type="button" onClick={() => openDecisionPackage({ id: row.id, label: name })}>
          Decision package
        </button>
        <button type="button" onClick={() => setView('passes')}>
          Passes over it
        </button>
        {r.area?.bbox ? (
          <button type="button" onClick={() => setView('map')}>
            Show on map
          </button>
        ) : null}
      </div>
    </>
  );
}
