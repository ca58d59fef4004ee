// `watchfloor sync --demo` as a user runs it (no key, no service of their own), then the
// reading commands on that demo cache: a country-level signal is never drawn as a point at
// its country's centre (GeoJSON null geometry; CSV empty coordinates).
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCache, openCacheReadOnly, readCacheMeta } from '../../../electron/cache';
import { startDemoService } from '../../../electron/demo';
import { DEMO_KEY, DEMO_NOW } from '../../helpers/demo';
import { contractCall, startServeProcess } from '../../helpers/serve';
import { runWatchfloor } from '../../helpers/cli';

const tmpDir = () => mkdtempSync(path.join(os.tmpdir(), 'wf-demo-'));

/** No key anywhere: the demo needs none. WATCHFLOOR_DB places the default caches in a fresh folder. */
function env(dir: string): NodeJS.ProcessEnv {
  const { WATCHFLOOR_API_KEY: _k, WATCHFLOOR_BASE_URL: _u, ...rest } = process.env;
  return { ...rest, WATCHFLOOR_DB: path.join(dir, 'watchfloor.db') };
}

interface Feature {
  type: string;
  id: string | number;
  geometry: { type: string; coordinates: number[] } | null;
  properties: Record<string, unknown>;
}

/** RFC 4180 rows (quoted fields may hold commas, quotes and newlines). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else if (c !== '\r') field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

/** What the cache itself decided, per signal id: precise enough to draw as a point or not. */
function plottableInCache(db: string): Map<string, boolean> {
  const conn = openCacheReadOnly(db);
  try {
    const rows = conn.prepare('SELECT id, plottable FROM signals').all() as {
      id: string;
      plottable: number;
    }[];
    return new Map(rows.map((r) => [r.id, r.plottable === 1]));
  } finally {
    conn.close();
  }
}

