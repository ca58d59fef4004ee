// A sync on a slow or broken line (issue 22), through a relay that holds the line to a byte
// rate and a delay (test/helpers/relay.ts): a first sync brings the latest days first, then the
// past newest first, nothing twice; a connection cut mid-body costs the page in flight and no
// more; a line that keeps failing stops the run with what the line did, and the next run goes on
// from the last page stored; pages shrink to what the line carries, and a slow page that still
// flows is kept.
import { afterEach, describe, expect, it } from 'vitest';
import { createClient, type Client } from '../../../electron/api';
import {
  inlineWriter,
  openCache,
  querySignals,
  type CacheWriter,
  type OpCall,
} from '../../../electron/cache';
import { startDemoService, type DemoService } from '../../../electron/demo';
import { runSync, type SyncProgress } from '../../../electron/sync';
import { startRelay, type Relay } from '../../helpers/relay';
import { runWatchfloor } from '../../helpers/cli';
import { DEMO_KEY, DEMO_NOW } from '../../helpers/demo';

const open: { close(): unknown }[] = [];
afterEach(async () => {
  for (const x of open.splice(0).reverse()) await x.close();
});

const TODAY = DEMO_NOW.toISOString().slice(0, 10);
const YESTERDAY = '2026-11-19';

async function setup(
  profile: 'main' | 'alternate',
  opts: {
    signalsPerDay?: number;
    line?: Parameters<typeof startRelay>[0] extends infer O ? Partial<O> : never;
  } = {},
) {
  const demo = await startDemoService({ profile, now: DEMO_NOW, signalsPerDay: opts.signalsPerDay ?? 20 });
  open.push(demo);
  let relay: Relay | undefined;
  if (opts.line) {
    relay = await startRelay({
      target: { port: Number(new URL(demo.url).port) },
      downBytesPerSecond: 1_000_000,
      delayMs: 10,
      ...opts.line,
    });
    open.push(relay);
  }
  const baseUrl = relay?.url ?? demo.url;
  const db = openCache(':memory:', { baseUrl, profile });
  open.push(db);
  return { demo, relay, baseUrl, db };
}

const clientFor = (
  baseUrl: string,
  profile: 'main' | 'alternate',
  extra: { timeoutMs?: number; retries?: number } = {},
) => createClient({ baseUrl, profile, apiKey: DEMO_KEY, backoffMs: 20, ...extra });

/** The writer, noting the signals of each page as it is stored (in groups too). */
function noting(writer: CacheWriter, pages: unknown[][]): CacheWriter {
  const note = (calls: readonly OpCall[]) => {
    for (const c of calls)
      if (c[0] === 'storeSignalsPage' && c[1].stream === 'signals') pages.push(c[1].signals as unknown[]);
  };
  return {
    ...writer,
    tx: (calls) => (note(calls), writer.tx(calls)),
    stage: (key, calls) => (note(calls), writer.stage(key, calls)),
  };
}

const dayOf = (s: unknown) => {
  const r = s as { occurred_at?: string; event_date?: string };
  return (r.occurred_at ?? r.event_date ?? '').slice(0, 10);
};

/** Signals pages answered 200 more than once for the same query (window, cursor, page size). */
function repeatedPages(demo: DemoService): number {
  const seen = new Map<string, number>();
  for (const r of demo.requests)
    if (r.path === '/api/v1/signals' && r.status === 200) {
      const k = JSON.stringify(Object.entries(r.query).sort());
      seen.set(k, (seen.get(k) ?? 0) + 1);
    }
  return [...seen.values()].reduce((a, n) => a + n - 1, 0);
}

