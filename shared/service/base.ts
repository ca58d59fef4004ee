// Building blocks of the response schemas. Records are loose objects: a field the documents do
// not name is kept as received (the cache stores the whole payload) and never breaks a sync,
// while every documented field is typed, so a payload with a wrong-typed field is refused with
// the field's path. A field the documents give only "values seen" for is a plain string (the set
// is not complete); a field whose complete set is listed is an enum (values.ts).
import { z } from 'zod';
import { STAGES } from './values';

export const loose = z.looseObject;
export const str = z.string();
export const optStr = z.string().nullish();
export const optNum = z.number().nullish();
export const optBool = z.boolean().nullish();
export const int = z.number().int();
export const optInt = int.nullish();
export const bbox4 = z.array(z.number()).length(4);
export const optBbox = bbox4.nullish();
/** An object whose inner fields the documents do not show: kept whole, only its kind checked. */
export const anyObj = z.looseObject({});
/**
 * "null or value", or an array whose items the documents do not describe: any JSON value,
 * which is what the service can send, so the type says so instead of `unknown`.
 */
export const jsonValue = z.json();
export const optJson = jsonValue.nullish();
export const jsonArray = z.array(jsonValue);
export const strArray = z.array(z.string());
/** A map of name -> integer count (by_axis, by_source, by_type, by_rs_level...). */
export const counts = z.record(z.string(), int);

export const stage = z.enum(STAGES);
export const optStage = stage.nullish();

export const tokensMeta = loose({ charged: z.number(), remaining: z.number().optional() });
/** filter_clamp: only required_plans is shown (main document, "Response envelope"). */
export const filterClamp = loose({ required_plans: strArray.nullish() });
/** The envelope's meta: tokens and clamps where present, all else kept. */
export const meta = loose({
  tokens: tokensMeta.optional(),
  window_clamp: anyObj.nullish(),
  filter_clamp: filterClamp.nullish(),
});
export const pagedMeta = meta.extend({
  next_cursor: z.string().nullish(),
  has_more: z.boolean().nullish(),
  count: optInt,
});
/** plan_lock: reports withheld detail; its inner fields are not shown. */
export const planLock = anyObj.nullish();

/** Signal list coverage (main document, "Signal list meta"; the alternate list reuses it). */
export const coverage = loose({
  bbox_area_share: optNum,
  worldwide: optBool,
  global_available: optJson,
  global_capped: optBool,
  global_basis: optStr,
  hints: jsonArray.nullish(),
});
/** The list meta both profiles share. */
export const signalListMeta = pagedMeta.extend({
  start_date: optStr,
  end_date: optStr,
  bbox: optBbox,
  categories: strArray.nullish(),
  coverage: coverage.nullish(),
});

/** Reporting breadth of an event: not independent confirmation. */
export const reporting = loose({
  member_count: optInt,
  distinct_hosts: optInt,
  source_reliability_best: optStr,
  credibility_best: optInt,
  graded_members: optInt,
  distinct_texts: optInt,
});
export const casualties = loose({
  killed: optInt,
  injured: optInt,
  basis: optStr,
  disputed: optBool,
  not_counted: jsonArray.nullish(),
});
export const latLng = loose({ lat: z.number(), lng: z.number() });

export type Meta = z.infer<typeof meta>;
export type PagedMeta = z.infer<typeof pagedMeta>;
export type Coverage = z.infer<typeof coverage>;
export type Reporting = z.infer<typeof reporting>;
export type Casualties = z.infer<typeof casualties>;
