// Issue 26, defects 4–6: a report an analyst can hand on. The PDF is landscape, its signals
// table one line a row (30 or more rows a page) with short ids; the map has place names, a
// scale bar, numbered top events keyed to the table, its legend beside it on the same page, and
// a coastline fine enough that Beirut and Haifa are on land; counts read 2,863, categories in
// words, places without their country twice.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { onLand } from '../../../electron/reports/basemap';
import { HAIFA_AREA, altSignal, handCache } from './hand-cache';
import { demoCache, report, tmpDir } from './helpers';

const WORLD = '-180,-90,180,90';
let dir: string;
let demo: string;
let worldPdf: string;
let worldHtml: string;

/** The text of each page of a PDF, laid out as printed. */
function pages(pdf: string): string[] {
  const n = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf]).toString())![1]);
  return Array.from({ length: n }, (_, i) =>
    execFileSync('pdftotext', ['-layout', '-f', String(i + 1), '-l', String(i + 1), pdf, '-']).toString(),
  );
}

/** Table rows on a page: lines that start (after a marker number) with a time "2026-11-27 22:00". */
const tableRows = (page: string) =>
  page.split('\n').filter((l) => /^\s*(\d{1,2}\s+)?\d{4}-\d\d-\d\d \d\d:\d\d\s/.test(l));

beforeAll(async () => {
  dir = tmpDir();
  demo = await demoCache(dir, 'main');
  worldPdf = path.join(dir, 'world.pdf');
  worldHtml = path.join(dir, 'world.html');
  for (const [format, out] of [
    ['pdf', worldPdf],
    ['html', worldHtml],
  ] as const) {
    const run = await report(dir, ['--bbox', WORLD, '--format', format, '--out', out, '--db', demo]);
    expect(run.code, run.stderr).toBe(0);
  }
}, 300_000);

describe('the PDF of the demo world box', () => {
  it('is landscape A4, with 30 or more one-line rows on every full page of the table', () => {
    expect(execFileSync('pdfinfo', [worldPdf]).toString()).toMatch(
      /Page size:\s+842\.\d+ x 595\.\d+ pts \(A4\)/,
    );
    const counts = pages(worldPdf)
      .map(tableRows)
      .map((rows) => rows.length)
      .filter((n) => n > 0);
    expect(counts.length).toBeGreaterThan(10);
    // Every page but the table's first and last is full.
    for (const n of counts.slice(1, -1)) expect(n).toBeGreaterThanOrEqual(30);
  });

  it('prints short ids in the table; the GeoJSON keeps them whole', () => {
    const text = pages(worldPdf)
      .filter((p) => tableRows(p).length)
      .join('\n');
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);
    const row = tableRows(text)[0]!;
    expect(row.trim()).toMatch(/\s[0-9a-f]{8}$/);
  });

  it('has the map, its legend and its numbered key on one page', () => {
    const mapPage = pages(worldPdf)
      .find((p) => /^\s*Map\s*$/m.test(p))!
      .replace(/\s+/g, ' ');
    expect(mapPage).toBeDefined();
    expect(mapPage).toContain('severity band 9–10');
    expect(mapPage).toMatch(/Top 10 by severity/);
    expect(mapPage).toMatch(/Places: GeoNames/);
  });
});

describe('wording', () => {
  const text = () =>
    readFileSync(worldHtml, 'utf8')
      .replace(/<style[\s\S]*?<\/style>/, '')
      .replace(/<svg[\s\S]*?<\/svg>/, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#39;/g, "'")
      .replace(/\s+/g, ' ');

  it('counts carry thousands separators, and the PDF says what its map shows', () => {
    const m = /Signals \(([\d,]+)\)/.exec(text())!;
    expect(Number(m[1]!.replace(/,/g, ''))).toBeGreaterThan(999);
    expect(m[1]).toMatch(/^\d{1,3}(,\d{3})+$/);
    const pdf = execFileSync('pdftotext', [worldPdf, '-']).toString().replace(/\s+/g, ' ');
    expect(pdf).not.toContain('places all of them');
    expect(pdf).toMatch(/the map shows all [\d,]+ placed ones/);
    expect(pdf).not.toMatch(/\b\d{4,} (signals?|more)\b/);
  });

  it('categories in words, places without their country twice', () => {
    const html = readFileSync(worldHtml, 'utf8');
    const start = html.indexOf('<table class="signals">');
    const table = html.slice(start, html.indexOf('</table>', start));
    const cells = [...table.matchAll(/<tr>((?:<td[^>]*>.*?<\/td>)+)<\/tr>/g)].map((m) =>
      [...m[1]!.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((c) => c[1]!),
    );
    expect(cells.length).toBeGreaterThan(100);
    for (const row of cells) {
      expect(row[3]).not.toContain('_');
      const parts = row[4]!.split(', ');
      expect(parts.length === 2 && parts[0] === parts[1], row[4]).toBe(false);
    }
  });
});

describe('the map of a small area', () => {
  it('names places, has a scale bar, numbers the top events as the table does, on a 1:10m coast', async () => {
    const [w, s, e, n] = HAIFA_AREA;
    const db = handCache(dir, 'haifa', {
      signals: Array.from({ length: 14 }, (_, i) =>
        altSignal(100 + i, {
          lat: s + ((i + 1) * (n - s)) / 16,
          lng: w + ((i + 3) * (e - w)) / 20,
          country_code: 'IL',
          placed: true,
          title: `Event ${i}`,
        }),
      ).map((sig, i) => ({ ...sig, severity_score: i / 2 })),
    });
    const out = path.join(dir, 'haifa.html');
    const run = await report(dir, [
      '--bbox',
      HAIFA_AREA.join(','),
      '--format',
      'html',
      '--out',
      out,
      '--db',
      db,
    ]);
    expect(run.code, run.stderr).toBe(0);
    const html = readFileSync(out, 'utf8');
    const svg = html.slice(html.indexOf('<svg'), html.indexOf('</svg>'));
    const places = [...svg.matchAll(/<g class="place[^"]*">.*?<text[^>]*>([^<]+)<\/text>/g)].map((m) => m[1]);
    expect(places).toEqual(expect.arrayContaining(['Nazareth']));
    expect(places.length).toBeGreaterThan(5);
    expect(svg).toMatch(/<g class="scale">.*?\d+ km<\/text>/);
    // The ten most severe are numbered 1–10, most severe first, in the map and the table alike.
    const markers = [...svg.matchAll(/<title>(\d+)\. (Event \d+)/g)].map((m) => [Number(m[1]), m[2]]);
    expect(markers).toHaveLength(10);
    const table = html.slice(html.indexOf('<table class="signals">'));
    for (const [num, title] of markers) {
      const row = table.split('<tr>').find((r) => r.includes(`>${String(title)}<`))!;
      expect(row).toContain(`<td class="mk">${num}</td>`);
    }
    expect(markers.find(([num]) => num === 1)![1]).toBe('Event 13');
    expect(html).toContain('Natural Earth 1:10m');
    // The finer coast: Haifa and Beirut are on land at 1:10m (1:50m puts both in the sea).
    expect(onLand(34.99, 32.79, '10m')).toBe(true);
    expect(onLand(35.5016, 33.8933, '10m')).toBe(true);
    expect(onLand(35.5016, 33.8933, '50m')).toBe(false);
  });
});
