// Export: the local report `watchfloor report` writes, from the window (docs/reports.md,
// "Export in the window"). For a watch, the drawn box, or the map's current view with its
// filters; in any of the five formats; main writes it whole or not at all (a save dialog in
// the desktop app; under `serve` the browser downloads it) and the dialog says where and how large.
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { BBox } from '../../../../shared/bbox';
import { REPORT_FORMATS } from '../../../../shared/contract-values';
import type {
  ReportFilter,
  ReportFormat,
  ReportScope,
  ReportsExportResult,
} from '../../../../shared/contract';
import { isCalendarDate } from '../../../../shared/dates';
import { useReportsExport, useSignalsQuery } from '../../data';
import { useBoxTool } from '../../state/box-tool';
import { useSelection } from '../../state/selection';
import { useViewState } from '../../state/view-state';
import { useSignalFilter } from '../../state/signal-filter';
import { DateInput } from '../../ui/date-input';
import { useExportDialog, type ExportChoice } from './export-store';
import type { SlotProps } from '../../ui/slots';
import { mapSize, viewBBox } from '../../map/view-area';
import './export.css';
import { formatCount } from '../../../../shared/count';

const FORMAT_LABEL: Record<ReportFormat, { name: string; what: string }> = {
  html: { name: 'HTML', what: 'one self-contained page: map, passes, caveats, every signal' },
  pdf: { name: 'PDF', what: 'the HTML page printed on A4 (the latest 2,000 signals listed)' },
  geojson: { name: 'GeoJSON', what: 'one Feature per signal, for GIS tools' },
  csv: { name: 'CSV', what: 'one row per signal, the header of `watchfloor signals`' },
  kml: { name: 'KML', what: 'placemarks by category, for Google Earth' },
};

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(n < 10 * 1024 ? 1 : 0)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

const boxText = (b: readonly number[]) => b.map((v) => v.toFixed(2)).join(', ');

/** The map's filters as a report carries them (its box is the scope's; dates are the export's). */
function reportFilter(f: ReturnType<typeof useSignalFilter>): ReportFilter {
  const { bbox: _b, start: _s, end: _e, includeRetracted: _r, ...rest } = f;
  return rest;
}

function filterWords(f: ReportFilter): string {
  const parts = [
    f.q ? `search “${f.q}”` : null,
    f.categories?.length ? `categories ${f.categories.join(', ')}` : null,
    f.stages?.length ? `stages ${f.stages.join(', ')}` : null,
    f.minSeverityBand !== undefined ? `severity ${f.minSeverityBand}+` : null,
    f.markets?.length ? `markets ${f.markets.join(', ')}` : null,
  ].filter(Boolean);
  return parts.length ? parts.join('; ') : 'no filters';
}

type ScopeKey = 'watch' | 'bbox' | 'view';

