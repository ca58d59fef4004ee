// Store functions for the other resources: upsert by id (or natural key), payload kept as
// received, simple readers (specs: the record shapes named in each describe).
import { describe, expect, it } from 'vitest';
import {
  deleteWatch,
  getBrief,
  getCheckpoint,
  getEntity,
  getListMeta,
  getMonitoringArea,
  getSignal,
  getThread,
  getWatch,
  listBriefs,
  listCheckpoints,
  listClaims,
  listDecisionPackages,
  listDevelopments,
  listEntities,
  listMeasured,
  listMonitoringAreas,
  listNotes,
  listStandingOrders,
  listTransit,
  listWatches,
  setCheckpoint,
  storeBrief,
  storeClaims,
  storeDecisionPackage,
  storeDevelopments,
  storeEntities,
  storeEntityHistory,
  storeMeasured,
  storeMonitoringAreas,
  storeNotes,
  storeSignalsPage,
  storeStandingOrders,
  storeThread,
  storeTransit,
  storeWatchDetail,
  storeWatches,
} from '../../../electron/cache/index';
import { count, mainCache, mainSignal } from './fixtures';

describe('checkpoints', () => {
  it('store JSON state per stream, replace it, and clear it with null', () => {
    const db = mainCache();
    expect(getCheckpoint(db, 'signals')).toBeNull();
    setCheckpoint(db, 'signals', { updated_since: 'a', offset: 3 });
    setCheckpoint(db, 'signals', { updated_since: 'b', offset: 0 });
    setCheckpoint(db, 'developments', { offset: 50 });
    expect(getCheckpoint(db, 'signals')).toEqual({ updated_since: 'b', offset: 0 });
    expect(listCheckpoints(db).map((c) => c.stream)).toEqual(['developments', 'signals']);
    setCheckpoint(db, 'signals', null);
    expect(getCheckpoint(db, 'signals')).toBeNull();
    db.close();
  });
});

describe('developments and threads (main "Development record", "Event thread")', () => {
  const dev = (over: Record<string, unknown> = {}) => ({
    event_id: 'e1',
    axis: 'casualties_killed',
    source: 'world',
    previous_state: '3',
    current_state: '5',
    basis: 'reported_count',
    notable: true,
    observed_at: '2026-10-02T10:00:00Z',
    title: 'T',
    stage: 'localized',
    ...over,
  });

  it('store each development once, by event, axis, time and states', () => {
    const db = mainCache();
    storeDevelopments(db, {
      developments: [dev(), dev({ current_state: '7', observed_at: '2026-10-03T00:00:00Z', notable: false })],
    });
    storeDevelopments(db, { developments: [dev()] });
    expect(count(db, 'developments')).toBe(2);
    expect(listDevelopments(db).map((d) => d.current_state)).toEqual(['7', '5']);
    expect(listDevelopments(db, { notableOnly: true })).toHaveLength(1);
    expect(listDevelopments(db, { since: '2026-10-02T12:00:00Z' })).toHaveLength(1);
    expect(listDevelopments(db, { eventId: 'e1', limit: 1 })).toHaveLength(1);
    db.close();
  });

  it('store alternate developments (development_type, detected_at, integer event_id)', () => {
    const db = mainCache();
    storeDevelopments(db, {
      developments: [
        {
          canonical_event_id: 'cluster:7',
          event_id: 7,
          development_type: 'imagery_available',
          source: 'measurement',
          previous_state: null,
          current_state: 'post',
          change_summary: 'x',
          is_new: false,
          detected_at: '2026-10-02T00:00:00Z',
        },
      ],
    });
    expect(listDevelopments(db, { eventId: 7 })).toHaveLength(1);
    db.close();
  });

  it('store a thread under its canonical event, recording the alias and the retraction it reports', () => {
    const db = mainCache();
    const [a, b] = [mainSignal(), mainSignal()];
    storeSignalsPage(db, { profile: 'main', signals: [a, b] });
    const thread = {
      canonical_event: { event_id: b.id, merged_from_request: true, retracted: true, title: 'B' },
      timeline: [{ at: '2026-10-01T00:00:00Z', axis: 'stage', current_state: 'localized' }],
      timeline_total: 1,
      sources: [{ host: 'news.example', source_name: null, documents: [] }],
    };
    expect(storeThread(db, { eventId: a.id as string, thread })).toEqual({
      eventId: b.id,
      aliased: true,
      retracted: true,
    });
    expect(getThread(db, a.id as string)).toEqual(thread);
    expect(getSignal(db, a.id as string)).toMatchObject({
      resolvedFrom: a.id,
      signal: { id: b.id, retracted: true },
    });
    db.close();
  });
});

