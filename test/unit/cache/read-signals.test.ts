// The window's signal reads (contract signals.query / points / countryCounts / get): the same
// rows as `watchfloor signals` for the same filter, pages that add up to the total, and a map
// that draws only real points while country-level signals are counted per country.
import { describe, expect, it } from 'vitest';
import BetterSqlite3 from 'better-sqlite3';
import {
  migrations,
  openCache,
  querySignalPoints,
  querySignalRows,
  queryCountryCounts,
  querySignalCategories,
  querySignals,
  readSignal,
  recordAlias,
  storeSignalsPage,
  type Database,
} from '../../../electron/cache/index';
import { POINT_FLAGS, type SignalFilter } from '../../../shared/contract';
import { alternateCache, alternateSignal, BASE, mainCache, mainSignal, tempFile } from './fixtures';

const mainCacheAt = (file: string) => openCache(file, { baseUrl: BASE, profile: 'main' });

const day = (d: number, h = 12) =>
  `2026-10-${String(d).padStart(2, '0')}T${String(h).padStart(2, '0')}:00:00Z`;

/** A small world: points in Ukraine and Sudan, country-level signals, facets varied. */
function world(): { db: Database.Database; signals: Record<string, unknown>[] } {
  const signals: Record<string, unknown>[] = [];
  for (let i = 0; i < 30; i++) {
    const inSudan = i % 3 === 0;
    const countryLevel = i % 5 === 0;
    signals.push(
      mainSignal({
        title: i % 2 ? `Drone strike on fuel depot ${i}` : `Protest at market ${i}`,
        category: i % 2 ? 'armed_conflict' : 'civil_unrest',
        occurred_at: day(1 + (i % 28), i % 24),
        country: inSudan ? 'Sudan' : 'Ukraine',
        country_code: inSudan ? 'SD' : 'UA',
        lat: inSudan ? 15.5 + i / 100 : 50 + i / 100,
        lng: inSudan ? 32.5 : 36 + i / 100,
        plottable: !countryLevel,
        stage: countryLevel ? 'reported' : 'localized',
        severity_band: 1 + (i % 10),
        severity_score: 1 + (i % 10) + 0.5,
        market_impact: i % 4 === 0 ? ['oil'] : i % 4 === 1 ? ['grain', 'shipping'] : [],
        reporting: { member_count: 3, distinct_hosts: i % 7 },
        measured: i % 6 === 0,
        measured_kind: i % 6 === 0 ? 'thermal_anomaly' : null,
        escalation_trend: i % 4 === 2 ? 'escalating' : 'stable',
      }),
    );
  }
  const db = mainCache();
  storeSignalsPage(db, { profile: 'main', signals });
  return { db, signals };
}

const drawable = (s: Record<string, unknown>) => s.plottable === true;

