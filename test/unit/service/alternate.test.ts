// Alternate-profile response schemas (signals, re-read, stats, hotspots, developments, threads,
// collection, refine-location, brief, claims, discriminators, orders) against records shaped as
// the alternate profile document shows them.
import { describe, expect, it } from 'vitest';
import * as A from '../../../shared/service/alternate';
import { parsesKeepingUnknown, refusesAt } from './helpers';

const signal = {
  id: 1234567,
  event_date: '2026-11-02',
  category: 'armed_conflict',
  event_type: 'ARMED_CONFLICT',
  title: 'Strike on a power plant',
  summary: 'A drone hit the plant at night.',
  location: 'Kharkiv',
  country_code: 'UA',
  lat: 49.95,
  lng: 36.35,
  geo_verified: true,
  severity_score: 7.4,
  geoint_score: 8.1,
  escalation_trend: 'escalating',
  cross_border_risk: false,
  infrastructure_target: 'energy',
  conflict_scale: -7.4,
  avg_tone: -5.7,
  actors: { actor1: 'RUS', actor2: 'UKR' },
  tags: ['armed_conflict', 'ua'],
  num_mentions: 18,
  num_sources: 4,
  source_url: 'https://news.example/a',
  market_impact: ['natural_gas'],
  market_note: 'Exposure through natural_gas',
  last_updated_at: '2026-11-02T06:12:00Z',
  collection: {
    rs_level: 'vhr',
    rs_sensor: 'optical',
    rs_target: 'power plant',
    rs_reason: 'damage visible from orbit',
    rs_niirs: 5,
    rs_analysis: 'change_detection',
  },
  intelligence: {
    satellite_observability: 'observable',
    open_data_sufficiency: 'commercial-recommended',
    expected_information_gain: 0.6,
  },
  geo_validation: { search_ready: true },
  quality: { status: 'passed' },
};
const signalsList = {
  meta: {
    start_date: '2026-10-27',
    end_date: '2026-11-02',
    bbox: null,
    categories: [],
    count: 1,
    coverage: {
      bbox_area_share: 1,
      worldwide: true,
      global_available: null,
      global_capped: false,
      hints: [],
    },
    next_cursor: null,
    has_more: false,
    tokens: { charged: 3, remaining: 900 },
  },
  signals: [signal],
};
const reread = {
  signal: {
    id: 1234567,
    category: 'armed_conflict',
    severity: 7.4,
    verification_status: 'corroborated',
    independent_source_count: 3,
  },
  meta: {
    tokens: { charged: 1 },
    event_id: 1234560,
    merged_from_request: true,
    retracted_at: '2026-11-03T00:00:00Z',
  },
};
const stats = {
  meta: { start_date: '2026-10-27', end_date: '2026-11-02', bbox: null, categories: [], total: 40 },
  stats: {
    by_category: [{ category: 'armed_conflict', count: 30 }],
    by_day: [{ date: '2026-11-02', count: 6 }],
  },
};
const hotspots = {
  meta: {
    start_date: '2026-10-27',
    end_date: '2026-11-02',
    bbox: [22, 44, 40.5, 52.5],
    precision: 1,
    point_count: 40,
    min_severity: 0,
  },
  hotspots: [{ lat: 49.5, lng: 36.5, count: 12, max_severity: 8.2, categories: ['armed_conflict'] }],
};
const developments = {
  developments: [
    {
      canonical_event_id: 'cluster:1234567',
      event_id: 1234567,
      development_type: 'casualty_count_raised',
      source: 'world',
      previous_state: '1',
      current_state: '2',
      change_summary: 'killed: 1 → 2',
      is_new: false,
      detected_at: '2026-11-02T06:00:00Z',
      event_occurred_at: '2026-11-02T01:00:00Z',
    },
  ],
  meta: { events_examined: 1, count: 1, by_type: { casualty_count_raised: 1 } },
};
const thread = {
  canonical_event: {
    canonical_event_id: 'cluster:1234567',
    title: 'Strike on a power plant',
    occurred_at: '2026-11-02T01:00:00Z',
    occurred_at_precision: 'hour',
    occurred_at_basis: 'stated_in_article',
    first_reported_at: '2026-11-02T02:00:00Z',
    last_reported_at: '2026-11-02T06:10:00Z',
    casualties_killed: 2,
    attributed_actor: 'unattributed',
    attribution_basis: 'attributed_by_official',
    history_incomplete: false,
  },
  timeline: [
    {
      at: '2026-11-02T06:00:00Z',
      development_type: 'casualty_count_raised',
      source: 'world',
      change_summary: 'killed 2',
    },
  ],
  sources: [{ event_id: 1234567, url: 'https://news.example/a', reported_at: '2026-11-02T02:00:00Z' }],
};
const plan = {
  meta: { event_id: 1234567, analysis_goal: 'flood_mapping', tokens: { charged: 4 } },
  plan: { steps: [], skipped_duplicates: 0, vhr_recommendation: { open_data_still_valid: true } },
};
const priority = {
  meta: { start_date: '2026-11-01', end_date: '2026-11-02' },
  priority: {
    top: [{ event_id: 1234567, importance: 0.9, required_class: 'vhr', rs_aoi: [36.3, 49.9, 36.4, 50] }],
  },
};
const survey = {
  meta: {},
  survey: {
    sensor: 'sentinel-1',
    observable_count: 3,
    not_observable_count: 1,
    by_rs_level: { hr: 4 },
    top: [{ event_id: 1234567, rs_target: 'power plant' }],
  },
};
const refine = {
  summary: 'Located more precisely from a second source.',
  result: {
    improved: true,
    before: { granularity: 'locality', uncertainty_m: 5000, footprint_kind: 'centroid' },
    after: { granularity: 'facility', uncertainty_m: 250, footprint_kind: 'point' },
    evidence: [
      { url: 'https://news.example/b', publisher: 'news.example', place_named: 'TPP-5', origin: 'article' },
    ],
    tokens: { charged: 11, maximum_possible: 29 },
  },
};
const brief = {
  brief: {
    date: '2026-11-01',
    headline: 'Strikes on energy sites',
    summary: '42 events recorded.',
    developments: [{ title: 'Strike', why_it_matters: 'Winter supply.' }],
    key_judgments: ['Attacks on energy continue.'],
  },
};
const claims = {
  claims: [
    {
      claim_id: 'c-1',
      text: 'Two killed at the plant',
      evidence_class: 'REPORTED',
      independent_source_count: 2,
      sources: ['news.example', 'wire.example'],
      restated_by: { claim_id: 'c-2', evidence_class: 'CONFIRMED', what_changed: 'count confirmed' },
    },
  ],
  counts: { total: 1, by_evidence_class: { REPORTED: 1 }, restated: 1, downgraded: 0 },
  summary: '1 claim',
  event_link: { linked: true },
};
const discriminators = {
  meta: { mode: 'competing', source: 'supplied', hypothesis_count: 2, tokens: { charged: 3 } },
  best: {
    label: 'SAR coherence loss',
    verdict: 'actionable',
    refutes_if_absent: ['h1'],
    max_elimination: 1,
    data_sources: ['sentinel-1'],
  },
  discriminators: [
    {
      label: 'SAR coherence loss',
      verdict: 'procurable',
      availability: 'open data',
      how_to_obtain: 'S1 pair',
    },
    {
      label: 'ground photos',
      verdict: 'not_observable',
      availability: 'none',
      cannot_establish: 'no access',
    },
  ],
  no_diagnostic_value: [{ label: 'reporting volume', max_elimination: 0 }],
  note: 'An observation can only eliminate.',
};
const orderCreated = {
  order: { id: 'o-1', name: 'Port', cadence: 'daily', next_due_at: '2026-11-03T00:00:00Z' },
  projected_monthly_tokens_typical: 12,
  projected_monthly_tokens_max: 60,
};

