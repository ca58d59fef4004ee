// The Passes rows of the contract through `watchfloor serve`, as the window calls them, on a
// cache that starts with no elements (a demo service by --base-url: `serve --demo` imports the
// snapshot the demo ships, test/unit/contract/demo-elements.test.ts):
// a corrupt element file is refused with the set and the reason and changes nothing; a good one
// is stored whole; the passes over a place are the ones `watchfloor passes --tle` finds for the
// same window; a window past 7 days is narrowed and says so; a pass's ground track passes over
// the place; the soonest passes over several places; CelesTrak is asked at most every 2 hours.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel, ElementsStatus, Input, Result } from '../../../shared/contract';
import { startDemoService, type DemoService } from '../../../electron/demo';
import { repoRoot, runWatchfloor } from '../../helpers/cli';
import { DEMO_KEY, DEMO_NOW } from '../../helpers/demo';
import { startServeProcess, type ServeProcess } from '../../helpers/serve';
import { freshHome } from '../../helpers/window';

const GOOD = path.join(repoRoot, 'test/fixtures/tle/celestrak_resource_2026-08-22_2048lr.txt');
const KYIV = { lat: 50.45, lon: 30.52 };

let serve: ServeProcess;
let demo: DemoService;
let celestrak: Server;
let celestrakAsked = 0;

async function answer<C extends Channel>(channel: C, input: Input<C>) {
  const res = await fetch(`${serve.origin}/api/contract/${channel}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Watchfloor-Token': serve.secret },
    body: JSON.stringify(input),
  });
  return (await res.json()) as { ok: true; result: Result<C> } | { ok: false; error: { message: string } };
}
async function call<C extends Channel>(channel: C, input: Input<C>): Promise<Result<C>> {
  const body = await answer(channel, input);
  if (!body.ok) throw new Error(`${channel}: ${body.error.message}`);
  return body.result;
}

beforeAll(async () => {
  // A stand-in for CelesTrak on loopback: it says "not modified" (nothing to parse), and counts.
  celestrak = createServer((_req, res) => {
    celestrakAsked++;
    res.writeHead(304).end();
  });
  await new Promise<void>((ok) => celestrak.listen(0, '127.0.0.1', ok));
  const port = (celestrak.address() as AddressInfo).port;
  demo = await startDemoService({ profile: 'main', now: DEMO_NOW, signalsPerDay: 4 });
  const home = freshHome('passes-rows');
  serve = await startServeProcess(['--base-url', demo.url, '--db', path.join(home.HOME, 'cache.db')], {
    ...process.env,
    WATCHFLOOR_API_KEY: DEMO_KEY,
    WATCHFLOOR_CELESTRAK_URL: `http://127.0.0.1:${port}/NORAD/elements/gp.php`,
    ...home,
  });
});
afterAll(async () => {
  await serve?.stop();
  await demo?.close();
  await new Promise((ok) => celestrak?.close(ok));
});

