// `watchfloor report` on a demo-synced cache, each format checked the way its reader would:
// the PDF renders and its text holds the title, DEMO and every caveat; the GeoJSON passes a
// GeoJSON checker; the CSV round-trips through a CSV parser; the KML parses as XML and
// converts back to the same points; the HTML, opened in Chromium, makes no request at all.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { check } from '@placemarkio/check-geojson';
import { kml as kmlToGeoJson } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import { parse as parseCsv } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../helpers/browser';
import { runWatchfloor } from '../../helpers/cli';
import { demoCache, env, report, squash, tmpDir } from './helpers';

const BBOX = '22,44,40.5,52.5';

interface Feature {
  type: 'Feature';
  id: string;
  geometry: { type: 'Point'; coordinates: [number, number] } | null;
  properties: Record<string, unknown>;
}
interface Collection {
  type: 'FeatureCollection';
  features: Feature[];
  report: { title: string; caveats: string[]; demo: boolean };
  crs?: unknown;
}

let dir: string;
let db: string;
/** What `watchfloor signals` says independently: the points in the box, and every signal's plottable. */
let pointsInBox: Map<string, [number, number]>;
let plottableById: Map<string, boolean>;
let geojson: Collection;

beforeAll(async () => {
  dir = tmpDir();
  db = await demoCache(dir);
  const listed = await runWatchfloor(
    ['signals', '--db', db, '--bbox', BBOX, '--limit', '1000000', '--format', 'geojson'],
    { env: env(dir) },
  );
  expect(listed.code, listed.stderr).toBe(0);
  pointsInBox = new Map(
    (JSON.parse(listed.stdout) as Collection).features
      .filter((f) => f.geometry)
      .map((f) => [String(f.id), f.geometry!.coordinates]),
  );
  const all = await runWatchfloor(['signals', '--db', db, '--limit', '1000000', '--format', 'csv'], {
    env: env(dir),
  });
  const rows = parseCsv(all.stdout, { columns: true }) as Record<string, string>[];
  plottableById = new Map(rows.map((r) => [r.id!, r.plottable === 'true']));
  const out = path.join(dir, 'area.geojson');
  const run = await report(dir, ['--bbox', BBOX, '--format', 'geojson', '--out', out, '--db', db]);
  expect(run.code, run.stderr).toBe(0);
  geojson = JSON.parse(readFileSync(out, 'utf8')) as Collection;
});