describe('watches, decision packages, notes (alternate "Watch")', () => {
  const watch = (id: string, bucket: string) => ({
    id,
    name: `Watch ${id}`,
    target_type: 'area',
    status: 'active',
    bucket,
    area: { bbox: [1, 2, 3, 4], area_status: 'ok' },
    latest_change: { at: `2026-10-0${id.length}T00:00:00Z`, summary: 's' },
  });

  it('upsert list items, keep the envelope, and remove unlisted ones (not pending ones)', () => {
    const db = mainCache();
    storeWatches(db, {
      watches: [watch('w1', 'stable'), watch('w22', 'needs_attention')],
      meta: { buckets: { stable: 1 } },
    });
    storeWatches(db, { watches: [{ id: 'local-1', name: 'Mine' }], pending: true });
    storeWatches(db, { watches: [watch('w22', 'changed_today')], replaceAll: true });
    expect(listWatches(db).map((w) => [w.id, w.pending])).toEqual([
      ['w22', false],
      ['local-1', true],
    ]);
    expect(listWatches(db, { bucket: 'changed_today' })).toHaveLength(1);
    expect(getListMeta(db, 'watches')).toEqual({ buckets: { stable: 1 } });
    db.close();
  });

  it('keep the detail beside the item; a partial answer merges', () => {
    const db = mainCache();
    storeWatches(db, { watches: [watch('w1', 'stable')] });
    storeWatchDetail(db, {
      detail: { watch: { id: 'w1', bucket: 'needs_attention' }, thread: { timeline: [] } },
    });
    const w = getWatch(db, 'w1');
    expect(w?.item).toMatchObject({ name: 'Watch w1', bucket: 'needs_attention' });
    expect(w?.detail).toEqual({ watch: { id: 'w1', bucket: 'needs_attention' }, thread: { timeline: [] } });
    storeWatches(db, { watches: [{ id: 'w1', status: 'paused' }], merge: true });
    expect(getWatch(db, 'w1')?.item).toMatchObject({ name: 'Watch w1', status: 'paused' });
    db.close();
  });

  it('keep every decision-package revision, and notes per watch', () => {
    const db = mainCache();
    const pkg = (revision: string) => ({
      schema_version: '1',
      package_id: 'p',
      revision,
      discriminators: [],
    });
    expect(storeDecisionPackage(db, { watchId: 'w1', package: pkg('r1') })).toEqual({
      revision: 'r1',
      isNew: true,
    });
    expect(storeDecisionPackage(db, { watchId: 'w1', package: pkg('r2') }).isNew).toBe(true);
    expect(storeDecisionPackage(db, { watchId: 'w1', package: pkg('r1') }).isNew).toBe(false);
    expect(listDecisionPackages(db, 'w1').map((p) => p.revision)).toEqual(['r1', 'r2']);

    storeNotes(db, {
      watchId: 'w1',
      notes: [{ id: 'n1', note: 'a', confidence: null, supersedes_id: null, created_by: 'user' }],
    });
    storeNotes(db, { watchId: 'w1', notes: [{ id: 'local-n', note: 'b' }], pending: true });
    expect(listNotes(db, 'w1').map((n) => [n.id, n.pending])).toEqual([
      ['n1', false],
      ['local-n', true],
    ]);
    deleteWatch(db, 'w1');
    expect(listNotes(db, 'w1')).toEqual([]);
    expect(listDecisionPackages(db, 'w1')).toEqual([]);
    db.close();
  });
});

