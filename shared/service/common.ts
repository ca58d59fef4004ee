// Response shapes both profiles share (the alternate document's opening paragraph lists them),
// as zod schemas; the building blocks are in base.ts and the measured events in measured.ts,
// both re-exported here. Types are inferred from the schemas (one source of truth).
import { z } from 'zod';
import {
  anyObj,
  bbox4,
  counts,
  int,
  jsonArray,
  loose,
  meta,
  optBbox,
  optBool,
  optInt,
  optNum,
  optStage,
  optStr,
  str,
  strArray,
} from './base';
import { ASSESSMENT_KINDS, CAPABILITY_GRADES, SCENE_TIMINGS, SUBTYPES } from './values';

export * from './base';
export * from './measured';

// ---- imagery catalog -------------------------------------------------------------------

export const scene = loose({
  id: str,
  collection: optStr,
  datetime: optStr,
  bbox: optBbox,
  cloud_cover: optNum,
  platform: optStr,
  preview: optStr,
  // With event_* parameters (GET /imagery):
  timing: z.enum(SCENE_TIMINGS).nullish(),
  target_relation: loose({
    covers_event_geometry: optBool,
    usable_for_analysis: optBool,
    intersects_event_aoi: optBool,
    event_aoi_coverage_ratio: optNum,
  }).nullish(),
});
export const imagery = loose({
  meta: meta.extend({
    collection: optStr,
    start_date: optStr,
    end_date: optStr,
    bbox: optBbox,
    count: optInt,
    has_pre_baseline: optBool,
    has_post: optBool,
    bracketing_available: optBool,
    window_status: optStr,
    sar_pair_status: optStr,
    orbit_note: optStr,
  }),
  scenes: z.array(scene),
});

/** Collection plan capability: each grade is suitable or not_suitable. */
export const capabilityGrade = z.enum(CAPABILITY_GRADES).nullish();
export const planBody = loose({
  steps: z
    .array(
      loose({
        collection: optStr,
        query_reason: optStr,
        returned_count: optInt,
        usable_count: optInt,
        sar_pair_status: optStr,
      }),
    )
    .nullish(),
  skipped_duplicates: optInt,
  capability: loose({
    screening: capabilityGrade,
    detection: capabilityGrade,
    identification: capabilityGrade,
  }).nullish(),
  vhr_recommendation: loose({
    recommended: optBool,
    assessed: optBool,
    open_data_still_valid: optBool,
  }).nullish(),
});
export const surveyMeta = meta.extend({ bbox: optBbox, start_date: optStr, end_date: optStr });
export const byClass = z.record(z.string(), loose({ count: optInt, mean_importance: optNum }));

// ---- passes ------------------------------------------------------------------------------

export const pass = loose({
  satellite: str,
  family_key: str,
  sensor: optStr,
  collection_mode: optStr,
  peak: str,
  off_nadir_deg: z.number(),
  direction: optStr,
  sunlit: optBool,
  tle_age_days: optNum,
  is_past: optBool,
});
export const passes = loose({
  meta: meta.extend({
    target: loose({ lat: optNum, lon: optNum }).nullish(),
    window: loose({ start: optStr, end: optStr }).nullish(),
  }),
  passes: z.array(pass),
  freshness: loose({ max_tle_age_days: optNum, stale: optBool }).nullish(),
  retrieval_ok: z.boolean(),
  note: optStr,
  attribution: optStr,
});

// ---- ground measurements ----------------------------------------------------------------

