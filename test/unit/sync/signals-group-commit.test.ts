// A long signals pass (here a catch-up after long offline; a first sync's slices do the same) commits its pages in groups on the cache writer's thread
// while the next pages are fetched (electron/sync/page-groups.ts). What a user relies on: the
// cache ends with every signal, a run stopped at any point keeps whole pages up to its
// checkpoint and the next run fetches none of them again, and a page that cannot be stored
// stops the stream at that page without losing the pages before it.
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import {
  getCheckpoint,
  openCache,
  querySignals,
  setCheckpoint,
  workerWriter,
  type CacheWriter,
} from '../../../electron/cache/index';
import type { Client } from '../../../electron/api';
import { createContext, SyncStopped } from '../../../electron/sync/context';
import { pageGroups } from '../../../electron/sync/page-groups';
import { syncSignals, type SignalsCheckpoint } from '../../../electron/sync/signals';
import { BASE, mainSignal, tempFile } from '../cache/fixtures';

const open: { close(): unknown }[] = [];
afterEach(async () => {
  for (const x of open.splice(0).reverse()) await x.close();
});

const PAGES = 14;
const SIZE = 40;

/** The service's pages, fetched by cursor; `hold` makes page N's request never answer. */
function fakeService(pages: Record<string, unknown>[][]) {
  const fetched: number[] = [];
  let hold: number | null = null;
  const client = {
    profile: 'main',
    signals: (q: { cursor?: string }) => {
      const i = q.cursor ? Number(q.cursor) : 0;
      if (i === hold) return new Promise(() => {});
      fetched.push(i);
      const more = i + 1 < pages.length;
      return Promise.resolve({
        data: { signals: pages[i], meta: { next_cursor: more ? String(i + 1) : null, has_more: more } },
        status: 200,
        clamps: [],
        tokens: { charged: 3 },
        rateLimit: null,
      });
    },
  } as unknown as Client;
  return { client, fetched, holdAt: (n: number | null) => (hold = n) };
}

/** The writer, counting the transactions it was asked for. */
function counted(writer: CacheWriter) {
  const count = { tx: 0 };
  const w: CacheWriter = {
    ...writer,
    tx: (calls) => (count.tx++, writer.tx(calls)),
    commitStaged: (key) => (count.tx++, writer.commitStaged(key)),
  };
  return { w, count };
}

const makePages = () =>
  Array.from({ length: PAGES }, (_, p) =>
    Array.from({ length: SIZE }, (_, i) =>
      mainSignal({
        last_updated_at: `2026-10-02T00:${String(p).padStart(2, '0')}:${String(i).padStart(2, '0')}Z`,
      }),
    ),
  );

const groupCommit = { afterPages: 2, pages: 4, ms: 60_000 };

/** A cache that synced once, long ago: the next signals pass is one long updated_since pass. */
function openSynced(file: string) {
  const db = openCache(file, { baseUrl: BASE, profile: 'main' });
  setCheckpoint(db, 'signals', { hwm: '2026-10-01T00:00:00.000Z', pass: null });
  return db;
}

function cachedIds(file: string): Set<string> {
  const db = openCache(file, { baseUrl: BASE, profile: 'main' });
  try {
    return new Set(querySignals(db, { limit: 0 }).map((s) => String(s.id)));
  } finally {
    db.close();
  }
}

