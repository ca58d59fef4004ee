// The map's points come from columns held in memory (fast) and must be exactly what the SQL
// conditions of `watchfloor signals` select; they follow the cache as it changes; and they
// cross `serve` as one binary body that decodes back to the same typed arrays and ids.
import { describe, expect, it } from 'vitest';
import {
  heldSignalPoints,
  recordAlias,
  sqlSignalPoints,
  storeSignalsPage,
  type Database,
} from '../../../electron/cache/index';
import type { SignalFilter, SignalPoints } from '../../../shared/contract';
import { decodeColumns, encodeColumns, holdsTypedArrays } from '../../../shared/wire';
import { mainCache, mainSignal } from './fixtures';

function seeded(): { db: Database.Database; signals: Record<string, unknown>[] } {
  const signals = Array.from({ length: 120 }, (_, i) =>
    mainSignal({
      title: i % 3 ? `Drone strike near depot ${i}` : `Port protest ${i}`,
      summary: i % 4 ? 'Smoke seen.' : 'Roads closed.',
      category: ['armed_conflict', 'civil_unrest', 'maritime_incident'][i % 3],
      occurred_at: `2026-10-${String(1 + (i % 28)).padStart(2, '0')}T${String(i % 24).padStart(2, '0')}:30:00Z`,
      lat: -10 + (i % 40),
      lng: 20 + ((i * 7) % 50),
      plottable: i % 9 !== 0,
      stage: ['reported', 'localized', 'pinpointed'][i % 3],
      severity_band: i % 11 === 0 ? null : 1 + (i % 10),
      severity_score: (i % 100) / 10,
      market_impact: i % 5 === 0 ? ['oil'] : i % 5 === 1 ? ['shipping', 'grain'] : [],
      reporting: i % 13 === 0 ? null : { distinct_hosts: i % 8 },
      measured: i % 7 === 0,
      escalation_trend: i % 6 === 0 ? 'escalating' : 'stable',
      retracted_at: i % 17 === 0 ? '2026-10-30T00:00:00Z' : null,
    }),
  );
  const db = mainCache();
  storeSignalsPage(db, { profile: 'main', signals });
  return { db, signals };
}

const FILTERS: SignalFilter[] = [
  {},
  { bbox: [25, -5, 50, 20] },
  { start: '2026-10-05', end: '2026-10-20' },
  { start: '2026-10-05T10:00:00Z', end: '2026-10-20T05:30:00Z' },
  { q: 'drone depot' },
  { q: 'port -closed' },
  { q: '-smoke' },
  { q: 'drone', bbox: [20, -10, 45, 10], start: '2026-10-03' },
  { categories: ['civil_unrest', 'maritime_incident'] },
  { stages: ['pinpointed'] },
  { minSeverityBand: 6 },
  { markets: ['shipping', 'oil'] },
  { minPublishers: 5 },
  { measured: true },
  { measured: false, includeRetracted: true },
];

/** A point set as comparable rows (order is not part of the answer). */
function rows(p: Omit<SignalPoints, 'asOf'>) {
  return p.ids
    .map((id, i) => ({
      id,
      lng: p.lng[i],
      lat: p.lat[i],
      band: p.band[i],
      flags: p.flags[i],
      category: p.categories[p.category[i]!],
      time: p.time[i],
    }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

describe('points held in memory', () => {
  it('answer every filter exactly as the SQL conditions do', () => {
    const { db } = seeded();
    for (const f of FILTERS) {
      const held = heldSignalPoints(db, f)!;
      expect(held, JSON.stringify(f)).not.toBeNull();
      expect(rows(held), JSON.stringify(f)).toEqual(rows(sqlSignalPoints(db, f)));
    }
  });

  it('follow the cache: new signals, folds and retractions show at the next call', () => {
    const { db } = seeded();
    const before = heldSignalPoints(db, {})!;
    const added = mainSignal({ plottable: true, occurred_at: '2026-10-10T00:00:00Z' });
    storeSignalsPage(db, { profile: 'main', signals: [added] });
    const after = heldSignalPoints(db, {})!;
    expect(after.count).toBe(before.count + 1);
    expect(after.ids).toContain(added.id);
    recordAlias(db, { oldId: added.id as string, survivorId: before.ids[0]! });
    expect(heldSignalPoints(db, {})!.ids).not.toContain(added.id);
  });
});

describe('the serve body for columns', () => {
  it('decodes to the same typed arrays and ids, and leaves JSON answers alone', () => {
    const { db } = seeded();
    const points = { ...heldSignalPoints(db, {})!, asOf: '2026-10-31T00:00:00.000Z' };
    const outcome = { ok: true, result: points };
    expect(holdsTypedArrays(outcome)).toBe(true);
    expect(holdsTypedArrays({ ok: true, result: { rows: [1, 2], total: 2 } })).toBe(false);
    const body = encodeColumns(outcome);
    // As received over HTTP: a fresh buffer holding just the body.
    const back = decodeColumns(body.slice().buffer) as typeof outcome;
    expect(back.result.lat).toBeInstanceOf(Float32Array);
    expect(back.result.time).toBeInstanceOf(Float64Array);
    expect(back.result.ids).toEqual(points.ids);
    expect(rows(back.result)).toEqual(rows(points));
    expect(back.result.asOf).toBe(points.asOf);
    // The ids travel as bytes, not as a JSON array of strings: the body is smaller than JSON of the ids alone plus columns.
    expect(body.byteLength).toBeLessThan(JSON.stringify(points.ids).length + points.count * 19 + 4096);

    const none = { ...heldSignalPoints(db, { q: 'no-such-word-anywhere' })!, asOf: null };
    const empty = decodeColumns(encodeColumns({ ok: true, result: none }).slice().buffer) as {
      result: SignalPoints;
    };
    expect(empty.result.count).toBe(0);
    expect(empty.result.ids).toEqual([]);
    expect(empty.result.lng).toHaveLength(0);
  });
});
