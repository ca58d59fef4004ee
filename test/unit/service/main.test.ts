// Main-profile response schemas against records shaped as the main profile document shows them.
import { describe, expect, it } from 'vitest';
import * as M from '../../../shared/service/main';
import { parsesKeepingUnknown, refusesAt } from './helpers';

const uuid = '1c1d3a0e-2638-4d3b-9760-ac99544f1876';
const signal = {
  id: uuid,
  category: 'armed_conflict',
  title: 'Strike on a power plant',
  summary: 'A drone hit the plant at night.',
  occurred_at: '2026-11-02T01:00:00Z',
  occurred_at_precision: 'hour',
  occurred_at_basis: 'stated',
  last_reported_at: '2026-11-02T06:10:00Z',
  location: 'Kharkiv TPP-5',
  location_level: 'facility',
  country: 'Ukraine',
  country_code: 'UA',
  lat: 49.95,
  lng: 36.35,
  plottable: true,
  stage: 'pinpointed',
  stage_reason: 'located_to_facility',
  severity_score: 7.4,
  severity_band: 7,
  geoint_score: 8.1,
  escalation_trend: 'escalating',
  cross_border_risk: false,
  infrastructure_target: 'energy',
  casualties: { killed: 2, injured: null, basis: 'reported_count', disputed: false, not_counted: [] },
  reporting: {
    member_count: 6,
    distinct_hosts: 4,
    source_reliability_best: 'B',
    credibility_best: 2,
    graded_members: 3,
  },
  collection: {
    level: 'vhr',
    sensor: 'optical',
    target: 'power plant',
    reason: 'damage visible from orbit',
    niirs: 5,
    analysis: 'change_detection',
    aoi: [36.3, 49.9, 36.4, 50.0],
    gap: null,
    observability: 0.7,
  },
  imagery: {
    post_status: 'confirmed_post',
    sar_pair_status: 'catalog_pair_exists_but_geometry_unverified',
    latest_scene_date: '2026-11-02',
  },
  market_impact: ['natural_gas', 'equities'],
  quality: { status: 'passed', score: 0.92, issues: null },
  last_updated_at: '2026-11-02T06:12:00Z',
  assessed_at: '2026-11-02T06:00:00Z',
  measured: false,
};
const signalsList = {
  meta: {
    start_date: '2026-11-01',
    end_date: '2026-11-02',
    bbox: [22, 44, 40.5, 52.5],
    categories: ['armed_conflict'],
    count: 1,
    coverage: {
      bbox_area_share: 0.0011,
      worldwide: false,
      global_available: null,
      global_capped: false,
      global_basis: 'not_probed',
      hints: [],
    },
    next_cursor: 'opaque-1',
    has_more: true,
    tokens: { charged: 3, remaining: 997 },
    country_level: 1,
    filter_clamp: { required_plans: ['pro'] },
  },
  signals: [signal],
  country_level_signals: [
    { ...signal, id: uuid.replace('1c1d', '2d2e'), stage: 'reported', plottable: false },
  ],
};
const reread = {
  signal: {
    id: uuid,
    category: 'armed_conflict',
    severity_score: 7.4,
    stage: 'localized',
    stage_reason: 'no_finer_place_named',
    reporting: { member_count: 6, distinct_hosts: 4 },
  },
  meta: { tokens: { charged: 1 }, event_id: uuid, merged_from_request: true, retracted_at: null },
};
const change = {
  axis: 'casualties_killed',
  source: 'world',
  previous_state: '1',
  current_state: '2',
  basis: 'reported_count',
  notable: true,
};
const developments = {
  developments: [
    { ...change, event_id: uuid, observed_at: '2026-11-02T06:00:00Z', title: 'Strike', stage: 'localized' },
    {
      event_id: uuid,
      axis: 'imagery_post_status',
      source: 'measurement',
      previous_state: null,
      current_state: 'confirmed_post',
      basis: 'imagery_searched_confirmed_post',
      notable: true,
      observed_at: '2026-11-02T07:00:00Z',
      title: 'Strike',
      stage: 'pinpointed',
    },
  ],
  meta: {
    events_examined: 1,
    count: 2,
    total_count: 9,
    by_axis: { casualties_killed: 1, imagery_post_status: 1 },
    by_source: { world: 1, measurement: 1 },
    tokens: { charged: 2 },
  },
};
const thread = {
  canonical_event: {
    event_id: uuid,
    merged_from_request: false,
    retracted: false,
    title: 'Strike on a power plant',
    location: 'Kharkiv',
    location_level: 'locality',
    stage: 'localized',
    stage_reason: 'no_finer_place_named',
    occurred_at: '2026-11-02T01:00:00Z',
    occurred_at_precision: 'hour',
    occurred_at_basis: 'stated_in_article',
    first_reported_at: '2026-11-02T02:00:00Z',
    last_reported_at: '2026-11-02T06:10:00Z',
    casualties: { killed: 2, injured: 5, basis: 'reported_count', disputed: true, not_counted: ['missing'] },
    occurrence: {
      status: 'reported',
      claimed_by: [],
      denied_by: [],
      not_confirmed_by: null,
      observed: [],
    },
    attributed_actor: 'unattributed',
    attribution_basis: 'attributed_by_official',
    reporting: { member_count: 6, distinct_hosts: 4, distinct_texts: 5 },
  },
  timeline: [{ ...change, at: '2026-11-02T06:00:00Z' }],
  timeline_total: 1,
  sources: [
    {
      host: 'news.example',
      source_name: null,
      documents: [{ document_id: 'd1', url: 'https://news.example/a', title: 'Strike' }],
    },
  ],
};
const collectionPlan = {
  meta: {
    event_id: uuid,
    merged_from_request: false,
    analysis_goal: 'damage_assessment',
    event_date: '2026-11-02',
    tokens: { charged: 4 },
  },
  plan: {
    steps: [
      {
        collection: 'sentinel-1-grd',
        query_reason: 'all-weather pair',
        returned_count: 4,
        usable_count: 2,
        sar_pair_status: 'pair_available',
      },
      { collection: 'sentinel-2-l2a', query_reason: 'optical', returned_count: 3, usable_count: 1 },
    ],
    skipped_duplicates: 1,
    capability: { screening: 'suitable', detection: 'suitable', identification: 'not_suitable' },
    vhr_recommendation: { recommended: true, assessed: true, open_data_still_valid: false },
  },
};
const priority = {
  meta: { bbox: null, start_date: '2026-11-01', end_date: '2026-11-02', tokens: { charged: 1 } },
  priority: {
    by_spec_class: { vhr: { count: 2, mean_importance: 0.8 } },
    top_priorities: [
      {
        event_id: uuid,
        importance: 0.9,
        spec_class: 'vhr',
        aoi: [36.3, 49.9, 36.4, 50],
        stage: 'pinpointed',
      },
    ],
  },
};
const survey = {
  meta: { bbox: [22, 44, 40.5, 52.5], start_date: '2026-11-01', end_date: '2026-11-02' },
  survey: {
    sensor: 'sentinel-2',
    total_in_window: 10,
    examined: 10,
    page_capped: false,
    observable_count: 6,
    not_observable_count: 4,
    by_rs_level: { vhr: 2, hr: 8 },
    collection_ready_count: 3,
    events: [
      {
        event_id: uuid,
        headline: 'Strike',
        rs_level: 'vhr',
        rs_target: 'power plant',
        stage: 'pinpointed',
        collection_ready: true,
        plottable: true,
      },
    ],
  },
};
const brief = {
  status: 'available',
  period: { type: 'daily', start: '2026-11-01', end: '2026-11-01' },
  brief: {
    headline: 'Strikes on energy sites',
    summary: '42 events recorded.',
    developments: [{ title: 'Strike', why_it_matters: 'Winter supply.' }],
    stats: { totalEvents: 42, byCategory: [{ category: 'armed_conflict', count: 30 }], countedOver: 'day' },
  },
  available_periods: [{ period_start: '2026-11-01', period_end: '2026-11-01' }],
};
const orderCreated = {
  order: { id: uuid, name: 'Port', cadence: 'weekly', next_due_at: '2026-11-09T00:00:00Z' },
  watch_id: 'w-1',
};