describe('signals sync: group commit of a long pass', () => {
  it('stores every page in fewer transactions than pages, ending with the pass complete', async () => {
    const file = tempFile();
    const db = openSynced(file);
    open.push(db);
    const pages = makePages();
    const service = fakeService(pages);
    const { w, count } = counted(workerWriter(db));
    open.push(w);
    const said: string[] = [];
    const ctx = createContext({
      db,
      writer: w,
      client: service.client,
      baseUrl: BASE,
      groupCommit,
      onProgress: (p) => said.push(p.message),
    });
    await syncSignals(ctx);
    expect(ctx.summary.streams.signals).toMatchObject({ requests: PAGES, stored: PAGES * SIZE });
    // Two pages alone, then groups of four: 2 + 3 transactions for 14 pages.
    expect(count.tx).toBe(5);
    // The pass stored nearly the whole cache in groups: the search index is tidied after it,
    // and the map's points saved for the next launch.
    expect(said.slice(-2)).toEqual(['optimising the search index', 'saving the map for the next launch']);
    expect(fs.existsSync(`${file}.points`)).toBe(true);
    await w.close();
    expect(getCheckpoint<SignalsCheckpoint>(db, 'signals')).toMatchObject({ pass: null });
    expect(cachedIds(file)).toEqual(new Set(pages.flat().map((s) => String(s.id))));
  });

  it('stopped mid-group, keeps whole pages up to its checkpoint; the next run fetches none of them again', async () => {
    const file = tempFile();
    const db = openSynced(file);
    open.push(db);
    const pages = makePages();
    const service = fakeService(pages);
    // The link hangs on page 9: pages 2–5 were committed as a group, 6–8 are staged only.
    service.holdAt(9);
    const writer = workerWriter(db);
    const ctx = createContext({ db, writer, client: service.client, baseUrl: BASE, groupCommit });
    void syncSignals(ctx);
    // Until page 8 is staged (the request for page 9 is the one that hangs)…
    while (!service.fetched.includes(8)) await new Promise((r) => setTimeout(r, 10));
    // …and the writer has done what it was sent before now (it answers in order).
    await writer.one('getCheckpoint', 'signals');
    // As a killed process: the writer's thread goes with what it held, uncommitted.
    await writer.close();
    const cp = getCheckpoint<SignalsCheckpoint>(db, 'signals')!;
    const kept = cp.pass!.pages;
    expect(kept).toBe(6);
    // Exactly the checkpoint's pages, each whole.
    expect(cachedIds(file)).toEqual(
      new Set(
        pages
          .slice(0, kept)
          .flat()
          .map((s) => String(s.id)),
      ),
    );

    service.holdAt(null);
    service.fetched.length = 0;
    const again = workerWriter(db);
    open.push(again);
    await syncSignals(
      createContext({ db, writer: again, client: service.client, baseUrl: BASE, groupCommit }),
    );
    expect(service.fetched[0]).toBe(kept);
    expect(new Set(service.fetched).size).toBe(service.fetched.length);
    await again.close();
    expect(cachedIds(file)).toEqual(new Set(pages.flat().map((s) => String(s.id))));
  });

  it('a page that cannot be stored stops the stream there; the pages before it, in its group too, are kept', async () => {
    const file = tempFile();
    const db = openSynced(file);
    open.push(db);
    const pages = makePages();
    // Page 7 (in the group of pages 6–9) carries a signal without an id.
    pages[7]![3] = { title: 'no id' };
    const service = fakeService(pages);
    const writer = workerWriter(db);
    open.push(writer);
    const ctx = createContext({ db, writer, client: service.client, baseUrl: BASE, groupCommit });
    await expect(syncSignals(ctx)).rejects.toThrow(/has no id/);
    await writer.close();
    expect(getCheckpoint<SignalsCheckpoint>(db, 'signals')!.pass!.pages).toBe(7);
    expect(cachedIds(file)).toEqual(
      new Set(
        pages
          .slice(0, 7)
          .flat()
          .map((s) => String(s.id)),
      ),
    );
  });

  it('a budget stop mid-group commits the pages already fetched before the run stops', async () => {
    const file = tempFile();
    const db = openSynced(file);
    open.push(db);
    const pages = makePages();
    const service = fakeService(pages);
    const writer = workerWriter(db);
    open.push(writer);
    // 3 tokens a page: a budget of 27 pays for 9 pages (2 alone, a group of 4, 3 staged).
    const ctx = createContext({
      db,
      writer,
      client: service.client,
      baseUrl: BASE,
      groupCommit,
      maxTokens: 27,
    });
    await expect(syncSignals(ctx)).rejects.toBeInstanceOf(SyncStopped);
    await writer.close();
    expect(getCheckpoint<SignalsCheckpoint>(db, 'signals')!.pass!.pages).toBe(9);
    expect(cachedIds(file).size).toBe(9 * SIZE);
  });

  it('a group that held the write lock too long is followed by smaller ones, never below two pages', async () => {
    // A writer whose commits take 3 s of the (fake) clock: an analyst's write would wait that long.
    let clock = 0;
    const sizes: number[] = [];
    let staged = 0;
    const writer = {
      stage: (_key: string, calls: readonly unknown[]) => void (staged += calls.length),
      commitStaged: () => {
        sizes.push(staged);
        clock += 3000;
        const results = Array.from({ length: staged }, () => ({ inserted: 1, updated: 0 }));
        staged = 0;
        return Promise.resolve(results);
      },
      dropStaged: () => void (staged = 0),
    } as unknown as CacheWriter;
    const groups = pageGroups(writer, 'signals', { pages: 8, ms: 60_000, targetMs: 1000, now: () => clock });
    for (let i = 0; i < 14; i++) await groups.add([['getCheckpoint', 'signals']], () => {});
    await groups.flush();
    expect(sizes).toEqual([8, 2, 2, 2]);
  });
});