describe.each([
  // main: the default demo cache (beside $WATCHFLOOR_DB), read back with --demo;
  // alternate: a cache named with --db, read back with the same --db.
  ['main', false],
  ['alternate', true],
] as const)('sync --demo, %s profile', (profile, named) => {
  it('syncs without a key; signals on the same cache keep country-level signals off the map', async () => {
    const dir = tmpDir();
    const e = env(dir);
    const file = named ? path.join(dir, 'my-demo.db') : path.join(dir, 'watchfloor-demo.db');
    const where = named ? ['--db', file] : ['--demo'];

    const sync = await runWatchfloor(
      ['sync', '--demo', '--profile', profile, '--json', ...(named ? ['--db', file] : [])],
      { env: e },
    );
    expect(sync.code, sync.stderr).toBe(0);
    const summary = JSON.parse(sync.stdout) as {
      profile: string;
      complete: boolean;
      streams: Record<string, { stored: number }>;
    };
    expect(summary.profile).toBe(profile);
    expect(summary.complete).toBe(true);
    expect(summary.streams.signals!.stored).toBeGreaterThan(0);
    expect(existsSync(file)).toBe(true);
    // Demo data never lands in the account's cache.
    expect(existsSync(path.join(dir, 'watchfloor.db'))).toBe(false);
    expect(sync.stderr).toContain(`read it with \`watchfloor signals ${named ? `--db ${file}` : '--demo'}\``);

    const json = await runWatchfloor(['signals', ...where], { env: e });
    expect(json.code, json.stderr).toBe(0);
    const records = new Map(
      (JSON.parse(json.stdout) as Record<string, unknown>[]).map((s) => [String(s.id), s]),
    );

    const geo = await runWatchfloor(['signals', ...where, '--format', 'geojson'], { env: e });
    expect(geo.code, geo.stderr).toBe(0);
    const fc = JSON.parse(geo.stdout) as { type: string; demo?: boolean; features: Feature[] };
    expect(fc.type).toBe('FeatureCollection');
    // Demo data is marked in the file itself (issue 23), not only on stderr: a member of the
    // collection and of each feature, of each JSON record, a column of the CSV.
    expect(fc.demo).toBe(true);
    for (const f of fc.features) expect(f.properties.demo).toBe(true);
    for (const s of records.values()) expect(s.demo).toBe(true);
    expect(fc.features.map((f) => String(f.id)).sort()).toEqual([...records.keys()].sort());

    const plottable = plottableInCache(file);
    const countryLevel = fc.features.filter((f) => plottable.get(String(f.id)) === false);
    const points = fc.features.filter((f) => plottable.get(String(f.id)) === true);
    expect(countryLevel.length).toBeGreaterThan(0);
    expect(points.length).toBeGreaterThan(0);
    for (const f of countryLevel) {
      const s = records.get(String(f.id))!;
      expect(f.geometry, String(f.id)).toBeNull();
      expect(f.properties).not.toHaveProperty('lat');
      expect(f.properties).not.toHaveProperty('lng');
      expect(f.properties.plottable).toBe(false);
      expect(f.properties.country_code).toBe(s.country_code);
      expect(f.properties.country).toBe(s.country);
      expect(f.properties.location_level).toBe(s.location_level);
    }
    for (const f of points) {
      const s = records.get(String(f.id))!;
      expect(f.geometry).toEqual({ type: 'Point', coordinates: [s.lng, s.lat] });
    }

    const csv = await runWatchfloor(['signals', ...where, '--format', 'csv'], { env: e });
    expect(csv.code, csv.stderr).toBe(0);
    const [header, ...rows] = parseCsv(csv.stdout);
    const col = (name: string) => {
      const i = header!.indexOf(name);
      expect(i, name).toBeGreaterThanOrEqual(0);
      return i;
    };
    const [id, lat, lng, level, code, demo] = [
      'id',
      'lat',
      'lng',
      'location_level',
      'country_code',
      'demo',
    ].map(col);
    expect(rows.length).toBe(records.size);
    for (const r of rows) {
      expect(r[demo!]).toBe('true');
      const s = records.get(r[id!]!)!;
      expect(r[level!]).toBe(s.location_level ?? '');
      expect(r[code!]).toBe(s.country_code);
      if (plottable.get(r[id!]!)) expect([Number(r[lat!]), Number(r[lng!])]).toEqual([s.lat, s.lng]);
      else expect([r[lat!], r[lng!]], r[id!]).toEqual(['', '']);
    }

    // One event by id, from the same cache.
    const first = [...records.keys()][0]!;
    const one = await runWatchfloor(['signal', first, ...where, '--json'], { env: e });
    expect(one.code, one.stderr).toBe(0);
    expect(JSON.parse(one.stdout)).toMatchObject({ demo: true });
    expect(String((JSON.parse(one.stdout) as { id: unknown }).id)).toBe(first);
  });
});

