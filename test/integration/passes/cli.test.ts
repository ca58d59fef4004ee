// `watchfloor passes`, `satellites` and `elements` as a user runs them (docs/passes.md):
// results on stdout, messages on stderr, bad input exits 2 (usage) or 1 with
// the cache untouched.
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PassesResponse } from '../../../electron/passes/predict';
import { runWatchfloor } from '../../helpers/cli';
import { S2A, SNAPSHOTS, snapshotPath, tleToOmm } from '../../unit/passes/fixtures';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'wf-passes-'));
const env = (extra: NodeJS.ProcessEnv = {}) => ({
  ...process.env,
  WATCHFLOOR_DB: '',
  WATCHFLOOR_NOW: '2026-08-22T06:00:00Z',
  ...extra,
});
const ACTIVE = snapshotPath(SNAPSHOTS.active202608);
const RESOURCE = snapshotPath(SNAPSHOTS.resource202608);
const where = ['--lat', '50.45', '--lon', '30.52', '--start-date', '2026-08-22'];

describe('watchfloor passes', () => {
  it('prints the /passes response from a --tle file', async () => {
    const db = path.join(tmp(), 'cache.db');
    const r = await runWatchfloor(
      ['passes', ...where, '--tle', ACTIVE, '--json', '--max-passes', '25', '--db', db],
      {
        env: env(),
      },
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as PassesResponse;
    expect(out.meta).toMatchObject({
      target: { lat: 50.45, lon: 30.52 },
      window: { start: '2026-08-22', end: '2026-08-24' },
    });
    expect(out.passes).toHaveLength(25);
    expect(out.retrieval_ok).toBe(true);
    expect(out.passes.map((p) => p.peak)).toEqual(out.passes.map((p) => p.peak).sort());
    expect(out.passes.filter((p) => p.is_past).length).toBeGreaterThan(0);
    // Reading never creates the cache.
    expect(existsSync(db)).toBe(false);
  });

  it('prints a readable table by default', async () => {
    const r = await runWatchfloor(
      ['passes', '--bbox', '30,50,31,51', '--tle', RESOURCE, '--satellites', 'sentinel-2,landsat'],
      {
        env: env(),
      },
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Passes over 50\.5000, 30\.5000, 2026-08-22 to 2026-08-24/);
    expect(r.stdout).toMatch(/PEAK \(UTC\)\s+SATELLITE\s+FAMILY/);
    expect(r.stdout).toMatch(/SENTINEL-2[ABC]\s+sentinel-2\s+optical\s+systematic/);
    expect(r.stdout).toMatch(/not a scheduled acquisition/);
  });

  it.each([
    [['--lat', '95', '--lon', '0'], /lat must be within -90\.\.90/],
    [['--lat', '10', '--lon', '0', '--end-date', '2026-08-21'], /before the start date/],
    [['--lat', '10', '--lon', '0', '--max-passes', '500'], /max passes must be within 1\.\.100/],
    [['--lon', '10'], /give both --lat and --lon/],
    [['--bbox', '1,2,3'], /bbox needs 4 numbers/],
  ])('refuses %j with exit 2, creating nothing', async (args, message) => {
    const db = path.join(tmp(), 'cache.db');
    const r = await runWatchfloor(['passes', ...args, '--tle', ACTIVE, '--db', db], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
    expect(existsSync(db)).toBe(false);
  });

  it('a window past the 7-day horizon is narrowed as the service caps it, and the answer says so', async () => {
    const r = await runWatchfloor(
      [
        'passes',
        ...where,
        '--end-date',
        '2026-09-05',
        '--tle',
        ACTIVE,
        '--satellites',
        'sentinel-2',
        '--json',
      ],
      { env: env() },
    );
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as PassesResponse & {
      meta: { window_clamp?: { requested: unknown; applied: unknown } };
    };
    expect(out.meta.window).toEqual({ start: '2026-08-22', end: '2026-08-29' });
    expect(out.meta.window_clamp).toMatchObject({
      requested: { start_date: '2026-08-22', end_date: '2026-09-05' },
      applied: { start_date: '2026-08-22', end_date: '2026-08-29' },
    });
    expect(out.passes.length).toBeGreaterThan(0);
    expect(out.passes.every((p) => p.peak < '2026-08-30T00:00:00Z')).toBe(true);
    expect(out.note).toMatch(/narrowed to 2026-08-22\.\.2026-08-29/);
    expect(r.stderr).toMatch(/note: the window 2026-08-22 to 2026-09-05 is longer than the 7-day horizon/);
    // The table says the window searched, and the note goes to stderr as well.
    const table = await runWatchfloor(
      ['passes', ...where, '--end-date', '2026-09-05', '--tle', ACTIVE, '--satellites', 'sentinel-2'],
      { env: env() },
    );
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/2026-08-22 to 2026-08-29/);
    expect(table.stderr).toMatch(/7-day horizon/);
  });

  it('computes the family keys the catalog knows and names the ones it does not', async () => {
    const r = await runWatchfloor(
      ['passes', ...where, '--satellites', 'iceye,unknownkey', '--tle', ACTIVE, '--json'],
      { env: env() },
    );
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as PassesResponse & { meta: { unknown_families?: string[] } };
    expect(out.meta.unknown_families).toEqual(['unknownkey']);
    expect(out.meta.families).toEqual(['iceye']);
    expect(out.passes.length).toBeGreaterThan(0);
    expect(new Set(out.passes.map((p) => p.family_key))).toEqual(new Set(['iceye']));
    // Timing for the unknown key is unavailable, which is not "no passes".
    expect(out.retrieval_ok).toBe(false);
    expect(out.note).toMatch(/does not know unknownkey/);
    expect(r.stderr).toMatch(/note: the local family catalog does not know unknownkey/);
  });

  it('fails (exit 1) on a file with no usable set, naming the bad lines', async () => {
    const dir = tmp();
    const file = path.join(dir, 'bad.tle');
    const broken = S2A.l2.slice(0, 68) + String((Number(S2A.l2[68]) + 1) % 10);
    writeFileSync(file, `${S2A.name}\n${S2A.l1}\n${broken}\n`);
    const r = await runWatchfloor(['passes', ...where, '--tle', file], { env: env() });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/skipped lines 1-3 \(NORAD 40697\): line 2 checksum is \d, expected \d/);
    expect(r.stderr).toMatch(/holds no usable element set/);
    expect(r.stdout).toBe('');
    const missing = await runWatchfloor(['passes', ...where, '--tle', path.join(dir, 'nope.tle')], {
      env: env(),
    });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/no such file/);
  });

  it('says timing is unavailable, not "no passes", when the cache has no elements', async () => {
    const db = path.join(tmp(), 'empty.db');
    const r = await runWatchfloor(['passes', ...where, '--json', '--db', db], { env: env() });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as PassesResponse;
    expect(out).toMatchObject({ passes: [], retrieval_ok: false });
    expect(out.note).toMatch(/timing is unavailable/);
    expect(r.stderr).toMatch(/no orbital elements in .*empty\.db/);
    expect(existsSync(db)).toBe(false);
  });
});

