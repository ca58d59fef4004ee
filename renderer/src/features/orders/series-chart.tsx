// A monitoring area's series as a small chart (uPlot): the measured values as a line, and
// each point the service marked as an anomaly drawn again as a mark of its own, so the marks
// are the service's flags, never a threshold guessed here. The anomalies are also listed in
// words under the chart (a chart is not read by a screen reader).
import 'uplot/dist/uPlot.min.css';
import { useEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import type { MonitoringSeriesPoint } from '../../../../shared/contract';
import { useViewState } from '../../state/view-state';

export interface SeriesChartData {
  /** Seconds since 1970 (uPlot's time axis), oldest first. */
  xs: number[];
  values: (number | null)[];
  /** The value where the service marked an anomaly, null elsewhere: drawn as marks only. */
  anomalies: (number | null)[];
}

const seconds = (date: string) => Date.parse(date.length === 10 ? `${date}T00:00:00Z` : date) / 1000;

/** The chart's columns from the cached points: dated points only, oldest first. */
export function seriesChartData(points: readonly MonitoringSeriesPoint[]): SeriesChartData {
  const dated = points
    .filter((p): p is MonitoringSeriesPoint & { date: string } => !!p.date && !Number.isNaN(seconds(p.date)))
    .map((p) => ({ x: seconds(p.date), p }))
    .sort((a, b) => a.x - b.x);
  return {
    xs: dated.map((d) => d.x),
    values: dated.map((d) => d.p.value),
    anomalies: dated.map((d) => (d.p.anomaly ? d.p.value : null)),
  };
}

const cssVar = (name: string, fallback: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

export function SeriesChart({ label, points }: { label: string; points: readonly MonitoringSeriesPoint[] }) {
  const target = useRef<HTMLDivElement>(null);
  const theme = useViewState((s) => s.theme);
  const data = useMemo(() => seriesChartData(points), [points]);
  // In time order, as the chart reads; undated ones last.
  const anomalies = points
    .filter((p) => p.anomaly)
    .sort((a, b) => (a.date ?? '\uffff').localeCompare(b.date ?? '\uffff'));

  useEffect(() => {
    const el = target.current;
    if (!el || data.xs.length === 0) return;
    const text = cssVar('--text-muted', '#93a2b3');
    const grid = cssVar('--border', '#263140');
    const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const plot = new uPlot(
      {
        width: Math.max(240, el.clientWidth || 360),
        height: 140,
        legend: { show: false },
        cursor: { y: false },
        axes: [axis, { ...axis, size: 44 }],
        series: [
          {},
          { label, stroke: cssVar('--accent', '#5eaaff'), width: 1.5, points: { show: true, size: 4 } },
          {
            label: 'Anomaly',
            stroke: cssVar('--danger', '#ff8a80'),
            paths: () => null,
            points: { show: true, size: 10, width: 2, fill: cssVar('--surface', '#11171e') },
          },
        ],
      },
      [data.xs, data.values, data.anomalies],
      el,
    );
    // The chart follows its column's width (the inspector and the window resize).
    const resize =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => plot.setSize({ width: Math.max(240, el.clientWidth), height: 140 }));
    resize?.observe(el);
    return () => {
      resize?.disconnect();
      plot.destroy();
    };
  }, [data, label, theme]);

  if (data.xs.length === 0)
    return <p className="muted">No measurement of {label} is cached for this area yet.</p>;
  return (
    <figure className="series-chart" aria-label={`${label} series`}>
      <div ref={target} className="series-plot" data-testid="series-plot" aria-hidden="true" />
      <figcaption>
        <span className="num">{data.xs.length}</span> measurements;{' '}
        {anomalies.length === 0 ? (
          'no anomaly marked by the service'
        ) : (
          <>
            <span className="anomaly-key" aria-hidden="true">
              ◯
            </span>{' '}
            {anomalies.length === 1 ? '1 anomaly' : `${anomalies.length} anomalies`} marked by the service:{' '}
            <span data-testid="series-anomalies">
              {anomalies.map((p) => `${p.date ?? 'undated'} (${p.value ?? 'no value'})`).join(', ')}
            </span>
          </>
        )}
      </figcaption>
    </figure>
  );
}