describe('passes rows through serve', () => {
  it('refuses a corrupt file whole, names the set and the reason, and stores nothing', async () => {
    const good = readFileSync(GOOD, 'utf8').split('\n');
    // One digit changed on a line 2: its checksum no longer holds.
    const line = good[2]!;
    good[2] = line.slice(0, 20) + (line[20] === '1' ? '2' : '1') + line.slice(21);
    const refused = await answer('elements.import', { name: 'bad.tle', text: good.join('\n') });
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.error.message).toMatch(/bad\.tle/);
      expect(refused.error.message).toMatch(/lines 1-3 \(NORAD \d+\)/);
      expect(refused.error.message).toMatch(/checksum/);
      expect(refused.error.message).toMatch(/nothing was imported/);
    }
    const empty = await answer('elements.import', { name: 'notes.txt', text: 'hello\nworld\n' });
    expect(empty.ok).toBe(false);
    if (!empty.ok) expect(empty.error.message).toMatch(/no usable element set/);
    const status = await call('elements.status', {});
    expect(status.sets).toBe(0);
    expect(status.newestEpoch).toBeNull();
  });

  let status: ElementsStatus;
  it('imports a good file whole and tells the elements’ age', async () => {
    const imported = await call('elements.import', {
      name: 'resource.tle',
      text: readFileSync(GOOD, 'utf8'),
    });
    expect(imported).toMatchObject({
      name: 'resource.tle',
      format: 'tle',
      read: 41,
      imported: 41,
      added: 41,
    });
    status = await call('elements.status', {});
    expect(status.sets).toBe(41);
    // kari_kompsat (4 sets) is not one of the 13 families the pass finder knows.
    expect(status.satellites).toBe(37);
    // The README's epoch range for this snapshot.
    expect(status.newestEpoch!.slice(0, 16)).toBe('2026-08-22T15:33');
    expect(status.oldestEpoch!.slice(0, 16)).toBe('2026-08-21T23:06');
    expect(status.sources.map((s) => s.source)).toEqual(['file:resource.tle']);
    expect(status.families.find((f) => f.key === 'sentinel-2')).toMatchObject({
      sensor: 'optical',
      satellites: 3,
    });
  });

  it('finds the passes `watchfloor passes --tle` finds, and narrows a long window openly', async () => {
    const cli = await runWatchfloor([
      'passes',
      '--lat',
      String(KYIV.lat),
      '--lon',
      String(KYIV.lon),
      '--start-date',
      '2026-08-22',
      '--end-date',
      '2026-08-23',
      '--tle',
      GOOD,
      '--max-passes',
      '100',
      '--json',
    ]);
    expect(cli.code).toBe(0);
    const expected = JSON.parse(cli.stdout) as {
      passes: { norad_id: number; peak: string; off_nadir_deg: number }[];
    };
    const got = await call('passes.predict', { ...KYIV, startDate: '2026-08-22', endDate: '2026-08-23' });
    expect(got.windowClamp).toBeNull();
    expect(got.freshness.stale).toBe(false);
    const key = (p: { norad_id: number; peak: string; off_nadir_deg: number }) =>
      `${p.norad_id}@${p.peak}@${p.off_nadir_deg}`;
    expect(expected.passes.length).toBeGreaterThan(10);
    expect(got.passes.slice(0, expected.passes.length).map(key)).toEqual(expected.passes.map(key));

    const long = await call('passes.predict', { ...KYIV, startDate: '2026-08-22', endDate: '2026-09-10' });
    expect(long.windowClamp).toMatchObject({
      requested: { start_date: '2026-08-22', end_date: '2026-09-10' },
      applied: { start_date: '2026-08-22', end_date: '2026-08-29' },
    });
    expect(long.window).toEqual({ start: '2026-08-22', end: '2026-08-29' });
    // A week after the epochs, the peaks are more than 3 days from their sets.
    expect(long.freshness.stale).toBe(true);
  });

  it('draws a pass’s ground track over the place at its peak', async () => {
    const got = await call('passes.predict', { ...KYIV, startDate: '2026-08-22', endDate: '2026-08-22' });
    const pass = got.passes.find((p) => p.elevation_deg > 60)!;
    const track = await call('passes.track', { noradId: pass.norad_id, peak: pass.peak });
    expect(track.points).toHaveLength(61); // ±10 min every 20 s
    const [lon, lat] = track.points[30]!; // the peak
    expect(Math.abs(lat - KYIV.lat)).toBeLessThan(3);
    expect(Math.abs(lon - KYIV.lon)).toBeLessThan(5);
    const refused = await answer('passes.track', { noradId: 99999, peak: pass.peak });
    expect(refused.ok).toBe(false);
  });

  it('gives the soonest sunlit optical and SAR pass per place', async () => {
    const got = await call('passes.soonest', {
      places: [
        { id: 'kyiv', ...KYIV },
        { id: 'quito', lat: -0.18, lon: -78.47 },
      ],
    });
    expect(got.places.map((p) => p.id)).toEqual(['kyiv', 'quito']);
    for (const p of got.places) {
      if (p.optical) expect(p.optical).toMatchObject({ sensor: 'optical', sunlit: true });
      if (p.sar) expect(p.sar.sensor).toBe('sar');
    }
    // These sets are months old by now: said, not hidden.
    expect(got.stale).toBe(true);
    // The resource group has no commercial SAR: their timing is unknown, not "no pass".
    expect(got.familiesWithoutElements).toContain('iceye');
  });

  it('asks CelesTrak at most once per two hours', async () => {
    const first = await call('elements.refresh', {});
    expect(first.status).toBe('not-modified');
    const second = await call('elements.refresh', {});
    expect(second.status).toBe('too-soon');
    expect(celestrakAsked).toBe(1);
    const after = await call('elements.status', {});
    expect(after.refresh?.status).toBe(304);
  });
});
