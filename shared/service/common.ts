// Response shapes both profiles share, as zod schemas. Objects are loose: fields the documents
// do not name are kept (the cache stores the whole payload) and only the fields Watchfloor
// reads are checked, so a malformed payload is refused with the field's name, and an added
// field never breaks a sync. Types are inferred from the schemas (one source of truth).
import { z } from 'zod';

export const loose = z.looseObject;
export const str = z.string();
export const optStr = z.string().nullish();
export const optNum = z.number().nullish();
export const optBool = z.boolean().nullish();
export const bbox4 = z.array(z.number()).length(4);
export const anyObj = z.looseObject({});

export const tokensMeta = loose({ charged: z.number(), remaining: z.number().optional() });
/** The envelope's meta: tokens and clamps where present, all else kept. */
export const meta = loose({ tokens: tokensMeta.optional() });
export const pagedMeta = meta.extend({
  next_cursor: z.string().nullish(),
  has_more: z.boolean().nullish(),
  count: optNum,
});

export const thermal = loose({ event_id: str, measured_kind: optStr, category: optStr, title: optStr });
export const measuredList = (key: string) => z.looseObject({ meta: pagedMeta, [key]: z.array(thermal) });

export const transit = loose({
  meta: meta.extend({ as_of: optStr, count: optNum }),
  places: z.array(loose({ entity_id: str, name: optStr, status: optStr, anomaly: z.unknown() })),
});

export const scene = loose({
  id: str,
  collection: optStr,
  datetime: optStr,
  bbox: bbox4.nullish(),
  cloud_cover: optNum,
});
export const imagery = loose({ meta, scenes: z.array(scene) });

export const pass = loose({
  satellite: str,
  family_key: str,
  peak: str,
  off_nadir_deg: z.number(),
  sunlit: optBool,
  is_past: optBool,
});
export const passes = loose({
  meta,
  passes: z.array(pass),
  freshness: loose({ max_tle_age_days: optNum, stale: optBool }).nullish(),
  retrieval_ok: z.boolean(),
  note: optStr,
});

export const elevation = loose({ mode: optStr, elevation: z.unknown(), attribution: optStr });
export const terrain = loose({ operation: optStr });
export const indexSeries = loose({ summary: optStr });
export const ships = loose({ count: z.number().int(), caveats: z.array(z.string()).nullish() });
export const assessment = loose({
  kind: str,
  cached: z.boolean(),
  content: anyObj.nullish(),
  context: anyObj.nullish(),
  meta: meta.optional(),
});

export const analystJob = loose({
  job_id: str,
  status: str,
  progress: loose({ stage: optStr, completed_steps: optNum, total_steps: optNum }).nullish(),
});
/** 200 (brief) or 202 (job): which one is told by the status, both kept as received. */
export const analystAnswer = loose({
  brief: anyObj.optional(),
  job_id: z.string().optional(),
  meta: meta.optional(),
});

export const standingOrder = loose({
  id: str,
  name: optStr,
  cadence: optStr,
  bbox: bbox4.nullish(),
  last_run_at: optStr,
  total_runs: optNum,
  next_due_at: optStr,
});
export const standingOrders = loose({ orders: z.array(standingOrder), limits: anyObj.nullish() });

export const monitoringArea = loose({
  area_id: str,
  name: optStr,
  status: optStr,
  bbox: bbox4.nullish(),
  metrics: z.array(loose({ metric: optStr, series: z.array(anyObj).nullish() })).nullish(),
});
export const monitoringList = loose({ areas: z.array(monitoringArea), limits: anyObj.nullish() });
export const monitoringCreated = loose({ area: monitoringArea, metering: anyObj.nullish() });

export const entitySearch = loose({
  entities: z.array(loose({ id: z.union([z.string(), z.number()]), canonical: optStr, subtype: optStr })),
});
export const entityHistory = loose({ entity: anyObj, events: z.array(anyObj) });

export const errorBody = loose({ error: str, code: str, requestId: optStr });

export type Pass = z.infer<typeof pass>;
export type PassesResponse = z.infer<typeof passes>;
export type StandingOrder = z.infer<typeof standingOrder>;
export type MonitoringArea = z.infer<typeof monitoringArea>;
