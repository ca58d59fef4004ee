// The window's feed reads (contract developments.list, measured.list, transit.get, brief.get,
// sync.streams): filters and counts over the cached records, each with the time its stream
// last stored data, and clamps worded as `watchfloor signals` words them.
import { describe, expect, it } from 'vitest';
import {
  clampNotes,
  describeClamp,
  getStreamClamps,
  queryDevelopments,
  queryMeasured,
  readBrief,
  readTransit,
  setCheckpoint,
  setStreamClamps,
  storeBrief,
  storeDevelopments,
  storeMeasured,
  storeSignalsPage,
  storeTransit,
  streamAsOf,
  streamTimes,
} from '../../../electron/cache/index';
import { alternateCache, mainCache, mainSignal } from './fixtures';

const dev = (over: Record<string, unknown>) => ({
  axis: 'severity',
  source: 'world',
  previous_state: 'low',
  current_state: 'high',
  basis: 'reported',
  notable: true,
  observed_at: '2026-10-05T10:00:00Z',
  title: 'A change',
  ...over,
});

describe('developments.list', () => {
  it('filters, pages and counts by axis and source, with the event point for "jump to"', () => {
    const db = mainCache();
    const drawn = mainSignal({ lat: 48.5, lng: 35.1, plottable: true });
    const countryLevel = mainSignal({ plottable: false });
    storeSignalsPage(db, { profile: 'main', signals: [drawn, countryLevel] });
    const all = [
      dev({ event_id: drawn.id, observed_at: '2026-10-02T10:00:00Z' }),
      dev({
        event_id: drawn.id,
        axis: 'stage',
        source: 'measurement',
        notable: false,
        observed_at: '2026-10-03T10:00:00Z',
      }),
      dev({ event_id: countryLevel.id, axis: 'stage', observed_at: '2026-10-04T10:00:00Z' }),
      dev({ event_id: 'not-cached', axis: 'casualties', observed_at: '2026-10-06T10:00:00Z' }),
    ];
    storeDevelopments(db, { developments: all });

    const everything = queryDevelopments(db, {});
    expect(everything.total).toBe(all.length);
    expect(everything.rows.map((r) => r.observedAt)).toEqual(
      all
        .map((d) => new Date(d.observed_at).toISOString())
        .sort()
        .reverse(),
    );
    expect(everything.byAxis).toEqual({ severity: 1, stage: 2, casualties: 1 });
    expect(everything.bySource).toEqual({ world: 3, measurement: 1 });
    const onDrawn = everything.rows.find((r) => r.eventId === drawn.id && r.axis === 'severity')!;
    expect(onDrawn).toMatchObject({
      lat: 48.5,
      lng: 35.1,
      previousState: 'low',
      currentState: 'high',
      notable: true,
    });
    expect(everything.rows.find((r) => r.eventId === countryLevel.id)).toMatchObject({
      lat: null,
      lng: null,
    });

    expect(queryDevelopments(db, { notableOnly: true }).total).toBe(3);
    expect(queryDevelopments(db, { axes: ['stage'], sources: ['measurement'] }).rows).toHaveLength(1);
    const window = queryDevelopments(db, { start: '2026-10-03', end: '2026-10-04' });
    expect(window.total).toBe(2);
    const page = queryDevelopments(db, { limit: 2, offset: 2 });
    expect(page.total).toBe(4);
    expect(page.rows.map((r) => r.eventId)).toEqual(everything.rows.slice(2).map((r) => r.eventId));
    // The window's order: notable first, then newest; its pages follow each other.
    const notableFirst = queryDevelopments(db, { order: 'notable' }).rows;
    expect(notableFirst.map((r) => [r.notable, r.observedAt])).toEqual([
      [true, '2026-10-06T10:00:00.000Z'],
      [true, '2026-10-04T10:00:00.000Z'],
      [true, '2026-10-02T10:00:00.000Z'],
      [false, '2026-10-03T10:00:00.000Z'],
    ]);
    expect(
      [0, 1, 2, 3].flatMap((offset) => queryDevelopments(db, { order: 'notable', limit: 1, offset }).rows),
    ).toEqual(notableFirst);
  });

  it('reads an alternate development (development_type, change_summary, no notable) as notable', () => {
    const db = alternateCache();
    storeDevelopments(db, {
      developments: [
        {
          event_id: 101,
          development_type: 'escalation',
          change_summary: 'More shelling reported',
          detected_at: '2026-10-05T10:00:00Z',
        },
      ],
    });
    const { rows } = queryDevelopments(db, { notableOnly: true });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      eventId: '101',
      axis: 'escalation',
      basis: 'More shelling reported',
      notable: true,
      source: 'world',
    });
  });
});