function ExportForm({ initial, onClose }: { initial: ExportChoice; onClose: () => void }) {
  const selection = useSelection((s) => s.selection);
  const drawn = useBoxTool((s) => s.box);
  const map = useViewState((s) => s.map);
  const filterBox = useViewState((s) => s.filters.bbox);
  const signalFilter = useSignalFilter();
  const exporter = useReportsExport();

  const watch =
    initial.kind === 'watch'
      ? initial
      : selection?.kind === 'watch'
        ? { kind: 'watch' as const, watchId: selection.id, label: selection.label }
        : null;
  const box: BBox | null =
    initial.kind === 'bbox' ? initial.bbox : drawn && drawn[0] < drawn[2] ? [...drawn] : null;
  // The view's box is fixed when the dialog opens: what the analyst was looking at.
  const [viewBox] = useState<BBox>(() => {
    if (filterBox) return filterBox;
    const { width, height } = mapSize();
    return viewBBox(map.center, map.zoom, width, height);
  });
  const filter = useMemo(() => reportFilter(signalFilter), [signalFilter]);

  const [scope, setScope] = useState<ScopeKey>(initial.kind);
  const [format, setFormat] = useState<ReportFormat>('html');
  // The days as typed (ui/date-input.tsx); only days that exist are asked for.
  const [startText, setStartDate] = useState('');
  const [endText, setEndDate] = useState('');
  const notDays = [startText, endText].some((d) => d !== '' && !isCalendarDate(d));
  const startDate = notDays ? '' : startText;
  const endDate = notDays ? '' : endText;
  const datesWrong = notDays || (!!startDate && !!endDate && startDate > endDate);

  // What the window lists for the view's box with these filters (the Signals list's count).
  const viewCount = useSignalsQuery({
    ...filter,
    bbox: [...viewBox],
    ...(startDate ? { start: startDate } : {}),
    ...(endDate ? { end: endDate } : {}),
    limit: 1,
  });

  const request = (): ReportScope | null => {
    if (scope === 'watch') return watch ? { kind: 'watch', watchId: watch.watchId } : null;
    if (scope === 'bbox') return box ? { kind: 'bbox', bbox: [...box] } : null;
    return { kind: 'view', bbox: [...viewBox], filter };
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const s = request();
    if (!s || datesWrong || exporter.isPending) return;
    exporter.mutate({
      scope: s,
      format,
      ...(startDate ? { startDate } : {}),
      ...(endDate ? { endDate } : {}),
    });
  };

  const scopes: { key: ScopeKey; label: string; detail: string }[] = [
    ...(watch ? [{ key: 'watch' as const, label: 'This watch', detail: watch.label ?? watch.watchId }] : []),
    ...(box ? [{ key: 'bbox' as const, label: 'Drawn box', detail: boxText(box) }] : []),
    {
      key: 'view',
      label: 'Current map view with its filters',
      detail: `${filterBox ? 'the box filter' : 'the map view'} ${boxText(viewBox)}; ${filterWords(filter)}`,
    },
  ];

  return (
    <form className="export-form" onSubmit={submit} aria-busy={exporter.isPending}>
      <fieldset disabled={exporter.isPending}>
        <legend>Report on</legend>
        {scopes.map((s) => (
          <label key={s.key} className="export-choice">
            <input
              type="radio"
              name="export-scope"
              value={s.key}
              checked={scope === s.key}
              onChange={() => setScope(s.key)}
            />
            <span>
              {s.label} <span className="muted">({s.detail})</span>
            </span>
          </label>
        ))}
        {scope === 'view' && (
          <p className="muted" data-testid="export-view-count">
            {viewCount.data ? (
              <>
                <span className="num">{formatCount(viewCount.data.total)}</span> signals in this view match
                the filters (as the Signals list counts them); the report adds the country-level signals of
                the countries the view overlaps, as every area report does.
              </>
            ) : viewCount.error ? (
              `The view's signals could not be counted: ${viewCount.error.message}`
            ) : (
              'Counting the view’s signals…'
            )}
          </p>
        )}
      </fieldset>
      <fieldset disabled={exporter.isPending}>
        <legend>Format</legend>
        {REPORT_FORMATS.map((f) => (
          <label key={f} className="export-choice">
            <input
              type="radio"
              name="export-format"
              value={f}
              checked={format === f}
              onChange={() => setFormat(f)}
            />
            <span>
              {FORMAT_LABEL[f].name} <span className="muted">— {FORMAT_LABEL[f].what}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset disabled={exporter.isPending} className="export-dates">
        <legend>Occurred (UTC days, both included; empty: every cached date)</legend>
        <label>
          From <DateInput value={startText} onChange={setStartDate} />
        </label>
        <label>
          To <DateInput value={endText} onChange={setEndDate} />
        </label>
        {notDays && <p role="alert">A date is not a day: write yyyy-mm-dd, or leave it empty.</p>}
        {!notDays && datesWrong && <p role="alert">The start date is after the end date.</p>}
      </fieldset>
      <div className="export-actions">
        <button type="submit" disabled={exporter.isPending || datesWrong}>
          Export {FORMAT_LABEL[format].name}
        </button>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
      <ExportOutcome
        pending={exporter.isPending}
        format={format}
        result={exporter.data ?? null}
        error={exporter.error}
      />
    </form>
  );
}

function ExportOutcome({
  pending,
  format,
  result,
  error,
}: {
  pending: boolean;
  format: ReportFormat;
  result: ReportsExportResult | null;
  error: Error | null;
}) {
  if (pending)
    return (
      <div role="status" className="export-outcome">
        <progress aria-label="Writing the report" /> Writing the {FORMAT_LABEL[format].name} report…
        {format === 'pdf' ? ' (a PDF is printed page by page; it takes longer)' : ''}
      </div>
    );
  if (error)
    return (
      <div role="alert" className="export-outcome export-error">
        <strong>The report was not written.</strong> {error.message}. Nothing was left half-written.
      </div>
    );
  if (!result) return null;
  if (result.status === 'cancelled')
    return (
      <div role="status" className="export-outcome">
        Export cancelled: nothing was written.
      </div>
    );
  const downloaded = result.status === 'download';
  return (
    <div role="status" className="export-outcome" data-testid="export-result">
      <p>
        {downloaded ? 'Downloaded' : 'Wrote'} the {FORMAT_LABEL[result.format].name} report
        {result.demo ? ' (DEMO data)' : ''}:{' '}
        <span className="num" data-testid="export-signals">
          {formatCount(result.signals)}
        </span>{' '}
        signals, <span className="num">{formatBytes(result.bytes)}</span>.
      </p>
      {downloaded ? (
        <p>
          Your browser saved it as <code data-testid="export-name">{result.name}</code>, in its downloads.
        </p>
      ) : (
        <p>
          Saved to <code data-testid="export-path">{result.path}</code>
        </p>
      )}
    </div>
  );
}

export function ExportDialog() {
  const open = useExportDialog((s) => s.open);
  const choice = useExportDialog((s) => s.choice);
  const close = useExportDialog((s) => s.close);
  const ref = useRef<HTMLDialogElement>(null);
  // A new opening starts a new form (the last result is not shown again).
  const [opening, setOpening] = useState(0);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      setOpening((n) => n + 1);
      d.showModal();
    }
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog ref={ref} className="sheet export-dialog" aria-labelledby="export-title" onClose={close}>
      <header className="sheet-header">
        <h2 id="export-title">Export a report</h2>
        <button type="button" className="ghost" onClick={close} aria-label="Close, Esc">
          Esc
        </button>
      </header>
      {open && <ExportForm key={opening} initial={choice} onClose={close} />}
    </dialog>
  );
}

/** A button that opens the Export dialog on one thing (a watch's detail, the box tool). */
export function ExportButton({ choice, children }: { choice: ExportChoice; children: string }) {
  const openExport = useExportDialog((s) => s.openExport);
  return (
    <button type="button" onClick={() => openExport(choice)}>
      {children}
    </button>
  );
}

/** The watch detail's export (slot `watch.actions`). */
export function ExportWatchButton({ watchId, label }: SlotProps['watch.actions']) {
  return (
    <p className="watch-export">
      <ExportButton choice={{ kind: 'watch', watchId, label: label ?? undefined }}>
        Export this watch
      </ExportButton>
    </p>
  );
}

/** The drawn box's export (slot `box.actions`); a box across 180° is refused by the panel. */
export function ExportBoxButton({ bbox }: SlotProps['box.actions']) {
  if (!bbox) return null;
  return (
    <div className="box-actions">
      <ExportButton choice={{ kind: 'bbox', bbox }}>Export box</ExportButton>
    </div>
  );
}
