// The map's point columns saved beside the cache file (read/points-file.ts) stand in for the
// table at the next launch only while they are exactly what a fresh read of the table gives:
// after syncs, updates, retractions, folds and deletes, a new connection either finds them
// stale or loads columns whose every answer equals the fresh read's, order and all.
import fs from 'node:fs';
import { setImmediate as tick } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import {
  heldSignalPoints,
  markRetracted,
  openCache,
  openCacheReadOnly,
  recordAlias,
  sqlSignalPoints,
  storeSignalsPage,
  type Database,
} from '../../../electron/cache/index';
import { loadPoints, pointsFileOf, pointsKey } from '../../../electron/cache/read/points-file';
import { savePointColumns } from '../../../electron/cache/read/points';
import type { SignalFilter } from '../../../shared/contract';
import { alternateSignal, BASE, mainSignal, tempFile } from './fixtures';

const FILTERS: SignalFilter[] = [
  {},
  { bbox: [25, -5, 50, 20] },
  { start: '2026-10-05', end: '2026-10-20' },
  { q: 'drone' },
  { categories: ['civil_unrest'] },
  { stages: ['pinpointed'] },
  { minSeverityBand: 6 },
  { markets: ['oil'] },
  { minPublishers: 3 },
  { measured: false, includeRetracted: true },
];

function signals(
  make: (over: Record<string, unknown>) => Record<string, unknown>,
  from: number,
  count: number,
) {
  return Array.from({ length: count }, (_, k) => {
    const i = from + k;
    return make({
      title: i % 2 ? `Drone strike ${i}` : `Protest ${i}`,
      category: ['armed_conflict', 'civil_unrest'][i % 2],
      occurred_at: `2026-10-${String(1 + (i % 28)).padStart(2, '0')}T10:00:00Z`,
      lat: -10 + (i % 40),
      lng: 20 + ((i * 7) % 50),
      plottable: i % 9 !== 0,
      stage: ['reported', 'localized', 'pinpointed'][i % 3],
      severity_band: i % 11 === 0 ? null : 1 + (i % 10),
      severity_score: (i % 100) / 10,
      market_impact: i % 5 === 0 ? ['oil'] : ['grain'],
      reporting: { distinct_hosts: i % 6 },
    });
  });
}

/** Every filter's answer on a new connection, as a launch asks; the columns it read are saved. */
async function launch(file: string) {
  const db = openCacheReadOnly(file);
  try {
    const key = pointsKey(db);
    const saved = key ? loadPoints(pointsFileOf(db)!, key) : null;
    const answers = FILTERS.map((f) => heldSignalPoints(db, f));
    const sql = FILTERS.map((f) => sqlSignalPoints(db, f));
    // The save waits for the answer to go out.
    await tick();
    return { saved: saved !== null, answers, sql };
  } finally {
    db.close();
  }
}

describe.each([
  { profile: 'main' as const, make: mainSignal, ids: 'ids as uuids' },
  { profile: 'alternate' as const, make: alternateSignal, ids: 'ids as text' },
])('point columns saved beside a $profile cache ($ids)', ({ profile, make }) => {
  it('are used only while current, and then answer exactly as a fresh read of the table', async () => {
    const file = tempFile();
    const writer: Database.Database = openCache(file, { baseUrl: BASE, profile });
    try {
      const first = signals(make, 0, 150);
      storeSignalsPage(writer, { profile, signals: first });
      const changes: [string, () => void][] = [
        [
          'a sync of new signals',
          () => storeSignalsPage(writer, { profile, signals: signals(make, 150, 40) }),
        ],
        [
          'a sync updating signals already held (moved, more severe)',
          () =>
            storeSignalsPage(writer, {
              profile,
              signals: first
                .slice(0, 5)
                .map((s) => ({ ...s, lat: 1.5, severity_band: 10, last_updated_at: '2026-10-02T00:00:00Z' })),
            }),
        ],
        [
          'a retraction',
          () => markRetracted(writer, { id: first[7]!.id as string, retractedAt: '2026-10-30T00:00:00Z' }),
        ],
        [
          'a fold',
          () => recordAlias(writer, { oldId: first[8]!.id as string, survivorId: first[10]!.id as string }),
        ],
        [
          'a delete',
          () =>
            expect(
              writer.prepare('DELETE FROM signals WHERE id = ?').run(String(first[12]!.id)).changes,
            ).toBe(1),
        ],
      ];
      // The first launch reads the table and saves; the next loads what it saved.
      const fresh = await launch(file);
      expect(fresh.saved).toBe(false);
      let loaded = await launch(file);
      expect(loaded.saved).toBe(true);
      expect(loaded.answers).toEqual(fresh.answers);
      for (const [what, change] of changes) {
        change();
        const after = await launch(file);
        expect(after.saved, `${what}: the saved columns are stale`).toBe(false);
        for (const [k, answer] of after.answers.entries())
          expect(answer!.count, `${what}: ${JSON.stringify(FILTERS[k])}`).toBe(after.sql[k]!.count);
        loaded = await launch(file);
        expect(loaded.saved, what).toBe(true);
        expect(loaded.answers, what).toEqual(after.answers);
      }
      expect(loaded.answers[0]!.ids).not.toContain(String(first[12]!.id));
      expect(loaded.answers[0]!.ids).not.toContain(String(first[8]!.id));
      expect(loaded.answers[0]!.ids).toContain(String(first[10]!.id));
    } finally {
      writer.close();
    }
  });

  it('saved by the sync after a long pass, load at the next launch and answer as a fresh read', async () => {
    const file = tempFile();
    const writer: Database.Database = openCache(file, { baseUrl: BASE, profile });
    try {
      storeSignalsPage(writer, { profile, signals: signals(make, 0, 150) });
      expect(savePointColumns(writer)).toBe(true);
      const launched = await launch(file);
      expect(launched.saved).toBe(true);
      for (const [k, answer] of launched.answers.entries())
        expect(answer!.count, JSON.stringify(FILTERS[k])).toBe(launched.sql[k]!.count);
      // What the first launch would have read from the table, had nothing been saved.
      fs.rmSync(pointsFileOf(writer)!);
      expect((await launch(file)).answers).toEqual(launched.answers);
    } finally {
      writer.close();
    }
  });
});