describe('standing orders and monitoring areas (main "Standing order", "Monitoring area")', () => {
  it('upsert orders; a pause answer merges; replaceAll drops what the service no longer lists', () => {
    const db = mainCache();
    const order = {
      id: 'o1',
      name: 'Strait',
      cadence: 'daily',
      bbox: [1, 2, 3, 4],
      next_due_at: '2026-10-02T00:00:00Z',
    };
    storeStandingOrders(db, {
      orders: [order, { ...order, id: 'o2', name: 'Other' }],
      limits: { max_orders: 5 },
    });
    storeStandingOrders(db, { orders: [{ id: 'o1', active: false }], merge: true });
    expect(listStandingOrders(db)[1]!.record).toEqual({ ...order, active: false });
    storeStandingOrders(db, { orders: [order], replaceAll: true });
    expect(listStandingOrders(db).map((o) => o.id)).toEqual(['o1']);
    expect(getListMeta(db, 'standing_orders')).toEqual({ limits: { max_orders: 5 } });
    db.close();
  });

  it('keep the projected monthly tokens of the create answer when a later list lacks them', () => {
    const db = mainCache();
    const order = { id: 'o9', name: 'Port', cadence: 'daily', active: true, bbox: [1, 2, 3, 4] };
    const projected = { projected_monthly_tokens_typical: 12, projected_monthly_tokens_max: 60 };
    storeStandingOrders(db, { orders: [{ ...order, ...projected }] });
    storeStandingOrders(db, { orders: [{ ...order, name: 'Port (renamed)' }] }); // a list read
    expect(listStandingOrders(db)[0]!.record).toEqual({ ...order, name: 'Port (renamed)', ...projected });
    db.close();
  });

  it('keep series points by scene and give them back with the area', () => {
    const db = mainCache();
    const metric = { polygon_id: 'p1', metric: 'ship_detection', latest: null, delta: null, coverage: {} };
    const area = { area_id: 'a1', name: 'Port', status: 'ok', bbox: [1, 2, 3, 4], metrics: [metric] };
    const series = [
      { date: '2026-10-01', value: 3, is_anomaly: false, stac_item_id: 's1' },
      { date: '2026-10-02', value: 9, is_anomaly: true, stac_item_id: 's2' },
    ];
    storeMonitoringAreas(db, { areas: [{ ...area, metrics: [{ ...metric, series }] }] });
    storeMonitoringAreas(db, { areas: [area] }); // a later list read, without series
    storeMonitoringAreas(db, { areas: [{ ...area, metrics: [{ ...metric, series: [series[1]] }] }] });
    expect(count(db, 'monitoring_series')).toBe(2);
    expect(getMonitoringArea(db, 'a1')?.record).toEqual({ ...area, metrics: [{ ...metric, series }] });
    expect(listMonitoringAreas(db)[0]!.record).toEqual(area);
    storeMonitoringAreas(db, { areas: [], replaceAll: true });
    expect(count(db, 'monitoring_series')).toBe(0);
    db.close();
  });
});

