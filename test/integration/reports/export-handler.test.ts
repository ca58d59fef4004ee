// The Export row's handler (reports.export) on a demo cache, as each host runs it: the desktop
// app's save dialog (chosen, or cancelled) and its own PDF printer injected; `serve`'s exports
// folder with names that never overwrite; the map view's filters applied to every signal the
// report lists; refusals said with nothing written.
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReportsExportResult } from '../../../shared/contract';
import type { Account } from '../../../electron/account';
import { openCacheReadOnly, querySignalRows } from '../../../electron/cache';
import { ContractError } from '../../../electron/contract/dispatch';
import { createReportsHandlers, type ReportsDeps } from '../../../electron/contract/reports-handlers';
import type { PdfPageSetup } from '../../../electron/reports';
import { demoCache, expectNothingWritten, tmpDir } from './helpers';

const BBOX: [number, number, number, number] = [22, 44, 40.5, 52.5];
const NOW = new Date('2026-11-25T11:30:00Z');
let dir: string;
let db: ReturnType<typeof openCacheReadOnly>;

beforeAll(async () => {
  dir = tmpDir();
  db = openCacheReadOnly(await demoCache(dir));
}, 180_000);

function exportWith(deps: Partial<Omit<ReportsDeps, 'account'>> = {}) {
  const handlers = createReportsHandlers({
    account: () => ({ db }) as unknown as Account,
    exportDir: path.join(dir, 'exports'),
    now: () => NOW,
    ...deps,
  });
  return (input: Parameters<(typeof handlers)['reports.export']>[0]) =>
    Promise.resolve(handlers['reports.export'](input));
}

const written = (r: ReportsExportResult) => {
  if (r.status !== 'written') throw new Error(`expected a written report, got ${r.status}`);
  return r;
};

