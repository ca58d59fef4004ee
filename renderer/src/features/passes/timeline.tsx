// One line per family over the window, optical and SAR apart (radar sees through cloud and at
// night; an optical pass in the dark is of little use, so sunlit and night passes are drawn
// differently, by shape as well as colour). A tick's height says its off-nadir: tall near
// nadir, short at the edge of the family's range. A family without elements says its timing
// is unavailable, which is not "no passes". The part of the window before now is shaded and
// a line marks now: the passes left of it already peaked (listed apart under the table).
import type { PassesPredictResult, PassFamily, PassRow } from '../../../../shared/contract';
import { formatUtc } from '../../ui/time';

const W = 1000;
const H = 22;
const DAY_MS = 86_400_000;

export interface TimelineProps {
  result: PassesPredictResult;
  /** Families the table shows (empty: all); a family's name toggles it. */
  shown: ReadonlySet<string>;
  onToggle: (family: string) => void;
  /** Now, as the passes were judged past or to come (the answer's time). */
  now: string;
}

function windowMs(result: PassesPredictResult): { start: number; end: number } {
  const start = Date.parse(`${result.window.start}T00:00:00Z`);
  return { start, end: Date.parse(`${result.window.end}T00:00:00Z`) + DAY_MS };
}

function FamilyLine({
  family,
  passes,
  span,
  missing,
  pressed,
  onToggle,
  now,
}: {
  family: PassFamily;
  passes: PassRow[];
  span: { start: number; end: number };
  missing: boolean;
  pressed: boolean;
  onToggle: () => void;
  now: string;
}) {
  const x = (iso: string) => ((Date.parse(iso) - span.start) / (span.end - span.start)) * W;
  const days = Math.round((span.end - span.start) / DAY_MS);
  const sunlit = passes.filter((p) => p.sunlit).length;
  const past = passes.filter((p) => p.is_past).length;
  const nowX = Math.min(W, Math.max(0, x(now)));
  const summary = missing
    ? `${family.label}: no orbital elements, timing unavailable`
    : `${family.label}: ${passes.length} passes, ${sunlit} sunlit, ${passes.length - sunlit} at night` +
      (past ? `; ${past} already past` : '');
  const range = family.offNadirDeg.max || 1;
  return (
    <li className="timeline-line" data-family={family.key} data-testid="timeline-line">
      <button
        type="button"
        className="pill timeline-name"
        aria-pressed={pressed}
        onClick={onToggle}
        title={`${family.label}, off-nadir ${family.offNadirDeg.min}–${family.offNadirDeg.max}°. Show only this family in the table.`}
      >
        {family.key}
      </button>
      {missing ? (
        <span className="timeline-missing" role="note">
          no elements: timing unavailable (not “no passes”)
        </span>
      ) : (
        <svg
          className="timeline-track"
          viewBox={`0 0 ${W} ${H}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={summary}
        >
          {nowX > 0 && <rect className="timeline-past" x={0} y={0} width={nowX} height={H} />}
          {Array.from({ length: days + 1 }, (_, d) => (
            <line key={d} className="timeline-day" x1={(d / days) * W} x2={(d / days) * W} y1={0} y2={H} />
          ))}
          {passes.map((p) => {
            const h = 6 + (H - 8) * (1 - Math.min(1, p.off_nadir_deg / range));
            const px = x(p.peak);
            return p.sunlit ? (
              <rect
                key={`${p.norad_id}@${p.peak}`}
                className={`tick tick-sunlit${p.is_past ? ' tick-past' : ''}`}
                x={px - 1.5}
                y={H - h}
                width={3}
                height={h}
              >
                <title>{`${p.satellite} ${formatUtc(p.peak)} · sunlit · off-nadir ${p.off_nadir_deg}°`}</title>
              </rect>
            ) : (
              <rect
                key={`${p.norad_id}@${p.peak}`}
                className={`tick tick-night${p.is_past ? ' tick-past' : ''}`}
                x={px - 1}
                y={H - h}
                width={2}
                height={h}
              >
                <title>{`${p.satellite} ${formatUtc(p.peak)} · night · off-nadir ${p.off_nadir_deg}°`}</title>
              </rect>
            );
          })}
          {nowX > 0 && nowX < W && <line className="timeline-now" x1={nowX} x2={nowX} y1={0} y2={H} />}
        </svg>
      )}
      <span className="timeline-count num">{missing ? '—' : passes.length}</span>
    </li>
  );
}

export function Timeline({ result, shown, onToggle, now }: TimelineProps) {
  const span = windowMs(result);
  const byFamily = new Map<string, PassRow[]>();
  for (const p of result.passes) byFamily.set(p.family_key, [...(byFamily.get(p.family_key) ?? []), p]);
  const missing = new Set<string>(result.familiesWithoutElements);
  const group = (sensor: 'optical' | 'sar', title: string) => {
    const families = result.families.filter((f) => f.sensor === sensor);
    if (!families.length) return null;
    return (
      <section className="timeline-group" aria-label={title} data-testid={`timeline-${sensor}`}>
        <h3 className="timeline-title">{title}</h3>
        <ul className="timeline-lines">
          {families.map((f) => (
            <FamilyLine
              key={f.key}
              family={f}
              passes={byFamily.get(f.key) ?? []}
              span={span}
              missing={missing.has(f.key)}
              pressed={shown.has(f.key)}
              onToggle={() => onToggle(f.key)}
              now={now}
            />
          ))}
        </ul>
      </section>
    );
  };
  return (
    <div className="timeline" data-testid="passes-timeline">
      <div className="timeline-axis" aria-hidden="true">
        <span>{formatUtc(new Date(span.start))}</span>
        <span>{formatUtc(new Date(span.end))}</span>
      </div>
      {group('optical', 'Optical')}
      {group('sar', 'SAR (radar: day and night)')}
      <p className="timeline-key muted">
        <span className="key-sunlit" aria-hidden="true" /> sunlit ·{' '}
        <span className="key-night" aria-hidden="true" /> night · taller = nearer nadir
        {Date.parse(now) > span.start && (
          <>
            {' '}
            · <span className="key-past" aria-hidden="true" /> shaded: already past (before {formatUtc(now)})
          </>
        )}
      </p>
    </div>
  );
}
