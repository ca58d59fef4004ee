// Migrations (docs/style.md: numbered, strictly increasing, each in a transaction that sets
// user_version): an empty file and a file at every earlier version both reach the latest.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import {
  CacheVersionError,
  LATEST_VERSION,
  checkMigrationOrder,
  migrate,
  migrations,
  openCache,
  userVersion,
} from '../../../electron/cache/index';
import { BASE, tempFile } from './fixtures';

const tables = (db: Database.Database) =>
  (
    db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").pluck().all() as string[]
  ).filter((t) => !t.startsWith('sqlite_'));

describe('migrations', () => {
  it('are listed strictly increasing, and a list that is not is refused', () => {
    expect(() => checkMigrationOrder(migrations)).not.toThrow();
    const [a, b] = migrations;
    expect(() => checkMigrationOrder([b!, a!])).toThrow(/not above/);
    expect(() => checkMigrationOrder([a!, a!])).toThrow(/not above/);
  });

  it('migrate an empty file to the latest version', () => {
    const db = openCache(tempFile(), { baseUrl: BASE, profile: 'main' });
    expect(userVersion(db)).toBe(LATEST_VERSION);
    expect(tables(db)).toEqual(
      expect.arrayContaining([
        'signals',
        'signal_aliases',
        'signals_fts',
        'signals_rtree',
        'sync_checkpoints',
        'outbox',
      ]),
    );
    db.close();
  });

  it.each(migrations.map((m, i) => [m.version, i] as const))(
    'migrate a file left at version %i to the latest',
    (version, i) => {
      const file = tempFile();
      const old = new Database(file);
      migrate(old, migrations.slice(0, i + 1));
      expect(userVersion(old)).toBe(version);
      old.close();

      const db = openCache(file, { baseUrl: BASE, profile: 'main' });
      expect(userVersion(db)).toBe(LATEST_VERSION);
      const fresh = openCache(tempFile(), { baseUrl: BASE, profile: 'main' });
      expect(tables(db)).toEqual(tables(fresh));
      db.close();
      fresh.close();
    },
  );

  it('run each step in a transaction: a failing step leaves the file at the step before', () => {
    const db = new Database(tempFile());
    const broken = [
      ...migrations.slice(0, 1),
      {
        version: migrations[1]!.version,
        name: 'broken',
        up(d: Database.Database) {
          d.exec('CREATE TABLE half_done (x)');
          throw new Error('step failed');
        },
      },
    ];
    expect(() => migrate(db, broken)).toThrow('step failed');
    expect(userVersion(db)).toBe(migrations[0]!.version);
    expect(tables(db)).not.toContain('half_done');
    db.close();
  });

  it('refuse a file from a newer Watchfloor', () => {
    const file = tempFile();
    const db = new Database(file);
    db.pragma(`user_version = ${LATEST_VERSION + 1}`);
    db.close();
    expect(() => openCache(file, { baseUrl: BASE, profile: 'main' })).toThrow(CacheVersionError);
  });
});
