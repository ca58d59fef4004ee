// The Export dialog as an analyst uses it: a watch exported as PDF (progress while main writes,
// then where the file went and how large it is), the map's view exported with the filters the
// map draws with (the count the window lists for that view beside it), a refusal said plainly
// with nothing half-written, a cancelled save dialog, and dates in the wrong order stopped.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Input, ReportsExportResult, SignalsQueryResult } from '../../shared/contract';
import { ExportDialog, formatBytes } from '../../renderer/src/features/export/export-dialog';
import { useExportDialog } from '../../renderer/src/features/export/export-store';
import { viewBBox } from '../../renderer/src/map/view-area';
import { useBoxTool } from '../../renderer/src/state/box-tool';
import { useSelection } from '../../renderer/src/state/selection';
import { NO_FILTERS, useViewState } from '../../renderer/src/state/view-state';
import { fakeClient, renderWithData } from './fake-client';

const counted = (total: number): SignalsQueryResult => ({
  rows: [],
  total,
  clamps: [],
  asOf: '2026-11-01T10:00:00Z',
  profile: 'main',
  demo: true,
});

/** A promise the test settles by hand, to look at the dialog while main is still writing. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const dialog = () => screen.getByRole('dialog', { name: 'Export a report' });

beforeAll(() => {
  // happy-dom has no modal dialogs: showModal opens it in place.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
});
beforeEach(() => {
  useExportDialog.setState({ open: false, choice: { kind: 'view' } });
  useBoxTool.setState({ drawing: false, box: null });
  useSelection.getState().clear();
  useViewState.setState({ filters: NO_FILTERS, query: '', map: { center: [30, 48], zoom: 5, layers: {} } });
});

describe('the Export dialog', () => {
  it('exports a watch as PDF: progress while it is written, then the path and the size', async () => {
    const writing = deferred<ReportsExportResult>();
    const client = fakeClient({
      'signals.query': () => counted(0),
      'reports.export': () => writing.promise,
    });
    renderWithData(<ExportDialog />, client);
    act(() =>
      useExportDialog.getState().openExport({ kind: 'watch', watchId: 'w-7', label: 'Port of Odesa' }),
    );
    const d = dialog();
    expect(
      (within(d).getByRole('radio', { name: /This watch.*Port of Odesa/ }) as HTMLInputElement).checked,
    ).toBe(true);
    await userEvent.click(within(d).getByRole('radio', { name: /^PDF/ }));
    await userEvent.click(within(d).getByRole('button', { name: 'Export PDF' }));

    expect(await within(d).findByRole('progressbar', { name: 'Writing the report' })).toBeTruthy();
    expect((within(d).getByRole('button', { name: 'Export PDF' }) as HTMLButtonElement).disabled).toBe(true);
    expect(client.calls('reports.export')).toEqual([
      { scope: { kind: 'watch', watchId: 'w-7' }, format: 'pdf' },
    ]);

    writing.resolve({
      status: 'written',
      path: '/home/a/Documents/watchfloor-watch-w-7-2026-11-25T1130Z.pdf',
      bytes: 1_992_294,
      format: 'pdf',
      signals: 312,
      title: 'DEMO: Watch report: Port of Odesa',
      demo: true,
    });
    const result = await within(d).findByTestId('export-result');
    expect(within(result).getByTestId('export-path').textContent).toContain(
      '/home/a/Documents/watchfloor-watch-w-7-2026-11-25T1130Z.pdf',
    );
    expect(result.textContent).toContain('312 signals, 1.9 MB');
    expect(result.textContent).toContain('DEMO data');
    expect(within(d).queryByRole('progressbar')).toBeNull();
  });

  it('exports the map view with the filters the map draws with, beside the count the window lists', async () => {
    useViewState.setState({
      query: 'port',
      filters: { categories: ['conflict'], stages: ['pinpointed'], minBand: 6, markets: [] },
    });
    const client = fakeClient({
      'signals.query': () => counted(1234),
      'reports.export': () => ({
        status: 'written',
        path: '/data/exports/watchfloor-view.geojson',
        bytes: 20_480,
        format: 'geojson',
        signals: 1250,
        title: 'DEMO: Area report',
        demo: true,
      }),
    });
    renderWithData(<ExportDialog />, client);
    act(() => useExportDialog.getState().openExport());
    const d = dialog();
    expect(
      (within(d).getByRole('radio', { name: /Current map view with its filters/ }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    await waitFor(() =>
      expect(within(d).getByTestId('export-view-count').textContent).toContain(
        '1,234 signals in this view match the filters',
      ),
    );
    // The count is the window's own list for that box and those filters.
    const box = (client.calls('signals.query')[0] as Input<'signals.query'>).bbox!;
    expect(client.calls('signals.query')[0]).toMatchObject({
      q: 'port',
      categories: ['conflict'],
      stages: ['pinpointed'],
      minSeverityBand: 6,
    });
    // The map's view around its centre (30, 48) at zoom 5.
    expect(box[0]).toBeLessThan(30);
    expect(box[2]).toBeGreaterThan(30);
    expect(box[1]).toBeLessThan(48);
    expect(box[3]).toBeGreaterThan(48);

    await userEvent.click(within(d).getByRole('radio', { name: /^GeoJSON/ }));
    await userEvent.type(within(d).getByLabelText('From'), '2026-10-01');
    await userEvent.click(within(d).getByRole('button', { name: 'Export GeoJSON' }));
    await within(d).findByTestId('export-result');
    expect(client.calls('reports.export')).toEqual([
      {
        scope: {
          kind: 'view',
          bbox: box,
          filter: { q: 'port', categories: ['conflict'], stages: ['pinpointed'], minSeverityBand: 6 },
        },
        format: 'geojson',
        startDate: '2026-10-01',
      },
    ]);
    expect(within(d).getByTestId('export-result').textContent).toContain('1,250 signals, 20 KB');
  });

  it('offers the drawn box, and a refusal is said plainly with nothing half-written', async () => {
    useBoxTool.setState({ box: [30, 46, 31, 47] });
    const client = fakeClient({
      'signals.query': () => counted(3),
      'reports.export': () => {
        throw new Error('cannot write /ro/watchfloor-box.html (EACCES); nothing was written');
      },
    });
    renderWithData(<ExportDialog />, client);
    act(() => useExportDialog.getState().openExport({ kind: 'bbox', bbox: [30, 46, 31, 47] }));
    const d = dialog();
    expect(
      (
        within(d).getByRole('radio', {
          name: /Drawn box.*30\.00, 46\.00, 31\.00, 47\.00/,
        }) as HTMLInputElement
      ).checked,
    ).toBe(true);
    await userEvent.click(within(d).getByRole('button', { name: 'Export HTML' }));
    const alert = await within(d).findByRole('alert');
    expect(alert.textContent).toContain('The report was not written.');
    expect(alert.textContent).toContain('EACCES');
    expect(alert.textContent).toContain('Nothing was left half-written.');
    expect(within(d).queryByTestId('export-result')).toBeNull();
    expect(client.calls('reports.export')).toEqual([
      { scope: { kind: 'bbox', bbox: [30, 46, 31, 47] }, format: 'html' },
    ]);
  });

  it('a cancelled save dialog writes nothing and says so; dates in the wrong order are stopped', async () => {
    const client = fakeClient({
      'signals.query': () => counted(0),
      'reports.export': () => ({ status: 'cancelled' }),
    });
    renderWithData(<ExportDialog />, client);
    act(() => useExportDialog.getState().openExport());
    const d = dialog();
    await userEvent.type(within(d).getByLabelText('From'), '2026-10-05');
    await userEvent.type(within(d).getByLabelText('To'), '2026-10-01');
    expect(within(d).getByRole('alert').textContent).toContain('The start date is after the end date.');
    expect((within(d).getByRole('button', { name: 'Export HTML' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(within(d).getByLabelText('To'));
    await userEvent.click(within(d).getByRole('button', { name: 'Export HTML' }));
    await waitFor(() =>
      expect(within(d).getByRole('status').textContent).toContain('Export cancelled: nothing was written.'),
    );
  });
});

describe('the map view as a box', () => {
  it('is the world when the view is wider than it, and a 256-px tile wide at zoom 0 per 360°', () => {
    expect(viewBBox([0, 0], 0, 1024, 512)).toEqual([-180, expect.any(Number), 180, expect.any(Number)]);
    // Zoom 2: the world is 1,024 px wide, so 512 px show 180° of longitude.
    const [w, s, e, n] = viewBBox([10, 0], 2, 512, 200);
    expect(e - w).toBeCloseTo(180, 6);
    expect(w).toBeCloseTo(-80, 6);
    // Symmetric about the equator, and Mercator: latitude grows slower than y.
    expect(n).toBeCloseTo(-s, 6);
    expect(n).toBeLessThan((200 / 2 / 1024) * 360);
  });

  it('sizes in the units an analyst reads', () => {
    expect(formatBytes(900)).toBe('900 B');
    expect(formatBytes(20_480)).toBe('20 KB');
    expect(formatBytes(1_992_294)).toBe('1.9 MB');
  });
});
