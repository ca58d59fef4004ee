// Records as each profile's document shapes them. Field names and types follow the specs:
// main profile "Signal (main profile)", "Development record", "Event thread"; alternate
// profile "Signal (alternate profile)", "Development record (alternate)", "Watch".
import type { DemoDevelopment, DemoEvent, DemoWatch, DemoWorld } from './world';
import { dateOf } from './world';

const LEVEL: Record<DemoEvent['stage'], string> = {
  reported: 'country',
  localized: 'locality',
  pinpointed: 'facility',
};
const REASON: Record<DemoEvent['stage'], string> = {
  reported: 'no_finer_place_named',
  localized: 'no_finer_place_named',
  pinpointed: 'located_to_facility',
};

export const severityBand = (score: number): number => Math.max(1, Math.min(10, Math.floor(score)));
const casualties = (e: DemoEvent) => ({
  killed: e.killed,
  injured: e.injured,
  basis: 'reported_count',
  disputed: false,
  not_counted: [],
});

export const plottable = (e: DemoEvent): boolean => e.stage !== 'reported';

/** The place text at the event's stage; the signal, its thread and q all use this one. */
export const locationText = (e: DemoEvent): string =>
  e.stage === 'pinpointed' && e.facility
    ? e.facility.name
    : e.stage === 'reported'
      ? e.country.name
      : e.place.name;

/** The site a collection plan targets: the named facility, or a settlement (never a hidden town). */
export const collectionTarget = (e: DemoEvent): string =>
  e.stage === 'pinpointed' && e.facility ? e.facility.name : 'settlement';

/** A signal's area of interest: about 1 km round a facility, 10 km round a town, a country's box. */
export function aoiOf(e: DemoEvent): number[] {
  if (e.stage === 'reported') return [...e.country.bbox];
  const half = e.stage === 'pinpointed' ? 0.005 : 0.05;
  return [e.lng - half, e.lat - half, e.lng + half, e.lat + half].map((x) => Number(x.toFixed(4)));
}

/**
 * Alternate observability_status: three buckets. An event without a search-ready point or a
 * concrete target is insufficient_detail; the binary `observability` filter keeps only the
 * other two (alternate document, GET /signals: the bucket it "drops from both sides").
 */
export const observabilityStatus = (e: DemoEvent): 'observable' | 'not_observable' | 'insufficient_detail' =>
  e.stage === 'reported' ? 'insufficient_detail' : e.observability > 0.3 ? 'observable' : 'not_observable';

export function mainSignal(e: DemoEvent, opts: { geoint: boolean }): Record<string, unknown> {
  const aoi = aoiOf(e);
  return {
    id: e.uuid,
    category: e.category,
    title: e.title,
    summary: e.summary,
    occurred_at: e.occurredAt,
    occurred_at_precision: 'hour',
    occurred_at_basis: 'stated',
    last_reported_at: e.lastUpdatedAt,
    location: locationText(e),
    location_level: LEVEL[e.stage],
    country: e.country.name,
    country_code: e.country.code,
    lat: e.lat,
    lng: e.lng,
    plottable: plottable(e),
    stage: e.stage,
    stage_reason: REASON[e.stage],
    severity_score: e.severityScore,
    severity_band: severityBand(e.severityScore),
    ...(opts.geoint ? { geoint_score: e.geointScore } : {}),
    escalation_trend: e.escalating ? 'escalating' : 'stable',
    cross_border_risk: e.crossBorder,
    infrastructure_target: e.infrastructure,
    casualties: casualties(e),
    reporting: {
      member_count: e.memberCount,
      distinct_hosts: e.distinctHosts,
      source_reliability_best: 'B',
      credibility_best: 2,
      graded_members: Math.min(e.memberCount, 3),
    },
    collection: {
      level: e.severityScore > 6 ? 'vhr' : 'hr',
      sensor: e.category === 'maritime_incident' ? 'sar' : 'optical',
      target: collectionTarget(e),
      reason: 'damage visible from orbit',
      niirs: 5,
      analysis: 'change_detection',
      aoi,
      gap: null,
      observability: e.observability,
    },
    imagery: {
      post_status: e.imageryPost,
      sar_pair_status: 'pair_available',
      latest_scene_date: dateOf(e.lastUpdatedAt),
    },
    market_impact: e.markets,
    quality: { status: 'passed', score: 0.9, issues: null },
    last_updated_at: e.lastUpdatedAt,
    assessed_at: e.createdAt,
    measured: e.measuredKind !== undefined,
    ...(e.measuredKind !== undefined ? { measured_kind: e.measuredKind } : {}),
  };
}

