// Refresh from CelesTrak GP: OMM JSON by group or catalog number, at most once per
// two hours per URL, with If-None-Match / If-Modified-Since; the source of each set recorded.
// A local 127.0.0.1 server stands in for CelesTrak.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MIN_REFRESH_INTERVAL_MS,
  RefreshError,
  gpUrl,
  refreshElements,
  refreshFailureInWords,
} from '../../../electron/passes/celestrak';
import { migrate } from '../../../electron/cache';
import { getFetchRecord, listElements } from '../../../electron/passes/store';
import { S2A, tleOf, tleToOmm, SNAPSHOTS } from './fixtures';

interface Seen {
  url: string;
  ifNoneMatch?: string;
  ifModifiedSince?: string;
}

const iceye = tleOf(SNAPSHOTS.active202608, 'ICEYE-X57');
const records = [
  tleToOmm(S2A.name, S2A.l1, S2A.l2),
  tleToOmm(iceye.name, iceye.l1, iceye.l2),
  // Not a member of any family: dropped by default.
  { ...tleToOmm(S2A.name, S2A.l1, S2A.l2), OBJECT_NAME: 'SOME DEBRIS', NORAD_CAT_ID: 99001 },
];

let server: http.Server;
let base = '';
const seen: Seen[] = [];
let etag = '"v1"';
let mode: 'ok' | 'forbidden' | 'nodata' = 'ok';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({
      url: req.url ?? '',
      ifNoneMatch: req.headers['if-none-match'] as string | undefined,
      ifModifiedSince: req.headers['if-modified-since'] as string | undefined,
    });
    if (mode === 'forbidden') return res.writeHead(403).end('Forbidden: too many requests');
    if (mode === 'nodata')
      return res.writeHead(200, { 'content-type': 'text/plain' }).end('No GP data found');
    if (req.headers['if-none-match'] === etag) return res.writeHead(304).end();
    res
      .writeHead(200, {
        'content-type': 'application/json',
        etag,
        'last-modified': 'Sat, 22 Aug 2026 18:00:00 GMT',
      })
      .end(JSON.stringify(records));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/NORAD/elements/gp.php`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let db: Database.Database;
beforeEach(() => {
  db = new Database(':memory:');
  migrate(db);
  seen.length = 0;
  etag = '"v1"';
  mode = 'ok';
});

const clock = (iso: string) => () => new Date(iso);

describe('CelesTrak refresh', () => {
  it('builds GP URLs for a group or a catalog number', () => {
    expect(gpUrl({})).toBe('https://celestrak.org/NORAD/elements/gp.php?GROUP=active&FORMAT=json');
    expect(gpUrl({ group: 'resource' })).toMatch(/GROUP=resource&FORMAT=json$/);
    expect(gpUrl({ catnr: 40697 })).toMatch(/\?CATNR=40697&FORMAT=json$/);
    expect(gpUrl({ base: 'http://127.0.0.1:9/gp.php?GROUP=planet&FORMAT=json' })).toBe(
      'http://127.0.0.1:9/gp.php?GROUP=planet&FORMAT=json',
    );
  });

  it('stores family members with their source, then waits two hours, then asks conditionally', async () => {
    const url = gpUrl({ base });
    const first = await refreshElements(db, { url, fetch, now: clock('2026-08-22T18:05:00Z') });
    expect(first).toMatchObject({ status: 'updated', kept: 2, imported: { added: 2, known: 0 } });
    expect(listElements(db).map((s) => [s.noradId, s.source, s.fetchedAt])).toEqual([
      [40697, url, '2026-08-22T18:05:00.000Z'],
      [64578, url, '2026-08-22T18:05:00.000Z'],
    ]);
    expect(seen).toEqual([{ url: '/NORAD/elements/gp.php?GROUP=active&FORMAT=json' }]);

    const tooSoon = await refreshElements(db, { url, fetch, now: clock('2026-08-22T20:04:59Z') });
    expect(tooSoon).toMatchObject({ status: 'too-soon', nextAllowedAt: '2026-08-22T20:05:00.000Z' });
    expect(seen).toHaveLength(1);

    const later = await refreshElements(db, { url, fetch, now: clock('2026-08-22T20:05:00Z') });
    expect(later).toMatchObject({ status: 'not-modified' });
    expect(seen[1]).toMatchObject({ ifNoneMatch: '"v1"', ifModifiedSince: 'Sat, 22 Aug 2026 18:00:00 GMT' });
    expect(getFetchRecord(db, { url })).toMatchObject({
      status: 304,
      sets: 2,
      checkedAt: '2026-08-22T20:05:00.000Z',
    });

    etag = '"v2"';
    const changed = await refreshElements(db, {
      url,
      fetch,
      now: clock(new Date(Date.parse('2026-08-22T20:05:00Z') + MIN_REFRESH_INTERVAL_MS).toISOString()),
    });
    expect(changed).toMatchObject({ status: 'updated', imported: { added: 0, known: 2 } });
    expect(getFetchRecord(db, { url })).toMatchObject({ etag: '"v2"', status: 200 });
  });

  it('keeps every set with families: null', async () => {
    await refreshElements(db, {
      url: gpUrl({ base, catnr: 99001 }),
      fetch,
      families: null,
      now: clock('2026-08-22T18:00:00Z'),
    });
    expect(listElements(db)).toHaveLength(3);
    expect(seen[0]!.url).toBe('/NORAD/elements/gp.php?CATNR=99001&FORMAT=json');
  });

  it('reports refusals and empty answers, and counts them against the two hours', async () => {
    const url = gpUrl({ base });
    mode = 'forbidden';
    await expect(refreshElements(db, { url, fetch, now: clock('2026-08-22T18:00:00Z') })).rejects.toThrow(
      /answered 403 \(CelesTrak refuses clients that ask too often/,
    );
    expect(await refreshElements(db, { url, fetch, now: clock('2026-08-22T19:00:00Z') })).toMatchObject({
      status: 'too-soon',
    });
    mode = 'nodata';
    await expect(refreshElements(db, { url, fetch, now: clock('2026-08-22T20:00:00Z') })).rejects.toThrow(
      /No GP data found/,
    );
    expect(listElements(db)).toEqual([]);
  });

  it('does not hold back the next try when nothing answered', async () => {
    const url = 'http://127.0.0.1:9/gp.php?GROUP=active&FORMAT=json';
    const down = () => Promise.reject(new Error('connect ECONNREFUSED'));
    await expect(
      refreshElements(db, { url, fetch: down, now: clock('2026-08-22T18:00:00Z') }),
    ).rejects.toBeInstanceOf(RefreshError);
    expect(getFetchRecord(db, { url })).toBeUndefined();
  });

  it('says a failure in words for the window: what happened, the host asked, the cache unchanged', async () => {
    const url = 'http://127.0.0.1:9/gp.php?GROUP=active&FORMAT=json';
    // Node's fetch: "fetch failed", the socket's code in its cause.
    const down = () =>
      Promise.reject(
        new TypeError('fetch failed', {
          cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }),
        }),
      );
    const err = (await refreshElements(db, { url, fetch: down, now: clock('2026-08-22T18:00:00Z') }).catch(
      (e: unknown) => e,
    )) as RefreshError;
    expect(err.message).toContain(url);
    const words = refreshFailureInWords(err);
    expect(words).toBe(
      'CelesTrak (127.0.0.1:9) could not be reached: nothing answered there (connection refused). ' +
        'The elements in the cache are unchanged.',
    );
    expect(words).not.toContain('gp.php');

    mode = 'forbidden';
    const refused = (await refreshElements(db, {
      url: gpUrl({ base }),
      fetch,
      now: clock('2026-08-22T18:00:00Z'),
    }).catch((e: unknown) => e)) as RefreshError;
    expect(refreshFailureInWords(refused)).toMatch(/refused the request \(HTTP 403\): it refuses clients/);
  });
});
