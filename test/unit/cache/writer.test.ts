// The cache writer (electron/cache/writer.ts): the sync engine's writes run on a worker thread,
// so the thread that answers the window keeps reading through the account's connection while
// a write transaction is open, and sees each transaction whole once it commits.
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import {
  getCheckpoint,
  getSignal,
  setCheckpoint,
  workerWriter,
  type CacheWriter,
  type OpCall,
} from '../../../electron/cache/index';
import { mainCache, mainSignal, tempFile } from './fixtures';
import { openCache } from '../../../electron/cache/index';

const open: { close(): unknown }[] = [];
afterEach(async () => {
  for (const x of open.splice(0).reverse()) await x.close();
});

const page = (stream: string, offset: number, size = 500): OpCall => [
  'storeSignalsPage',
  {
    profile: 'main',
    signals: Array.from({ length: size }, () => mainSignal()),
    stream,
    checkpoint: { offset },
  },
];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('cache writer on a worker thread', () => {
  it(
    'a read on the account connection completes while the writer holds a long write transaction',
    { timeout: 60_000 },
    async () => {
      const file = tempFile();
      const db = openCache(file, { baseUrl: 'https://service.example/', profile: 'main' });
      open.push(db);
      const writer: CacheWriter = workerWriter(db);
      open.push(writer);
      await writer.tx([page('signals', 1)]);
      // Another connection that never waits: its write fails at once while the writer holds the
      // write lock, which is how the test knows the transaction is open.
      const probe = new Database(file, { timeout: 0 });
      open.push(probe);

      // One transaction of many pages: long enough to read during it.
      const long = writer.tx(Array.from({ length: 30 }, (_, i) => page('signals', i + 2)));
      let settled = false;
      void long.finally(() => (settled = true));
      const locked = () => {
        try {
          setCheckpoint(probe, 'probe', 1);
          return false;
        } catch (e) {
          return (e as { code?: string }).code === 'SQLITE_BUSY';
        }
      };
      // Reads on the account connection while the writer holds its transaction. A read that
      // began and ended with the lock held and answered the state from before the transaction
      // did not wait behind it. (The probe can also be refused just after the commit, while the
      // writer checkpoints; a read then sees the whole transaction.)
      const seen: unknown[] = [];
      let answeredDuring = 0;
      while (!settled) {
        if (locked()) {
          const state = getCheckpoint(db, 'signals');
          seen.push(state);
          if (locked() && (state as { offset: number }).offset === 1) answeredDuring++;
        }
        await sleep(5);
      }
      await long;
      expect(answeredDuring).toBeGreaterThan(0);
      // Never part of a transaction: the state before it or after it.
      for (const state of seen) expect([{ offset: 1 }, { offset: 31 }]).toContainEqual(state);
      // Committed whole: the last page's checkpoint and its signals are there.
      expect(getCheckpoint(db, 'signals')).toEqual({ offset: 31 });
    },
  );

  it(
    'a failed call rolls its whole transaction back, says why, and the writer goes on',
    { timeout: 30_000 },
    async () => {
      const db = mainCache();
      open.push(db);
      const writer = workerWriter(db);
      open.push(writer);
      const good = mainSignal();
      await expect(
        writer.tx([
          [
            'storeSignalsPage',
            { profile: 'main', signals: [good], stream: 'signals', checkpoint: { page: 1 } },
          ],
          ['recordAlias', { oldId: '', survivorId: 'x' }],
        ]),
      ).rejects.toThrow('recordAlias needs two signal ids');
      expect(getCheckpoint(db, 'signals')).toBeNull();
      expect(getSignal(db, String(good.id))).toBeNull();
      await writer.tx([page('signals', 7, 3)]);
      expect(getCheckpoint(db, 'signals')).toEqual({ offset: 7 });
    },
  );

  it(
    'staged calls are stored only when committed, all in one transaction or none; a dropped stage never',
    { timeout: 30_000 },
    async () => {
      const db = mainCache();
      open.push(db);
      const writer = workerWriter(db);
      open.push(writer);
      writer.stage('signals', [page('signals', 1, 3)]);
      writer.stage('signals', [page('signals', 2, 3)]);
      // Not run yet: a call on its own sees nothing staged.
      expect(await writer.one('getCheckpoint', 'signals')).toBeNull();
      expect(await writer.commitStaged('signals')).toEqual([
        { inserted: 3, updated: 0 },
        { inserted: 3, updated: 0 },
      ]);
      expect(getCheckpoint(db, 'signals')).toEqual({ offset: 2 });
      // A group with a failing call: none of it is stored, and it is not staged any more.
      const good = mainSignal();
      writer.stage('signals', [
        [
          'storeSignalsPage',
          { profile: 'main', signals: [good], stream: 'signals', checkpoint: { offset: 3 } },
        ],
      ]);
      writer.stage('signals', [['recordAlias', { oldId: '', survivorId: 'x' }]]);
      await expect(writer.commitStaged('signals')).rejects.toThrow('recordAlias needs two signal ids');
      expect(getSignal(db, String(good.id))).toBeNull();
      expect(await writer.commitStaged('signals')).toEqual([]);
      writer.stage('signals', [page('signals', 4, 3)]);
      writer.dropStaged('signals');
      expect(await writer.commitStaged('signals')).toEqual([]);
      expect(getCheckpoint(db, 'signals')).toEqual({ offset: 2 });
    },
  );

  it(
    "an analyst's write on the account connection during a sync waits its turn instead of failing",
    { timeout: 60_000 },
    async () => {
      const db = mainCache();
      open.push(db);
      const writer = workerWriter(db);
      open.push(writer);
      await writer.tx([page('signals', 1)]);
      const probe = new Database(db.name, { timeout: 0 });
      open.push(probe);
      const long = writer.tx(Array.from({ length: 20 }, (_, i) => page('signals', i + 2)));
      // Until the writer holds its write lock (the probe's write is refused at once).
      for (;;) {
        try {
          setCheckpoint(probe, 'probe', 1);
        } catch {
          break;
        }
        await sleep(2);
      }
      // Reads, then writes, as the cache's store functions do: the writer commits in between.
      db.transaction(() => {
        getCheckpoint(db, 'notes');
        setCheckpoint(db, 'notes', { at: 1 });
      })();
      await long;
      expect(getCheckpoint(db, 'notes')).toEqual({ at: 1 });
      expect(getCheckpoint(db, 'signals')).toEqual({ offset: 21 });
    },
  );

  it(
    'checkpoints run on a thread of their own while the writer goes on; an idle one restarts the WAL',
    { timeout: 60_000 },
    async () => {
      const db = mainCache();
      open.push(db);
      const writer = workerWriter(db, { checkpointBytes: 1 });
      open.push(writer);
      const wal = () => fs.statSync(`${db.name}-wal`).size;
      const sizes: number[] = [];
      for (let i = 0; i < 6; i++) {
        await writer.tx([page('signals', i + 1, 200)]);
        sizes.push(wal());
        // Idle: the checkpoint asked for after this page ends before the next page begins.
        await sleep(300);
      }
      // Without checkpoints the WAL would only grow; restarted, it holds the last page alone.
      expect(sizes.at(-1)!).toBeLessThanOrEqual(sizes[0]!);
      // Several pages at once while a checkpoint runs: all stored, nothing lost.
      await Promise.all(Array.from({ length: 5 }, (_, i) => writer.tx([page('signals', i + 10, 200)])));
      expect(getCheckpoint(db, 'signals')).toEqual({ offset: 14 });
      await writer.close();
      expect(db.prepare('SELECT count(*) FROM signals').pluck().get()).toBe(11 * 200);
    },
  );
});
