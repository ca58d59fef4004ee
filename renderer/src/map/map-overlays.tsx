// What sits over the map: the legend (the severity scale with its numbers, the shapes) and
// the tooltip for the point, the reading, the area or the country under the pointer.
//
// The main profile's severity is a band (1–10). The alternate profile's is a 0–10 score: the
// map colours it by whole-number range (6 for 6 to under 7, on the band's colours), and says
// so: a score range, never a band the service did not give.
import type { Profile } from '../../../shared/contract';
import { Band } from '../ui/band';
import { bandColour, bandTextColour } from '../ui/severity';
import { formatUtc } from '../ui/time';
import { POINT_FLAGS } from '../../../shared/contract-values';
import type { FeatureInfo } from './layers';
import { SHAPE_KEY } from './point-shapes';
import { CELL_PX } from './signal-cells';
import type { Hover } from './use-signal-layers';

const words = (v: string) => v.replace(/_/g, ' ');

/** A score range's words: "6 to under 7"; 10 is the top of the scale, 0 also stands for none. */
const rangeWords = (r: number) =>
  r >= 10 ? '10' : r <= 0 ? 'under 1, or none given' : `${r} to under ${r + 1}`;

/**
 * The alternate profile's severity on the map: the whole-number range of its 0–10 score (the
 * map's points carry the score cut to a whole number), on the band's colours.
 */
export function ScoreRange({ range }: { range: number | null | undefined }) {
  const r = range ?? 0;
  return (
    <span
      className={`band${r > 0 ? '' : ' band-unknown'}`}
      style={{ background: bandColour(r || null), color: bandTextColour(r || null) }}
      title={`Severity score ${rangeWords(r)}`}
    >
      {r > 0 ? r : '<1'}
    </span>
  );
}

/** The severity as the profile has it: the band (main) or the score's range (alternate). */
function Severity({ value, profile }: { value: number | null | undefined; profile: Profile }) {
  return profile === 'alternate' ? <ScoreRange range={value} /> : <Band band={value || null} />;
}

/** What the colour is, in the profile's words. */
const severityName = (profile: Profile) => (profile === 'alternate' ? 'score range' : 'band');

/**
 * `cells`: the signals are drawn as cells (zoomed out), so the legend says what one means.
 * `profile`: whose severity the colours are (main: band; alternate: score range).
 */
export function MapLegend({ profile = 'main' }: { profile?: Profile }) {
  const alternate = profile === 'alternate';
  return (
    <div className="map-legend" aria-label="Legend">
      <span className="legend-title">
        {alternate ? 'Severity score (0–10), coloured by range: 6 is 6 to under 7' : 'Severity band'}
      </span>
      <span className="legend-scale">
        {[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((b) =>
          alternate ? <ScoreRange key={b} range={b} /> : <Band key={b} band={b} />,
        )}
        {alternate ? <ScoreRange range={0} /> : <Band band={null} />}
      </span>
      <span className="legend-shapes">
        {SHAPE_KEY.map((k) => (
          <span key={k.shape}>
            <span className="legend-glyph" aria-hidden="true">
              {k.glyph}
            </span>{' '}
            {k.label}
          </span>
        ))}
        <span>
          <span className="legend-country" aria-hidden="true" /> country-level signals
        </span>
        {/* Always listed: the map clusters at every zoom, and a legend that grew a row once the
            first clusters were drawn moved under a box the map had just fitted clear of it. */}
        <span>
          <span className="legend-cell" aria-hidden="true" /> cluster ({CELL_PX} px), coloured by their mean{' '}
          {severityName(profile)}
        </span>
      </span>
    </div>
  );
}

/** A date alone stays a date (an index "as of" a day has no time to show). */
const when = (iso: string) => (/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso} (UTC day)` : formatUtc(iso));

/** A measured reading or one of the analyst's areas: its key figures, as the record gives them. */
function FeatureTooltip({ info, style }: { info: FeatureInfo; style: { left: number; top: number } }) {
  return (
    <div className="map-tooltip" role="tooltip" style={style} data-measured={info.measured}>
      <div className="tooltip-kind">
        {info.measured ? (
          <>
            <span aria-hidden="true">◆</span> Measured · {info.kind}
          </>
        ) : (
          info.kind
        )}
      </div>
      <strong>{info.title}</strong>
      {info.figures.length > 0 && (
        <dl className="tooltip-figures">
          {info.figures.map((f) => (
            <div key={f.label}>
              <dt>{f.label}</dt>
              <dd className="num">{f.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {info.time && (
        <div className="muted">
          {info.time.label} {when(info.time.iso)}
        </div>
      )}
      {info.notes.map((n) => (
        <div key={n}>{n}</div>
      ))}
      {info.measured && <div className="muted">What an instrument recorded, not a cause.</div>}
      {info.select && <div className="muted">Click to select</div>}
    </div>
  );
}

export function MapTooltip({ hover, profile = 'main' }: { hover: Hover; profile?: Profile }) {
  const style = { left: hover.x + 14, top: hover.y + 14 };
  if (hover.kind === 'feature') return <FeatureTooltip info={hover.info} style={style} />;
  if (hover.kind === 'country')
    return (
      <div className="map-tooltip" role="tooltip" style={style}>
        <strong>{hover.count.country ?? hover.name}</strong>
        <div>
          <span className="num">{hover.count.count}</span> country-level signal
          {hover.count.count === 1 ? '' : 's'}
        </div>
        <div>
          highest {severityName(profile)} <Severity value={hover.count.maxBand} profile={profile} />
        </div>
      </div>
    );
  if (hover.kind === 'cell')
    return (
      <div className="map-tooltip" role="tooltip" style={style}>
        <strong>
          <span className="num">{hover.n.toLocaleString('en')}</span> signals here
        </strong>
        {hover.measured > 0 && (
          <div>
            <span className="num">{hover.measured.toLocaleString('en')}</span> of them measured
          </div>
        )}
        <div>
          mean {severityName(profile)} <Severity value={hover.meanBand} profile={profile} /> · highest{' '}
          <Severity value={hover.maxBand} profile={profile} />
        </div>
        <div className="muted">Click to list them, or to zoom in when they are many</div>
      </div>
    );
  const { points: p, index: i } = hover;
  const flags = p.flags[i]!;
  const time = p.time[i]!;
  return (
    <div className="map-tooltip" role="tooltip" style={style}>
      <div>
        <Severity value={p.band[i]} profile={profile} />{' '}
        <strong>{words(p.categories[p.category[i]!] ?? 'signal')}</strong>
      </div>
      {profile === 'alternate' && (
        <div className="muted">
          severity score {rangeWords(p.band[i] ?? 0)} (the score as given is in the inspector)
        </div>
      )}
      <div className="muted">{Number.isNaN(time) ? 'time unknown' : formatUtc(new Date(time))}</div>
      {flags & POINT_FLAGS.measured ? <div>◆ measured: what an instrument recorded</div> : null}
      {flags & POINT_FLAGS.escalating ? <div>escalating</div> : null}
      {flags & POINT_FLAGS.retracted ? <div className="warn">RETRACTED</div> : null}
      <div className="muted">Click to select</div>
    </div>
  );
}
