// Value lists the service documents name, in one place for the client's checks, the demo
// service and the pass finder (specs: main profile Signal market_impact, GET /index-series,
// POST /monitoring, GET /collection/plan, Registry entity subtypes, Pass family keys).

export const MARKETS = [
  'oil',
  'natural_gas',
  'grain',
  'shipping',
  'defense',
  'metals',
  'semiconductors',
  'fx',
  'equities',
] as const;

export const INDEXES = [
  'ndvi',
  'evi',
  'savi',
  'ndmi',
  'ndwi',
  'mndwi',
  'ndbi',
  'ndsi',
  'nbr',
  'iron-oxide',
  'clay',
  'ferrous',
] as const;

export const ANALYSIS_GOALS = ['damage_assessment', 'flood_mapping', 'wildfire_assessment'] as const;

/** The thirteen /passes family keys: four public missions, nine commercial operators. */
export const FAMILY_KEYS = [
  'sentinel-1',
  'sentinel-2',
  'landsat',
  'nisar',
  'vantor',
  'airbus',
  'planet',
  'blacksky',
  'satellogic',
  'iceye',
  'capella',
  'umbra',
  'synspective',
] as const;
export type FamilyKey = (typeof FAMILY_KEYS)[number];

/** POST /monitoring metric: plain words, or metric names. */
export const MONITORING_METRICS = [
  'ships',
  'fires',
  'vegetation',
  'water',
  'burn',
  'snow',
  'built_up',
  'moisture',
  'night_lights',
  'ship_detection',
  'fire_count',
  'ndvi',
  'evi',
  'savi',
  'ndmi',
  'ndwi',
  'mndwi',
  'ndbi',
  'ndsi',
  'nbr',
  'dnb',
  'vv',
  'vh',
  'rvi',
  'rfdi',
  'cr',
] as const;

/** Main profile registry subtypes; the alternate document lists six of them. */
export const SUBTYPES = [
  'port_facility',
  'military_base',
  'airport',
  'refinery_energy',
  'nuclear_facility',
  'launch_site',
  'dam',
  'bridge',
  'government_site',
  'chokepoint',
  'water_body',
] as const;
export const ALTERNATE_SUBTYPES = [
  'port_facility',
  'military_base',
  'airport',
  'refinery_energy',
  'chokepoint',
  'water_body',
] as const;

// ---- Complete value sets the documents name for response fields (schemas use them as enums;
// a field the documents only give "values seen" for stays a plain string). ----

/** Signal stage, an evidence ladder (main document, "States and transitions"). */
export const STAGES = ['reported', 'localized', 'pinpointed'] as const;
export type Stage = (typeof STAGES)[number];

/** Watch bucket, status and target type (alternate document, "Watch"; main, "States and transitions"). */
export const WATCH_BUCKETS = ['needs_attention', 'changed_today', 'awaiting_data', 'stable'] as const;
export type WatchBucket = (typeof WATCH_BUCKETS)[number];
export const WATCH_STATUSES = ['active', 'paused', 'saved'] as const;
export type WatchStatus = (typeof WATCH_STATUSES)[number];
export const WATCH_TARGET_TYPES = ['event', 'area'] as const;
export type WatchTargetType = (typeof WATCH_TARGET_TYPES)[number];

/** Where a development came from: reporting (world) or own observation (measurement). */
export const DEVELOPMENT_SOURCES = ['world', 'measurement'] as const;
export type DevelopmentSource = (typeof DEVELOPMENT_SOURCES)[number];

/** Signal measured_kind: four named kinds, and the category name for thermal and transit. */
export const MEASURED_KINDS = [
  'thermal_anomaly',
  'transit_anomaly',
  'nightlight',
  'so2',
  'quake_exposure',
  'cyclone_exposure',
] as const;
export type MeasuredKindName = (typeof MEASURED_KINDS)[number];

/**
 * The measured categories the main document lists ("Measured categories"): what an instrument
 * recorded, never a cause. The alternate profile's records carry these names without `measured`.
 */
export const MEASURED_CATEGORIES = [
  'thermal_anomaly',
  'transit_anomaly',
  'nightlight_anomaly',
  'so2_anomaly',
  'quake_exposure',
  'cyclone_exposure',
] as const;

/** Imagery scene timing against an event date (GET /imagery, event_date). */
export const SCENE_TIMINGS = ['pre', 'post', 'same_day_unknown'] as const;
/** Collection plan capability grades. */
export const CAPABILITY_GRADES = ['suitable', 'not_suitable'] as const;
/** Assessment kinds (POST /assess). */
export const ASSESSMENT_KINDS = ['quick', 'deep'] as const;