describe.each(['main', 'alternate'] as const)('a first sync, %s profile', (profile) => {
  it('stores today first, then the past newest first, and nothing twice', async () => {
    const { demo, baseUrl, db } = await setup(profile);
    const pages: unknown[][] = [];
    const writer = noting(inlineWriter(db), pages);
    // What the cache holds when the window is first told signals were stored.
    let toldAt: string[] | null = null;
    const summary = await runSync({
      db,
      writer,
      client: clientFor(baseUrl, profile),
      baseUrl,
      now: () => DEMO_NOW,
      onProgress: (p) => {
        if (toldAt === null && p.changed?.includes('signals'))
          toldAt = querySignals(db, { limit: 0 }).map(dayOf);
      },
    });
    expect(summary.complete).toBe(true);
    const listed = demo.world.listed();
    const today = listed.filter((e) => e.occurredAt.slice(0, 10) === TODAY).length;
    expect(today).toBeGreaterThan(0);
    // The first pages hold the latest two days, and all of today, before anything older.
    const firstOlder = pages.findIndex((p) => p.some((s) => dayOf(s) < YESTERDAY));
    expect(firstOlder).toBeGreaterThan(0);
    const before = pages.slice(0, firstOlder).flat();
    expect(before.every((s) => dayOf(s) >= YESTERDAY)).toBe(true);
    expect(before.filter((s) => dayOf(s) === TODAY)).toHaveLength(today);
    // The window is told as soon as the latest days are in, before anything older is.
    expect(toldAt!.filter((d) => d === TODAY)).toHaveLength(today);
    expect(toldAt!.every((d) => d >= YESTERDAY)).toBe(true);
    // Then the past, newest first: no page reaches later than the one before it ended.
    const past = pages.slice(firstOlder);
    for (let i = 1; i < past.length; i++) {
      const newest = past[i]!.map(dayOf).sort().at(-1)!;
      const oldestBefore = past[i - 1]!.map(dayOf).sort()[0]!;
      expect(newest <= oldestBefore).toBe(true);
    }
    // Every signal once: received equals what the cache holds, equal to the service's list.
    const ids = pages.flat().map((s) => String((s as { id: unknown }).id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(summary.streams.signals!.received).toBe(listed.length);
    expect(querySignals(db, { limit: 0 })).toHaveLength(listed.length);
    expect(repeatedPages(demo)).toBe(0);
    // A second sync asks only what changed: one page.
    const again = await runSync({ db, client: clientFor(baseUrl, profile), baseUrl, now: () => DEMO_NOW });
    expect(again.streams.signals!.requests).toBe(1);
  });
});

describe('a line that breaks', () => {
  it('a connection cut mid-body costs the page in flight, fetched again; the sync completes', async () => {
    // ~2 MB of signals, uncompressed, in pages of up to ~700 kB; the line cut every 900 kB.
    const { demo, relay, baseUrl, db } = await setup('main', {
      signalsPerDay: 25,
      line: { cutEveryBytes: 900_000 },
    });
    const summary = await runSync({ db, client: clientFor(baseUrl, 'main'), baseUrl, now: () => DEMO_NOW });
    expect(summary.stopped).toBeUndefined();
    expect(summary.errors).toEqual([]);
    expect(summary.complete).toBe(true);
    expect(relay!.stats.cuts).toBeGreaterThan(0);
    expect(querySignals(db, { limit: 0 })).toHaveLength(demo.world.listed().length);
    const repeats = repeatedPages(demo);
    expect(repeats).toBeGreaterThan(0);
    expect(repeats).toBeLessThanOrEqual(relay!.stats.cuts);
  });

  it('a line that keeps failing stops the run saying what the line did; the next run goes on from the last page stored', async () => {
    // Pages of 500 are ~700 kB: cut every 150 kB, once the pages have grown, none gets through.
    const { demo, relay, baseUrl, db } = await setup('main', {
      signalsPerDay: 30,
      line: { cutEveryBytes: 150_000 },
    });
    const first = await runSync({
      db,
      client: clientFor(baseUrl, 'main', { retries: 2 }),
      baseUrl,
      now: () => DEMO_NOW,
    });
    expect(first.stopped?.reason).toBe('link');
    expect(first.stopped?.message).toMatch(/the link to the service failed/);
    expect(first.stopped?.message).toMatch(/the line carried [\d.]+ [kM]?B\/s while answers streamed/);
    expect(first.line?.last_error).toBeTruthy();
    const stored = querySignals(db, { limit: 0 }).length;
    expect(stored).toBeGreaterThan(0);
    // The line mends: the rerun fetches none of the pages already stored.
    const okPages = demo.requests.filter((r) => r.path === '/api/v1/signals' && r.status === 200).length;
    await relay!.close();
    const second = await runSync({
      db,
      client: clientFor(demo.url, 'main'),
      baseUrl: demo.url,
      now: () => DEMO_NOW,
    });
    expect(second.complete).toBe(true);
    expect(querySignals(db, { limit: 0 })).toHaveLength(demo.world.listed().length);
    expect(second.streams.signals!.received).toBe(demo.world.listed().length - stored);
    expect(
      demo.requests.filter((r) => r.path === '/api/v1/signals' && r.status === 200).length,
    ).toBeGreaterThan(okPages);
  });
});

describe('pages sized to the line', () => {
  it('a slow line gets smaller pages, each a slow but flowing answer longer than the idle limit, kept', async () => {
    // 60 kB/s, 100 ms each way; pages of ~1.4 kB a signal, aimed at 2 s: ~70 signals a page.
    const { demo, baseUrl, db } = await setup('main', {
      signalsPerDay: 3,
      line: { downBytesPerSecond: 60_000, delayMs: 100 },
    });
    const progress: SyncProgress[] = [];
    const client: Client = clientFor(baseUrl, 'main', { timeoutMs: 700 });
    const summary = await runSync({
      db,
      client,
      baseUrl,
      now: () => DEMO_NOW,
      pageTargetMs: 2000,
      onProgress: (p) => progress.push(p),
    });
    expect(summary.complete).toBe(true);
    expect(querySignals(db, { limit: 0 })).toHaveLength(demo.world.listed().length);
    expect(summary.line).toMatchObject({ adapted: true, planned: { first_sync: true, page_limit: 100 } });
    expect(summary.line!.page_limit).toBeLessThan(100);
    expect(summary.line!.bytes_per_second).toBeGreaterThan(40_000);
    expect(summary.line!.bytes_per_second).toBeLessThan(75_000);
    // Pages streamed longer than the idle limit, and flowed: none was given up.
    const pagesSeen = client.line.recent().filter((t) => t.endpoint === 'GET /signals');
    expect(pagesSeen.some((t) => t.endedAt - (t.firstByteAt ?? t.endedAt) > 700)).toBe(true);
    expect(pagesSeen.every((t) => t.ok)).toBe(true);
    // The window saw the page in flight, its progress and a first sync's time left.
    const lines = progress.flatMap((p) => (p.line ? [p.line] : []));
    expect(lines.some((l) => l.page && l.page.bytes > 0 && l.page.expectedBytes)).toBe(true);
    expect(lines.some((l) => l.firstSync?.phase === 'history' && l.firstSync.secondsLeft !== null)).toBe(
      true,
    );
  });
});

describe('watchfloor sync says what the line did and what a first sync costs', () => {
  it('--json carries `line` with the plan made before the run; the human summary says it', async () => {
    const { baseUrl } = await setup('main', { signalsPerDay: 5 });
    const env = { ...process.env, WATCHFLOOR_API_KEY: DEMO_KEY, WATCHFLOOR_DB: '' };
    const dir = await import('node:fs').then((fs) =>
      fs.mkdtempSync(`${process.env.TMPDIR ?? '/tmp'}/wf-line-`),
    );
    const json = await runWatchfloor(['sync', '--base-url', baseUrl, '--db', `${dir}/a.db`, '--json'], {
      env,
    });
    expect(json.code, json.stderr).toBe(0);
    expect(json.stderr).toMatch(/first sync: pages of 100 signals, 30 tokens per 1,000/);
    const s = JSON.parse(json.stdout) as { line: Record<string, unknown> };
    expect(s.line).toMatchObject({
      planned: { first_sync: true, page_limit: 100, tokens_per_1000_signals: 30 },
      encoding: null,
    });
    expect(typeof s.line.page_limit).toBe('number');
    expect(typeof s.line.tokens_per_1000_signals).toBe('number');
    const human = await runWatchfloor(['sync', '--base-url', baseUrl, '--db', `${dir}/b.db`], { env });
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toMatch(/line: .*pages of \d+ \(\d+ tokens per 1,000 signals/);
    expect(human.stdout).toMatch(/a first sync, planned at pages of 100/);
  });
});
