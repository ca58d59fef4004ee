// The cache writer (electron/cache/writer.ts): the sync engine's writes run on a worker thread,
// so the thread that answers the window keeps reading through the account's connection while
// a write transaction is open, and sees each transaction whole once it commits.
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
  it('a read on the account connection completes while the writer holds a long write transaction', async () => {
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
    const long = writer.tx(Array.from({ length: 40 }, (_, i) => page('signals', i + 2)));
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
    // Reads that began and ended while the writer held its transaction: they did not wait
    // behind it (waiting would have meant ending after its commit).
    const within: unknown[] = [];
    while (!settled) {
      if (locked()) {
        const seen = getCheckpoint(db, 'signals');
        if (locked()) within.push(seen);
      }
      await sleep(5);
    }
    await long;
    expect(within.length).toBeGreaterThan(0);
    // Each answered with what was committed before the transaction began.
    for (const seen of within) expect(seen).toEqual({ offset: 1 });
    // Committed whole: the last page's checkpoint and its signals are there.
    expect(getCheckpoint(db, 'signals')).toEqual({ offset: 41 });
  });

  it('a failed call rolls its whole transaction back, says why, and the writer goes on', async () => {
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
  });
});