/** Bbox, polygon or point mode; null elevation is absence (over water), never 0 m. */
export const elevation = loose({
  mode: optStr,
  elevation: loose({
    min_m: optNum,
    max_m: optNum,
    mean_m: optNum,
    median_m: optNum,
    p10_m: optNum,
    p90_m: optNum,
    relief_m: optNum,
    sample_spacing_m: optNum,
    downsampled: optBool,
    measured_over: optStr,
    polygon_vertices: z.union([z.number(), jsonArray]).nullish(),
  }).nullish(),
  attribution: optStr,
});
export const terrain = loose({
  operation: optStr,
  sar_geometry: loose({
    layover_fraction: optNum,
    shadow_fraction: optNum,
    foreshortening_fraction: optNum,
    usable_fraction: optNum,
    mean_local_incidence_deg: optNum,
    sample_spacing_m: optNum,
  }).nullish(),
  interpretation: optStr,
});
/** The estimate_only answer is shown; the measured answer is not, and is kept as received. */
export const indexSeries = loose({
  summary: optStr,
  estimate: loose({
    index: optStr,
    scenes_found: optInt,
    scenes_examined: optInt,
    scenes_measurable: optInt,
    truncated: optBool,
    archive_start: optStr,
    estimated_tokens: optNum,
    candidate_date_span: loose({ first: optStr, last: optStr }).nullish(),
    notes: strArray.nullish(),
  }).nullish(),
  charged: optBool,
});
export const ships = loose({
  summary: optStr,
  count: int,
  caveats: strArray.nullish(),
  processing: loose({
    resolved_algorithm_version: optStr,
    sea_ratio: optNum,
    land_mask_source: optStr,
  }).nullish(),
});

// ---- AI assessment and analyst ----------------------------------------------------------

const eventRef = z.union([z.string(), int]); // uuid (main) or integer (alternate)
export const assessment = loose({
  kind: z.enum(ASSESSMENT_KINDS),
  cached: z.boolean(),
  model: optStr,
  content: loose({
    summary: optStr,
    observability: z.union([z.string(), z.number()]).nullish(),
    recommendedSensors: strArray.nullish(),
  }).nullish(),
  context: loose({
    event_id: eventRef.nullish(),
    event_date: optStr,
    target: optStr,
    aoi_bbox: optBbox,
    satellite_observability: optStr,
    quality_status: optStr,
    imagery_handoff: loose({
      tool: optStr,
      handoff_mode: optStr,
      // The exact /imagery inputs, passed on unchanged: a box as a string or 4 numbers.
      parameters: loose({
        bbox: z.union([z.string(), bbox4]).nullish(),
        eventDate: optStr,
        eventPoint: z.array(z.number()).length(2).nullish(),
        eventAoi: z.union([z.string(), bbox4]).nullish(),
        eventTimestamp: optStr,
      }).nullish(),
      missing_parameters: z.array(loose({ field: optStr, reason: optStr })).nullish(),
    }).nullish(),
  }).nullish(),
  meta: meta.optional(),
});

export const analystBrief = loose({
  summary: optStr,
  findings: z
    .array(
      loose({
        event_id: optStr,
        global_event_id: optInt, // alternate profile
        recommended_sensor: optStr,
        rationale: optStr,
      }),
    )
    .nullish(),
  assessment: z.union([z.string(), anyObj]).nullish(),
  citations: strArray.nullish(),
});
const jobProgress = loose({ stage: optStr, completed_steps: optInt, total_steps: optInt });
export const analystJob = loose({
  job_id: str,
  status: str,
  progress: jobProgress.nullish(),
  created_at: optStr,
  updated_at: optStr,
  brief: analystBrief.optional(),
  meta: meta.optional(),
});
/** 200 (brief) or 202 (job): which one is told by the status, both kept as received. */
export const analystAnswer = loose({
  brief: analystBrief.optional(),
  job_id: z.string().optional(),
  status: optStr,
  progress: jobProgress.nullish(),
  created_at: optStr,
  updated_at: optStr,
  meta: meta.optional(),
});

// ---- standing orders and monitoring areas ----------------------------------------------

export const standingOrder = loose({
  id: str,
  name: optStr,
  cadence: optStr,
  bbox: optBbox,
  last_checked_at: optStr,
  last_run_at: optStr,
  quiet_checks: optInt,
  total_runs: optInt,
  next_due_at: optStr,
  active: optBool,
});
export const standingOrders = loose({
  orders: z.array(standingOrder),
  limits: loose({
    max_orders: optInt,
    used: optInt,
    remaining: optInt,
    min_interval_hours: optNum,
  }).nullish(),
});

