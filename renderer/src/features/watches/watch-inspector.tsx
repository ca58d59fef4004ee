// The inspector's section for a watch (app/inspector.tsx): its bucket, state and type; "Open in
// Watches" and its decision package. A record the cache no longer holds says so.
import { useWatches } from '../../data';
import type { Selection } from '../../state/selection';
import { showBoxOnMap } from '../../state/map-request';
import { useViewState } from '../../state/view-state';
import { HonestyMark } from '../../ui/honesty-mark';
import { SelectionHead, Unread } from '../../ui/selection-head';
import { BUCKET_LABEL, type BucketName } from './buckets';
import { openDecisionPackage } from './decision-package-link';

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
        <Unread what="watch" list="watches" query={watches} />
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
          <button type="button" onClick={() => showBoxOnMap(r.area?.bbox)}>
            Show on map
          </button>
        ) : null}
      </div>
    </>
  );
}