describe('reports.export', { timeout: 60_000 }, () => {
  it('the desktop app: the file goes where the save dialog says; a cancelled dialog writes nothing', async () => {
    const target = path.join(dir, 'chosen', 'area.csv');
    mkdirSync(path.dirname(target), { recursive: true });
    const asked: string[] = [];
    const run = exportWith({
      chooseSavePath: (name) => {
        asked.push(name);
        return Promise.resolve(asked.length === 1 ? target : null);
      },
    });
    const r = written(await run({ scope: { kind: 'bbox', bbox: BBOX }, format: 'csv' }));
    expect(asked[0]).toBe('watchfloor-box-22_44_40.5_52.5-2026-11-25T1130Z.csv');
    expect(r.path).toBe(target);
    expect(r.bytes).toBe(readFileSync(target).length);
    // One CSV row per signal the answer counts (RFC 4180 lines end CRLF; the header is one).
    expect(readFileSync(target, 'utf8').trimEnd().split('\r\n').length - 1).toBe(r.signals);

    expect(await run({ scope: { kind: 'bbox', bbox: BBOX }, format: 'csv' })).toEqual({
      status: 'cancelled',
    });
    expect(readdirSync(path.dirname(target))).toEqual(['area.csv']);
  });

  it('the desktop app prints the PDF with its own printer: the report page and its page furniture', async () => {
    const printed: { html: string; setup: PdfPageSetup }[] = [];
    const target = path.join(dir, 'chosen', 'area.pdf');
    const run = exportWith({
      chooseSavePath: () => Promise.resolve(target),
      printPdf: (html, setup) => {
        printed.push({ html, setup });
        return Promise.resolve(Buffer.from('%PDF-1.7 printed by the app'));
      },
    });
    const r = written(await run({ scope: { kind: 'bbox', bbox: BBOX }, format: 'pdf' }));
    expect(readFileSync(target, 'utf8')).toBe('%PDF-1.7 printed by the app');
    expect(r.bytes).toBe(readFileSync(target).length);
    expect(printed).toHaveLength(1);
    expect(printed[0]!.html).toContain(`<title>${r.title}</title>`);
    expect(printed[0]!.html).toContain('Passes over the area, next 48 hours');
    expect(printed[0]!.setup.headerTemplate).toContain('DEMO DATA');
    expect(printed[0]!.setup.footerTemplate).toContain('pageNumber');
  });

  it('serve: into the exports folder, a second export of the same minute beside the first, never over it', async () => {
    const run = exportWith();
    const first = written(await run({ scope: { kind: 'bbox', bbox: BBOX }, format: 'geojson' }));
    const second = written(await run({ scope: { kind: 'bbox', bbox: BBOX }, format: 'geojson' }));
    expect(path.dirname(first.path)).toBe(path.join(dir, 'exports'));
    expect(path.basename(first.path)).toBe('watchfloor-box-22_44_40.5_52.5-2026-11-25T1130Z.geojson');
    expect(path.basename(second.path)).toBe('watchfloor-box-22_44_40.5_52.5-2026-11-25T1130Z-2.geojson');
    expect(readFileSync(first.path, 'utf8')).toBe(readFileSync(second.path, 'utf8'));
  });

  it('the map view: its filters apply to every signal listed, placed or country-level', async () => {
    const all = (
      JSON.parse(
        readFileSync(
          written(await exportWith()({ scope: { kind: 'bbox', bbox: BBOX }, format: 'geojson' })).path,
          'utf8',
        ),
      ) as { features: { id: string; geometry: unknown; properties: Record<string, unknown> }[] }
    ).features;
    // The filter is picked from what the box holds (not from what a day's world happens to
    // hold): the category of most country-level signals, and a severity cut that keeps one of
    // them, so country-level signals are among those filtered, and others are left out.
    const countryLevel = all.filter((f) => f.geometry === null);
    expect(countryLevel.length).toBeGreaterThan(0);
    const counts = new Map<string, number>();
    for (const f of countryLevel)
      counts.set(String(f.properties.category), (counts.get(String(f.properties.category)) ?? 0) + 1);
    const category = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
    const top = Math.max(
      ...countryLevel
        .filter((f) => f.properties.category === category)
        .map((f) => Number(f.properties.severity_band)),
    );
    // The window's cuts are bands 4, 6 and 9 and above; the highest that keeps that signal.
    const band = ([9, 6, 4] as const).find((b) => b <= top);
    const filter = { categories: [category], ...(band ? { minSeverityBand: band } : {}) };
    const r = written(await exportWith()({ scope: { kind: 'view', bbox: BBOX, filter }, format: 'geojson' }));
    const doc = JSON.parse(readFileSync(r.path, 'utf8')) as {
      features: { id: string; geometry: unknown; properties: Record<string, unknown> }[];
      report: { scope: string };
    };
    const want = all.filter(
      (f) => f.properties.category === category && Number(f.properties.severity_band) >= (band ?? 0),
    );
    expect(doc.features.map((f) => f.id).sort()).toEqual(want.map((f) => f.id).sort());
    expect(doc.features.length).toBe(r.signals);
    expect(doc.features.length).toBeLessThan(all.length);
    // Country-level ones are filtered too.
    expect(want.some((f) => f.geometry === null)).toBe(true);
    // The placed ones are what the window lists for that box and filter.
    const { total } = querySignalRows(db, { bbox: BBOX, ...filter }, { limit: 1 });
    expect(doc.features.filter((f) => f.geometry !== null).length).toBeLessThanOrEqual(total);
    expect(doc.report.scope).toContain(`categories ${category}`);
    if (band) expect(doc.report.scope).toContain(`severity band ${band} and above`);
  });

  it('refusals are the analyst’s to read, and nothing is written', async () => {
    const out = path.join(dir, 'refused', 'x.html');
    const run = exportWith({ chooseSavePath: () => Promise.resolve(out) });
    const unknown = run({ scope: { kind: 'watch', watchId: 'w-none' }, format: 'html' });
    await expect(unknown).rejects.toThrow(ContractError);
    await expect(unknown).rejects.toThrow(/no cached watch with id w-none/);
    // The chosen folder does not exist.
    await expect(run({ scope: { kind: 'bbox', bbox: BBOX }, format: 'html' })).rejects.toThrow(
      /the folder .* does not exist/,
    );
    expectNothingWritten(out);
    // No browser for a PDF where the host has no printer of its own.
    const before = process.env.WATCHFLOOR_CHROMIUM;
    process.env.WATCHFLOOR_CHROMIUM = path.join(dir, 'no-such-chromium');
    try {
      await expect(exportWith()({ scope: { kind: 'bbox', bbox: BBOX }, format: 'pdf' })).rejects.toThrow(
        /no Chromium to print the PDF/,
      );
    } finally {
      if (before === undefined) delete process.env.WATCHFLOOR_CHROMIUM;
      else process.env.WATCHFLOOR_CHROMIUM = before;
    }
    expect(
      existsSync(path.join(dir, 'exports'))
        ? readdirSync(path.join(dir, 'exports')).filter((f) => f.endsWith('.pdf'))
        : [],
    ).toEqual([]);
  });
});
