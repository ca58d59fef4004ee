// The map's points come from columns held in memory (fast) and must be exactly what the SQL
// conditions of `watchfloor signals` select; they follow the cache as it changes; and they
// cross `serve` as one binary body that decodes back to the same typed arrays and ids.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  heldSignalPoints,
  markRetracted,
  openCache,
  openCacheReadOnly,
  recordAlias,
  signalPointsWarming,
  sqlSignalPoints,
  storeSignalsPage,
  warmSignalPoints,
  type Database,
} from '../../../electron/cache/index';
import type { SignalFilter, SignalPoints } from '../../../shared/contract';
import {
  decodeColumns,
  encodeColumns,
  holdsTypedArrays,
  withLineBytes,
  withUuidBytes,
} from '../../../shared/wire';
import { alternateCache, alternateSignal, BASE, mainCache, mainSignal, tempFile } from './fixtures';

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

describe('points read as the account opens (warmSignalPoints)', () => {
  /** More plottable signals than one slice of the read (5,000). */
  function large(): Database.Database {
    const db = mainCache();
    for (let page = 0; page < 24; page++)
      storeSignalsPage(db, {
        profile: 'main',
        signals: Array.from({ length: 500 }, (_, i) =>
          mainSignal({ lat: (page % 40) - 20, lng: i / 10, plottable: (page + i) % 4 !== 0 }),
        ),
      });
    return db;
  }

  /** Turns of the event loop taken until `done` settles. */
  async function turnsUntil(done: Promise<unknown>): Promise<number> {
    let settled = false;
    let turns = 0;
    void done.then(() => (settled = true));
    await new Promise<void>((resolve) => {
      const turn = () => {
        if (settled) return resolve();
        turns++;
        setImmediate(turn);
      };
      setImmediate(turn);
    });
    return turns;
  }

  it('let other work run between slices, then answer as SQL does without reading again', async () => {
    const db = large();
    const warm = warmSignalPoints(db);
    expect(signalPointsWarming(db)).toBe(warm);
    // The window's files and calls are answered while the columns are read.
    expect(await turnsUntil(warm)).toBeGreaterThanOrEqual(1);
    expect(signalPointsWarming(db)).toBeUndefined();
    const held = heldSignalPoints(db, {})!;
    expect(held.count).toBe(9_000);
    expect(rows(held)).toEqual(rows(sqlSignalPoints(db, {})));
    // Held: asked again, the same answer.
    expect(heldSignalPoints(db, {})).toBe(held);
  });

  it('miss no change made while they are read, on this connection or another', async () => {
    const db = large();
    const other = openCache(db.name, { baseUrl: BASE, profile: 'main' });
    try {
      for (const writer of [db, other]) {
        const warm = warmSignalPoints(db);
        await new Promise((resolve) => setImmediate(resolve));
        const added = mainSignal({ plottable: true, lat: 1, lng: 1 });
        storeSignalsPage(writer, { profile: 'main', signals: [added] });
        await warm;
        const after = heldSignalPoints(db, {})!;
        expect(after.ids).toContain(added.id);
        expect(rows(after)).toEqual(rows(sqlSignalPoints(db, {})));
      }
    } finally {
      other.close();
    }
  });
});

