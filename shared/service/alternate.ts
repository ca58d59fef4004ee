// Alternate-profile shapes (integer event ids, date + days windows, claims, discriminators,
// watches and notes). Spec: the alternate profile document, "Resources and their fields"; the
// event states of the main document (fold, retraction) apply here too.
import { z } from 'zod';
import {
  byClass,
  counts,
  int,
  jsonArray,
  loose,
  meta,
  optBbox,
  optBool,
  optInt,
  optNum,
  optStr,
  planBody,
  signalListMeta,
  str,
  strArray,
  surveyMeta,
} from './common';
import { developmentSource, market } from './main';
import { ANALYSIS_GOALS } from './values';
import { watch } from './watches';

export * from './watches';

const intId = int;

export const signal = loose({
  id: intId,
  event_date: optStr,
  category: optStr,
  event_type: optStr,
  title: optStr,
  summary: optStr,
  location: optStr,
  country_code: optStr,
  lat: optNum,
  lng: optNum,
  geo_verified: optBool,
  severity_score: optNum,
  geoint_score: optNum,
  escalation_trend: optStr,
  cross_border_risk: optBool,
  infrastructure_target: optStr,
  conflict_scale: optNum,
  avg_tone: optNum,
  actors: loose({ actor1: optStr, actor2: optStr }).nullish(),
  tags: strArray.nullish(),
  num_mentions: optInt,
  num_sources: optInt,
  source_url: optStr,
  market_impact: z.array(market).nullish(),
  market_note: optStr,
  last_updated_at: optStr,
  collection: loose({
    rs_level: optStr,
    rs_sensor: optStr,
    rs_target: optStr,
    rs_reason: optStr,
    rs_niirs: optNum,
    rs_analysis: optStr,
  }).nullish(),
  intelligence: loose({
    satellite_observability: optStr,
    open_data_sufficiency: optStr,
    expected_information_gain: optNum,
  }).nullish(),
  geo_validation: loose({ search_ready: optBool }).nullish(),
  quality: loose({ status: optStr }).nullish(),
});
export const signalsList = loose({ meta: signalListMeta, signals: z.array(signal) });
/** GET /signals/{id}; a fold or a retraction is told as in the main profile. */
export const reread = loose({
  signal: loose({
    id: intId,
    category: optStr,
    severity: optNum,
    verification_status: optStr,
    independent_source_count: optInt,
  }),
  meta: meta.extend({ event_id: optInt, merged_from_request: optBool, retracted_at: optStr }).optional(),
});

const windowMeta = meta.extend({
  start_date: optStr,
  end_date: optStr,
  bbox: optBbox,
  categories: strArray.nullish(),
});
export const stats = loose({
  meta: windowMeta.extend({ total: optInt }),
  stats: loose({
    by_category: z.array(loose({ category: optStr, count: optInt })),
    by_day: z.array(loose({ date: optStr, count: optInt })),
  }),
});
export const hotspots = loose({
  meta: windowMeta.extend({ precision: optNum, point_count: optInt, min_severity: optNum }),
  hotspots: z.array(
    loose({
      lat: z.number(),
      lng: z.number(),
      count: z.number(),
      max_severity: optNum,
      categories: strArray.nullish(),
    }),
  ),
});

export const development = loose({
  canonical_event_id: optStr,
  event_id: intId,
  development_type: str,
  source: developmentSource.nullish(),
  previous_state: optStr,
  current_state: optStr,
  change_summary: optStr,
  is_new: optBool,
  detected_at: str,
  event_occurred_at: optStr,
});
export const developments = loose({
  developments: z.array(development),
  meta: meta.extend({ events_examined: optInt, count: optInt, by_type: counts.nullish() }),
});

export const canonicalEvent = loose({
  canonical_event_id: optStr,
  merged_from_request: optBool,
  retracted: optBool,
  title: optStr,
  occurred_at: optStr,
  occurred_at_precision: optStr,
  occurred_at_basis: optStr,
  first_reported_at: optStr,
  last_reported_at: optStr,
  casualties_killed: optInt,
  attributed_actor: optStr,
  attribution_basis: optStr,
  history_incomplete: optBool,
});
export const timelineEntry = loose({
  at: optStr,
  development_type: optStr,
  source: developmentSource.nullish(),
  change_summary: optStr,
});
export const thread = loose({
  canonical_event: canonicalEvent,
  timeline: z.array(timelineEntry),
  timeline_total: optInt,
  sources: z.array(loose({ event_id: intId.nullish(), url: optStr, reported_at: optStr })),
});

