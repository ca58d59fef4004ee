// Main-profile shapes (uuid ids, start_date/end_date windows). Spec: the main profile document,
// "Resources and their fields" and "States and transitions".
import { z } from 'zod';
import {
  bbox4,
  byClass,
  casualties,
  counts,
  int,
  jsonArray,
  loose,
  meta,
  optBbox,
  optBool,
  optInt,
  optJson,
  optNum,
  optStage,
  optStr,
  planBody,
  planLock,
  reporting,
  signalListMeta,
  str,
  surveyMeta,
} from './common';
import { ANALYSIS_GOALS, DEVELOPMENT_SOURCES, MARKETS, MEASURED_KINDS } from './values';

export const market = z.enum(MARKETS);
export const developmentSource = z.enum(DEVELOPMENT_SOURCES);

export const signal = loose({
  id: str,
  category: optStr,
  title: optStr,
  summary: optStr,
  occurred_at: optStr,
  occurred_at_precision: optStr,
  occurred_at_basis: optStr,
  last_reported_at: optStr,
  location: optStr,
  location_level: optStr,
  country: optStr,
  country_code: optStr,
  lat: optNum,
  lng: optNum,
  plottable: optBool,
  stage: optStage,
  stage_reason: optStr,
  severity_score: optNum,
  severity_band: optInt,
  geoint_score: optNum,
  escalation_trend: optStr,
  cross_border_risk: optBool,
  infrastructure_target: optStr,
  casualties: casualties.nullish(),
  reporting: reporting.nullish(),
  collection: loose({
    level: optStr,
    sensor: optStr,
    target: optStr,
    reason: optStr,
    niirs: optNum,
    analysis: optStr,
    aoi: optBbox,
    gap: optJson,
    observability: optNum,
  }).nullish(),
  imagery: loose({
    post_status: optStr,
    sar_pair_status: optStr,
    latest_scene_date: optStr,
  }).nullish(),
  market_impact: z.array(market).nullish(),
  quality: loose({ status: optStr, score: optNum, issues: optJson }).nullish(),
  last_updated_at: optStr,
  assessed_at: optStr,
  measured: optBool,
  measured_kind: z.enum(MEASURED_KINDS).nullish(),
});
export const signalsList = loose({
  meta: signalListMeta.extend({ country_level: optInt, watch_linked_events: optInt }),
  signals: z.array(signal),
  country_level_signals: z.array(signal).optional(),
  plan_lock: planLock,
});
/** GET /signals/{id}: a subset of the signal, and where a folded or retracted id led. */
export const reread = loose({
  signal: loose({
    id: str,
    category: optStr,
    severity_score: optNum,
    stage: optStage,
    stage_reason: optStr,
    reporting: reporting.nullish(),
  }),
  meta: meta.extend({ event_id: optStr, merged_from_request: optBool, retracted_at: optStr }),
});

/** One change: the fields a development record and a thread timeline entry share. */
const change = {
  axis: optStr,
  source: developmentSource.nullish(),
  previous_state: optStr,
  current_state: optStr,
  basis: optStr,
  notable: optBool,
};
export const development = loose({
  ...change,
  event_id: str,
  axis: str,
  observed_at: str,
  title: optStr,
  stage: optStage,
});
export const developments = loose({
  developments: z.array(development),
  meta: meta.extend({
    start_date: optStr,
    end_date: optStr,
    events_examined: optInt,
    count: optInt,
    total_count: int,
    by_axis: counts.nullish(),
    by_source: z.partialRecord(developmentSource, int).nullish(),
  }),
});

export const timelineEntry = loose({ ...change, at: optStr });
export const threadSource = loose({
  host: optStr,
  source_name: optStr,
  documents: z.array(loose({ document_id: optStr, url: optStr, title: optStr })).nullish(),
});
export const canonicalEvent = loose({
  event_id: str,
  merged_from_request: optBool,
  retracted: optBool,
  title: optStr,
  location: optStr,
  location_level: optStr,
  stage: optStage,
  stage_reason: optStr,
  occurred_at: optStr,
  occurred_at_precision: optStr,
  occurred_at_basis: optStr,
  first_reported_at: optStr,
  last_reported_at: optStr,
  casualties: casualties.nullish(),
  occurrence: loose({
    status: optStr,
    claimed_by: jsonArray.nullish(),
    denied_by: jsonArray.nullish(),
    not_confirmed_by: optJson,
    observed: jsonArray.nullish(),
  }).nullish(),
  attributed_actor: optStr,
  attribution_basis: optStr,
  reporting: reporting.nullish(),
});
export const thread = loose({
  canonical_event: canonicalEvent,
  timeline: z.array(timelineEntry),
  timeline_total: optInt,
  sources: z.array(threadSource),
});

export const collectionPlan = loose({
  meta: meta.extend({
    event_id: optStr,
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
    top_priorities: z
      .array(loose({ event_id: str, importance: optNum, spec_class: optStr, aoi: optBbox, stage: optStage }))
      .nullish(),
  }),
});
export const observability = loose({
  meta: surveyMeta,
  survey: loose({
    sensor: optStr,
    total_in_window: optInt,
    examined: optInt,
    page_capped: optBool,
    observable_count: optInt,
    not_observable_count: optInt,
    by_rs_level: counts.nullish(),
    collection_ready_count: optInt,
    events: z
      .array(
        loose({
          event_id: str,
          headline: optStr,
          rs_level: optStr,
          rs_target: optStr,
          stage: optStage,
          collection_ready: optBool,
          plottable: optBool,
        }),
      )
      .nullish(),
  }),
});

export const briefDevelopment = loose({ title: optStr, why_it_matters: optStr });
export const brief = loose({
  status: optStr,
  period: loose({ type: optStr, start: optStr, end: optStr }).nullish(),
  brief: loose({
    headline: optStr,
    summary: optStr,
    developments: z.array(briefDevelopment).nullish(),
    stats: loose({ totalEvents: optInt, byCategory: jsonArray.nullish(), countedOver: optStr }).nullish(),
  }).nullish(),
  available_periods: z.array(loose({ period_start: optStr, period_end: optStr })).nullish(),
});
export const orderCreated = loose({
  order: loose({ id: str, name: optStr, cadence: optStr, next_due_at: optStr }),
  watch_id: optStr,
});

export type Signal = z.infer<typeof signal>;
export type SignalsList = z.infer<typeof signalsList>;
export type Reread = z.infer<typeof reread>;
export type Development = z.infer<typeof development>;
export type Developments = z.infer<typeof developments>;
export type TimelineEntry = z.infer<typeof timelineEntry>;
export type ThreadSource = z.infer<typeof threadSource>;
export type CanonicalEvent = z.infer<typeof canonicalEvent>;
export type Thread = z.infer<typeof thread>;
export type CollectionPlan = z.infer<typeof collectionPlan>;
export type CollectionPriority = z.infer<typeof collectionPriority>;
export type ObservabilitySurvey = z.infer<typeof observability>;
export type Brief = z.infer<typeof brief>;
export type OrderCreated = z.infer<typeof orderCreated>;
export { bbox4 };
