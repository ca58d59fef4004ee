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
