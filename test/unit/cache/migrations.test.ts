// Migrations (docs/cache.md, "Migrations": numbered files, strictly increasing, each in a
// transaction that sets user_version): an empty file and a file at every earlier version,
// holding that version's rows, reach the latest with their rows intact; a file whose tables
// an earlier Watchfloor made outside the numbered steps migrates too.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import {
  CacheVersionError,
  LATEST_VERSION,
  checkMigrationOrder,
  getSignal,
  hasElementsTables,
  importElements,
  listElements,
  markRetracted,
  migrate,
  migrations,
  openCache,
  openCacheUnclaimed,
  querySignals,
  readCacheMeta,
  storeSignalsPage,
  userVersion,
  type SignalQuery,
} from '../../../electron/cache/index';
import { decodePayload, payloadEncoder, type PayloadColumns } from '../../../electron/cache/payload';
import { rowColumns } from '../../../electron/cache/signals-query';
import { signalRow } from '../../../electron/cache/signal-columns';
import { BASE, mainSignal, tempFile } from './fixtures';
import { legacyTables, seeds } from './migration-data';

const tables = (db: Database.Database) =>
  (
    db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").pluck().all() as string[]
  ).filter((t) => !t.startsWith('sqlite_'));

/** Every table and index with its columns: what a fresh file and a migrated one must share. */
const schema = (db: Database.Database) =>
  (
    db
      .prepare("SELECT type, name, tbl_name FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%' ORDER BY name")
      .all() as { type: string; name: string; tbl_name: string }[]
  ).map((o) => ({
    ...o,
    columns: db.pragma(`${o.type === 'index' ? 'index' : 'table'}_xinfo("${o.name}")`) as unknown[],
  }));

let fresh: ReturnType<typeof schema> | undefined;
const freshSchema = () => {
  if (fresh) return fresh;
  const db = openCache(tempFile(), { baseUrl: BASE, profile: 'main' });
  try {
    return (fresh = schema(db));
  } finally {
    db.close();
  }
};

/** A file left at `version` by the steps up to it, holding every seed up to it. */
function fileAt(version: number, before?: (db: Database.Database) => void): string {
  const file = tempFile();
  const old = new Database(file);
  old.pragma('synchronous = OFF'); // a test file: no need to wait for the disk
  migrate(
    old,
    migrations.filter((m) => m.version <= version),
  );
  old.transaction(() => {
    before?.(old);
    for (const [v, seed] of Object.entries(seeds)) if (Number(v) <= version) seed.seed(old);
  })();
  expect(userVersion(old)).toBe(version);
  old.close();
  return file;
}

const checkSeeds = (db: Database.Database, upTo: number) => {
  for (const [v, seed] of Object.entries(seeds)) if (Number(v) <= upTo) seed.check(db);
};

const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../../electron/cache/migrations');

