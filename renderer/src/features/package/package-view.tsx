// Decision package: the selected watch's package (the shared selection, kind 'watch'; the
// Watches view selects one and comes here) as the cache last stored it: its discriminators,
// its negative evidence typed "Could not look" or "Looked, absent", its limitations and
// schema version; any kept revision can be opened, and two compared. Without a selected watch
// it says to pick one, and offers the cached watches to pick from. The main profile has no
// watches, and says so.
import { useState } from 'react';
import type { PackageGetResult, PackageRevision } from '../../../../shared/contract';
import { useAppInfo, usePackage, usePackageRevisions, useWatches } from '../../data';
import { packageOf } from '../../data/records';
import { useSelection } from '../../state/selection';
import { AnswerMarks } from '../../ui/answer-marks';
import { EmptyState } from '../../ui/empty-state';
import { formatUtc } from '../../ui/time';
import { PackageCompare } from './package-compare';
import { PackageBody } from './package-parts';
import './package.css';

const LATEST = '';

/** The package an answer holds (none before it lands, or on the main profile). */
const packageIn = (r: PackageGetResult | undefined) => (r ? packageOf(r).alternate : null);

function WatchPicker({ watchId, label }: { watchId: string | null; label: string | null }) {
  const watches = useWatches();
  const select = useSelection((s) => s.select);
  const rows = watches.data?.rows ?? [];
  return (
    <label className="inline-field">
      Watch
      <select
        value={watchId ?? ''}
        onChange={(e) => {
          const w = rows.find((r) => r.id === e.target.value);
          if (w) select({ kind: 'watch', id: w.id, label: w.record.name ?? w.id, from: 'Decision package' });
        }}
      >
        {watchId === null && <option value="">Pick a watch…</option>}
        {watchId !== null && !rows.some((r) => r.id === watchId) && (
          <option value={watchId}>{label ?? watchId}</option>
        )}
        {rows.map((r) => (
          <option key={r.id} value={r.id}>
            {r.record.name ?? r.id}
            {r.pending ? ' (pending)' : ''}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The revision shown (LATEST: the one fetched last) and the two compared, per watch. */
function WatchPackage({ watchId }: { watchId: string }) {
  const demo = useAppInfo().data?.mode === 'demo';
  const revisions = usePackageRevisions(watchId);
  const [shown, setShown] = useState(LATEST);
  const list: readonly PackageRevision[] = revisions.data?.revisions ?? [];
  const latest = list.at(-1)?.revision ?? null;
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const compareFrom = from ?? list.at(-2)?.revision ?? null;
  const compareTo = to ?? latest;
  const current = usePackage(watchId, shown || undefined);
  const before = usePackage(list.length > 1 ? watchId : null, compareFrom ?? undefined);
  const after = usePackage(list.length > 1 ? watchId : null, compareTo ?? undefined);
  const rev = current.data?.revision ?? null;
  const pkg = packageIn(current.data);

  if (revisions.error || current.error)
    return (
      <EmptyState tone="error" title="The decision package could not be read from the cache">
        <p>{(revisions.error ?? current.error)?.message}</p>
      </EmptyState>
    );
  if (!revisions.data || !current.data) return <EmptyState tone="loading" title="Reading the package…" />;
  if (!list.length || !pkg || !rev)
    return (
      <EmptyState title="No decision package of this watch in the cache yet">
        <p>Sync fetches a watch's package when the watch changes (see Status).</p>
      </EmptyState>
    );
  return (
    <article className="package" data-testid="package">
      <div className="view-line">
        <label className="inline-field">
          Revision
          <select value={shown} onChange={(e) => setShown(e.target.value)}>
            <option value={LATEST}>latest ({latest})</option>
            {[...list].reverse().map((r) => (
              <option key={r.revision} value={r.revision}>
                {r.revision} · fetched {formatUtc(r.fetchedAt)}
              </option>
            ))}
          </select>
        </label>
        <span className="count">
          {list.length} revision{list.length === 1 ? '' : 's'} kept
        </span>
        <span className="view-line-end">
          <AnswerMarks demo={demo} asOf={revisions.data.asOf} />
        </span>
      </div>
      <dl className="facts package-facts" aria-label="Package">
        <div className="fact">
          <dt>Revision</dt>
          <dd className="mono">{rev.revision}</dd>
        </div>
        <div className="fact">
          <dt>Fetched</dt>
          <dd>{formatUtc(rev.fetchedAt)}</dd>
        </div>
        <div className="fact">
          <dt>Schema version</dt>
          <dd className="mono">{pkg.schema_version ?? <span className="unknown">not given</span>}</dd>
        </div>
        <div className="fact">
          <dt>Package</dt>
          <dd className="mono">{pkg.package_id ?? <span className="unknown">not given</span>}</dd>
        </div>
      </dl>
      <PackageBody pkg={pkg} />
      <section className="package-section" aria-labelledby="pkg-compare">
        <h2 id="pkg-compare">Compare revisions</h2>
        <PackageCompare
          revisions={list}
          from={compareFrom ?? ''}
          to={compareTo ?? ''}
          onFrom={setFrom}
          onTo={setTo}
          before={packageIn(before.data)}
          after={packageIn(after.data)}
        />
      </section>
    </article>
  );
}

export function PackageView() {
  const info = useAppInfo();
  const selection = useSelection((s) => s.selection);
  const watchId = selection?.kind === 'watch' ? selection.id : null;
  if (info.data?.profile === 'main')
    return (
      <div className="list-view" data-testid="package-view">
        <EmptyState title="This service has no watches">
          <p>Decision packages belong to watches, which only the alternate profile's service keeps.</p>
        </EmptyState>
      </div>
    );
  return (
    <div className="list-view" data-testid="package-view">
      <div className="filter-bar" role="group" aria-label="Decision package of">
        <WatchPicker
          watchId={watchId}
          label={selection?.kind === 'watch' ? (selection.label ?? null) : null}
        />
      </div>
      <div className="table-scroll">
        {watchId === null ? (
          <EmptyState title="Pick a watch to see its decision package">
            <p>Select a watch in Watches, or pick one above.</p>
          </EmptyState>
        ) : (
          <WatchPackage key={watchId} watchId={watchId} />
        )}
      </div>
    </div>
  );
}
