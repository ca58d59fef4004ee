// Passes: who can image a place, and when. The place is the selection (a signal's point, a
// watch's box centre) or one typed here; the window is whole UTC days, capped to 7 as the
// service caps it (a longer ask is narrowed and says so). Passes are computed in main from
// the cached orbital elements, offline: a timeline per family (optical and SAR apart, sunlit
// and night), a sortable table, and the chosen pass's ground track on the map. The elements'
// age is always in view, with a warning when a pass is more than 3 days from its set.
// Below, "Ask the service" asks GET /passes for the same place and window (tokens spent, its
// answer stored and shown apart, labelled as the service's: the two lists are never mixed).
import './passes.css';
import { useEffect, useMemo, useState } from 'react';
import { PASSES_MAX_WINDOW_DAYS } from '../../../../shared/contract';
import { usePasses } from '../../data';
import { showOnMap } from '../../state/map-request';
import { DateInput } from '../../ui/date-input';
import { EmptyState } from '../../ui/empty-state';
import { HonestyMark } from '../../ui/honesty-mark';
import { formatUtc } from '../../ui/time';
import { ElementsPanel, useImportFile } from './elements-panel';
import { PassTable } from './pass-table';
import { endDateOf, todayUtc, trackPlace, usePassesState } from './passes-state';
import { ServicePasses } from './service-passes';
import { SoonestPanel } from './soonest-panel';
import { TargetPicker, useAdoptSelection, useSelectionPlace } from './target';
import { Timeline } from './timeline';

/** Days one may ask for: past the 7-day horizon on purpose, so the narrowing can be seen. */
const MAX_ASK_DAYS = 14;

/** A file dropped anywhere on the window while this view is open is imported. */
function useDropImport(importFile: (f: File) => Promise<void>): boolean {
  const [over, setOver] = useState(false);
  useEffect(() => {
    const hasFiles = (e: DragEvent) => !!e.dataTransfer && [...e.dataTransfer.types].includes('Files');
    const onOver = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      setOver(true);
    };
    const onLeave = () => setOver(false);
    const onDrop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      setOver(false);
      const f = e.dataTransfer?.files[0];
      if (f) void importFile(f);
    };
    window.addEventListener('dragover', onOver);
    window.addEventListener('dragleave', onLeave);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragover', onOver);
      window.removeEventListener('dragleave', onLeave);
      window.removeEventListener('drop', onDrop);
    };
  }, [importFile]);
  return over;
}

