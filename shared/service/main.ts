// Main-profile shapes (uuid ids, start_date/end_date windows). Spec: service-main-profile.md,
// "Resources and their fields".
import { z } from 'zod';
import { anyObj, bbox4, loose, meta, optBool, optNum, optStr, pagedMeta, str } from './common';

export const signal = loose({
  id: str,
  category: optStr,
  title: optStr,
  summary: optStr,
  occurred_at: optStr,
  last_updated_at: optStr,
  location: optStr,
  country: optStr,
  country_code: optStr,
  lat: optNum,
  lng: optNum,
  plottable: optBool,
  stage: optStr,
  severity_score: optNum,
  severity_band: optNum,
  market_impact: z.array(z.string()).nullish(),
});
export const signalsList = loose({
  meta: pagedMeta.extend({ start_date: optStr, end_date: optStr }),
  signals: z.array(signal),
  country_level_signals: z.array(signal).optional(),
});
export const reread = loose({
  signal: loose({ id: str }),
  meta: meta.extend({ event_id: optStr, merged_from_request: optBool, retracted_at: optStr }),
});
export const development = loose({
  event_id: str,
  axis: str,
  current_state: z.union([z.string(), z.number()]).nullish(),
  notable: optBool,
  observed_at: str,
});
export const developments = loose({
  developments: z.array(development),
  meta: meta.extend({ count: optNum, total_count: z.number().int() }),
});
export const thread = loose({
  canonical_event: loose({ event_id: str, merged_from_request: optBool, retracted: optBool, title: optStr }),
  timeline: z.array(anyObj),
  sources: z.array(anyObj),
});
export const collectionPlan = loose({
  meta: meta.extend({ event_id: optStr, merged_from_request: optBool }),
  plan: anyObj,
});
export const collectionPriority = loose({
  meta,
  priority: loose({ top_priorities: z.array(loose({ event_id: str })).nullish() }),
});
export const observability = loose({
  meta,
  survey: loose({ events: z.array(loose({ event_id: str })).nullish() }),
});
export const brief = loose({ status: optStr, brief: anyObj.nullish(), period: anyObj.nullish() });
export const orderCreated = loose({ order: loose({ id: str }), watch_id: optStr });

export type Signal = z.infer<typeof signal>;
export type SignalsList = z.infer<typeof signalsList>;
export type Development = z.infer<typeof development>;
export type Thread = z.infer<typeof thread>;
export { bbox4 };