const seriesPoint = loose({ date: optStr, value: optNum, is_anomaly: optBool, stac_item_id: optStr });
export const monitoringMetric = loose({
  polygon_id: optStr,
  metric: optStr,
  metric_label: optStr,
  satellite: optStr,
  latest: loose({ date: optStr, value: optNum, is_anomaly: optBool }).nullish(),
  delta: optNum,
  coverage: loose({ measured: optInt, acquired: optInt, window_total: optInt }).nullish(),
  /** Detail only (GET /monitoring/{areaId}). */
  series: z.array(seriesPoint).nullish(),
});
export const monitoringArea = loose({
  area_id: str,
  name: optStr,
  status: optStr,
  bbox: optBbox,
  metrics: z.array(monitoringMetric).nullish(),
});
export const monitoringList = loose({
  areas: z.array(monitoringArea),
  limits: loose({ max_areas: optInt, used: optInt, remaining: optInt }).nullish(),
});
export const monitoringCreated = loose({
  area: monitoringArea,
  metering: loose({ create: optNum, per_check_tokens: optNum, per_scene_tokens: optNum }).nullish(),
});

// ---- location registry ----------------------------------------------------------------

export const subtype = z.enum(SUBTYPES);
export const entitySearch = loose({
  entities: z.array(
    loose({
      id: z.union([z.string(), z.number()]),
      canonical: optStr,
      subtype: subtype.nullish(),
      lat: optNum,
      lng: optNum,
      source: optStr,
      attribution: optStr,
    }),
  ),
  limit: optInt,
});
/** Both profiles' history: main links carry event_id and stage, alternate ones global_event_id. */
export const entityHistory = loose({
  entity: loose({ canonical: optStr, subtype: subtype.nullish(), source: optStr }),
  events: z.array(
    loose({
      event_id: optStr,
      global_event_id: optInt,
      title: optStr,
      stage: optStage,
      last_reported_at: optStr,
      link_basis: optStr,
      link_kind: optStr,
      confidence: optNum,
      distance_m: optNum,
    }),
  ),
  link_basis_counts: counts.nullish(),
  event_count: optInt,
  claim_count: optInt,
  observability: loose({
    events_analysed: optInt,
    served_marks: optInt,
    marks: z
      .array(
        loose({
          label: optStr,
          events: z.union([z.number(), jsonArray]).nullish(),
          delta_serves: optBool,
          test_strength: optStr,
          cannot_establish: optStr,
          how_to_obtain: optStr,
        }),
      )
      .nullish(),
    summary: optStr,
  }).nullish(),
});

export const errorBody = loose({ error: str, code: str, requestId: optStr });

export type Scene = z.infer<typeof scene>;
export type ImageryResult = z.infer<typeof imagery>;
export type Pass = z.infer<typeof pass>;
export type PassesResponse = z.infer<typeof passes>;
export type Elevation = z.infer<typeof elevation>;
export type Terrain = z.infer<typeof terrain>;
export type IndexSeries = z.infer<typeof indexSeries>;
export type ShipDetection = z.infer<typeof ships>;
export type Assessment = z.infer<typeof assessment>;
export type AnalystBrief = z.infer<typeof analystBrief>;
export type AnalystJob = z.infer<typeof analystJob>;
export type AnalystAnswer = z.infer<typeof analystAnswer>;
export type StandingOrder = z.infer<typeof standingOrder>;
export type StandingOrders = z.infer<typeof standingOrders>;
export type MonitoringMetric = z.infer<typeof monitoringMetric>;
export type MonitoringArea = z.infer<typeof monitoringArea>;
export type MonitoringList = z.infer<typeof monitoringList>;
export type MonitoringCreated = z.infer<typeof monitoringCreated>;
export type EntitySearch = z.infer<typeof entitySearch>;
export type EntityHistory = z.infer<typeof entityHistory>;
export type ErrorBody = z.infer<typeof errorBody>;
