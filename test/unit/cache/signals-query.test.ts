// querySignals follows GET /signals of the main profile (spec: bbox, start_date/end_date
// inclusive, q, categories, stages, min_severity_band, updated_since, sort latest) and the
// command line's output (docs/cli.md, "signals").
import { describe, expect, it } from 'vitest';
import { matchesQuery, parseQuery } from '../../../shared/q';
import { querySignals, storeSignalsPage, type Database } from '../../../electron/cache/index';
import { alternateCache, alternateSignal, ids, mainCache, mainSignal } from './fixtures';

function seeded(signals: Record<string, unknown>[]): Database.Database {
  const db = mainCache();
  storeSignalsPage(db, { profile: 'main', signals });
  return db;
}

describe('querySignals: q', () => {
  const s = {
    drone: mainSignal({
      title: 'Drone strike on fuel depot',
      summary: 'A depot burned.',
      occurred_at: '2026-10-05T00:00:00Z',
    }),
    depotFuel: mainSignal({
      title: 'Depot of fuel inspected',
      summary: 'Routine.',
      occurred_at: '2026-10-04T00:00:00Z',
    }),
    sao: mainSignal({
      title: 'Protest',
      location: 'São Paulo',
      country: 'Brazil',
      category: 'civil_unrest',
      occurred_at: '2026-10-03T00:00:00Z',
    }),
    port: mainSignal({
      title: 'Port closed',
      summary: 'Fuel shortage feared.',
      occurred_at: '2026-10-02T00:00:00Z',
    }),
  };
  const all = Object.values(s);

  it('every word must match one of title, summary, place, country or category', () => {
    const db = seeded(all);
    expect(ids(querySignals(db, { q: 'fuel depot' }))).toEqual([s.drone.id, s.depotFuel.id]);
    expect(ids(querySignals(db, { q: 'fuel ukraine' }))).toEqual([s.drone.id, s.depotFuel.id, s.port.id]);
    expect(ids(querySignals(db, { q: 'civil unrest brazil' }))).toEqual([s.sao.id]);
    expect(ids(querySignals(db, { q: 'fuel nowhere' }))).toEqual([]);
    db.close();
  });

  it('a quoted phrase keeps its order', () => {
    const db = seeded(all);
    expect(ids(querySignals(db, { q: '"fuel depot"' }))).toEqual([s.drone.id]);
    expect(ids(querySignals(db, { q: '"depot of fuel"' }))).toEqual([s.depotFuel.id]);
    db.close();
  });

  it('a leading minus excludes a word, with or without other words', () => {
    const db = seeded(all);
    expect(ids(querySignals(db, { q: 'fuel -drone' }))).toEqual([s.depotFuel.id, s.port.id]);
    expect(ids(querySignals(db, { q: 'fuel -"fuel depot"' }))).toEqual([s.depotFuel.id, s.port.id]);
    expect(ids(querySignals(db, { q: '-fuel' }))).toEqual([s.sao.id]);
    db.close();
  });

  it('ignores case and diacritics as unicode61 remove_diacritics 2 does', () => {
    const db = seeded(all);
    expect(ids(querySignals(db, { q: 'SAO PAULO' }))).toEqual([s.sao.id]);
    expect(ids(querySignals(db, { q: '"são paulo"' }))).toEqual([s.sao.id]);
    expect(ids(querySignals(db, { q: 'Dröne' }))).toEqual([s.drone.id]);
    db.close();
  });

  it('answers as shared/q.ts matchesQuery does, over many queries', () => {
    const words = ['fuel', 'depot', 'port', 'drone', 'sao', 'paulo', 'ukraine', 'closed', 'strike', 'of'];
    const db = seeded(all);
    const queries: string[] = [];
    for (const a of words) for (const b of words) queries.push(`${a} ${b}`, `${a} -${b}`, `"${a} ${b}"`);
    for (const q of queries) {
      const parsed = parseQuery(q);
      const expected = all
        .filter((x) =>
          matchesQuery(parsed, [x.title, x.summary, x.location, x.country, x.category] as string[]),
        )
        .map((x) => x.id);
      expect(ids(querySignals(db, { q })), q).toEqual(expected);
    }
    db.close();
  });
});

