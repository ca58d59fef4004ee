// Representative rows of each schema version, written as that version's code wrote them
// (plain SQL, frozen like the migrations themselves), and what a user of the latest cache
// must still find of them: migrations.test.ts builds a file at version N-1 with every seed
// up to N-1, migrates it, and runs every check. Keyed by the step that made the tables.
import type Database from 'better-sqlite3';
import { expect } from 'vitest';
import {
  getBrief,
  getCheckpoint,
  getEntity,
  getFetchRecord,
  getListMeta,
  getMonitoringArea,
  getOutboxRow,
  getSignal,
  getThread,
  getWatch,
  listClaims,
  listDecisionPackages,
  listDevelopments,
  listElements,
  listMeasured,
  listNotes,
  listOpenOutboxRows,
  listStandingOrders,
  listTransit,
  outboxRemoteId,
  querySignals,
  readCacheMeta,
  recentThreadIds,
  unseenSignalIds,
} from '../../../electron/cache/index';
import { listLocalNotes } from '../../../electron/cache/local-notes';
import { migration014 } from '../../../electron/cache/migrations/014-local-notes';
import { idHash } from '../../../electron/cache/id-hash';
import { migration015 } from '../../../electron/cache/migrations/015-tool-answers';
import { migration018 } from '../../../electron/cache/migrations/018-signal-change-count';
import { getToolAnswer, getToolSetting, listToolAnswers } from '../../../electron/cache/tool-answers';

export interface Seed {
  seed(db: Database.Database): void;
  check(db: Database.Database): void;
}

const AT = '2026-10-01T13:00:00.000Z';
const SECOND = Date.parse('2026-10-01T12:00:00Z') / 1000;
const T = SECOND / 3600;
const key = (slot: number) => BigInt(SECOND) * 2n ** 20n + BigInt(slot);

// A plottable main event, a country-level one (plottable false: before step 11 it had an
// R*Tree row all the same), an id folded into the first, and an alternate-profile record.
const SIGNALS = [
  { id: 'sig-a', profile: 'main', plottable: 1, lat: 49.99, lng: 36.23, title: 'Shelling near Kharkiv' },
  { id: 'sig-b', profile: 'main', plottable: 0, lat: 48.38, lng: 31.17, title: 'Nationwide air raid alert' },
  {
    id: 'sig-c',
    profile: 'main',
    plottable: 1,
    lat: 49.98,
    lng: 36.25,
    title: 'Strike in Kharkiv',
    folded: 'sig-a',
  },
  { id: 'sig-d', profile: 'alternate', plottable: 0, lat: 50.45, lng: 30.52, title: 'Power outage in Kyiv' },
] as const;

const UKRAINE = [22, 44, 40.5, 52.5] as const;

/** The id's hash as a column of the insert where the file has it (step 17 on), so seeds fit a file at any version. */
function idhColumn(db: Database.Database, id: string): { col: string; val: string; args: number[] } {
  const has = (db.pragma('table_info(signals)') as { name: string }[]).some((c) => c.name === 'idh');
  return has ? { col: ', idh', val: ', ?', args: [idHash(id)] } : { col: '', val: '', args: [] };
}

