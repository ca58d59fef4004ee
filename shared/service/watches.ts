// Watches, decision packages and notes (the alternate document, "Watch"; the watch states are
// in the main document, "States and transitions"). Re-exported by alternate.ts.
import { z } from 'zod';
import { int, loose, optBbox, optBool, optInt, optNum, optStage, optStr, str, strArray } from './base';
import { WATCH_BUCKETS, WATCH_STATUSES, WATCH_TARGET_TYPES } from './values';

export const watchBucket = z.enum(WATCH_BUCKETS);
export const watchStatus = z.enum(WATCH_STATUSES);
export const watchTargetType = z.enum(WATCH_TARGET_TYPES);

/** Confidence is null on a plain note; allowed values of confidence and likelihood are not shown. */
export const note = loose({
  id: str,
  note: str,
  confidence: optStr,
  supersedes_id: optStr,
  created_by: optStr,
  // Sent with POST /watches/{watchId}/notes and shown back on the note when set:
  title: optStr,
  parent_id: optStr,
  likelihood: optStr,
  gaps: strArray.nullish(),
  next_check: optStr,
  created_at: optStr,
});
export const noteCreated = loose({ note });

export const watch = loose({
  id: str,
  name: optStr,
  target_type: watchTargetType.nullish(),
  status: watchStatus.nullish(),
  bucket: watchBucket.nullish(),
  area: loose({ bbox: optBbox, area_status: optStr }).nullish(),
  measurements: z
    .array(
      loose({
        metric: optStr,
        latest: loose({ value: optNum, is_anomaly: optBool }).nullish(),
      }),
    )
    .nullish(),
  questions: z.array(loose({ question: optStr, cadence: optStr })).nullish(),
  latest_change: loose({ at: optStr, summary: optStr }).nullish(),
  /** Event watches: bound to the canonical event, so they survive new reporting and merges. */
  event: loose({
    subject_key: optStr,
    stage: optStage,
    developments_24h: optInt,
    imagery_post_status: optStr,
  }).nullish(),
  notes: z.array(note).nullish(),
});
export const watches = loose({
  watches: z.array(watch),
  // The bucket set is complete, so an unknown bucket name here is refused too.
  buckets: z.partialRecord(watchBucket, int).nullish(),
  limits: loose({ max_active: optInt, used_active: optInt, remaining: optInt }).nullish(),
  next_cursor: z.string().nullish(),
  has_more: optBool,
});
export const watchCreated = loose({ watch, already_existed: optBool });
export const watchPatched = loose({ watch: loose({ id: str, status: watchStatus.nullish() }) });
export const watchDeleted = loose({
  deleted: z.union([z.string(), z.number()]),
  removed: loose({ monitoring_areas: optInt, standing_orders: optInt }).nullish(),
});

/**
 * The decision package: revision is a string (diffable), and absence of evidence is typed:
 * could-not-look (negative_evidence with its status and reason) is never was-not-there.
 */
export const packageDiscriminator = loose({
  observable: optStr,
  verdict: optStr,
  max_elimination: optInt,
  refutes_if_absent: strArray.nullish(),
});
export const negativeEvidence = loose({
  observable: optStr,
  axis: optStr,
  status: optStr,
  reason: optStr,
  source_status: optStr,
  detail: optStr,
});
export const decisionPackage = loose({
  schema_version: optStr,
  package_id: optStr,
  external_key: optStr,
  revision: str,
  watch: loose({ bucket: watchBucket.nullish(), target_type: watchTargetType.nullish() }).nullish(),
  discriminators: z.array(packageDiscriminator).nullish(),
  negative_evidence: z.array(negativeEvidence).nullish(),
  limitations: strArray.nullish(),
});

export type WatchBucketName = z.infer<typeof watchBucket>;
export type Note = z.infer<typeof note>;
export type NoteCreated = z.infer<typeof noteCreated>;
export type Watch = z.infer<typeof watch>;
export type WatchList = z.infer<typeof watches>;
export type WatchCreated = z.infer<typeof watchCreated>;
export type WatchPatched = z.infer<typeof watchPatched>;
export type WatchDeleted = z.infer<typeof watchDeleted>;
export type PackageDiscriminator = z.infer<typeof packageDiscriminator>;
export type NegativeEvidence = z.infer<typeof negativeEvidence>;
export type DecisionPackage = z.infer<typeof decisionPackage>;