export function alternateSignal(e: DemoEvent): Record<string, unknown> {
  return {
    id: e.intId,
    event_date: dateOf(e.occurredAt),
    category: e.category,
    event_type: e.category.toUpperCase(),
    title: e.title,
    summary: e.summary,
    location: locationText(e),
    country_code: e.country.code,
    lat: e.lat,
    lng: e.lng,
    geo_verified: e.stage !== 'reported',
    severity_score: e.severityScore,
    geoint_score: e.geointScore,
    escalation_trend: e.escalating ? 'escalating' : 'stable',
    cross_border_risk: e.crossBorder,
    infrastructure_target: e.infrastructure ?? '',
    conflict_scale: Number((-e.severityScore).toFixed(1)),
    avg_tone: Number((-2 - e.severityScore / 2).toFixed(2)),
    actors: { actor1: e.actor ?? '', actor2: '' },
    tags: [e.category, e.country.code.toLowerCase()],
    num_mentions: e.memberCount * 3,
    num_sources: e.distinctHosts,
    source_url: `https://${e.hosts[0]}/news/${e.intId}`,
    market_impact: e.markets,
    market_note: e.markets.length ? `Exposure through ${e.markets.join(', ')}` : '',
    last_updated_at: e.lastUpdatedAt,
    collection: {
      rs_level: e.severityScore > 6 ? 'vhr' : 'hr',
      rs_sensor: 'optical',
      rs_target: collectionTarget(e),
      rs_reason: 'damage visible from orbit',
      rs_niirs: 5,
      rs_analysis: 'change_detection',
    },
    intelligence: {
      satellite_observability: observabilityStatus(e),
      open_data_sufficiency: e.severityScore > 6 ? 'commercial-recommended' : 'open-data-sufficient',
      expected_information_gain: e.observability,
    },
    geo_validation: { search_ready: e.stage !== 'reported' },
    quality: { status: 'passed' },
  };
}

export function mainDevelopment(world: DemoWorld, d: DemoDevelopment): Record<string, unknown> {
  const e = world.survivor(world.events[d.n - 1]!);
  return {
    event_id: e.uuid,
    axis: d.axis,
    source: d.source,
    previous_state: d.previous,
    current_state: d.current,
    basis: d.basis,
    notable: d.notable,
    observed_at: d.observedAt,
    title: e.title,
    stage: e.stage,
  };
}

const DEV_TYPE: Record<string, string> = {
  casualties_killed: 'casualty_count_raised',
  imagery_post_status: 'imagery_available',
  attributed_actor: 'attribution_stated',
  stage: 'stage_set',
  member_count: 'reporting_grew',
};
export const ALTERNATE_DEVELOPMENT_TYPES = Object.values(DEV_TYPE);
export const MAIN_AXES = Object.keys(DEV_TYPE).concat(['location_level']);
export const devType = (axis: string): string => DEV_TYPE[axis] ?? axis;

export function alternateDevelopment(world: DemoWorld, d: DemoDevelopment): Record<string, unknown> {
  const e = world.survivor(world.events[d.n - 1]!);
  return {
    canonical_event_id: `cluster:${e.intId}`,
    event_id: e.intId,
    development_type: devType(d.axis),
    source: d.source,
    previous_state: d.previous,
    current_state: d.current,
    // Unknown is never "none" (issue 23): a null previous state was not stated.
    change_summary: `${d.axis.replace(/_/g, ' ')}: ${d.previous ?? 'unknown before'} → ${d.current}`,
    is_new: d.axis === 'stage',
    detected_at: d.observedAt,
    event_occurred_at: e.occurredAt,
  };
}