describe('signals.query rows', () => {
  it('counts the same rows as `watchfloor signals` for q, bbox and a window', () => {
    const { db } = world();
    const filters: [SignalFilter, Parameters<typeof querySignals>[1]][] = [
      [{ q: 'drone depot' }, { q: 'drone depot', limit: 0 }],
      [{ q: 'protest -market' }, { q: 'protest -market', limit: 0 }],
      [{ bbox: [30, 45, 40, 55] }, { bbox: [30, 45, 40, 55], limit: 0 }],
      [
        { start: '2026-10-05', end: '2026-10-12', categories: ['armed_conflict'] },
        { startDate: '2026-10-05', endDate: '2026-10-12', categories: ['armed_conflict'], limit: 0 },
      ],
    ];
    for (const [filter, cli] of filters) {
      const expected = querySignals(db, cli).map((s) => s.id);
      const got = querySignalRows(db, filter, { limit: 1000 });
      expect(got.total, JSON.stringify(filter)).toBe(expected.length);
      expect(got.rows.map((r) => r.id)).toEqual(expected);
    }
  });

  it('pages add up to the total, in the order asked', () => {
    const { db } = world();
    const total = querySignalRows(db, {}, { limit: 1 }).total;
    expect(total).toBeGreaterThan(10);
    const ids: string[] = [];
    for (let offset = 0; offset < total; offset += 7)
      ids.push(...querySignalRows(db, {}, { limit: 7, offset }).rows.map((r) => r.id));
    expect(new Set(ids).size).toBe(total);

    const oldest = querySignalRows(db, {}, { sort: 'oldest', limit: 1000 }).rows;
    const times = oldest.map((r) => r.occurredAt!);
    expect(times).toEqual([...times].sort());
    const severe = querySignalRows(db, {}, { sort: 'severity', limit: 1000 }).rows.map(
      (r) => r.severityBand!,
    );
    expect(severe).toEqual([...severe].sort((a, b) => b - a));
  });

  it('filters by markets, publishers and measured, as the records say', () => {
    const { db, signals } = world();
    const ids = (f: SignalFilter) =>
      querySignalRows(db, f, { limit: 1000 })
        .rows.map((r) => r.id)
        .sort();
    const expected = (keep: (s: Record<string, unknown>) => boolean) =>
      signals
        .filter(keep)
        .map((s) => s.id as string)
        .sort();
    expect(ids({ markets: ['shipping', 'oil'] })).toEqual(
      expected((s) => (s.market_impact as string[]).some((m) => m === 'oil' || m === 'shipping')),
    );
    expect(ids({ minPublishers: 4 })).toEqual(
      expected((s) => (s.reporting as { distinct_hosts: number }).distinct_hosts >= 4),
    );
    expect(ids({ measured: true })).toEqual(expected((s) => s.measured === true));
    const row = querySignalRows(db, { measured: true }, { limit: 1 }).rows[0]!;
    expect(row).toMatchObject({ measured: true, measuredKind: 'thermal_anomaly' });
  });

  it('takes ISO times as window ends, to the second', () => {
    const { db, signals } = world();
    const got = querySignalRows(
      db,
      { start: '2026-10-05T12:00:00Z', end: '2026-10-09T08:00:00Z' },
      { limit: 1000 },
    );
    const expected = signals.filter((s) => {
      const t = Date.parse(s.occurred_at as string);
      return t >= Date.parse('2026-10-05T12:00:00Z') && t <= Date.parse('2026-10-09T08:00:00Z');
    });
    expect(got.total).toBe(expected.length);
  });
});

