// Small builders for the cache tests: temporary files and signals shaped as the specs'
// "Signal (main profile)" and "Signal (alternate profile)".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { openCache, type Database } from '../../../electron/cache/index';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

export function tempFile(name = 'cache.db'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-cache-'));
  dirs.push(dir);
  return path.join(dir, name);
}

export const BASE = 'https://service.example/';

export function mainCache(): Database.Database {
  return openCache(tempFile(), { baseUrl: BASE, profile: 'main' });
}

export function alternateCache(): Database.Database {
  return openCache(tempFile(), { baseUrl: BASE, profile: 'alternate' });
}

let n = 0;
const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

export function mainSignal(over: Record<string, unknown> = {}): Record<string, unknown> {
  n++;
  return {
    id: uuid(n),
    category: 'armed_conflict',
    title: `Signal ${n}`,
    summary: 'Nothing further.',
    occurred_at: '2026-10-01T12:00:00Z',
    occurred_at_precision: 'hour',
    last_reported_at: '2026-10-01T13:00:00Z',
    location: 'Kharkiv',
    location_level: 'locality',
    country: 'Ukraine',
    country_code: 'UA',
    lat: 49.99,
    lng: 36.23,
    plottable: true,
    stage: 'localized',
    severity_score: 5.5,
    severity_band: 5,
    casualties: { killed: null, injured: 2, basis: 'reported_count', disputed: false, not_counted: [] },
    market_impact: ['grain'],
    last_updated_at: '2026-10-01T13:00:00Z',
    measured: false,
    ...over,
  };
}

export function alternateSignal(over: Record<string, unknown> = {}): Record<string, unknown> {
  n++;
  return {
    id: 100_000 + n,
    event_date: '2026-10-01',
    category: 'armed_conflict',
    event_type: 'ARMED_CONFLICT',
    title: `Alternate ${n}`,
    summary: 'Nothing further.',
    location: 'Odesa',
    country_code: 'UA',
    lat: 46.48,
    lng: 30.72,
    geo_verified: true,
    severity_score: 6.5,
    tags: ['armed_conflict'],
    last_updated_at: '2026-10-01T13:00:00Z',
    ...over,
  };
}

export const ids = (signals: readonly object[]): unknown[] => signals.map((s) => (s as { id?: unknown }).id);

export const count = (db: Database.Database, table: string): number =>
  db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