export const seeds: Record<number, Seed> = {
  1: {
    seed(db) {
      db.prepare(
        "INSERT INTO cache_meta (singleton, base_url, profile, created_at) VALUES (1, 'https://service.example', 'main', ?)",
      ).run(AT);
      db.prepare('INSERT INTO sync_checkpoints VALUES (?, ?, ?)').run('signals', '{"cursor":"c-41"}', AT);
      db.prepare('INSERT INTO list_meta VALUES (?, ?, ?)').run('watches', '{"limits":{"max":25}}', AT);
    },
    check(db) {
      // The identity recorded then is the one kept (openCache claimed nothing anew).
      expect(readCacheMeta(db)).toEqual({
        baseUrl: 'https://service.example',
        profile: 'main',
        createdAt: AT,
        // Made before the demo mark (migration 020): an account's cache.
        demo: false,
      });
      expect(getCheckpoint(db, 'signals')).toEqual({ cursor: 'c-41' });
      expect(getListMeta(db, 'watches')).toEqual({ limits: { max: 25 } });
    },
  },
  2: {
    seed(db) {
      SIGNALS.forEach((s, i) => {
        const idh = idhColumn(db, s.id);
        const seq = db
          .prepare(
            `INSERT INTO signals (tkey, id, profile, occurred_at, last_updated_at, lat, lng, plottable,
               folded_into, title, country${idh.col}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'Ukraine'${idh.val})`,
          )
          .run(
            key(i),
            s.id,
            s.profile,
            '2026-10-01T12:00:00.000Z',
            AT,
            s.lat,
            s.lng,
            s.plottable,
            'folded' in s ? s.folded : null,
            s.title,
            ...idh.args,
          ).lastInsertRowid;
        db.prepare('INSERT INTO signal_payloads VALUES (?, ?)').run(
          seq,
          JSON.stringify({ id: s.id, title: s.title }),
        );
        db.prepare('INSERT INTO signals_fts (rowid, title, country) VALUES (?, ?, ?)').run(
          key(i),
          s.title,
          'Ukraine',
        );
        // A file at step 11 or later never holds a country-level main event in the R*Tree, one
        // at step 21 or later no country-level record at all.
        const version = db.pragma('user_version', { simple: true }) as number;
        if (s.plottable === 1 || version < 11 || (version < 21 && s.profile === 'alternate'))
          db.prepare('INSERT INTO signals_rtree VALUES (?, ?, ?, ?, ?, ?, ?)').run(
            key(i),
            s.lng,
            s.lng,
            s.lat,
            s.lat,
            T,
            T,
          );
      });
      db.prepare('INSERT INTO signal_aliases VALUES (?, ?, ?)').run('sig-c', 'sig-a', AT);
    },
    check(db) {
      expect(getSignal(db, 'sig-a')).toEqual({
        signal: expect.objectContaining({
          id: 'sig-a',
          title: 'Shelling near Kharkiv',
          merged_ids: ['sig-c'],
        }),
      });
      expect(getSignal(db, 'sig-c')).toEqual({
        signal: expect.objectContaining({ id: 'sig-a' }),
        resolvedFrom: 'sig-c',
      });
      expect(querySignals(db, { q: 'air raid' }).map((s) => s.id)).toEqual(['sig-b']);
      // Steps 11 and 21: a bbox lists only drawable points; the country-level main event left
      // the R*Tree at step 11, the alternate country-level record (plottable 0: not
      // geo_verified) at step 21 (issue 26: its country's centre is not a place).
      expect(
        querySignals(db, { bbox: UKRAINE })
          .map((s) => s.id)
          .sort(),
      ).toEqual(['sig-a']);
      expect(db.prepare('SELECT count(*) FROM signals_rtree').pluck().get()).toBe(2);
    },
  },
  3: {
    seed(db) {
      const row = db.prepare(
        `INSERT INTO outbox (op, local_id, payload, depends_on, state, attempts, created_at, updated_at, result, remote_id)
         VALUES ('note.add', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      row.run('local:1', '{"note":"first"}', null, 'sent', 1, AT, AT, '{"id":"n1"}', 'n1');
      row.run(
        'local:2',
        '{"note":"reply","parent_local_id":"local:1"}',
        'local:1',
        'pending',
        0,
        AT,
        AT,
        null,
        null,
      );
    },
    check(db) {
      expect(outboxRemoteId(db, 'local:1')).toBe('n1');
      expect(getOutboxRow(db, 'local:1')).toMatchObject({ state: 'sent', result: { id: 'n1' } });
      expect(listOpenOutboxRows(db)).toEqual([
        expect.objectContaining({
          localId: 'local:2',
          dependsOn: 'local:1',
          state: 'pending',
          payload: { note: 'reply', parent_local_id: 'local:1' },
        }),
      ]);
    },
  },
  4: {
    seed(db) {
      db.prepare('INSERT INTO developments VALUES (?, ?, ?, ?, ?, ?, ?)').run(
        'dev-1',
        'sig-a',
        'severity',
        'wire',
        1,
        AT,
        '{"event_id":"sig-a","axis":"severity"}',
      );
      db.prepare('INSERT INTO threads VALUES (?, ?, ?, ?, ?)').run(
        'sig-a',
        'Shelling near Kharkiv',
        0,
        AT,
        '{"canonical_event":{"event_id":"sig-a"}}',
      );
    },
    check(db) {
      expect(listDevelopments(db, { eventId: 'sig-a' })).toEqual([{ event_id: 'sig-a', axis: 'severity' }]);
      expect(getThread(db, 'sig-a')).toEqual({ canonical_event: { event_id: 'sig-a' } });
      expect(recentThreadIds(db, { limit: 50 })).toEqual(['sig-a']);
    },
  },
  5: {
    seed(db) {
      db.prepare(
        `INSERT INTO watches (id, name, target_type, status, bucket, pending, item, updated_at)
         VALUES ('w1', 'Port watch', 'area', 'active', 'awaiting_data', 0, '{"id":"w1","name":"Port watch"}', ?)`,
      ).run(AT);
      db.prepare(
        "INSERT INTO decision_packages VALUES ('w1', 'r1', 'p1', '1', ?, '{\"revision\":\"r1\"}')",
      ).run(AT);
      db.prepare(
        "INSERT INTO notes (id, watch_id, created_at, pending, payload) VALUES ('local:n', 'w1', ?, 1, '{\"note\":\"check\"}')",
      ).run(AT);
    },
    check(db) {
      expect(getWatch(db, 'w1')).toMatchObject({ item: { id: 'w1', name: 'Port watch' }, pending: false });
      expect(listDecisionPackages(db, 'w1')).toEqual([
        { revision: 'r1', fetchedAt: AT, package: { revision: 'r1' } },
      ]);
      expect(listNotes(db, 'w1')).toEqual([
        expect.objectContaining({ id: 'local:n', pending: true, note: { note: 'check' } }),
      ]);
    },
  },
  6: {
    seed(db) {
      db.prepare(
        "INSERT INTO standing_orders (id, name, active, pending, payload, updated_at) VALUES ('o1', 'Daily', 1, 1, '{\"id\":\"o1\"}', ?)",
      ).run(AT);
      db.prepare(
        `INSERT INTO monitoring_areas (area_id, name, status, pending, payload, updated_at)
         VALUES ('a1', 'Harbor', 'active', 0, '{"area_id":"a1","metrics":[{"polygon_id":"p1","metric":"ndvi"}]}', ?)`,
      ).run(AT);
      db.prepare(
        `INSERT INTO monitoring_series (area_id, polygon_id, scene, metric, date, value, payload)
         VALUES ('a1', 'p1', 'scene-1', 'ndvi', '2026-09-01', 0.4, '{"date":"2026-09-01","value":0.4}')`,
      ).run();
    },
    check(db) {
      expect(listStandingOrders(db)).toEqual([{ id: 'o1', record: { id: 'o1' }, pending: true }]);
      expect(getMonitoringArea(db, 'a1')?.record.metrics).toEqual([
        { polygon_id: 'p1', metric: 'ndvi', series: [{ date: '2026-09-01', value: 0.4 }] },
      ]);
    },
  },
  7: {
    seed(db) {
      db.prepare(
        "INSERT INTO measured_events (kind, event_id, title, lat, lng, recorded_at, payload) VALUES ('quakes', 'q1', 'M5.1', 45, 30, ?, '{\"event_id\":\"q1\"}')",
      ).run(AT);
      db.prepare(
        "INSERT INTO transit_places (entity_id, name, anomalous, payload) VALUES ('t1', 'Bosporus', 1, '{\"entity_id\":\"t1\"}')",
      ).run();
    },
    check(db) {
      expect(listMeasured(db, { kind: 'quakes' })).toEqual([{ event_id: 'q1' }]);
      expect(listTransit(db, { anomalousOnly: true })).toEqual([{ entity_id: 't1' }]);
    },
  },
  8: {
    seed(db) {
      db.prepare(
        "INSERT INTO briefs VALUES ('daily', '2026-10-01', 'Quiet day', ?, '{\"headline\":\"Quiet day\"}')",
      ).run(AT);
      db.prepare(
        "INSERT INTO entities (id, canonical, payload, updated_at) VALUES ('e1', 'Port of Odesa', '{\"id\":\"e1\"}', ?)",
      ).run(AT);
      db.prepare("INSERT INTO claims VALUES ('c1', 'direct', 2, 0, '{\"claim_id\":\"c1\"}', ?)").run(AT);
    },
    check(db) {
      expect(getBrief(db, { period: 'daily', date: '2026-10-01' })).toEqual({ headline: 'Quiet day' });
      expect(getEntity(db, 'e1')).toEqual({ entity: { id: 'e1' }, history: null });
      expect(listClaims(db)).toEqual([{ claim_id: 'c1' }]);
    },
  },
  9: {
    seed(db) {
      db.prepare("INSERT INTO sync_seen VALUES ('reconcile', 'sig-a')").run();
    },
    check(db) {
      // A --full run cut off after listing sig-a resumes knowing it (sig-c is folded). Later
      // steps' seeds add signals of their own (sig-e at 13): those are unseen too.
      const unseen = unseenSignalIds(db, {
        stream: 'reconcile',
        startDate: '2026-01-01',
        endDate: '2026-12-31',
      });
      expect(unseen).toEqual(expect.arrayContaining(['sig-b', 'sig-d']));
      expect(unseen).not.toContain('sig-a');
      expect(unseen).not.toContain('sig-c');
    },
  },
  10: {
    seed(db) {
      db.prepare(
        "INSERT INTO orbital_elements VALUES (25544, '2026-09-30T00:00:00.000Z', 'ISS (ZARYA)', 'tle', 'l1\nl2', 'file:/a.tle', ?)",
      ).run(AT);
      db.prepare(
        "INSERT INTO elements_fetches VALUES ('https://gp.example/gp.php', '\"v1\"', NULL, ?, ?, 200, 1)",
      ).run(AT, AT);
    },
    check(db) {
      expect(listElements(db)).toEqual([
        {
          noradId: 25544,
          epoch: '2026-09-30T00:00:00.000Z',
          name: 'ISS (ZARYA)',
          format: 'tle',
          raw: 'l1\nl2',
          source: 'file:/a.tle',
          fetchedAt: AT,
        },
      ]);
      expect(getFetchRecord(db, { url: 'https://gp.example/gp.php' })).toMatchObject({
        etag: '"v1"',
        status: 200,
        sets: 1,
      });
    },
  },
  13: {
    // Payloads packed as step 13's code packs them: each object's keys are a shape's number.
    seed(db) {
      db.prepare('INSERT INTO signal_payload_shapes (id, keys) VALUES (?, ?)').run(
        1,
        '["id","title","casualties"]',
      );
      db.prepare('INSERT INTO signal_payload_shapes (id, keys) VALUES (?, ?)').run(
        2,
        '["killed","not_counted"]',
      );
      const idh = idhColumn(db, 'sig-e');
      const seq = db
        .prepare(
          `INSERT INTO signals (tkey, id, profile, occurred_at, last_updated_at, title, country${idh.col})
           VALUES (?, 'sig-e', 'main', '2026-10-01T12:00:00.000Z', ?, 'Port closed in Odesa', 'Ukraine'${idh.val})`,
        )
        .run(key(10), AT, ...idh.args).lastInsertRowid;
      db.prepare('INSERT INTO signal_payloads VALUES (?, ?)').run(
        seq,
        Buffer.from('{"1":["sig-e","Port closed in Odesa",{"2":[3,[]]}]}'),
      );
      db.prepare('INSERT INTO signals_fts (rowid, title, country) VALUES (?, ?, ?)').run(
        key(10),
        'Port closed in Odesa',
        'Ukraine',
      );
    },
    check(db) {
      expect(getSignal(db, 'sig-e')).toEqual({
        signal: {
          id: 'sig-e',
          title: 'Port closed in Odesa',
          casualties: { killed: 3, not_counted: [] },
          profile: 'main',
          retracted: false,
        },
      });
      expect(querySignals(db, { q: 'odesa' }).map((s) => s.id)).toEqual(['sig-e']);
    },
  },
  // Keyed by the step's own version, so renumbering the step keeps its rows with it.
  [migration014.version]: {
    seed(db) {
      const insert = db.prepare(
        'INSERT INTO local_notes (id, subject_kind, subject_id, subject_label, parent_id, title, body, confidence, likelihood, gaps, next_check, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      );
      insert.run(
        'local-note:a',
        'signal',
        'sig-a',
        'Fire at the depot',
        null,
        'Depot',
        'Smoke seen.',
        'low',
        'likely',
        '["who lit it"]',
        'tomorrow',
        AT,
        AT,
      );
      insert.run(
        'local-note:b',
        'signal',
        'sig-a',
        null,
        'local-note:a',
        null,
        'Still burning.',
        null,
        null,
        '[]',
        null,
        AT,
        AT,
      );
    },
    check(db) {
      // The analyst's notes are never lost to a schema step: both, with their judgments apart.
      expect(listLocalNotes(db, { subjectIds: ['sig-a'] })).toMatchObject([
        {
          id: 'local-note:a',
          title: 'Depot',
          note: 'Smoke seen.',
          confidence: 'low',
          likelihood: 'likely',
          gaps: ['who lit it'],
          nextCheck: 'tomorrow',
          localOnly: true,
        },
        { id: 'local-note:b', parentId: 'local-note:a', note: 'Still burning.', confidence: null, gaps: [] },
      ]);
    },
  },
  [migration015.version]: {
    seed(db) {
      const insert = db.prepare(
        'INSERT INTO tool_answers (id, tool, profile, demo, request, asked_at, answered_at, status, answer, charged, remaining, clamps, plan_lock, withheld, error, job) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      );
      insert.run(
        'tool:a',
        'imagery',
        'main',
        0,
        '{"bbox":[30,46,31,47]}',
        AT,
        AT,
        'done',
        '{"meta":{"count":1},"scenes":[{"id":"S2_1"}]}',
        2,
        98,
        '[]',
        null,
        null,
        null,
        null,
      );
      insert.run(
        'tool:b',
        'analyst',
        'main',
        0,
        '{"question":"What changed?"}',
        AT,
        null,
        'running',
        null,
        null,
        null,
        '[]',
        null,
        null,
        null,
        '{"jobId":"job-1","idempotencyKey":"k-1","stage":null,"completed":null,"total":null,"polledAt":null}',
      );
      db.prepare('INSERT INTO tool_settings (name, value, updated_at) VALUES (?, ?, ?)').run(
        'confirmAbove',
        '25',
        AT,
      );
    },
    check(db) {
      // Paid answers and a job still running survive a schema step, with the analyst's threshold.
      expect(getToolAnswer(db, 'tool:a')).toMatchObject({
        tool: 'imagery',
        status: 'done',
        request: { bbox: [30, 46, 31, 47] },
        answer: { scenes: [{ id: 'S2_1' }] },
        charged: 2,
        remaining: 98,
      });
      expect(listToolAnswers(db, { tool: 'analyst' })).toMatchObject([
        { id: 'tool:b', status: 'running', job: { jobId: 'job-1', idempotencyKey: 'k-1' } },
      ]);
      expect(getToolSetting(db, 'confirmAbove')).toBe(25);
    },
  },
  [migration018.version]: {
    seed(db) {
      db.prepare("UPDATE signal_changes SET n = 41, file = 'file-1'").run();
    },
    check(db) {
      // The count goes on from where the file left it, and every change to a signal row adds one.
      const count = () => db.prepare('SELECT n, file FROM signal_changes').get();
      expect(count()).toEqual({ n: 41, file: 'file-1' });
      db.prepare("UPDATE signals SET retracted = retracted WHERE id = 'sig-a'").run();
      expect(count()).toEqual({ n: 42, file: 'file-1' });
    },
  },
};

/**
 * Tables that code outside the numbered list once created on its own, as it created them,
 * in a file at any version from `since` up to the step's: `elements import`/`refresh` made
 * the elements tables in a file at any version (even a bare one); the outbox and sync-seen
 * steps were exported beside their code and could be run directly on a file one step behind.
 */
export const legacyTables: { version: number; since: number; ddl: string }[] = [
  {
    version: 3,
    since: 2,
    ddl: `
      CREATE TABLE outbox (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        op TEXT NOT NULL,
        local_id TEXT NOT NULL UNIQUE,
        payload TEXT NOT NULL,
        depends_on TEXT,
        state TEXT NOT NULL DEFAULT 'pending'
          CHECK (state IN ('pending','sending','sent','rejected','blocked','discarded')),
        attempts INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        error_status INTEGER,
        error_message TEXT,
        result TEXT,
        remote_id TEXT
      );
      CREATE INDEX outbox_open ON outbox(state, seq);`,
  },
  {
    version: 9,
    since: 8,
    ddl: `CREATE TABLE sync_seen (
      stream TEXT NOT NULL,
      id TEXT NOT NULL,
      PRIMARY KEY (stream, id)
    ) WITHOUT ROWID`,
  },
  {
    version: 10,
    since: 0,
    ddl: `
      CREATE TABLE IF NOT EXISTS orbital_elements (
        norad_id INTEGER NOT NULL,
        epoch TEXT NOT NULL,
        name TEXT NOT NULL,
        format TEXT NOT NULL CHECK (format IN ('tle', 'omm')),
        raw TEXT NOT NULL,
        source TEXT NOT NULL,
        fetched_at TEXT NOT NULL,
        PRIMARY KEY (norad_id, epoch)
      ) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS elements_fetches (
        url TEXT PRIMARY KEY,
        etag TEXT,
        last_modified TEXT,
        checked_at TEXT NOT NULL,
        changed_at TEXT,
        status INTEGER NOT NULL,
        sets INTEGER NOT NULL DEFAULT 0
      );`,
  },
];