describe('querySignals: filters', () => {
  const s = {
    kyiv: mainSignal({
      lat: 50.45,
      lng: 30.52,
      occurred_at: '2026-10-10T23:59:59Z',
      category: 'armed_conflict',
      stage: 'pinpointed',
      severity_band: 9,
      last_updated_at: '2026-10-12T00:00:00Z',
    }),
    odesa: mainSignal({
      lat: 46.48,
      lng: 30.72,
      occurred_at: '2026-10-10T00:00:00Z',
      category: 'maritime_incident',
      stage: 'localized',
      severity_band: 6,
      last_updated_at: '2026-10-11T00:00:00Z',
    }),
    khartoum: mainSignal({
      lat: 15.5,
      lng: 32.56,
      occurred_at: '2026-10-09T10:00:00Z',
      category: 'armed_conflict',
      stage: 'reported',
      severity_band: 4,
      last_updated_at: '2026-10-10T00:00:00.000Z',
    }),
    early: mainSignal({
      lat: 50.0,
      lng: 36.2,
      occurred_at: '2026-10-08T00:00:00+03:00',
      category: 'protest',
      stage: 'localized',
      severity_band: 2,
      last_updated_at: '2026-10-08T00:00:00Z',
    }),
    nowhere: mainSignal({
      lat: null,
      lng: null,
      plottable: false,
      category: 'displacement',
      stage: 'reported',
      severity_band: 1,
      occurred_at: '2026-10-11T00:00:00Z',
      last_updated_at: '2026-10-11T00:00:00Z',
    }),
  };
  const all = Object.values(s);

  it('lists latest first', () => {
    const db = seeded([s.early, s.kyiv, s.nowhere, s.khartoum, s.odesa]);
    expect(ids(querySignals(db))).toEqual([s.nowhere.id, s.kyiv.id, s.odesa.id, s.khartoum.id, s.early.id]);
    db.close();
  });

  it('bbox keeps points inside it (edges included); signals without a point are left out', () => {
    const db = seeded(all);
    expect(ids(querySignals(db, { bbox: [22, 44, 40, 53] }))).toEqual([s.kyiv.id, s.odesa.id, s.early.id]);
    expect(ids(querySignals(db, { bbox: [30.52, 50.45, 31, 51] }))).toEqual([s.kyiv.id]);
    expect(ids(querySignals(db, { bbox: [-10, -10, 10, 10] }))).toEqual([]);
    expect(() => querySignals(db, { bbox: [10, 0, 5, 1] })).toThrow(/west/);
    db.close();
  });

  it('bbox leaves out country-level events (plottable false) even when they carry a point inside it', () => {
    const db = seeded(all);
    const countryLevel = mainSignal({
      title: 'Fuel shortages reported nationwide',
      lat: 49.0, // the country's centroid, not the event's place
      lng: 31.4,
      plottable: false,
      stage: 'reported',
      occurred_at: '2026-10-10T12:00:00Z',
    });
    storeSignalsPage(db, { profile: 'main', signals: [countryLevel] });
    const box = [22, 44, 40, 53] as const;
    expect(ids(querySignals(db, { bbox: box }))).toEqual([s.kyiv.id, s.odesa.id, s.early.id]);
    // From the FTS index (rare words) too, and listed without a bbox.
    expect(ids(querySignals(db, { bbox: box, q: 'shortages' }))).toEqual([]);
    expect(ids(querySignals(db, { q: 'shortages' }))).toEqual([countryLevel.id]);
    // Refined to a point later: now it is inside the box.
    storeSignalsPage(db, {
      profile: 'main',
      signals: [{ ...countryLevel, plottable: true, stage: 'localized', lat: 50.1, lng: 30.6 }],
    });
    expect(ids(querySignals(db, { bbox: box, q: 'shortages' }))).toEqual([countryLevel.id]);
    db.close();
  });

  it('window by occurred date, both ends inclusive, in UTC', () => {
    const db = seeded(all);
    expect(ids(querySignals(db, { startDate: '2026-10-10', endDate: '2026-10-10' }))).toEqual([
      s.kyiv.id,
      s.odesa.id,
    ]);
    // 2026-10-08T00:00+03:00 is 2026-10-07 21:00 UTC.
    expect(ids(querySignals(db, { startDate: '2026-10-07', endDate: '2026-10-07' }))).toEqual([s.early.id]);
    expect(ids(querySignals(db, { startDate: '2026-10-09' }))).toEqual([
      s.nowhere.id,
      s.kyiv.id,
      s.odesa.id,
      s.khartoum.id,
    ]);
    expect(ids(querySignals(db, { endDate: '2026-10-09' }))).toEqual([s.khartoum.id, s.early.id]);
    expect(() => querySignals(db, { startDate: '10/09/2026' })).toThrow(/YYYY-MM-DD/);
    db.close();
  });

  it('bbox + window + q together', () => {
    const db = seeded(all);
    expect(
      ids(
        querySignals(db, {
          bbox: [22, 44, 40, 53],
          startDate: '2026-10-09',
          endDate: '2026-10-31',
          q: 'ukraine',
        }),
      ),
    ).toEqual([s.kyiv.id, s.odesa.id]);
    db.close();
  });

  it('categories, stages, min severity band, updated since', () => {
    const db = seeded(all);
    expect(
      ids(
        querySignals(db, { categories: ['armed_conflict', 'protest'], stages: ['pinpointed', 'localized'] }),
      ),
    ).toEqual([s.kyiv.id, s.early.id]);
    expect(ids(querySignals(db, { minSeverityBand: 6 }))).toEqual([s.kyiv.id, s.odesa.id]);
    expect(ids(querySignals(db, { minSeverityBand: 9 }))).toEqual([s.kyiv.id]);
    expect(ids(querySignals(db, { updatedSince: '2026-10-11T00:00:00Z' }))).toEqual([
      s.nowhere.id,
      s.kyiv.id,
      s.odesa.id,
    ]);
    expect(ids(querySignals(db, { updatedSince: '2026-10-10T02:00:00+02:00' }))).toEqual([
      s.nowhere.id,
      s.kyiv.id,
      s.odesa.id,
      s.khartoum.id,
    ]);
    db.close();
  });

  it('limit, and 0 for all', () => {
    const db = seeded(all);
    expect(querySignals(db, { limit: 2 })).toHaveLength(2);
    expect(querySignals(db, { limit: 2, bbox: [-180, -90, 180, 90] })).toHaveLength(2);
    expect(querySignals(db, { limit: 0 })).toHaveLength(5);
    expect(() => querySignals(db, { limit: -1 })).toThrow(/limit/);
    db.close();
  });

  it('a bbox query finds the latest across a long window (slices do not lose order)', () => {
    const db = mainCache();
    const spread = Array.from({ length: 300 }, (_, i) =>
      mainSignal({
        lat: 10 + (i % 7) / 10,
        lng: 20,
        occurred_at: new Date(Date.UTC(2026, 0, 1) + i * 86_400_000 * 0.9).toISOString(),
      }),
    );
    storeSignalsPage(db, { profile: 'main', signals: spread });
    const expected = [...spread].reverse().map((x) => x.id);
    expect(ids(querySignals(db, { bbox: [19, 9, 21, 11], limit: 0 }))).toEqual(expected);
    expect(ids(querySignals(db, { bbox: [19, 9, 21, 11], limit: 150 }))).toEqual(expected.slice(0, 150));
    expect(
      ids(
        querySignals(db, { bbox: [19, 9, 21, 11], startDate: '2026-03-01', endDate: '2026-04-30', limit: 5 }),
      ),
    ).toEqual(
      spread
        .filter((x) => String(x.occurred_at) >= '2026-03-01' && String(x.occurred_at) < '2026-05-01')
        .reverse()
        .slice(0, 5)
        .map((x) => x.id),
    );
    db.close();
  });

  it('alternate profile: severity_score stands in for the band', () => {
    const db = alternateCache();
    const hi = alternateSignal({ severity_score: 9.1 });
    const lo = alternateSignal({ severity_score: 5.9 });
    storeSignalsPage(db, { profile: 'alternate', signals: [hi, lo] });
    expect(ids(querySignals(db, { minSeverityBand: 6 }))).toEqual([hi.id]);
    expect(ids(querySignals(db, { q: 'odesa' }))).toHaveLength(2);
    db.close();
  });
});
