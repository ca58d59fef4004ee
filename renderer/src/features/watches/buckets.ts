// The four watch buckets (docs/domain.md, "Ladders and buckets"), in the order an analyst
// works them, and the cached watches sorted into them. Counts are of the watches the cache
// holds (the analyst's unsent ones included), so each bucket's count is its list's length.
import type { OwnRecord } from '../../../../shared/contract';
import type { Watch } from '../../../../shared/service/alternate';
import { WATCH_BUCKETS } from '../../../../shared/service/values';

export type BucketName = (typeof WATCH_BUCKETS)[number];

export const BUCKET_LABEL: Record<BucketName, string> = {
  needs_attention: 'Needs attention',
  changed_today: 'Changed today',
  awaiting_data: 'Awaiting data',
  stable: 'Stable',
};
export const BUCKET_ORDER: readonly BucketName[] = WATCH_BUCKETS;

export type WatchRow = OwnRecord<Watch>;

/** Each bucket's watches (newest change first), and those with no bucket the service named. */
export function byBucket(rows: readonly WatchRow[]): {
  buckets: Record<BucketName, WatchRow[]>;
  unbucketed: WatchRow[];
} {
  const buckets = Object.fromEntries(BUCKET_ORDER.map((b) => [b, [] as WatchRow[]])) as Record<
    BucketName,
    WatchRow[]
  >;
  const unbucketed: WatchRow[] = [];
  for (const r of rows) {
    const b = r.record.bucket;
    if (b && b in buckets) buckets[b].push(r);
    else unbucketed.push(r);
  }
  return { buckets, unbucketed };
}
