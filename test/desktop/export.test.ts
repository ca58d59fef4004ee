// Export in the desktop app: reports.export through the window's bridge asks where to save with
// the save dialog (parented to the window, starting in Documents with the suggested name) and
// writes there; a PDF is printed by printToPDF (the stand-in prints it with a real Chromium)
// from a temporary folder that is gone afterwards, in a hidden window whose session cancels
// every request but the page.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoService, type DemoService } from '../../electron/demo';
import type { ReportScope, ReportsExportResult } from '../../shared/contract';
import { DEMO_NOW } from '../helpers/demo';
import { launchApp, type LaunchedApp } from './launch';

let service: DemoService;
let app: LaunchedApp;
let chosenDir: string;

beforeAll(async () => {
  service = await startDemoService({ profile: 'alternate', now: DEMO_NOW, signalsPerDay: 5 });
  app = await launchApp({ service });
  await app.bridge()['sync.now']({});
  chosenDir = path.join(app.home, 'chosen by the analyst');
  mkdirSync(chosenDir);
});
afterAll(async () => {
  await app?.close();
  await service?.close();
});

const world: ReportScope = { kind: 'bbox', bbox: [-180, -90, 180, 90] };

describe('reports.export in the desktop app', () => {
  it('prints a real PDF to the file the save dialog chose, and leaves no print folder or window behind', async () => {
    const chosen = path.join(chosenDir, 'my report.pdf');
    app.h.answerSaveDialog(() => ({ canceled: false, filePath: chosen }));
    const api = app.bridge();
    const result: ReportsExportResult = await api['reports.export']({ scope: world, format: 'pdf' });
    expect(result).toMatchObject({ status: 'written', path: chosen });

    // The dialog: over the app's window, in Documents, the suggested name, PDF only.
    const dialog = app.h.saveDialogs.at(-1)!;
    expect(dialog.window).toBe(app.win());
    expect(path.dirname(dialog.options.defaultPath!)).toBe(path.join(app.home, 'Documents'));
    expect(path.basename(dialog.options.defaultPath!)).toMatch(/^watchfloor-box-.*\.pdf$/);
    expect(dialog.options.filters).toEqual([{ name: 'PDF report', extensions: ['pdf'] }]);

    // A real PDF, A4 with its page furniture.
    const pdf = readFileSync(chosen);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-8).toString('latin1')).toContain('%%EOF');
    const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf.toString('latin1'));
    // A4 landscape is 842 × 595 points (Chromium rounds the page to whole CSS pixels): a report
    // prints one line a signal across the page (docs/reports.md).
    const [w, h] = (box?.slice(1) ?? []).map(Number);
    expect(Math.abs(w! - 841.9)).toBeLessThan(2);
    expect(Math.abs(h! - 595.3)).toBeLessThan(2);
    const print = app.h.printed.at(-1)!;
    expect(print.options).toMatchObject({
      pageSize: 'A4',
      landscape: true,
      printBackground: true,
      displayHeaderFooter: true,
    });

    // Printed from a temporary folder, gone now; the hidden print window is gone too.
    const page = app.h.loadedFiles.at(-1)!;
    expect(path.dirname(path.dirname(page))).toBe(os.tmpdir());
    expect(path.basename(path.dirname(page))).toMatch(/^watchfloor-report-/);
    expect(existsSync(path.dirname(page))).toBe(false);
    expect(print.contents.isDestroyed()).toBe(true);
    expect(app.h.windows()).toEqual([app.win()]);
    expect(print.contents.webPreferences).toMatchObject({
      javascript: false,
      sandbox: true,
      contextIsolation: true,
    });
  });

  it('prints in a session that cancels every request but the page', async () => {
    const printSession = app.h.partition('watchfloor-report-print');
    expect(printSession).toBeDefined();
    const page = pathToFileURL(app.h.loadedFiles.at(-1)!).href;
    const cancels = async (url: string, resourceType = 'image') =>
      (await printSession!.beforeRequest({ url, method: 'GET', resourceType: resourceType as 'image' }))
        .cancel;
    expect(await cancels(page, 'mainFrame')).toBe(false);
    for (const url of [
      'https://tile.openstreetmap.org/1/1/1.png',
      'http://127.0.0.1:8080/track.gif',
      `${page.slice(0, page.lastIndexOf('/'))}/other.html`,
      'file:///etc/passwd',
      'data:image/png;base64,AAAA',
    ])
      expect(await cancels(url), url).toBe(true);
    // And the window's own session is not the print's.
    expect(app.win().webContents.session).not.toBe(printSession);
  });

  it('writes an HTML report without printing, and a cancelled dialog writes nothing', async () => {
    const chosen = path.join(chosenDir, 'report.html');
    const printsBefore = app.h.printed.length;
    app.h.answerSaveDialog(() => ({ canceled: false, filePath: chosen }));
    await expect(app.bridge()['reports.export']({ scope: world, format: 'html' })).resolves.toMatchObject({
      status: 'written',
      path: chosen,
    });
    expect(readFileSync(chosen, 'utf8')).toMatch(/^<!doctype html>/i);
    expect(app.h.printed).toHaveLength(printsBefore);

    app.h.answerSaveDialog(() => ({ canceled: true, filePath: '' }));
    await expect(app.bridge()['reports.export']({ scope: world, format: 'pdf' })).resolves.toEqual({
      status: 'cancelled',
    });
    expect(app.h.printed).toHaveLength(printsBefore);
  });
});
