// Small helpers shared by the cache's query files.
import type Database from 'better-sqlite3';
import { registerIdHash } from './id-hash';

const cache = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/** A prepared statement, prepared once per connection (preparing costs more than running). */
export function stmt(db: Database.Database, sql: string): Database.Statement {
  let byText = cache.get(db);
  if (!byText) cache.set(db, (byText = new Map()));
  let s = byText.get(sql);
  if (!s) {
    if (sql.includes('signal_id_hash(')) registerIdHash(db);
    byText.set(sql, (s = db.prepare(sql)));
  }
  return s;
}

export type Json = Record<string, unknown>;

export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export const str = (v: unknown): string | null =>
  typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : null;

export const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export const bool = (v: unknown): number | null => (typeof v === 'boolean' ? (v ? 1 : 0) : null);

/** A service id (uuid string or integer) as the text the cache keys it by. */
export function idOf(v: unknown): string | null {
  if (typeof v === 'string' && v !== '') return v;
  if (typeof v === 'number' && Number.isInteger(v)) return String(v);
  return null;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const CANONICAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const WHOLE_SECONDS_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/**
 * Timestamps stored as ISO 8601 UTC with milliseconds so they sort as text ("…:00Z" would
 * sort after "…:00.500Z"); a date alone stays a date. Text that is not a time is kept.
 */
export function normTime(v: unknown): string | null {
  if (typeof v !== 'string' || v === '') return null;
  // Fast paths for the service's usual forms (ingest normalises two times per signal).
  if (CANONICAL.test(v) || DATE_ONLY.test(v)) return v;
  if (WHOLE_SECONDS_Z.test(v)) return `${v.slice(0, 19)}.000Z`;
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? v : new Date(ms).toISOString();
}

/** The day after a YYYY-MM-DD date (exclusive end of an inclusive window). */
export function nextDay(date: string): string {
  const ms = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(ms)) throw new RangeError(`not a date (YYYY-MM-DD): "${date}"`);
  return new Date(ms + 86_400_000).toISOString().slice(0, 10);
}

export function checkDate(date: string, label: string): string {
  if (!DATE_ONLY.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)))
    throw new RangeError(`${label} must be a date YYYY-MM-DD, got "${date}"`);
  return date;
}

export const parseJson = <T = Json>(text: string | null): T | null =>
  text === null ? null : (JSON.parse(text) as T);
