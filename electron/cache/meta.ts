// The cache's identity: one file per account profile, recording its base URL and profile
// on first open and refusing another (docs/architecture.md, "The cache").
import type Database from 'better-sqlite3';

// The one Profile type (shared/contract.ts), re-exported for this module's users.
import type { Profile } from '../../shared/contract';
export type { Profile };

export interface CacheMeta {
  baseUrl: string;
  profile: Profile;
  createdAt: string;
  /** Made by the built-in demo (migration 020): demo data, whatever its host. */
  demo: boolean;
}

export class CacheMismatchError extends Error {
  constructor(
    readonly file: string,
    readonly recorded: { baseUrl: string; profile: Profile; demo?: boolean },
    readonly requested: { baseUrl: string; profile: Profile; demo?: boolean },
  ) {
    const whose = (r: { baseUrl: string; profile: Profile; demo?: boolean }) =>
      `${r.demo ? 'the demo at ' : ''}${r.baseUrl} (${r.profile} profile)`;
    super(
      `the cache ${file} belongs to ${whose(recorded)}, not ${whose(requested)}; ` +
        'use another --db file for this account',
    );
    this.name = 'CacheMismatchError';
  }
}

/** Base URLs compare without trailing slashes, with scheme and host in lower case. */
export function normalizeBaseUrl(url: string): string {
  const trimmed = url.trim();
  try {
    const u = new URL(trimmed);
    return `${u.protocol}//${u.host}${u.pathname}`.replace(/\/+$/, '');
  } catch {
    return trimmed.replace(/\/+$/, '');
  }
}

export function readCacheMeta(db: Database.Database): CacheMeta | null {
  const row = db
    .prepare('SELECT base_url, profile, created_at, demo FROM cache_meta WHERE singleton = 1')
    .get() as { base_url: string; profile: Profile; created_at: string; demo: number } | undefined;
  return row
    ? { baseUrl: row.base_url, profile: row.profile, createdAt: row.created_at, demo: row.demo === 1 }
    : null;
}

/** Records the identity on first open; throws CacheMismatchError when another is recorded. */
export function claimCache(
  db: Database.Database,
  file: string,
  baseUrl: string,
  profile: Profile,
  demo = false,
): CacheMeta {
  const requested = { baseUrl: normalizeBaseUrl(baseUrl), profile };
  return db
    .transaction(() => {
      const recorded = readCacheMeta(db);
      if (recorded) {
        // The demo mark is the file's from its first claim: a demo service's address is new
        // each start, so no other service ever claims it again.
        if (recorded.baseUrl !== requested.baseUrl || recorded.profile !== requested.profile)
          throw new CacheMismatchError(file, recorded, { ...requested, demo });
        return recorded;
      }
      const createdAt = new Date().toISOString();
      db.prepare(
        'INSERT INTO cache_meta (singleton, base_url, profile, created_at, demo) VALUES (1, ?, ?, ?, ?)',
      ).run(requested.baseUrl, profile, createdAt, demo ? 1 : 0);
      return { ...requested, createdAt, demo };
    })
    .immediate();
}

const profiles = new WeakMap<Database.Database, Profile>();

/** The profile recorded in the cache (remembered per connection). */
export function cacheProfile(db: Database.Database): Profile | null {
  const known = profiles.get(db);
  if (known) return known;
  const meta = readCacheMeta(db);
  if (meta) profiles.set(db, meta.profile);
  return meta?.profile ?? null;
}