export function PassesView() {
  const place = useSelectionPlace();
  useAdoptSelection(place);
  const target = usePassesState((s) => s.target);
  const startDate = usePassesState((s) => s.startDate);
  const days = usePassesState((s) => s.days);
  const setWindow = usePassesState((s) => s.setWindow);
  const chosen = usePassesState((s) => s.chosen);
  const importer = useImportFile();
  const dropping = useDropImport(importer.importFile);
  const [families, setFamilies] = useState<ReadonlySet<string>>(new Set());
  const [startWrong, setStartWrong] = useState(false);

  const start = startDate ?? todayUtc();
  const input = useMemo(
    () =>
      target ? { lat: target.lat, lon: target.lon, startDate: start, endDate: endDateOf(start, days) } : null,
    [target, start, days],
  );
  const passes = usePasses(input);
  const result = passes.data;
  const shownPasses = useMemo(
    () =>
      result ? (families.size ? result.passes.filter((p) => families.has(p.family_key)) : result.passes) : [],
    [result, families],
  );
  const staleRows = result
    ? result.passes.filter((p) => Math.abs(p.tle_age_days) > result.freshness.staleAfterDays)
    : [];
  const stale = !!result && (result.freshness.stale || staleRows.length > 0);
  const pastCount = result ? result.passes.filter((p) => p.is_past).length : 0;
  const toggle = (key: string) =>
    setFamilies((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <div className={`list-view passes-view${dropping ? ' dropping' : ''}`} data-testid="passes-view">
      <div className="tool-layout passes-layout">
        <div className="tool-side">
          <TargetPicker place={place} />
          <section className="passes-window" aria-labelledby="passes-window-heading">
            <h2 id="passes-window-heading" className="section-title">
              Window (UTC days)
            </h2>
            <label>
              From{' '}
              <DateInput
                aria-label="Start date (UTC)"
                value={start}
                onChange={(v, valid) => {
                  setStartWrong(!valid || v === '');
                  if (valid && v) setWindow({ startDate: v });
                }}
              />
            </label>{' '}
            <label>
              Days{' '}
              <input
                type="number"
                aria-label="Days"
                min={1}
                max={MAX_ASK_DAYS}
                value={days}
                onChange={(e) => {
                  const n = Math.round(Number(e.target.value));
                  if (n >= 1 && n <= MAX_ASK_DAYS) setWindow({ days: n });
                }}
              />
            </label>
            {startWrong && (
              <p role="alert" className="warn">
                The start is not a day: write yyyy-mm-dd (the window stays from {start}).
              </p>
            )}
            <p className="muted">
              Up to {PASSES_MAX_WINDOW_DAYS} days from the start, as the service caps it; a longer window is
              narrowed and says so.
            </p>
          </section>
          <ElementsPanel importer={importer} />
        </div>
        <div className="tool-main">
          <h2 className="section-title">Predicted here from orbital elements (offline)</h2>
          {!target ? (
            <EmptyState title="No place yet">
              <p>Select a signal with a point or a watch with a box, or type a latitude and longitude.</p>
            </EmptyState>
          ) : passes.error ? (
            <EmptyState tone="error" title="The passes could not be computed">
              <p>{passes.error.message}</p>
            </EmptyState>
          ) : !result ? (
            <EmptyState tone="loading" title="Computing passes…" />
          ) : (
            <>
              <div className="view-line passes-marks" aria-live="polite">
                <span className="count" data-testid="passes-count">
                  <span className="num">{result.passesFound}</span> passes ·{' '}
                  {formatUtc(`${result.window.start}T00:00:00Z`).slice(0, 10)} to {result.window.end} (UTC,
                  end day included)
                  {pastCount > 0 && (
                    <>
                      {' '}
                      · <span className="num">{result.passes.length - pastCount}</span> to come,{' '}
                      <span className="num">{pastCount}</span> already past (listed apart)
                    </>
                  )}
                </span>
                {result.windowClamp && (
                  <span role="note" data-testid="passes-clamp">
                    <HonestyMark
                      kind="clamped"
                      detail={`asked ${result.windowClamp.requested.start_date} to ${result.windowClamp.requested.end_date}, searched to ${result.windowClamp.applied.end_date}: capped to ${PASSES_MAX_WINDOW_DAYS} days`}
                    />
                  </span>
                )}
                {stale && (
                  <span role="note" data-testid="passes-stale">
                    <HonestyMark
                      kind="stale"
                      detail={`${staleRows.length} of ${result.passes.length} passes are over ${result.freshness.staleAfterDays} days from their elements (up to ${result.freshness.maxTleAgeDays?.toFixed(1)} d): timings may be off`}
                    />
                  </span>
                )}
              </div>
              {result.familiesWithoutElements.length > 0 && (
                <p className="passes-warning" role="note">
                  No usable elements for {result.familiesWithoutElements.join(', ')}: their timing is
                  unavailable, which is not “no passes”.
                </p>
              )}
              {result.failures.length > 0 && (
                <p className="muted">
                  SGP4 could not propagate {result.failures.length} satellites (
                  {result.failures
                    .slice(0, 3)
                    .map((f) => f.name)
                    .join(', ')}
                  {result.failures.length > 3 ? ', …' : ''}): their passes may be missing.
                </p>
              )}
              {result.passesFound > result.passes.length && (
                <p className="muted">
                  The first {result.passes.length} of {result.passesFound} passes are listed (soonest first).
                </p>
              )}
              <Timeline result={result} shown={families} onToggle={toggle} now={result.generatedAt} />
              <div className="passes-chosen">
                {chosen ? (
                  <>
                    <span>
                      Chosen: <strong>{chosen.pass.satellite}</strong> at {formatUtc(chosen.pass.peak, true)}
                    </span>{' '}
                    <button
                      type="button"
                      onClick={() => {
                        const place = trackPlace(chosen);
                        showOnMap(place.target, place.by);
                      }}
                    >
                      Show track on map
                    </button>
                  </>
                ) : (
                  <span className="muted">
                    Choose a pass in the table: the map draws its ground track with the place.
                  </span>
                )}
                {families.size > 0 && (
                  <button type="button" className="ghost" onClick={() => setFamilies(new Set())}>
                    Show all families
                  </button>
                )}
              </div>
              <PassTable
                passes={shownPasses}
                target={result.target}
                staleAfterDays={result.freshness.staleAfterDays}
                windowStart={result.window.start}
                asOf={result.generatedAt}
              />
              <p className="muted passes-note">{result.note}</p>
              <p className="muted passes-note">{result.attribution}</p>
            </>
          )}
          <ServicePasses start={start} days={days} />
          <SoonestPanel />
        </div>
      </div>
    </div>
  );
}