describe('signals.points and signals.countryCounts', () => {
  it('gives every plottable match as columns that agree with the rows', () => {
    const { db } = world();
    const filter: SignalFilter = { start: '2026-10-03', end: '2026-10-25' };
    const rows = querySignalRows(db, filter, { limit: 1000 }).rows;
    const points = querySignalPoints(db, filter);
    const plottable = rows.filter((r) => r.plottable);
    expect(points.count).toBe(plottable.length);
    expect(points.lat).toBeInstanceOf(Float32Array);
    expect([...points.ids].sort()).toEqual(plottable.map((r) => r.id).sort());
    for (let i = 0; i < points.count; i++) {
      const r = rows.find((x) => x.id === points.ids[i])!;
      expect(points.lat[i]).toBeCloseTo(r.lat!, 4);
      expect(points.lng[i]).toBeCloseTo(r.lng!, 4);
      expect(points.band[i]).toBe(r.severityBand);
      expect(points.categories[points.category[i]!]).toBe(r.category);
      expect(points.time[i]).toBe(Date.parse(r.occurredAt!));
      expect((points.flags[i]! & POINT_FLAGS.measured) !== 0).toBe(r.measured);
    }
  });

  it('marks escalating and retracted points', () => {
    const { db, signals } = world();
    const escalating = signals.find((s) => s.escalation_trend === 'escalating' && drawable(s))!;
    const points = querySignalPoints(db, {});
    const i = points.ids.indexOf(escalating.id as string);
    expect(points.flags[i]! & POINT_FLAGS.escalating).toBe(POINT_FLAGS.escalating);
    const retracted = mainSignal({ retracted_at: '2026-10-20T00:00:00Z', plottable: true });
    storeSignalsPage(db, { profile: 'main', signals: [retracted] });
    expect(querySignalPoints(db, {}).ids).not.toContain(retracted.id);
    const withRetracted = querySignalPoints(db, { includeRetracted: true });
    const j = withRetracted.ids.indexOf(retracted.id as string);
    expect(withRetracted.flags[j]! & POINT_FLAGS.retracted).toBe(POINT_FLAGS.retracted);
  });

  it('counts country-level signals per country (never as points)', () => {
    const { db, signals } = world();
    const counts = queryCountryCounts(db, {});
    const rows = querySignalRows(db, {}, { limit: 1000 }).rows;
    const countryLevel = rows.filter((r) => !r.plottable);
    expect(counts.reduce((n, c) => n + c.count, 0)).toBe(countryLevel.length);
    for (const c of counts) {
      const mine = signals.filter((s) => !drawable(s) && s.country_code === c.countryCode);
      expect(c.count).toBe(mine.length);
      expect(c.maxBand).toBe(Math.max(...mine.map((s) => s.severity_band as number)));
    }
    expect(queryCountryCounts(db, { categories: ['civil_unrest'] }).reduce((n, c) => n + c.count, 0)).toBe(
      countryLevel.filter((r) => r.category === 'civil_unrest').length,
    );
  });

  it('counts country-level signals in the time window and the box the points are asked with', () => {
    const { db, signals } = world();
    const countryLevel = (keep: (s: Record<string, unknown>) => boolean) =>
      signals.filter((s) => !drawable(s) && keep(s));
    const total = (f: SignalFilter, overlaps?: Parameters<typeof queryCountryCounts>[2]) =>
      Object.fromEntries(queryCountryCounts(db, f, overlaps).map((c) => [c.countryCode, c.count]));
    const byCode = (list: Record<string, unknown>[]) => {
      const out: Record<string, number> = {};
      for (const s of list) out[s.country_code as string] = (out[s.country_code as string] ?? 0) + 1;
      return out;
    };

    // The time slider's range (whole seconds, both ends inclusive), as points.ts keeps points.
    const from = '2026-10-06T00:00:00.000Z';
    const to = '2026-10-21T12:00:00.000Z';
    const inTime = (s: Record<string, unknown>) =>
      s.occurred_at! >= from.slice(0, 19) && s.occurred_at! <= to.slice(0, 19);
    expect(total({ start: from, end: to })).toEqual(byCode(countryLevel(inTime)));
    expect(Object.values(total({ start: from, end: to })).reduce((a, b) => a + b)).toBeLessThan(
      countryLevel(() => true).length,
    );

    // A box over Ukraine's points: Ukraine's country-level signals (a pointed signal of the
    // country lies in it), not Sudan's, whatever the basemap says of Sudan.
    const ukraine: SignalFilter = { bbox: [30, 45, 40, 55] };
    expect(total(ukraine)).toEqual(byCode(countryLevel((s) => s.country_code === 'UA')));
    expect(total(ukraine, () => false)).toEqual(byCode(countryLevel((s) => s.country_code === 'UA')));
    // A box with no point in it: the basemap's outline decides, else the centre the service gave.
    const empty: SignalFilter = { bbox: [20, 10, 25, 12] };
    expect(total(empty)).toEqual({});
    expect(total(empty, (who) => who.code === 'SD')).toEqual(
      byCode(countryLevel((s) => s.country_code === 'SD')),
    );
    expect(total({ bbox: [32, 15, 33, 16] }, () => null)).toEqual(
      byCode(countryLevel((s) => s.country_code === 'SD')),
    );
    // Both at once.
    expect(total({ ...ukraine, start: from, end: to })).toEqual(
      byCode(countryLevel((s) => s.country_code === 'UA' && inTime(s))),
    );
  });

  it('marks the documented measured categories measured on the alternate profile, which flags none', () => {
    const db = alternateCache();
    storeSignalsPage(db, {
      profile: 'alternate',
      signals: [alternateSignal({ category: 'thermal_anomaly' }), alternateSignal({ category: 'airstrike' })],
    });
    expect(querySignalCategories(db)).toEqual([
      { name: 'airstrike', measured: false },
      { name: 'thermal_anomaly', measured: true },
    ]);
  });

  it('names every category the cache holds, measured ones marked, whatever the filter', () => {
    const db = mainCache();
    storeSignalsPage(db, {
      profile: 'main',
      signals: [
        mainSignal({ category: 'flood' }),
        mainSignal({ category: 'armed_conflict' }),
        mainSignal({ category: 'armed_conflict' }),
        mainSignal({ category: 'so2_anomaly', measured: true, measured_kind: 'so2', plottable: false }),
        mainSignal({ category: 'so2_anomaly' }),
        // No category is no category to offer.
        mainSignal({ category: '' }),
      ],
    });
    expect(querySignalCategories(db)).toEqual([
      { name: 'armed_conflict', measured: false },
      { name: 'flood', measured: false },
      { name: 'so2_anomaly', measured: true },
    ]);
  });

  it('draws an alternate signal by its verified point, banded by its score', () => {
    const db = alternateCache();
    const verified = alternateSignal({ severity_score: 7.8 });
    const unverified = alternateSignal({ geo_verified: false });
    storeSignalsPage(db, { profile: 'alternate', signals: [verified, unverified] });
    const points = querySignalPoints(db, {});
    expect(points.ids).toEqual([String(verified.id)]);
    expect(points.band[0]).toBe(7);
  });
});

