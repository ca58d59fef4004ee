// Records both profiles share: passes, standing orders, monitoring areas (with series), imagery,
// ground measurements, assessment, analyst runs and the registry (main profile document,
// "Resources and their fields"; the alternate document reuses these shapes).
import { describe, expect, it } from 'vitest';
import * as common from '../../../shared/service/common';
import { parsesKeepingUnknown, refusesAt } from './helpers';

const passes = {
  meta: {
    target: { lat: 50.45, lon: 30.52 },
    window: { start: '2026-11-02', end: '2026-11-04' },
    tokens: { charged: 2, remaining: 990 },
  },
  passes: [
    {
      satellite: 'SENTINEL-1A',
      family_key: 'sentinel-1',
      sensor: 'sar',
      collection_mode: 'systematic',
      peak: '2026-11-02T04:12:30Z',
      off_nadir_deg: 31.2,
      direction: 'descending',
      sunlit: false,
      tle_age_days: 0.8,
      is_past: false,
    },
  ],
  freshness: { max_tle_age_days: 0.8, stale: false },
  retrieval_ok: true,
  note: 'Systematic passes are geometric predictions from orbital elements, not a scheduled acquisition.',
  attribution: 'orbital elements source',
};
const orders = {
  orders: [
    {
      id: '8a5b0c2e-57c2-4d3f-9d7a-2f1e1c0b9a88',
      name: 'Port of Odesa',
      cadence: 'weekly',
      bbox: [30.6, 46.4, 30.8, 46.6],
      last_checked_at: '2026-11-02T00:00:00Z',
      last_run_at: null,
      quiet_checks: 3,
      total_runs: 0,
      next_due_at: '2026-11-09T00:00:00Z',
    },
  ],
  limits: { max_orders: 10, used: 1, remaining: 9, min_interval_hours: 24 },
};
const area = {
  area_id: '0f4c3e1a-8d9b-4a5e-b6c7-d8e9f0a1b2c3',
  name: 'Port berths',
  status: 'anomaly',
  bbox: [30.7, 46.48, 30.76, 46.52],
  metrics: [
    {
      polygon_id: 'poly-1',
      metric: 'ship_detection',
      metric_label: 'ship detection',
      satellite: 'sentinel-1',
      latest: { date: '2026-11-01', value: 4, is_anomaly: true },
      delta: -8,
      coverage: { measured: 12, acquired: 12, window_total: null },
      series: [
        { date: '2026-10-20', value: 12, is_anomaly: false, stac_item_id: 'S1A_IW_GRDH_20261020' },
        { date: '2026-11-01', value: 4, is_anomaly: true, stac_item_id: 'S1A_IW_GRDH_20261101' },
      ],
    },
  ],
};
const imagery = {
  meta: {
    collection: 'sentinel-1-grd',
    start_date: '2026-10-20',
    end_date: '2026-11-02',
    bbox: [30.6, 46.4, 30.8, 46.6],
    count: 1,
    has_pre_baseline: true,
    has_post: true,
    bracketing_available: true,
    window_status: 'complete',
    sar_pair_status: 'pair_available',
    orbit_note: 'same relative orbit',
    tokens: { charged: 2 },
  },
  scenes: [
    {
      id: 'S1A_IW_GRDH_20261101',
      collection: 'sentinel-1-grd',
      datetime: '2026-11-01T04:12:00Z',
      bbox: [29, 45, 32, 48],
      cloud_cover: 0,
      platform: 'sentinel-1a',
      preview: 'https://example.org/p.png',
      timing: 'post',
      target_relation: {
        covers_event_geometry: true,
        usable_for_analysis: true,
        intersects_event_aoi: true,
        event_aoi_coverage_ratio: 1,
      },
    },
  ],
};
const assessment = {
  kind: 'quick',
  cached: false,
  model: 'model-x',
  content: { summary: 'Likely damage.', observability: 'observable', recommendedSensors: ['sentinel-1'] },
  context: {
    event_id: '1c1d3a0e-2638-4d3b-9760-ac99544f1876',
    event_date: '2026-11-02',
    target: 'power plant',
    aoi_bbox: [36.3, 49.9, 36.4, 50],
    satellite_observability: 'observable',
    quality_status: 'passed',
    imagery_handoff: {
      tool: 'imagery',
      handoff_mode: 'direct',
      parameters: {
        bbox: '36.3,49.9,36.4,50',
        eventDate: '2026-11-02',
        eventPoint: [36.35, 49.95],
        eventAoi: [36.3, 49.9, 36.4, 50],
        eventTimestamp: null,
      },
      missing_parameters: [{ field: 'eventTimestamp', reason: 'time of day not reported' }],
    },
  },
  meta: { tokens: { charged: 5 } },
};
const job = {
  job_id: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b',
  status: 'processing',
  progress: { stage: 'reading', completed_steps: 1, total_steps: 3 },
  created_at: '2026-11-02T06:00:00Z',
  updated_at: '2026-11-02T06:01:00Z',
};
const analystDone = {
  brief: {
    summary: 'Answer',
    findings: [{ event_id: 'e-1', recommended_sensor: 'sentinel-1', rationale: 'all-weather' }],
    assessment: 'Reporting is consistent.',
    citations: ['https://example.org/r'],
  },
  meta: { tokens: { charged: 40 } },
};
const history = {
  entity: { canonical: 'Port of Odesa', subtype: 'port_facility', source: 'curated' },
  events: [
    {
      event_id: '1c1d3a0e-2638-4d3b-9760-ac99544f1876',
      title: 'Strike on the port',
      stage: 'pinpointed',
      last_reported_at: '2026-11-02T06:00:00Z',
      link_basis: 'alias_named_target',
      link_kind: 'named_target',
    },
  ],
};

