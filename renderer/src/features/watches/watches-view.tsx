// Watches (alternate profile): the cached watches in their four buckets with their counts, a
// watch's detail beside them, and creating one from the selected signal. The main profile's
// service has no watches: the view says so plainly and keeps notes on this computer instead.
import './watches.css';
import type { WatchesListResult } from '../../../../shared/contract';
import { useAppInfo, useWatches } from '../../data';
import { useSelection } from '../../state/selection';
import { AnswerMarks } from '../../ui/answer-marks';
import { EmptyState, Loaded } from '../../ui/empty-state';
import { HonestyMark } from '../../ui/honesty-mark';
import { formatUtc } from '../../ui/time';
import { Slot } from '../../ui/slots';
import { BUCKET_LABEL, BUCKET_ORDER, byBucket, type WatchRow } from './buckets';
import { WatchSelectedSignal } from './create-watch';
import { WatchDetail } from './watch-detail';
import { formatCount } from '../../../../shared/count';

function WatchItem({ row, selected, onOpen }: { row: WatchRow; selected: boolean; onOpen: () => void }) {
  const w = row.record;
  return (
    <li>
      <button
        type="button"
        className="watch-item"
        aria-current={selected ? 'true' : undefined}
        onClick={onOpen}
        data-watch-id={row.id}
      >
        <span className="watch-name">{w.name ?? 'unnamed watch'}</span>
        <span className="watch-sub muted">
          {w.target_type ?? 'watch'} · {w.status ?? 'status unknown'}
          {w.latest_change?.at ? ` · ${formatUtc(w.latest_change.at)}` : ''}
        </span>
        {row.pending && <HonestyMark kind="pending" />}
      </button>
    </li>
  );
}

function Buckets({ data, selectedId }: { data: WatchesListResult; selectedId: string | null }) {
  const select = useSelection((s) => s.select);
  const { buckets, unbucketed } = byBucket(data.rows);
  const open = (r: WatchRow) =>
    select({ kind: 'watch', id: r.id, label: r.record.name ?? undefined, from: 'Watches' });
  const list = (rows: WatchRow[]) => (
    <ul className="watch-list">
      {rows.map((r) => (
        <WatchItem key={r.id} row={r} selected={r.id === selectedId} onOpen={() => open(r)} />
      ))}
    </ul>
  );
  return (
    <div className="watch-buckets">
      {BUCKET_ORDER.map((b) => (
        <section key={b} className="watch-bucket" aria-labelledby={`bucket-${b}`} data-bucket={b}>
          <h2 id={`bucket-${b}`}>
            {BUCKET_LABEL[b]} <span className="num bucket-count">{buckets[b].length}</span>
          </h2>
          {buckets[b].length ? list(buckets[b]) : <p className="muted">None.</p>}
        </section>
      ))}
      {unbucketed.length > 0 && (
        <section className="watch-bucket" aria-labelledby="bucket-none">
          <h2 id="bucket-none">
            No bucket yet <span className="num bucket-count">{unbucketed.length}</span>
          </h2>
          {list(unbucketed)}
        </section>
      )}
    </div>
  );
}

export function WatchesView() {
  const info = useAppInfo().data;
  const answer = useWatches();
  const selection = useSelection((s) => s.selection);
  const selectedId = selection?.kind === 'watch' ? selection.id : null;

  if (info && info.profile !== 'alternate')
    return (
      <div className="list-view watches-view" data-testid="watches-view">
        <EmptyState title="This service has no watches">
          <p>
            Watches, their buckets and notes on them are a feature of the alternate profile’s service. This
            service (the main profile) offers none, so there is nothing to list here.
          </p>
        </EmptyState>
        <Slot id="watches.aside" />
      </div>
    );

  return (
    <div className="list-view watches-view" data-testid="watches-view">
      <div className="view-line">
        {answer.data && (
          <span className="count">
            <span className="num">{formatCount(answer.data.rows.length)}</span> watches
          </span>
        )}
        {answer.data && <AnswerMarks demo={info?.mode === 'demo'} asOf={answer.data.asOf} />}
        <span className="view-line-end">
          <WatchSelectedSignal />
        </span>
      </div>
      <Loaded query={answer} failed="The watches could not be read from the cache" reading="Reading watches…">
        {(data) => (
          <div className="watches-body">
            {data.rows.length === 0 ? (
              <EmptyState title="No watches in the cache yet">
                <p>Watch a selected signal, or draw a box on the map and create a watch from it.</p>
              </EmptyState>
            ) : (
              <Buckets data={data} selectedId={selectedId} />
            )}
            <div className="watch-pane">
              {selectedId ? (
                <WatchDetail key={selectedId} watchId={selectedId} />
              ) : (
                <EmptyState title="No watch open">
                  <p>Choose a watch in a bucket to see its detail and notes.</p>
                </EmptyState>
              )}
            </div>
          </div>
        )}
      </Loaded>
    </div>
  );
}
