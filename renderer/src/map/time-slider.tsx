// The time slider along the bottom of the map: two handles over the cached window (start and
// end, each a native range input, so arrows, Page Up/Down and Home/End work), the chosen
// range in UTC, playback that walks the range forward, and "All" to widen it back.
import { useEffect, useState } from 'react';
import { formatUtc } from '../ui/time';
import { fitRange, playbackStep, useTimeRange, type TimeWindow } from './time-range';

const PLAY_MS = 700;

export function TimeSlider({
  window,
  shown,
  total,
  waiting = false,
}: {
  window: TimeWindow | null;
  shown: number;
  total: number;
  /** The points are on their way: the strip keeps its place (see below). */
  waiting?: boolean;
}) {
  const saved = useTimeRange((s) => s.range);
  const setRange = useTimeRange((s) => s.setRange);
  const [playing, setPlaying] = useState(false);
  const range = fitRange(saved, window);

  useEffect(() => {
    if (!playing || !window) return;
    const t = setInterval(() => {
      const current = fitRange(useTimeRange.getState().range, window) ?? window;
      const next = playbackStep(current, window);
      if (next) setRange(next);
      else setPlaying(false);
    }, PLAY_MS);
    return () => clearInterval(t);
  }, [playing, window, setRange]);

  // The strip is always laid out, the same size, with or without points: while they are on
  // their way (the map has its size from its first frame: the strip coming in after shrank the
  // map, and every layer was drawn anew as the window opened) and when the filter matches none
  // (the analyst still sees the range and can widen it with "All").
  if (!window)
    return (
      <div className="time-slider" role="group" aria-label="Time range" data-testid="time-slider">
        <button type="button" className="pill" disabled data-testid="time-play">
          <span aria-hidden="true">▶</span> Play
        </button>
        <div className="time-track time-track-empty" aria-hidden="true" />
        <span className="time-range-text" data-testid="time-range">
          <span className="time-range-line">
            {waiting ? 'Reading the points…' : 'No points for these filters'}
          </span>
          <span className="time-range-line" />
        </span>
        <button type="button" className="pill" disabled={!saved} onClick={() => setRange(null)}>
          All
        </button>
      </div>
    );
  const { from, to } = range ?? window;
  const span = window.to - window.from;
  // A minute at least, about five hundred steps across the window otherwise.
  const step = Math.max(60_000, Math.round(span / 500));
  const pct = (t: number) => (span > 0 ? ((t - window.from) / span) * 100 : 0);
  // A handle at an end of the window stays pinned to that end, so newer (or older) signals
  // synced later are not hidden by a range saved before they came.
  const set = (next: TimeWindow) =>
    setRange(
      next.from <= window.from && next.to >= window.to
        ? null
        : {
            from: next.from <= window.from ? -Number.MAX_SAFE_INTEGER : next.from,
            to: next.to >= window.to ? Number.MAX_SAFE_INTEGER : next.to,
          },
    );

  const play = () => {
    if (playing) return setPlaying(false);
    // From the start with a fifth of the window when there is nothing left to walk.
    if (!range || range.to >= window.to)
      setRange({ from: window.from, to: window.from + Math.max(Math.round(span / 5), step) });
    setPlaying(true);
  };

  return (
    <div className="time-slider" role="group" aria-label="Time range" data-testid="time-slider">
      <button
        type="button"
        className="pill"
        onClick={play}
        aria-pressed={playing}
        disabled={span <= 0}
        data-testid="time-play"
      >
        <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span> {playing ? 'Pause' : 'Play'}
      </button>
      <div className="time-track">
        <div
          className="time-fill"
          aria-hidden="true"
          style={{ left: `${pct(from)}%`, right: `${100 - pct(to)}%` }}
        />
        <input
          type="range"
          aria-label="Start of the time range"
          aria-valuetext={formatUtc(new Date(from))}
          min={window.from}
          max={window.to}
          step={step}
          value={from}
          disabled={span <= 0}
          onChange={(e) => {
            setPlaying(false);
            set({ from: Math.min(Number(e.target.value), to), to });
          }}
        />
        <input
          type="range"
          aria-label="End of the time range"
          aria-valuetext={formatUtc(new Date(to))}
          min={window.from}
          max={window.to}
          step={step}
          value={to}
          disabled={span <= 0}
          onChange={(e) => {
            setPlaying(false);
            set({ from, to: Math.max(Number(e.target.value), from) });
          }}
        />
      </div>
      {/* A fixed width in two lines, so the track (and its handles) never moves as the text changes. */}
      <span className="time-range-text num" data-testid="time-range">
        <span className="time-range-line">
          {formatUtc(new Date(from))} → {formatUtc(new Date(to))}
        </span>
        <span className="time-range-line">
          {range && (
            <>
              {' '}
              · <span data-testid="time-shown">{shown.toLocaleString('en')}</span> of{' '}
              {total.toLocaleString('en')} points
            </>
          )}
        </span>
      </span>
      <button
        type="button"
        className="pill"
        disabled={!range}
        onClick={() => {
          setPlaying(false);
          setRange(null);
        }}
      >
        All
      </button>
    </div>
  );
}