describe('records both profiles share', () => {
  it('parse as the document shows them and keep fields it does not name', () => {
    parsesKeepingUnknown(common.passes, passes, ['passes', 0]);
    parsesKeepingUnknown(common.standingOrders, orders, ['orders', 0]);
    parsesKeepingUnknown(common.monitoringArea, area, ['metrics', 0, 'series', 1]);
    parsesKeepingUnknown(common.monitoringList, {
      areas: [area],
      limits: { max_areas: 10, used: 1, remaining: 9 },
    });
    parsesKeepingUnknown(
      common.monitoringCreated,
      { area, metering: { create: 0, per_check_tokens: 2, per_scene_tokens: 0.5 } },
      ['metering'],
    );
    parsesKeepingUnknown(common.imagery, imagery, ['scenes', 0, 'target_relation']);
    parsesKeepingUnknown(common.assessment, assessment, ['context', 'imagery_handoff', 'parameters']);
    parsesKeepingUnknown(common.analystJob, job, ['progress']);
    parsesKeepingUnknown(common.analystAnswer, analystDone, ['brief', 'findings', 0]);
    parsesKeepingUnknown(common.analystAnswer, job, ['progress']);
    parsesKeepingUnknown(common.entityHistory, history, ['events', 0]);
    parsesKeepingUnknown(common.ships, {
      summary: '3 vessels detected',
      count: 3,
      caveats: ['Detections within 300 m of the coast are excluded.'],
      processing: { resolved_algorithm_version: 'v2', sea_ratio: 0.8, land_mask_source: 'map:land_polygons' },
    });
    // Over water the elevation is absent, never 0 m.
    parsesKeepingUnknown(common.elevation, { mode: 'bbox', elevation: null, attribution: 'DEM' });
  });

  it('give the window a typed monitoring series', () => {
    const series = common.monitoringArea.parse(area).metrics![0]!.series!;
    expect(series.filter((p) => p.is_anomaly).map((p) => p.value! * 2)).toEqual([8]);
  });

  it('refuse a documented field of the wrong type, naming its path', () => {
    refusesAt(common.passes, passes, ['retrieval_ok'], 'true');
    refusesAt(common.passes, passes, ['passes', 0, 'tle_age_days'], '0.8');
    refusesAt(common.passes, passes, ['freshness', 'stale'], 'no');
    refusesAt(common.standingOrders, orders, ['orders', 0, 'quiet_checks'], '3');
    refusesAt(common.standingOrders, orders, ['orders', 0, 'bbox'], '30.6,46.4,30.8,46.6');
    refusesAt(common.monitoringArea, area, ['metrics', 0, 'series', 0, 'value'], '12');
    refusesAt(common.monitoringArea, area, ['metrics', 0, 'coverage', 'window_total'], 'all');
    refusesAt(common.imagery, imagery, ['scenes', 0, 'cloud_cover'], 'low');
    refusesAt(common.assessment, assessment, ['cached'], 'no');
    refusesAt(common.assessment, assessment, ['context', 'imagery_handoff', 'parameters', 'eventPoint'], [1]);
    refusesAt(common.analystJob, job, ['progress', 'completed_steps'], 'one');
  });

  it('refuse a value outside a complete documented set', () => {
    refusesAt(common.imagery, imagery, ['scenes', 0, 'timing'], 'during');
    refusesAt(common.assessment, assessment, ['kind'], 'thorough');
    refusesAt(common.entityHistory, history, ['entity', 'subtype'], 'stadium');
    refusesAt(common.entityHistory, history, ['events', 0, 'stage'], 'rumoured');
  });

  it('keep value-seen fields open (cadence, collection mode, area status)', () => {
    const o = structuredClone(orders);
    o.orders[0]!.cadence = 'monthly';
    expect(common.standingOrders.parse(o).orders[0]!.cadence).toBe('monthly');
    expect(common.monitoringArea.parse({ ...area, status: 'degraded' }).status).toBe('degraded');
  });
});