export const collectionPlan = loose({
  meta: meta.extend({
    event_id: intId.nullish(),
    merged_from_request: optBool,
    analysis_goal: z.enum(ANALYSIS_GOALS).nullish(),
    event_date: optStr,
  }),
  plan: planBody,
});
export const collectionPriority = loose({
  meta: surveyMeta,
  priority: loose({
    by_spec_class: byClass.nullish(),
    top: z
      .array(loose({ event_id: intId, importance: optNum, required_class: optStr, rs_aoi: optBbox }))
      .nullish(),
  }),
});
export const observability = loose({
  meta: surveyMeta,
  survey: loose({
    sensor: optStr,
    observable_count: optInt,
    not_observable_count: optInt,
    by_rs_level: counts.nullish(),
    top: z.array(loose({ event_id: intId, rs_target: optStr })).nullish(),
  }),
});

const placeFix = loose({ granularity: optStr, uncertainty_m: optNum, footprint_kind: optStr });
export const refineLocation = loose({
  summary: optStr,
  result: loose({
    improved: z.boolean(),
    before: placeFix.nullish(),
    after: placeFix.nullish(),
    evidence: z
      .array(loose({ url: optStr, publisher: optStr, place_named: optStr, origin: optStr }))
      .nullish(),
    tokens: loose({ charged: optNum, maximum_possible: optNum }).nullish(),
  }),
});

export const brief = loose({
  brief: loose({
    date: optStr,
    headline: optStr,
    summary: optStr,
    developments: z.array(loose({ title: optStr, why_it_matters: optStr })).nullish(),
    key_judgments: jsonArray.nullish(),
  }),
});

/** evidence_class: REPORTED and CONFIRMED are seen; the complete list is not shown. */
export const claim = loose({
  claim_id: str,
  text: optStr,
  evidence_class: optStr,
  independent_source_count: optInt,
  sources: strArray.nullish(),
  restated_by: loose({ claim_id: optStr, evidence_class: optStr, what_changed: optStr }).nullish(),
});
export const claims = loose({
  claims: z.array(claim),
  counts: loose({
    total: optInt,
    by_evidence_class: counts.nullish(),
    restated: optInt,
    downgraded: optInt,
  }).nullish(),
  summary: optStr,
  event_link: loose({ linked: optBool }).nullish(),
});

export const discriminators = loose({
  meta: meta.extend({
    mode: z.enum(['competing', 'joint']).nullish(),
    source: optStr,
    hypothesis_count: optInt,
  }),
  best: loose({
    label: optStr,
    verdict: optStr,
    refutes_if_absent: strArray.nullish(),
    max_elimination: optInt,
    data_sources: jsonArray.nullish(),
  }).nullish(),
  discriminators: z.array(
    loose({
      label: optStr,
      verdict: optStr,
      availability: optStr,
      how_to_obtain: optStr,
      cannot_establish: optStr,
    }),
  ),
  no_diagnostic_value: z.array(loose({ label: optStr, max_elimination: optInt })).nullish(),
  note: optStr,
});

const orderSummary = loose({ id: str, name: optStr, cadence: optStr, next_due_at: optStr });
export const orderCreated = loose({
  order: orderSummary,
  projected_monthly_tokens_typical: optNum,
  projected_monthly_tokens_max: optNum,
});
export const orderPaused = loose({ order: loose({ id: str, active: z.boolean() }) });
export const deleted = loose({ deleted: z.union([z.string(), z.number()]) });

/** GET /watches/{watchId}: the watch and the thread of its canonical event (null for an area). */
export const watchDetail = loose({ watch, thread: thread.nullish() });

export type Signal = z.infer<typeof signal>;
export type SignalsList = z.infer<typeof signalsList>;
export type Reread = z.infer<typeof reread>;
export type Stats = z.infer<typeof stats>;
export type Hotspots = z.infer<typeof hotspots>;
export type Development = z.infer<typeof development>;
export type Developments = z.infer<typeof developments>;
export type CanonicalEvent = z.infer<typeof canonicalEvent>;
export type TimelineEntry = z.infer<typeof timelineEntry>;
export type Thread = z.infer<typeof thread>;
export type CollectionPlan = z.infer<typeof collectionPlan>;
export type CollectionPriority = z.infer<typeof collectionPriority>;
export type ObservabilitySurvey = z.infer<typeof observability>;
export type RefineLocation = z.infer<typeof refineLocation>;
export type Brief = z.infer<typeof brief>;
export type Claim = z.infer<typeof claim>;
export type ClaimList = z.infer<typeof claims>;
export type DiscriminatorResult = z.infer<typeof discriminators>;
export type OrderCreated = z.infer<typeof orderCreated>;
export type OrderPaused = z.infer<typeof orderPaused>;
export type WatchDetail = z.infer<typeof watchDetail>;