export function mainThread(world: DemoWorld, e: DemoEvent, merged: boolean): Record<string, unknown> {
  const timeline = world.developments
    .filter((d) => world.survivor(world.events[d.n - 1]!) === e)
    .map((d) => ({
      at: d.observedAt,
      axis: d.axis,
      source: d.source,
      previous_state: d.previous,
      current_state: d.current,
      basis: d.basis,
      notable: d.notable,
    }));
  return {
    canonical_event: {
      event_id: e.uuid,
      merged_from_request: merged,
      retracted: e.retractedAt !== undefined,
      title: e.title,
      // As precise as the signal: the same place text, level and stage.
      location: locationText(e),
      location_level: LEVEL[e.stage],
      stage: e.stage,
      stage_reason: REASON[e.stage],
      occurred_at: e.occurredAt,
      occurred_at_precision: 'hour',
      occurred_at_basis: 'stated_in_article',
      first_reported_at: e.createdAt,
      last_reported_at: e.lastUpdatedAt,
      casualties: casualties(e),
      occurrence: { status: 'reported', claimed_by: [], denied_by: [], not_confirmed_by: null, observed: [] },
      attributed_actor: e.actor ?? 'unattributed',
      attribution_basis: 'attributed_by_official',
      reporting: {
        member_count: e.memberCount,
        distinct_hosts: e.distinctHosts,
        distinct_texts: e.memberCount,
      },
    },
    timeline,
    timeline_total: timeline.length,
    sources: e.hosts.map((host, i) => ({
      host,
      source_name: null,
      documents: [
        { document_id: `${e.uuid.slice(0, 8)}-${i}`, url: `https://${host}/news/${e.intId}`, title: e.title },
      ],
    })),
  };
}

export function alternateThread(world: DemoWorld, e: DemoEvent): Record<string, unknown> {
  const timeline = world.developments
    .filter((d) => world.survivor(world.events[d.n - 1]!) === e)
    .map((d) => ({
      at: d.observedAt,
      development_type: devType(d.axis),
      source: d.source,
      change_summary: `${d.axis}: ${d.current}`,
    }));
  return {
    canonical_event: {
      canonical_event_id: `cluster:${e.intId}`,
      title: e.title,
      occurred_at: e.occurredAt,
      occurred_at_precision: 'hour',
      occurred_at_basis: 'stated_in_article',
      first_reported_at: e.createdAt,
      last_reported_at: e.lastUpdatedAt,
      // An unknown count stays null, never 0.
      casualties_killed: e.killed,
      attributed_actor: e.actor ?? 'unattributed',
      attribution_basis: 'attributed_by_official',
      history_incomplete: false,
    },
    timeline,
    sources: [e, ...world.mergedIds(e)].map((m) => ({
      event_id: m.intId,
      url: `https://${m.hosts[0]}/news/${m.intId}`,
      reported_at: m.createdAt,
    })),
  };
}

export function watchItem(world: DemoWorld, w: DemoWatch): Record<string, unknown> {
  const e = w.eventN ? world.survivor(world.events[w.eventN - 1]!) : undefined;
  return {
    id: w.id,
    name: w.name,
    target_type: w.targetType,
    status: w.status,
    bucket: w.bucket,
    area: { bbox: w.bbox, area_status: w.bucket === 'needs_attention' ? 'anomaly' : 'ok' },
    measurements: [
      { metric: 'ship_detection', latest: { value: 12, is_anomaly: w.bucket === 'needs_attention' } },
    ],
    questions: w.question ? [{ question: w.question, cadence: 'daily' }] : [],
    latest_change: w.latestChange,
    ...(e
      ? {
          event: {
            subject_key: `cluster:${e.intId}`,
            stage: e.stage,
            developments_24h: world.developments.filter(
              (d) => d.n === e.n && Date.parse(d.observedAt) > world.now().getTime() - 86_400_000,
            ).length,
            imagery_post_status: e.imageryPost === 'none' ? 'no_post' : 'post_available',
          },
        }
      : {}),
  };
}

export function decisionPackage(w: DemoWatch, rev: DemoWatch['packages'][number]): Record<string, unknown> {
  return {
    schema_version: '1',
    package_id: `pkg-${w.id}`,
    external_key: `watch:${w.id}`,
    revision: rev.revision,
    watch: { bucket: w.bucket, target_type: w.targetType },
    discriminators: rev.discriminators,
    negative_evidence: rev.negative,
    limitations: ['Absence of a burn scar cannot be judged under cloud.'],
  };
}