describe('watchfloor report on a demo cache', () => {
  it('GeoJSON: valid RFC 7946, lon first, the same points as `signals --bbox`, country-level with no geometry', () => {
    const text = readFileSync(path.join(dir, 'area.geojson'), 'utf8');
    expect(() => check(text)).not.toThrow();
    expect(geojson.crs).toBeUndefined();
    expect(pointsInBox.size).toBeGreaterThan(0);
    const points = geojson.features.filter((f) => f.geometry);
    expect(new Map(points.map((f) => [f.id, f.geometry!.coordinates]))).toEqual(pointsInBox);
    for (const f of points) expect(f.properties.lng).toBe(f.geometry!.coordinates[0]);
    const countryLevel = geojson.features.filter((f) => f.geometry === null);
    expect(countryLevel.length).toBeGreaterThan(0);
    for (const f of countryLevel) {
      expect(plottableById.get(f.id)).toBe(false);
      expect(f.properties.lat).toBeUndefined();
      expect(f.properties.plottable).toBe(false);
    }
    expect(geojson.report.demo).toBe(true);
  });

  it('CSV: parses back (RFC 4180) to one row per signal, the documented header, empty coordinates when country-level', async () => {
    const out = path.join(dir, 'area.csv');
    const run = await report(dir, ['--bbox', BBOX, '--format', 'csv', '--out', out, '--db', db]);
    expect(run.code, run.stderr).toBe(0);
    const [header, ...rows] = parseCsv(readFileSync(out), { relax_column_count: false }) as string[][];
    // The same header `watchfloor signals --format csv` writes.
    const signalsCsv = await runWatchfloor(['signals', '--db', db, '--limit', '1', '--format', 'csv'], {
      env: env(dir),
    });
    expect(header).toEqual((parseCsv(signalsCsv.stdout) as string[][])[0]);
    const col = (name: string) => header!.indexOf(name);
    // Demo data says so in the file (issue 23): a demo column, true on every row.
    expect(header!.at(-1)).toBe('demo');
    for (const r of rows) expect(r[col('demo')]).toBe('true');
    expect(rows.map((r) => r[col('id')])).toEqual(geojson.features.map((f) => f.id));
    for (const r of rows) {
      const f = geojson.features.find((x) => x.id === r[col('id')])!;
      expect(r[col('title')]).toBe(f.properties.title);
      if (f.geometry) expect([Number(r[col('lng')]), Number(r[col('lat')])]).toEqual(f.geometry.coordinates);
      else expect([r[col('lat')], r[col('lng')], r[col('plottable')]]).toEqual(['', '', 'false']);
    }
  });

  it('KML: well-formed XML, one Placemark per plotted signal, converts back to the same points', async () => {
    const out = path.join(dir, 'area.kml');
    const run = await report(dir, ['--bbox', BBOX, '--format', 'kml', '--out', out, '--db', db]);
    expect(run.code, run.stderr).toBe(0);
    const doc = new DOMParser({
      onError: (level, msg) => {
        if (level !== 'warning') throw new Error(msg);
      },
    }).parseFromString(readFileSync(out, 'utf8'), 'application/xml');
    expect(doc.getElementsByTagName('Placemark').length).toBe(pointsInBox.size);
    // Demo data says so in the file's title (the Document's name).
    expect(doc.getElementsByTagName('Document')[0]!.getElementsByTagName('name')[0]!.textContent).toMatch(
      /^DEMO: /,
    );
    const back = kmlToGeoJson(doc as unknown as Document);
    const points = new Map(
      back.features.map((f) => {
        const id = String(f.properties?.id);
        const g = f.geometry as { type: string; coordinates: number[] };
        expect(g.type).toBe('Point');
        expect(f.properties?.timestamp).toBeTruthy();
        return [id, g.coordinates.slice(0, 2)];
      }),
    );
    expect(points).toEqual(pointsInBox);
    // Country-level signals are listed in the document-level folder, never as a Placemark.
    const notPlaced = geojson.features.filter((f) => f.geometry === null);
    const folder = [...doc.getElementsByTagName('Folder')].find(
      (f) => f.getAttribute('id') === 'not-placed',
    )!;
    const listing = folder.getElementsByTagName('description')[0]!.textContent ?? '';
    for (const f of notPlaced) expect(listing).toContain(f.id);
    // Folders per category; styles per severity band.
    const categories = new Set(
      [...points.keys()].map((id) => geojson.features.find((f) => f.id === id)!.properties.category),
    );
    const folderNames = [...doc.getElementsByTagName('Folder')].map(
      (f) => f.getElementsByTagName('name')[0]!.textContent,
    );
    // Named in words: "maritime incident (12)", not maritime_incident.
    for (const c of categories)
      expect(folderNames.some((n) => n?.startsWith(`${String(c).replace(/_/g, ' ')} (`))).toBe(true);
    expect(doc.getElementsByTagName('Style').length).toBeGreaterThan(1);
  });

  it('PDF: renders, and its text holds the title, DEMO on the first page and every caveat', async () => {
    const out = path.join(dir, 'area.pdf');
    const run = await report(dir, ['--bbox', BBOX, '--format', 'pdf', '--out', out, '--db', db]);
    expect(run.code, run.stderr).toBe(0);
    execFileSync('pdftoppm', ['-r', '40', '-png', '-f', '1', '-l', '1', out, path.join(dir, 'page')]);
    // pdftoppm pads the page number to the document's page count: page-1, page-01, page-001…
    const first = path.join(
      dir,
      readdirSync(dir).find((f) => /^page-0*1\.png$/.test(f))!,
    );
    expect(readFileSync(first).subarray(1, 4).toString()).toBe('PNG');
    expect(statSync(first).size).toBeGreaterThan(2000);
    const firstPage = execFileSync('pdftotext', ['-f', '1', '-l', '1', out, '-']).toString();
    expect(firstPage).toContain('DEMO');
    const text = squash(execFileSync('pdftotext', [out, '-']).toString());
    expect(text).toContain(squash(geojson.report.title));
    // The caveats that apply here, found independently of the report's own list:
    const caveats = geojson.report.caveats;
    expect(caveats.some((c) => c.includes('DEMO'))).toBe(true);
    expect(caveats.some((c) => c.startsWith('Cached, not live'))).toBe(true);
    const countryLevel = geojson.features.filter((f) => !f.geometry).length;
    expect(
      caveats.some((c) =>
        c.includes(
          `${countryLevel.toLocaleString('en-US')} signal${countryLevel === 1 ? ' is' : 's are'} known only to country level`,
        ),
      ),
    ).toBe(true);
    for (const c of caveats) expect(text).toContain(squash(c));
    // Page numbers and the as-of line in the footer of every page.
    expect(text).toContain(squash('Page 1 of'));
    expect(text).toContain(squash('Data as of'));
  });

  it('HTML: one self-contained file that makes no request when opened', async () => {
    const out = path.join(dir, 'area.html');
    const run = await report(dir, ['--bbox', BBOX, '--format', 'html', '--out', out, '--db', db]);
    expect(run.code, run.stderr).toBe(0);
    const html = readFileSync(out, 'utf8');
    expect(html).toMatch(/<title>DEMO: /); // demo data says so in the file's title
    expect(html).not.toMatch(/<link\b|<script\b|<img\b|@import|@font-face|url\((?!#)/i);
    const url = pathToFileURL(out).href;
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const requests: string[] = [];
      page.on('request', (r) => requests.push(r.url()));
      await page.goto(url, { waitUntil: 'networkidle' });
      expect(requests).toEqual([url]);
      // Every placed signal once: a dot, or a numbered marker for the top events.
      const dots = await page
        .locator('svg.map .points path')
        .evaluateAll((paths) => paths.reduce((n, p) => n + Number(p.getAttribute('data-count')), 0));
      const drawn = dots + (await page.locator('svg.map .marker').count());
      expect(drawn).toBe(pointsInBox.size);
      expect(await page.locator('h1').textContent()).toBe(geojson.report.title);
    } finally {
      await browser.close();
    }
  });
});