describe('signals.get', () => {
  it('resolves a folded id to its survivor and names the ids folded into it', () => {
    const db = mainCache();
    const survivor = mainSignal();
    const folded = mainSignal();
    storeSignalsPage(db, { profile: 'main', signals: [survivor, folded] });
    recordAlias(db, { oldId: folded.id as string, survivorId: survivor.id as string });
    const got = readSignal(db, folded.id as string)!;
    expect(got.signal.id).toBe(survivor.id);
    expect(got.resolvedFrom).toBe(folded.id);
    expect(got.mergedIds).toEqual([folded.id]);
    expect(readSignal(db, 'no-such-event')).toBeNull();
  });
});

describe('migration 12 (signal facets)', () => {
  it('fills the new columns of signals cached before it from their payloads', () => {
    const file = tempFile();
    const old = new BetterSqlite3(file);
    for (const m of migrations.filter((x) => x.version < 12)) {
      m.up(old);
      old.pragma(`user_version = ${m.version}`);
    }
    const s = mainSignal({
      measured: true,
      measured_kind: 'so2',
      escalation_trend: 'escalating',
      reporting: { distinct_hosts: 9 },
      plottable: true,
    });
    old
      .prepare(
        'INSERT INTO signals (seq, tkey, id, profile, plottable, lat, lng, occurred_at) VALUES (1, ?, ?, ?, 1, 1, 1, ?)',
      )
      .run(BigInt(Date.parse(s.occurred_at as string) / 1000) * 2n ** 20n, s.id, 'main', s.occurred_at);
    old.prepare('INSERT INTO signal_payloads (seq, payload) VALUES (1, ?)').run(JSON.stringify(s));
    old.close();
    const db = mainCacheAt(file);
    const row = querySignalRows(db, {}, {}).rows[0]!;
    expect(row).toMatchObject({ measured: true, measuredKind: 'so2', publishers: 9 });
    expect(querySignalPoints(db, {}).flags[0]).toBe(POINT_FLAGS.measured | POINT_FLAGS.escalating);
  });
});
