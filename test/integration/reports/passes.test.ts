// The HTML and PDF reports list the satellite passes over the area for the next 48 hours from
// the cached orbital elements, and say when those elements are stale (over the one 3-day
// threshold) or missing. Checked against `watchfloor passes`, the predictor's own command.
import { execFileSync } from 'node:child_process';
import { copyFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runWatchfloor } from '../../helpers/cli';
import { demoCache, env, report, squash, tmpDir } from './helpers';

/** Around Odesa: about 77 × 67 km. */
const BBOX = '30.2,46.2,31.2,46.8';
const CORNERS = [
  [46.5, 30.7],
  [46.2, 30.2],
  [46.2, 31.2],
  [46.8, 30.2],
  [46.8, 31.2],
] as const;
const SNAPSHOT = path.resolve(
  import.meta.dirname,
  '../../fixtures/tle/celestrak_active_2026-08-22_2048lr.txt',
);
/** The snapshot's element sets are from 2026-08-22: from that day's start they are fresh. */
const FRESH_NOW = '2026-08-22T00:00:00Z';
/** Two weeks on, every set is more than 3 days from any peak. */
const STALE_NOW = '2026-09-05T12:00:00Z';

let dir: string;
let bare: string;
let withElements: string;

beforeAll(async () => {
  dir = tmpDir();
  bare = await demoCache(dir);
  withElements = path.join(dir, 'with-elements.db');
  copyFileSync(bare, withElements);
  const imp = await runWatchfloor(['elements', 'import', SNAPSHOT, '--db', withElements], { env: env(dir) });
  expect(imp.code, imp.stderr).toBe(0);
}, 180_000);

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

/** The report's passes section: its rows as [family, satellite, peak, light, off-nadir]. */
function passRows(html: string): string[][] {
  const start = html.indexOf('<h2>Passes over the area, next 48 hours</h2>');
  expect(start, 'the passes section').toBeGreaterThan(-1);
  const section = html.slice(start, html.indexOf('<h2>', start + 10));
  return [...section.matchAll(/<tr>(<td>.*?)<\/tr>/g)].map((m) =>
    [...m[1]!.matchAll(/<td>(.*?)<\/td>/g)].map((c) => textOf(c[1]!)),
  );
}

async function htmlReport(db: string, now: string, name: string): Promise<string> {
  const out = path.join(dir, name);
  const run = await report(dir, ['--bbox', BBOX, '--format', 'html', '--out', out, '--db', db], {
    WATCHFLOOR_NOW: now,
  });
  expect(run.code, run.stderr).toBe(0);
  return readFileSync(out, 'utf8');
}

describe('passes in a report', { timeout: 180_000 }, () => {
  it('lists every pass that reaches any part of the area, as `watchfloor passes` predicts for its points', async () => {
    const html = await htmlReport(withElements, FRESH_NOW, 'fresh.html');
    const rows = passRows(html);
    expect(rows.length).toBeGreaterThan(5);
    const nowMs = Date.parse(FRESH_NOW);
    for (const [, , peak, light] of rows) {
      const at = Date.parse(peak!);
      expect(at).toBeGreaterThanOrEqual(nowMs - 1000);
      expect(at).toBeLessThanOrEqual(nowMs + 48 * 3_600_000);
      expect(['sunlit', 'night']).toContain(light);
    }
    const lastListed = Date.parse(rows.at(-1)![2]!);
    // The predictor's own command, for the centre and each corner: every pass it finds there
    // reaches the area, so the report lists it (the same satellite, its peak within 15 minutes).
    const centre: string[] = [];
    for (const [lat, lon] of CORNERS) {
      const cli = await runWatchfloor(
        [
          'passes',
          '--lat',
          String(lat),
          '--lon',
          String(lon),
          '--start-date',
          '2026-08-22',
          '--end-date',
          '2026-08-23',
          '--max-passes',
          '100',
          '--json',
          '--db',
          withElements,
        ],
        { env: env(dir, { WATCHFLOOR_NOW: FRESH_NOW }) },
      );
      expect(cli.code, cli.stderr).toBe(0);
      const predicted = (
        JSON.parse(cli.stdout) as { passes: { satellite: string; peak: string }[] }
      ).passes.filter((p) => Date.parse(p.peak) >= nowMs && Date.parse(p.peak) <= lastListed);
      expect(predicted.length).toBeGreaterThan(0);
      if (lat === CORNERS[0][0]) centre.push(...predicted.map((p) => p.satellite));
      for (const p of predicted)
        expect(
          rows.some(
            (r) => r[1] === p.satellite && Math.abs(Date.parse(r[2]!) - Date.parse(p.peak)) <= 15 * 60_000,
          ),
          `${p.satellite} at ${p.peak} over ${lat},${lon}`,
        ).toBe(true);
    }
    // The area sees more than its centre alone.
    expect(rows.length).toBeGreaterThan(centre.length);
    expect(textOf(html)).not.toContain('Stale orbital elements');
    expect(textOf(html)).not.toContain('No orbital elements cached');
  });

  it('lists none for an area too large for a list to mean anything, and says so', async () => {
    const out = path.join(dir, 'world.html');
    const run = await report(
      dir,
      ['--bbox', '-180,-90,180,90', '--format', 'html', '--out', out, '--db', withElements],
      {
        WATCHFLOOR_NOW: FRESH_NOW,
      },
    );
    expect(run.code, run.stderr).toBe(0);
    const html = readFileSync(out, 'utf8');
    expect(passRows(html)).toEqual([]);
    expect(textOf(html)).toMatch(/Not listed: the area is about [\d,]+ km across/);
  });

  it('says the elements are stale when they are older than the threshold, in the PDF too', async () => {
    const html = await htmlReport(withElements, STALE_NOW, 'stale.html');
    expect(textOf(html)).toContain('Stale orbital elements');
    expect(textOf(html)).toMatch(/over the 3-day threshold/);
    const out = path.join(dir, 'stale.pdf');
    const run = await report(dir, ['--bbox', BBOX, '--format', 'pdf', '--out', out, '--db', withElements], {
      WATCHFLOOR_NOW: STALE_NOW,
    });
    expect(run.code, run.stderr).toBe(0);
    const text = squash(execFileSync('pdftotext', [out, '-']).toString());
    expect(text).toContain(squash('Stale orbital elements'));
    expect(text).toContain(squash('Passes over the area, next 48 hours'));
  });

  it('says no orbital elements are cached when there are none, rather than "no passes"', async () => {
    const html = await htmlReport(bare, FRESH_NOW, 'bare.html');
    expect(textOf(html)).toContain('No orbital elements cached');
    expect(passRows(html)).toEqual([]);
    // The data formats carry the signals alone: no pass caveat there.
    const out = path.join(dir, 'bare.geojson');
    const run = await report(dir, ['--bbox', BBOX, '--format', 'geojson', '--out', out, '--db', bare]);
    expect(run.code, run.stderr).toBe(0);
    const caveats = (JSON.parse(readFileSync(out, 'utf8')) as { report: { caveats: string[] } }).report
      .caveats;
    expect(caveats.some((c) => c.includes('orbital elements'))).toBe(false);
  });
});