describe('measured.list, transit.get, brief.get', () => {
  it('lists one kind, in a box and a window, latest first', () => {
    const db = mainCache();
    const rec = (id: string, lat: number, at: string) => ({
      event_id: id,
      measured_kind: 'thermal_anomaly',
      location: { lat, lng: 30 },
      detected_at: at,
    });
    storeMeasured(db, {
      kind: 'thermal',
      records: [
        rec('t1', 10, '2026-10-01T00:00:00Z'),
        rec('t2', 50, '2026-10-03T00:00:00Z'),
        rec('t3', 12, '2026-10-05T00:00:00Z'),
      ],
    });
    storeMeasured(db, { kind: 'so2', records: [rec('s1', 10, '2026-10-02T00:00:00Z')] });
    const thermal = queryMeasured(db, { kind: 'thermal' });
    expect(thermal.total).toBe(3);
    expect(thermal.rows.map((r) => r.event_id)).toEqual(['t3', 't2', 't1']);
    expect(queryMeasured(db, { kind: 'thermal', bbox: [20, 0, 40, 20] }).rows.map((r) => r.event_id)).toEqual(
      ['t3', 't1'],
    );
    expect(queryMeasured(db, { kind: 'thermal', start: '2026-10-02', end: '2026-10-04' }).total).toBe(1);
    expect(queryMeasured(db, { kind: 'thermal', limit: 1 })).toMatchObject({
      total: 3,
      rows: [{ event_id: 't3' }],
    });
  });

  it('gives transit and the brief as sent, and null before their first sync', () => {
    const db = mainCache();
    expect(readTransit(db)).toBeNull();
    expect(readBrief(db, { period: 'daily' })).toBeNull();
    const meta = { as_of: '2026-10-04', count: 1 };
    storeTransit(db, { places: [{ entity_id: 'suez', name: 'Suez Canal', lat: 30, lng: 32.5 }], meta });
    expect(readTransit(db)).toEqual({ meta, places: [expect.objectContaining({ entity_id: 'suez' })] });
    storeBrief(db, {
      brief: {
        period: { type: 'daily', start: '2026-10-04', end: '2026-10-04' },
        brief: { headline: 'Old' },
      },
    });
    storeBrief(db, {
      brief: {
        period: { type: 'daily', start: '2026-10-05', end: '2026-10-05' },
        brief: { headline: 'New' },
      },
    });
    expect(readBrief(db, { period: 'daily' })!.brief).toMatchObject({ brief: { headline: 'New' } });
    expect(readBrief(db, { period: 'daily', date: '2026-10-04' })!.brief).toMatchObject({
      brief: { headline: 'Old' },
    });
    expect(readBrief(db, { period: 'weekly' })).toBeNull();
  });
});

describe('sync.streams and clamps', () => {
  it('says when each stream last synced and stored, and what its plan narrowed, in the CLI words', () => {
    const db = mainCache();
    expect(streamAsOf(db, 'signals')).toBeNull();
    setCheckpoint(db, 'signals', { hwm: null, pass: null });
    setStreamClamps(
      db,
      'signals',
      [
        {
          stream: 'signals',
          kind: 'window_clamp',
          detail: { start_date: '2026-10-01' },
          required_plans: ['pro'],
        },
      ],
      '2026-10-06T00:00:00.000Z',
    );
    storeBrief(db, { brief: { brief: { date: '2026-10-05', headline: 'x' } } });
    const times = streamTimes(db);
    expect(times.map((t) => t.name)).toEqual(['brief', 'signals']);
    const signals = times.find((t) => t.name === 'signals')!;
    expect(signals.asOf).toBe(streamAsOf(db, 'signals'));
    expect(signals.asOf).not.toBeNull();
    expect(times.find((t) => t.name === 'brief')!.asOf).toBe(readBrief(db, { period: 'daily' })!.fetchedAt);

    const [note] = clampNotes(db, ['signals', 'reconcile']);
    const [recorded] = getStreamClamps(db, ['signals']);
    expect(note).toEqual({
      stream: 'signals',
      kind: 'window_clamp',
      detail: { start_date: '2026-10-01' },
      requiredPlans: ['pro'],
      wording: describeClamp(recorded!),
    });
    expect(note!.wording).toContain('narrowed the time window');
    expect(note!.wording).toContain('pro');
  });
});