describe('measured events and transit (main "Measured event records")', () => {
  it('store every kind by event id, with where and when it was recorded', () => {
    const db = mainCache();
    storeMeasured(db, {
      kind: 'thermal_anomalies',
      records: [
        {
          event_id: 't1',
          measured_kind: 'thermal_anomaly',
          category: 'thermal_anomaly',
          title: 'Heat',
          location: { lat: 10, lng: 20 },
          detected_at: '2026-10-02T01:00:00Z',
          frp_mw: 55,
        },
      ],
      meta: { definition: { min_frp_mw: 10 } },
    });
    storeMeasured(db, {
      kind: 'quake_exposures',
      records: [
        {
          event_id: 'q1',
          measured_kind: 'quake_exposure',
          title: 'M6',
          earthquake: { epicentre: { lat: -5, lng: 100 } },
          recorded_at: '2026-10-03T00:00:00Z',
        },
      ],
    });
    storeMeasured(db, {
      kind: 'thermal_anomalies',
      records: [
        {
          event_id: 't1',
          title: 'Heat again',
          location: { lat: 10, lng: 20 },
          detected_at: '2026-10-02T01:00:00Z',
        },
      ],
    });
    expect(listMeasured(db).map((r) => r.event_id)).toEqual(['q1', 't1']);
    expect(listMeasured(db, { kind: 'thermal_anomalies' })[0]).toMatchObject({ title: 'Heat again' });
    expect(listMeasured(db, { bbox: [90, -10, 110, 0] }).map((r) => r.event_id)).toEqual(['q1']);
    expect(getListMeta(db, 'measured:thermal_anomalies')).toEqual({ definition: { min_frp_mw: 10 } });
    db.close();
  });

  it('replace the transit places with each full answer', () => {
    const db = mainCache();
    const place = (id: string, anomaly: unknown) => ({
      entity_id: id,
      name: id,
      lat: 1,
      lng: 2,
      status: 'usual',
      level: { as_of: '2026-10-01', index: 100 },
      anomaly,
    });
    storeTransit(db, {
      places: [place('suez', null), place('hormuz', { direction: 'below', days: 4 })],
      meta: { as_of: '2026-10-01' },
    });
    storeTransit(db, { places: [place('hormuz', { direction: 'below', days: 5 })] });
    expect(listTransit(db).map((p) => p.entity_id)).toEqual(['hormuz']);
    expect(listTransit(db, { anomalousOnly: true })).toHaveLength(1);
    db.close();
  });
});

describe('briefs, entities, claims', () => {
  it('store briefs by period and date, latest when no date is asked', () => {
    const db = mainCache();
    const main = {
      status: 'available',
      period: { type: 'weekly', start: '2026-09-28', end: '2026-10-04' },
      brief: { headline: 'Week' },
    };
    expect(storeBrief(db, { brief: main })).toEqual({ period: 'weekly', date: '2026-10-04' });
    storeBrief(db, { brief: { brief: { date: '2026-10-01', headline: 'Day 1' } } });
    storeBrief(db, { brief: { brief: { date: '2026-10-02', headline: 'Day 2' } } });
    expect(getBrief(db)).toMatchObject({ brief: { headline: 'Day 2' } });
    expect(getBrief(db, { period: 'daily', date: '2026-10-01' })).toMatchObject({
      brief: { headline: 'Day 1' },
    });
    expect(getBrief(db, { period: 'weekly' })).toEqual(main);
    expect(listBriefs(db, { period: 'daily' }).map((b) => b.date)).toEqual(['2026-10-02', '2026-10-01']);
    db.close();
  });

  it('store entities with their history, and claims', () => {
    const db = mainCache();
    storeEntities(db, {
      entities: [
        {
          id: 'e1',
          canonical: 'Port of Odesa',
          subtype: 'port_facility',
          lat: 46.5,
          lng: 30.7,
          source: 'curated',
        },
      ],
    });
    storeEntityHistory(db, {
      id: 'e1',
      history: { entity: { canonical: 'Port of Odesa' }, events: [{ event_id: 'x' }] },
    });
    storeEntityHistory(db, {
      id: 'e2',
      history: { entity: { canonical: 'Base', subtype: 'military_base' }, events: [] },
    });
    expect(getEntity(db, 'e1')).toMatchObject({
      entity: { subtype: 'port_facility' },
      history: { events: [{ event_id: 'x' }] },
    });
    expect(listEntities(db, { q: 'odesa' }).map((e) => e.id)).toEqual(['e1']);
    expect(listEntities(db, { subtypes: ['military_base'] }).map((e) => e.id)).toEqual(['e2']);

    storeClaims(db, {
      claims: [
        { claim_id: 'c1', text: 'A', evidence_class: 'REPORTED', independent_source_count: 1, sources: [] },
        {
          claim_id: 'c2',
          text: 'B',
          evidence_class: 'CONFIRMED',
          independent_source_count: 3,
          sources: [],
          restated_by: { claim_id: 'c3' },
        },
      ],
      meta: { counts: { total: 2 } },
    });
    expect(listClaims(db, { evidenceClass: 'CONFIRMED' }).map((c) => c.claim_id)).toEqual(['c2']);
    expect(listClaims(db, { restatedOnly: true })).toHaveLength(1);
    expect(listClaims(db)).toHaveLength(2);
    db.close();
  });
});