describe('alternate profile records', () => {
  it('parse as the document shows them and keep fields it does not name', () => {
    parsesKeepingUnknown(A.signalsList, signalsList, ['signals', 0, 'intelligence']);
    parsesKeepingUnknown(A.reread, reread, ['signal']);
    parsesKeepingUnknown(A.stats, stats, ['stats', 'by_day', 0]);
    parsesKeepingUnknown(A.hotspots, hotspots, ['hotspots', 0]);
    parsesKeepingUnknown(A.developments, developments, ['developments', 0]);
    parsesKeepingUnknown(A.thread, thread, ['canonical_event']);
    parsesKeepingUnknown(A.collectionPlan, plan, ['plan', 'vhr_recommendation']);
    parsesKeepingUnknown(A.collectionPriority, priority, ['priority', 'top', 0]);
    parsesKeepingUnknown(A.observability, survey, ['survey']);
    parsesKeepingUnknown(A.refineLocation, refine, ['result', 'after']);
    parsesKeepingUnknown(A.brief, brief, ['brief']);
    parsesKeepingUnknown(A.claims, claims, ['claims', 0, 'restated_by']);
    parsesKeepingUnknown(A.discriminators, discriminators, ['best']);
    parsesKeepingUnknown(A.orderCreated, orderCreated, ['order']);
    parsesKeepingUnknown(A.orderPaused, { order: { id: 'o-1', active: false } }, ['order']);
  });

  it('tell a fold and a retraction on the re-read, as the main profile does', () => {
    const meta = A.reread.parse(reread).meta!;
    expect([meta.event_id, meta.merged_from_request, meta.retracted_at]).toEqual([
      1234560,
      true,
      '2026-11-03T00:00:00Z',
    ]);
    // The document's own shape (tokens only) still parses.
    expect(A.reread.safeParse({ ...reread, meta: { tokens: { charged: 1 } } }).success).toBe(true);
  });

  it('refuse a documented field of the wrong type, naming its path', () => {
    refusesAt(A.signalsList, signalsList, ['signals', 0, 'id'], '1234567');
    refusesAt(A.signalsList, signalsList, ['signals', 0, 'num_sources'], 4.5);
    refusesAt(A.signalsList, signalsList, ['signals', 0, 'tags'], 'armed_conflict');
    refusesAt(A.signalsList, signalsList, ['signals', 0, 'geo_validation', 'search_ready'], 'yes');
    refusesAt(A.reread, reread, ['meta', 'event_id'], 'cluster:1234560');
    refusesAt(A.reread, reread, ['meta', 'retracted_at'], true);
    refusesAt(A.stats, stats, ['stats', 'by_category', 0, 'count'], '30');
    refusesAt(A.developments, developments, ['developments', 0, 'is_new'], 'no');
    refusesAt(A.thread, thread, ['canonical_event', 'casualties_killed'], '2');
    refusesAt(A.thread, thread, ['sources', 0, 'event_id'], 'x');
    refusesAt(A.refineLocation, refine, ['result', 'improved'], 'true');
    refusesAt(A.claims, claims, ['claims', 0, 'independent_source_count'], '2');
    refusesAt(A.claims, claims, ['claims', 0, 'sources'], 'news.example');
    refusesAt(A.claims, claims, ['counts', 'downgraded'], 'none');
    refusesAt(A.claims, claims, ['event_link', 'linked'], 'no');
    refusesAt(A.discriminators, discriminators, ['best', 'max_elimination'], 'one');
    refusesAt(A.discriminators, discriminators, ['best', 'refutes_if_absent'], 'h1');
    refusesAt(A.orderCreated, orderCreated, ['projected_monthly_tokens_max'], '60');
  });

  it('refuse a value outside a complete documented set', () => {
    refusesAt(A.signalsList, signalsList, ['signals', 0, 'market_impact', 0], 'gold');
    refusesAt(A.developments, developments, ['developments', 0, 'source'], 'wire');
    refusesAt(A.thread, thread, ['timeline', 0, 'source'], 'wire');
    refusesAt(A.collectionPlan, plan, ['meta', 'analysis_goal'], 'crop_yield');
    refusesAt(A.discriminators, discriminators, ['meta', 'mode'], 'exclusive');
  });

  it('keep evidence classes open: the complete list is not shown', () => {
    const c = structuredClone(claims);
    c.claims[0]!.evidence_class = 'ASSESSED';
    expect(A.claims.parse(c).claims[0]!.evidence_class).toBe('ASSESSED');
  });
});