describe('main profile records', () => {
  it('parse as the document shows them and keep fields it does not name', () => {
    parsesKeepingUnknown(M.signalsList, signalsList, ['signals', 0, 'reporting']);
    parsesKeepingUnknown(M.reread, reread, ['meta']);
    parsesKeepingUnknown(M.developments, developments, ['developments', 1]);
    parsesKeepingUnknown(M.thread, thread, ['canonical_event', 'occurrence']);
    parsesKeepingUnknown(M.collectionPlan, collectionPlan, ['plan', 'steps', 0]);
    parsesKeepingUnknown(M.collectionPriority, priority, ['priority', 'top_priorities', 0]);
    parsesKeepingUnknown(M.observability, survey, ['survey', 'events', 0]);
    parsesKeepingUnknown(M.brief, brief, ['brief', 'stats']);
    parsesKeepingUnknown(M.orderCreated, orderCreated, ['order']);
  });

  it('type the fields the window reads', () => {
    const s = M.signalsList.parse(signalsList).signals[0]!;
    // Compile-time and run-time: stage is the ladder, severity_band a number, markets a list.
    const stage: 'reported' | 'localized' | 'pinpointed' | null | undefined = s.stage;
    expect(stage).toBe('pinpointed');
    expect(s.severity_band! + 1).toBe(8);
    expect(s.casualties?.killed).toBe(2);
    expect(M.reread.parse(reread).meta.merged_from_request).toBe(true);
  });

  it('refuse a documented field of the wrong type, naming its path', () => {
    refusesAt(M.signalsList, signalsList, ['signals', 0, 'severity_band'], '7');
    refusesAt(M.signalsList, signalsList, ['signals', 0, 'severity_band'], 7.5);
    refusesAt(M.signalsList, signalsList, ['signals', 0, 'plottable'], 'yes');
    refusesAt(M.signalsList, signalsList, ['signals', 0, 'casualties', 'killed'], 'two');
    refusesAt(M.signalsList, signalsList, ['signals', 0, 'collection', 'aoi'], [1, 2, 3]);
    refusesAt(M.signalsList, signalsList, ['meta', 'coverage', 'worldwide'], 'no');
    refusesAt(M.signalsList, signalsList, ['meta', 'count'], '1');
    refusesAt(M.reread, reread, ['meta', 'merged_from_request'], 'true');
    refusesAt(M.reread, reread, ['meta', 'retracted_at'], 1_700_000_000);
    refusesAt(M.developments, developments, ['developments', 0, 'notable'], 1);
    refusesAt(M.developments, developments, ['meta', 'total_count'], undefined);
    refusesAt(M.thread, thread, ['canonical_event', 'retracted'], 'false');
    refusesAt(M.thread, thread, ['timeline_total'], '1');
    refusesAt(M.thread, thread, ['sources', 0, 'documents', 0, 'url'], 42);
    refusesAt(M.collectionPlan, collectionPlan, ['plan', 'skipped_duplicates'], 'one');
    refusesAt(M.brief, brief, ['brief', 'developments', 0, 'why_it_matters'], ['a']);
  });

  it('refuse a value outside a complete documented set', () => {
    expect(refusesAt(M.signalsList, signalsList, ['signals', 0, 'stage'], 'confirmed')).toMatch(
      /reported.*localized.*pinpointed/,
    );
    refusesAt(M.signalsList, signalsList, ['signals', 0, 'market_impact', 1], 'crypto');
    refusesAt(M.signalsList, signalsList, ['country_level_signals', 0, 'measured_kind'], 'fire');
    refusesAt(M.reread, reread, ['signal', 'stage'], 'Pinpointed');
    refusesAt(M.developments, developments, ['developments', 0, 'source'], 'rumour');
    expect(
      refusesAt(M.developments, developments, ['meta', 'by_source', 'rumour'], 1, ['meta', 'by_source']),
    ).toContain('rumour');
    refusesAt(M.thread, thread, ['timeline', 0, 'source'], 'model');
    refusesAt(M.collectionPlan, collectionPlan, ['plan', 'capability', 'detection'], 'maybe');
    refusesAt(M.collectionPriority, priority, ['priority', 'top_priorities', 0, 'stage'], 'verified');
  });

  it('keep value-seen fields open: a new value is a string like any other', () => {
    const s = structuredClone(signal);
    Object.assign(s, { stage_reason: 'new_reason', location_level: 'province', escalation_trend: 'easing' });
    Object.assign(s.imagery, { post_status: 'pending' });
    expect(M.signal.parse(s).stage_reason).toBe('new_reason');
  });
});
