// Alternate-profile shapes (integer event ids, date + days windows, watches and notes).
// Spec: service-alternate-profile.md, "Resources and their fields".
import { z } from 'zod';
import { anyObj, loose, meta, optBool, optNum, optStr, pagedMeta, str } from './common';

const intId = z.number().int();

export const signal = loose({
  id: intId,
  event_date: optStr,
  category: optStr,
  title: optStr,
  summary: optStr,
  location: optStr,
  country_code: optStr,
  lat: optNum,
  lng: optNum,
  severity_score: optNum,
  last_updated_at: optStr,
  market_impact: z.array(z.string()).nullish(),
});
export const signalsList = loose({
  meta: pagedMeta.extend({ start_date: optStr, end_date: optStr }),
  signals: z.array(signal),
});
export const reread = loose({
  signal: loose({ id: intId, category: optStr, severity: optNum }),
  meta: meta.optional(),
});
export const stats = loose({
  meta: meta.extend({ total: optNum }),
  stats: loose({ by_category: z.array(anyObj), by_day: z.array(anyObj) }),
});
export const hotspots = loose({
  meta,
  hotspots: z.array(loose({ lat: z.number(), lng: z.number(), count: z.number() })),
});
export const development = loose({
  event_id: intId,
  development_type: str,
  detected_at: str,
  canonical_event_id: optStr,
});
export const developments = loose({
  developments: z.array(development),
  meta: meta.extend({ count: optNum }),
});
export const thread = loose({
  canonical_event: loose({ canonical_event_id: optStr, title: optStr }),
  timeline: z.array(anyObj),
  sources: z.array(loose({ event_id: intId.nullish() })),
});
export const collectionPlan = loose({ meta: meta.extend({ event_id: intId.nullish() }), plan: anyObj });
export const collectionPriority = loose({
  meta,
  priority: loose({ top: z.array(loose({ event_id: intId })).nullish() }),
});
export const observability = loose({
  meta,
  survey: loose({ top: z.array(loose({ event_id: intId })).nullish() }),
});
export const refineLocation = loose({
  summary: optStr,
  result: loose({ improved: z.boolean(), tokens: anyObj.nullish() }),
});
export const brief = loose({ brief: loose({ date: optStr, headline: optStr }) });
export const claim = loose({ claim_id: str, text: optStr, evidence_class: optStr });
export const claims = loose({ claims: z.array(claim), counts: anyObj.nullish(), summary: optStr });
export const discriminators = loose({ meta, best: anyObj.nullish(), discriminators: z.array(anyObj) });
export const orderCreated = loose({ order: loose({ id: str }), projected_monthly_tokens_typical: optNum });
export const orderPaused = loose({ order: loose({ id: str, active: z.boolean() }) });
export const deleted = loose({ deleted: z.union([z.string(), z.number()]) });
export const watch = loose({
  id: str,
  name: optStr,
  target_type: optStr,
  status: optStr,
  bucket: optStr,
  latest_change: anyObj.nullish(),
});
export const watches = loose({
  watches: z.array(watch),
  buckets: z.record(z.string(), z.number()).nullish(),
  limits: anyObj.nullish(),
  next_cursor: z.string().nullish(),
  has_more: optBool,
});
export const watchCreated = loose({ watch, already_existed: optBool });
export const watchDetail = loose({ watch, thread: anyObj.nullish() });
export const watchPatched = loose({ watch: loose({ id: str, status: optStr }) });
export const watchDeleted = loose({ deleted: z.union([z.string(), z.number()]), removed: anyObj.nullish() });
export const decisionPackage = loose({
  package_id: optStr,
  revision: z.union([z.string(), z.number()]),
  discriminators: z.array(anyObj).nullish(),
  negative_evidence: z.array(anyObj).nullish(),
});
export const note = loose({ id: str, note: str, confidence: optStr, supersedes_id: optStr });
export const noteCreated = loose({ note });

export type Signal = z.infer<typeof signal>;
export type Watch = z.infer<typeof watch>;
export type Note = z.infer<typeof note>;
export type DecisionPackage = z.infer<typeof decisionPackage>;