describe('sync --demo: its cache and its limits', () => {
  it('a rerun replaces the demo cache (the demo service is new each run)', async () => {
    const dir = tmpDir();
    for (const profile of ['main', 'alternate']) {
      const r = await runWatchfloor(['sync', '--demo', '--profile', profile, '--json'], { env: env(dir) });
      expect(r.code, r.stderr).toBe(0);
    }
    const list = await runWatchfloor(['signals', '--demo', '--limit', '1'], { env: env(dir) });
    expect((JSON.parse(list.stdout) as { profile: string }[])[0]!.profile).toBe('alternate');
  });

  it('refuses to replace a --db that holds another service’s cache, and leaves it as it was', async () => {
    const dir = tmpDir();
    const file = path.join(dir, 'account.db');
    openCache(file, { baseUrl: 'https://service.example', profile: 'main' }).close();
    const before = createHash('sha256').update(readFileSync(file)).digest('hex');
    const r = await runWatchfloor(['sync', '--demo', '--db', file], { env: env(dir) });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('holds the cache of https://service.example, not demo data');
    expect(createHash('sha256').update(readFileSync(file)).digest('hex')).toBe(before);
  });

  it('bad usage: --demo with --base-url, signals --demo with --db; no demo cache yet says how to make one', async () => {
    const dir = tmpDir();
    const both = await runWatchfloor(['sync', '--demo', '--base-url', 'https://service.example'], {
      env: env(dir),
    });
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--demo and --base-url exclude each other');
    const conflict = await runWatchfloor(['signals', '--demo', '--db', path.join(dir, 'x.db')], {
      env: env(dir),
    });
    expect(conflict.code).toBe(2);
    const none = await runWatchfloor(['signals', '--demo'], { env: env(dir) });
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('run `watchfloor sync --demo` first');
    expect(existsSync(path.join(dir, 'watchfloor-demo.db'))).toBe(false);
  });

  it('a service on 127.0.0.1 is not demo data: a tunnel’s cache is never replaced, nor titled demo', async () => {
    // A real service reached through an SSH tunnel listens on 127.0.0.1 too (here the demo
    // service plays it, reached as any service is: --base-url and a key).
    const tunnel = await startDemoService({ profile: 'main', now: DEMO_NOW, signalsPerDay: 3 });
    try {
      const dir = tmpDir();
      const file = path.join(dir, 'tunnel.db');
      const e = { ...env(dir), WATCHFLOOR_API_KEY: DEMO_KEY };
      const sync = await runWatchfloor(['sync', '--base-url', tunnel.url, '--db', file], { env: e });
      expect(sync.code, sync.stderr).toBe(0);
      const conn = openCacheReadOnly(file);
      expect(readCacheMeta(conn)).toMatchObject({ baseUrl: tunnel.url, demo: false });
      conn.close();
      const before = createHash('sha256').update(readFileSync(file)).digest('hex');
      const demo = await runWatchfloor(['sync', '--demo', '--db', file], { env: env(dir) });
      expect(demo.code).toBe(1);
      expect(demo.stderr).toContain(`holds the cache of ${tunnel.url}, not demo data`);
      expect(createHash('sha256').update(readFileSync(file)).digest('hex')).toBe(before);
      // Its report is the account's, not demo data.
      const out = path.join(dir, 'tunnel.geojson');
      const report = await runWatchfloor(
        ['report', '--bbox', '-180,-90,180,90', '--format', 'geojson', '--db', file, '--out', out],
        { env: e },
      );
      expect(report.code, report.stderr).toBe(0);
      expect(report.stderr).not.toMatch(/DEMO/);
      const said = (JSON.parse(readFileSync(out, 'utf8')) as { report: { demo: boolean; caveats: string[] } })
        .report;
      expect(said.demo).toBe(false);
      expect(said.caveats.filter((c) => /demo/i.test(c))).toEqual([]);
    } finally {
      await tunnel.close();
    }
  });

  it('a demo cache says so itself, and `sync --demo --db` replaces only such a file', async () => {
    const dir = tmpDir();
    const file = path.join(dir, 'mine-demo.db');
    for (let run = 0; run < 2; run++) {
      const r = await runWatchfloor(['sync', '--demo', '--db', file], { env: env(dir) });
      expect(r.code, r.stderr).toBe(0);
    }
    const conn = openCacheReadOnly(file);
    expect(readCacheMeta(conn)?.demo).toBe(true);
    conn.close();
  });

  it('never deletes the demo cache a running `serve --demo` works from, and names it', async () => {
    const dir = tmpDir();
    const serve = await startServeProcess(['--demo'], env(dir));
    try {
      // Once its first sync has ended, the window's cache holds what it will hold.
      await expect
        .poll(
          async () => {
            const st = await contractCall(serve, 'sync.status');
            return !st.running && st.lastRunAt !== null;
          },
          { timeout: 90_000 },
        )
        .toBe(true);
      const held = (await contractCall(serve, 'signals.query', { limit: 1 })).total;
      const r = await runWatchfloor(['sync', '--demo'], { env: env(dir) });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        new RegExp(
          `watchfloor-demo\\.db is in use by \`watchfloor serve --demo\` \\(pid ${serve.child.pid},`,
        ),
      );
      expect(r.stderr).toContain('stop it first, or give this run its own --db');
      // The window's cache is whole and still answers.
      expect((await contractCall(serve, 'signals.query', { limit: 1 })).total).toBe(held);
    } finally {
      await serve.stop();
    }
    // Once serve has gone, the demo cache is free again.
    const after = await runWatchfloor(['sync', '--demo'], { env: env(dir) });
    expect(after.code, after.stderr).toBe(0);
  });
});