describe('migrations', () => {
  it('are listed strictly increasing, one numbered file each, and a list that is not is refused', () => {
    expect(() => checkMigrationOrder(migrations)).not.toThrow();
    expect(migrations.at(-1)!.version).toBe(LATEST_VERSION);
    // NNN-name.ts holds the step of version NNN named "name"; every such file is listed.
    const files = readdirSync(MIGRATIONS_DIR)
      .map((f) => /^(\d{3})-(.+)\.ts$/.exec(f))
      .filter((m) => m !== null)
      .map((m) => ({ version: Number(m[1]), name: m[2] }));
    expect(files).toEqual(migrations.map((m) => ({ version: m.version, name: m.name })));
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

  it('have representative rows here for every step that adds a table', () => {
    const db = new Database(':memory:');
    const tableCount = () =>
      db.prepare("SELECT count(*) FROM sqlite_schema WHERE type = 'table'").pluck().get();
    for (const m of migrations) {
      const before = tableCount();
      migrate(
        db,
        migrations.filter((x) => x.version <= m.version),
      );
      if (tableCount() !== before) expect(seeds[m.version], `rows for step ${m.version}`).toBeDefined();
    }
    db.close();
  });

  it.each(migrations.map((m, i) => [m.version, migrations[i - 1]?.version ?? 0] as const))(
    'step %i: a file at version %i keeps its rows, and reaches the latest version with the fresh schema',
    (_step, previous) => {
      const db = openCache(fileAt(previous), { baseUrl: BASE, profile: 'main' });
      try {
        expect(userVersion(db)).toBe(LATEST_VERSION);
        checkSeeds(db, previous);
        expect(schema(db)).toEqual(freshSchema());
      } finally {
        db.close();
      }
    },
  );

  it.each(
    legacyTables.flatMap(({ version, since, ddl }) =>
      [0, ...migrations.map((m) => m.version)]
        .filter((v) => v >= since && v < version)
        .map((previous) => [version, previous, ddl] as const),
    ),
  )(
    "step %i's tables made outside the list in a file at version %i: it migrates, keeping their rows",
    (step, previous, ddl) => {
      const file = fileAt(previous, (old) => {
        old.exec(ddl);
        seeds[step]!.seed(old);
      });
      const db = openCache(file, { baseUrl: BASE, profile: 'main' });
      try {
        expect(userVersion(db)).toBe(LATEST_VERSION);
        seeds[step]!.check(db);
        expect(schema(db)).toEqual(freshSchema());
      } finally {
        db.close();
      }
    },
  );

  it('step 13 packs every payload of a file at 12, and each reads back exactly as received', () => {
    // Nested objects and arrays, keys JavaScript reorders (integer-like), "__proto__", text
    // that looks like a packed object, unicode, numbers, null: the JSON written is the same.
    const records = [
      { id: 'p-1', title: 'Kharkiv', reporting: { distinct_hosts: 3, hosts: ['a', { b: 1 }] }, n: null },
      { id: 'p-2', '10': 'x', '2': 'y', nested: { '{"1":[2]}': [[], {}, [{}]] }, f: -1.5e-7, t: true },
      JSON.parse('{"id":"p-3","__proto__":{"polluted":1},"s":"Łódź \\u0000 \\"q\\""}') as Record<
        string,
        unknown
      >,
      { id: 'p-4', title: 'Kharkiv again', reporting: { distinct_hosts: 4, hosts: [] }, n: null },
    ];
    const file = fileAt(12, (old) => {
      const put = old
        .prepare("INSERT INTO signals (tkey, id, profile) VALUES (?, ?, 'main') RETURNING seq")
        .pluck();
      records.forEach((r, i) =>
        old
          .prepare('INSERT INTO signal_payloads VALUES (?, ?)')
          .run(put.get(BigInt(i + 100), r.id), JSON.stringify(r)),
      );
    });
    const db = openCache(file, { baseUrl: BASE, profile: 'main' });
    try {
      // With the row's columns: since step 16 a payload refers to the fields its row holds.
      const rows = db
        .prepare(
          `SELECT ${rowColumns('s')} FROM signals s JOIN signal_payloads p ON p.seq = s.seq WHERE s.id LIKE 'p-%' ORDER BY s.id`,
        )
        .all() as (PayloadColumns & { payload: Buffer })[];
      const stored = rows.map((r) => r.payload);
      expect(stored.every((p) => Buffer.isBuffer(p))).toBe(true);
      expect(rows.map((r) => JSON.stringify(decodePayload(db, r.payload, r)))).toEqual(
        records.map((r) => JSON.stringify(r)),
      );
      expect(Object.getPrototypeOf(decodePayload(db, stored[2]!, rows[2]))).toBe(Object.prototype);
      // Records of one shape share it: two records, one key list each level (and since step 16
      // a top-level list naming the fields the row holds, beside step 13's).
      expect(db.prepare('SELECT count(*) FROM signal_payload_shapes').pluck().get()).toBeLessThan(16);
    } finally {
      db.close();
    }
  });

  it('step 16 stores the fields a row holds once, in the row, and every payload still reads back as received', () => {
    const record = (i: number, over: Record<string, unknown> = {}) =>
      mainSignal({
        id: `c-${i}`,
        title: `Fuel depot fire in Odesa ${i}`,
        occurred_at: `2026-10-1${i}T12:00:00.000Z`,
        ...over,
      });
    const records = [
      record(1),
      // Values the row holds otherwise (a time normalised, -0, a lone surrogate, a band with
      // a fraction) stay in the payload.
      record(2, { occurred_at: '2026-10-12T12:00:00Z', lng: -0, title: 'Odesa \ud800', severity_band: 6.5 }),
      record(3, { country: null, location: 42 }),
    ];
    const bytesAt15: number[] = [];
    const file = fileAt(15);
    const old = new Database(file);
    old.transaction(() => {
      // As steps 13–15 stored a signal: its columns, its FTS row, and the payload packed alone.
      const encode = payloadEncoder(old);
      const put = old
        .prepare(
          `INSERT INTO signals (tkey, id, profile, occurred_at, last_updated_at, severity_band, severity_score,
             stage, category, lat, lng, plottable, country_code, title, place, country)
           VALUES (?, ?, 'main', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING seq`,
        )
        .pluck();
      for (const [i, r] of records.entries()) {
        const c = signalRow('main', r, i);
        const tkey = BigInt(c.second) * 2n ** 20n;
        const seq = put.get(
          tkey,
          c.id,
          c.occurred_at,
          c.last_updated_at,
          c.severity_band,
          c.severity_score,
          c.stage,
          c.category,
          c.lat,
          c.lng,
          c.plottable,
          c.country_code,
          c.title,
          c.place,
          c.country,
        ) as number;
        const packed = encode(r);
        bytesAt15.push(packed.length);
        old.prepare('INSERT INTO signal_payloads VALUES (?, ?)').run(seq, packed);
        old
          .prepare(
            'INSERT INTO signals_fts (rowid, title, summary, place, country, category) VALUES (?, ?, ?, ?, ?, ?)',
          )
          .run(tkey, c.title, c.summary, c.place, c.country, c.category);
      }
    })();
    old.close();
    const db = openCache(file, { baseUrl: BASE, profile: 'main' });
    try {
      const stored = db
        .prepare(
          "SELECT p.payload FROM signals s JOIN signal_payloads p ON p.seq = s.seq WHERE s.id LIKE 'c-%' ORDER BY s.id",
        )
        .pluck()
        .all() as Buffer[];
      expect(stored[0]!.toString()).not.toContain('Fuel depot fire');
      expect(stored[0]!.length).toBeLessThan(bytesAt15[0]! - 100);
      expect(stored[1]!.toString()).toContain('2026-10-12T12:00:00Z');
      for (const [i, r] of records.entries()) {
        expect(JSON.stringify(getSignal(db, r.id as string)?.signal)).toBe(
          JSON.stringify({ ...r, profile: 'main', retracted: false }),
        );
        expect(querySignals(db, { q: `odesa ${i + 1}`, limit: 0 }).map((s) => s.id)).toEqual(
          i === 1 ? [] : [r.id],
        );
      }
    } finally {
      db.close();
    }
  });

  it('step 17 looks ids up by their hash: two ids sharing one are told apart, and a page sent again updates its rows', () => {
    const file = fileAt(16);
    const db = openCache(file, { baseUrl: BASE, profile: 'main' });
    try {
      const count = () => db.prepare('SELECT count(*) FROM signals').pluck().get() as number;
      const before = count();
      // A collision: sig-a's row takes sig-b's hash, so every look-up of sig-b finds both.
      db.prepare(
        "UPDATE signals SET idh = (SELECT idh FROM signals WHERE id = 'sig-b') WHERE id = 'sig-a'",
      ).run();
      const titleOf = (id: string) => db.prepare('SELECT title FROM signals WHERE id = ?').pluck().get(id);
      expect(getSignal(db, 'sig-b')?.signal.id).toBe('sig-b');
      storeSignalsPage(db, {
        profile: 'main',
        signals: [mainSignal({ id: 'sig-b', title: 'Air raid alert lifted' })],
      });
      expect(count()).toBe(before);
      expect(getSignal(db, 'sig-b')?.signal.title).toBe('Air raid alert lifted');
      expect(titleOf('sig-a')).toBe('Shelling near Kharkiv');
      expect(markRetracted(db, { id: 'sig-b' })).toBe(true);
      expect(
        db.prepare("SELECT id FROM signals WHERE retracted = 1 AND id IN ('sig-a', 'sig-b')").pluck().all(),
      ).toEqual(['sig-b']);
      const page = [mainSignal({ title: 'New one' }), mainSignal({ title: 'Another' })];
      storeSignalsPage(db, { profile: 'main', signals: page });
      storeSignalsPage(db, { profile: 'main', signals: page });
      expect(count()).toBe(before + 2);
      expect(
        db
          .prepare("SELECT count(*) FROM sqlite_schema WHERE sql LIKE '%UNIQUE%' AND tbl_name = 'signals'")
          .pluck()
          .get(),
      ).toBe(0);
    } finally {
      db.close();
    }
  });

  it('step 19 indexes where each signal is: q and bbox + q answer as before, from the text and the cells', () => {
    const file = fileAt(18);
    // The answers before the step, from the same query code on the file as it was.
    const queries: SignalQuery[] = [
      { q: 'ukraine', limit: 0, includeRetracted: true },
      { q: 'odesa', limit: 0 },
      { bbox: [20, 40, 40, 55], q: 'ukraine', limit: 0, includeRetracted: true },
    ];
    const old = new Database(file);
    const before = queries.map((q) => querySignals(old, q, { start: 'box' }).map((s) => s.id));
    old.close();
    expect(before[0]!.length).toBeGreaterThan(1);
    expect(before[2]!.length).toBeGreaterThan(0);
    const db = openCache(file, { baseUrl: BASE, profile: 'main' });
    try {
      for (const [i, q] of queries.entries()) {
        // Step 20 then takes the alternate country-level record (sig-d) out of every box.
        const expected = q.bbox ? before[i]!.filter((id) => id !== 'sig-d') : before[i];
        expect(
          querySignals(db, q).map((s) => s.id),
          JSON.stringify(q),
        ).toEqual(expected);
        if (q.bbox) expect(querySignals(db, q, { start: 'cells' }).map((s) => s.id)).toEqual(expected);
      }
      // Only drawable points carry cells: as many as the R*Tree holds.
      const count = (sql: string) => db.prepare(sql).pluck().get() as number;
      expect(count("SELECT count(*) FROM signals_fts WHERE signals_fts MATCH 'cells : c*'")).toBe(
        count('SELECT count(*) FROM signals_rtree'),
      );
      checkSeeds(db, 18);
    } finally {
      db.close();
    }
  });

  it('open a file for orbital elements before any sync: migrated once, unclaimed, later claimed', () => {
    const file = tempFile();
    const first = openCacheUnclaimed(file);
    expect(userVersion(first)).toBe(LATEST_VERSION);
    expect(hasElementsTables(first)).toBe(true);
    expect(readCacheMeta(first)).toBeNull();
    importElements(first, {
      sets: [
        { noradId: 25544, epoch: '2026-09-30T00:00:00.000Z', name: 'ISS', format: 'tle', raw: 'l1\nl2' },
      ],
      source: 'file:/a.tle',
      fetchedAt: '2026-10-01T00:00:00.000Z',
    });
    expect(migrate(first)).toEqual([]); // nothing left to run on an open connection
    first.close();

    const db = openCache(file, { baseUrl: BASE, profile: 'alternate' });
    expect(readCacheMeta(db)).toMatchObject({ profile: 'alternate' });
    expect(listElements(db).map((s) => s.noradId)).toEqual([25544]);
    db.close();
    // And an account's file opened for elements keeps its identity.
    openCacheUnclaimed(file).close();
    const again = openCache(file, { baseUrl: BASE, profile: 'alternate' });
    expect(readCacheMeta(again)).toMatchObject({ profile: 'alternate' });
    again.close();
  });

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