describe('watchfloor elements and satellites', () => {
  it('imports a file into the cache, then passes and satellites read it', async () => {
    const db = path.join(tmp(), 'cache.db');
    const imp = await runWatchfloor(['elements', 'import', RESOURCE, '--db', db, '--json'], { env: env() });
    expect(imp.code).toBe(0);
    expect(JSON.parse(imp.stdout)).toMatchObject({
      format: 'tle',
      read: 41,
      added: 41,
      known: 0,
      rejected: [],
    });

    const passes = await runWatchfloor(['passes', ...where, '--satellites', 'sentinel-2,iceye', '--json'], {
      env: env({ WATCHFLOOR_DB: db }),
    });
    const out = JSON.parse(passes.stdout) as PassesResponse;
    expect(out.retrieval_ok).toBe(false);
    expect(out.meta.families_without_elements).toEqual(['iceye']);
    expect(out.passes.length).toBeGreaterThan(0);
    expect(passes.stderr).toMatch(/no usable elements for iceye/);

    const sats = await runWatchfloor(['satellites', '--json', '--db', db], { env: env() });
    expect(sats.code).toBe(0);
    const catalog = JSON.parse(sats.stdout) as {
      families: {
        key: string;
        sensor: string;
        satellites: { norad_id: number; epoch: string; source: string }[];
      }[];
    };
    expect(catalog.families.map((f) => f.key)).toHaveLength(13);
    const s2 = catalog.families.find((f) => f.key === 'sentinel-2')!;
    expect(s2.satellites.map((s) => s.norad_id).sort()).toEqual([40697, 42063, 60989]);
    expect(s2.satellites[0]!.epoch).toMatch(/^2026-08-22T/);
    expect(s2.satellites[0]!.source).toBe(`file:${RESOURCE}`);
  });

  it('lists the satellites of a --tle file as a table', async () => {
    const r = await runWatchfloor(['satellites', '--tle', ACTIVE], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^iceye: /m);
    expect(r.stdout).toMatch(/ICEYE-X57\s+2026-08-2\d \d\d:\d\d:\d\d/);
  });

  it('skips corrupt sets on import, or refuses the file with --strict, leaving the cache as it was', async () => {
    const dir = tmp();
    const db = path.join(dir, 'cache.db');
    const file = path.join(dir, 'mixed.tle');
    const good = readFileSync(RESOURCE, 'utf8').split('\n').slice(0, 6).join('\n');
    writeFileSync(file, `${good}\nBROKEN\n${S2A.l1}\n${S2A.l2.slice(0, 60)}\n`);
    const strict = await runWatchfloor(['elements', 'import', file, '--strict', '--db', db], { env: env() });
    expect(strict.code).toBe(1);
    expect(strict.stderr).toMatch(/skipped lines 7-9 \(NORAD 40697\): line 2 has 60 characters/);
    expect(existsSync(db)).toBe(false);
    const lenient = await runWatchfloor(['elements', 'import', file, '--db', db], { env: env() });
    expect(lenient.code).toBe(0);
    expect(lenient.stdout).toMatch(/imported 2 element sets .*; 1 rejected/);
    const size = statSync(db).size;
    const again = await runWatchfloor(['elements', 'import', path.join(dir, 'none.tle'), '--db', db], {
      env: env(),
    });
    expect(again.code).toBe(1);
    expect(statSync(db).size).toBe(size);
  });

  it('refreshes from a GP endpoint, then waits two hours', async () => {
    const requests: string[] = [];
    const server = http.createServer((req, res) => {
      requests.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'application/json', etag: '"a"' });
      res.end(JSON.stringify([tleToOmm(S2A.name, S2A.l1, S2A.l2)]));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/NORAD/elements/gp.php`;
      const db = path.join(tmp(), 'cache.db');
      const first = await runWatchfloor(['elements', 'refresh', '--group', 'resource', '--db', db], {
        env: env({ WATCHFLOOR_CELESTRAK_URL: url }),
      });
      expect(first.stderr).toBe('');
      expect(first.code).toBe(0);
      expect(first.stdout).toMatch(/refreshed from .*GROUP=resource.*1 kept/);
      const second = await runWatchfloor(
        ['elements', 'refresh', '--group', 'resource', '--db', db, '--json'],
        {
          env: env({ WATCHFLOOR_CELESTRAK_URL: url }),
        },
      );
      expect(JSON.parse(second.stdout)).toMatchObject({
        status: 'too-soon',
        nextAllowedAt: '2026-08-22T08:00:00.000Z',
      });
      expect(requests).toEqual(['/NORAD/elements/gp.php?GROUP=resource&FORMAT=json']);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