describe('answers kept for a filter', () => {
  it('are asked again without change until the cache changes, then show the change', () => {
    const { db } = seeded();
    const first = heldSignalPoints(db, { minSeverityBand: 6 })!;
    // The same conditions in another key order, or with an unset key, are the same filter.
    expect(heldSignalPoints(db, { measured: undefined, minSeverityBand: 6 })).toBe(first);
    const wide = { categories: ['civil_unrest'], bbox: [20, -10, 70, 30] } as SignalFilter;
    expect(heldSignalPoints(db, wide)).toBe(
      heldSignalPoints(db, { bbox: [20, -10, 70, 30], categories: ['civil_unrest'] }),
    );

    // A new severe signal: the next answer has it.
    const added = mainSignal({ severity_band: 9, occurred_at: '2026-10-12T00:00:00Z' });
    storeSignalsPage(db, { profile: 'main', signals: [added] });
    const after = heldSignalPoints(db, { minSeverityBand: 6 })!;
    expect(after.ids).toContain(added.id);
    expect(after.count).toBe(first.count + 1);
    expect(rows(after)).toEqual(rows(sqlSignalPoints(db, { minSeverityBand: 6 })));

    // A retraction changes a row already held: it leaves the map at the next call.
    markRetracted(db, { id: added.id as string, retractedAt: '2026-10-13T00:00:00Z' });
    expect(heldSignalPoints(db, { minSeverityBand: 6 })!.ids).not.toContain(added.id);
  });

  it('follow a commit made on another connection (the writer is one)', () => {
    const file = tempFile();
    const writer = openCache(file, { baseUrl: BASE, profile: 'main' });
    storeSignalsPage(writer, { profile: 'main', signals: [mainSignal(), mainSignal()] });
    const reader = openCacheReadOnly(file);
    try {
      expect(heldSignalPoints(reader, {})!.count).toBe(2);
      const added = mainSignal();
      storeSignalsPage(writer, { profile: 'main', signals: [added] });
      const after = heldSignalPoints(reader, {})!;
      expect(after.count).toBe(3);
      expect(after.ids).toContain(added.id);
    } finally {
      reader.close();
      writer.close();
    }
  });

  it('keep each filter its own answer, however many filters were asked in between', () => {
    const { db } = seeded();
    // More filters than are kept, asked twice round: each answer is still its own filter's.
    for (let round = 0; round < 2; round++)
      for (const f of FILTERS)
        expect(rows(heldSignalPoints(db, f)!), JSON.stringify(f)).toEqual(rows(sqlSignalPoints(db, f)));
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

  it('carries uuid ids as 16 bytes each and spells them back exactly', () => {
    const ids = Array.from({ length: 1000 }, () => randomUUID());
    ids.push('ffffffff-ffff-4fff-bfff-ffffffffffff', '00000000-0000-4000-8000-000000000000');
    const bytes = new Uint8Array(ids.length * 16);
    ids.forEach((id, i) => bytes.set(Buffer.from(id.replaceAll('-', ''), 'hex'), i * 16));
    const body = encodeColumns({
      ok: true,
      result: { ids: withUuidBytes(ids, bytes), n: new Uint8Array(2) },
    });
    expect(body.byteLength).toBeLessThan(ids.length * 17 + 1024);
    const back = decodeColumns(body.slice().buffer) as { result: { ids: string[]; n: Uint8Array } };
    expect(back.result.ids).toEqual(ids);
    expect(back.result.n).toEqual(new Uint8Array(2));
    expect(() => withUuidBytes(['x'], new Uint8Array(15))).toThrow();
  });

  it('spells the ids out when they are first read, each answer its own, and takes a new list', () => {
    const body = (ids: string[]) => {
      const bytes = new Uint8Array(ids.length * 16);
      ids.forEach((id, i) => bytes.set(Buffer.from(id.replaceAll('-', ''), 'hex'), i * 16));
      return encodeColumns({ ok: true, result: { ids: withUuidBytes(ids, bytes) } }).slice().buffer;
    };
    const first = Array.from({ length: 300 }, () => randomUUID());
    const second = Array.from({ length: 500 }, () => randomUUID());
    const a = decodeColumns(body(first)) as { result: { ids: string[] } };
    const b = decodeColumns(body(second)) as { result: { ids: string[] } };
    // Not spelled yet: the answer holds the bytes until the list is read.
    expect(Object.getOwnPropertyDescriptor(a.result, 'ids')?.get).toBeTypeOf('function');
    // Read in the other order than decoded: each spells its own bytes.
    expect(b.result.ids).toEqual(second);
    expect(a.result.ids).toEqual(first);
    expect(a.result.ids).toBe(a.result.ids);
    expect(Object.keys(a.result)).toEqual(['ids']);
    expect(JSON.parse(JSON.stringify(a.result))).toEqual({ ids: first });
    a.result.ids = ['x'];
    expect(a.result.ids).toEqual(['x']);
  });

  it('carries the times as seconds, an unknown time as NaN, and times past 2106 as they are', () => {
    const db = mainCache();
    const times = [null, '2026-10-01T12:34:56Z', '2040-02-29T00:00:01Z', '1970-01-02T00:00:00Z'];
    storeSignalsPage(db, { profile: 'main', signals: times.map((t) => mainSignal({ occurred_at: t })) });
    const roundTrip = () => {
      const points = heldSignalPoints(db, {})!;
      const body = encodeColumns({ ok: true, result: points });
      const back = decodeColumns(body.slice().buffer) as { result: SignalPoints };
      expect(back.result.time).toBeInstanceOf(Float64Array);
      expect(rows(back.result)).toEqual(rows(points));
      return { points, body };
    };
    const before = roundTrip();
    expect([...before.points.time].filter(Number.isNaN)).toHaveLength(1);
    expect([...before.points.time]).toContain(Date.parse('2040-02-29T00:00:01Z'));

    storeSignalsPage(db, { profile: 'main', signals: [mainSignal({ occurred_at: '2200-01-01T00:00:00Z' })] });
    const after = roundTrip();
    expect([...after.points.time]).toContain(Date.parse('2200-01-01T00:00:00Z'));
    // Past 2106 every time crosses as 8 bytes, not 4 (plus the new point's own columns).
    expect(after.body.byteLength).toBeGreaterThanOrEqual(before.body.byteLength + after.points.count * 4);
  });

  it('sends the ids of a main cache as uuids and any other ids as text, both back as they were', () => {
    const { db } = seeded();
    // One id that is not a lowercase uuid: every id of that cache travels as text.
    const odd = mainSignal({ id: 'ABCDEF01-0000-4000-8000-00000000000A' });
    const uuidsOnly = encodeColumns({ ok: true, result: heldSignalPoints(db, {}) });
    storeSignalsPage(db, { profile: 'main', signals: [odd] });
    const mixed = heldSignalPoints(db, {})!;
    const mixedBody = encodeColumns({ ok: true, result: mixed });
    expect(mixedBody.byteLength).toBeGreaterThan(uuidsOnly.byteLength + (mixed.count - 1) * 20);
    const back = decodeColumns(mixedBody.slice().buffer) as { result: SignalPoints };
    expect(back.result.ids).toEqual(mixed.ids);
    expect(back.result.ids).toContain(odd.id);

    const alt = alternateCache();
    storeSignalsPage(alt, { profile: 'alternate', signals: [alternateSignal(), alternateSignal()] });
    const points = heldSignalPoints(alt, {})!;
    const altBack = decodeColumns(encodeColumns({ ok: true, result: points }).slice().buffer) as {
      result: SignalPoints;
    };
    expect(altBack.result.ids).toEqual(points.ids);
    expect(altBack.result.ids).toHaveLength(2);
    expect(withLineBytes([], new Uint8Array(0))).toEqual([]);
  });
});
