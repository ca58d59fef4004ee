// What sits over the map: the legend (the severity scale with its numbers, the two shapes)
// and the tooltip for the point, the reading, the area or the country under the pointer.
import { Band } from '../../ui/band';
import { formatUtc } from '../../ui/time';
import { POINT_ESCALATING, POINT_MEASURED, POINT_RETRACTED } from '../read-types';
import type { FeatureInfo } from './layers';
import { CELL_PX } from './signal-cells';
import type { Hover } from './use-signal-layers';

const words = (v: string) => v.replace(/_/g, ' ');

/** `cells`: the signals are drawn as cells (zoomed out), so the legend says what one means. */
export function MapLegend({ cells = false }: { cells?: boolean }) {
  return (
    <div className="map-legend" aria-label="Legend">
      <span className="legend-title">Severity band</span>
      <span className="legend-scale">
        {[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((b) => (
          <Band key={b} band={b} />
        ))}
        <Band band={null} />
      </span>
      <span className="legend-shapes">
        <span>
          <span className="legend-dot" aria-hidden="true" /> reported event
        </span>
        <span>
          <span className="legend-diamond" aria-hidden="true" /> measured (instrument reading)
        </span>
        <span>
          <span className="legend-country" aria-hidden="true" /> country-level signals
        </span>
        {cells && (
          <span>
            <span className="legend-cell" aria-hidden="true" /> cell: the signals within {CELL_PX} px, sized
            by how many, coloured by their mean band (hover for the count and the highest)
          </span>
        )}
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

export function MapTooltip({ hover }: { hover: Hover }) {
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
          highest band <Band band={hover.count.maxBand} />
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
          mean band <Band band={hover.meanBand || null} /> · highest <Band band={hover.maxBand || null} />
        </div>
        <div className="muted">Click to zoom in</div>
      </div>
    );
  const { points: p, index: i } = hover;
  const flags = p.flags[i]!;
  const time = p.time[i]!;
  return (
    <div className="map-tooltip" role="tooltip" style={style}>
      <div>
        <Band band={p.band[i] || null} /> <strong>{words(p.categories[p.category[i]!] ?? 'signal')}</strong>
      </div>
      <div className="muted">{Number.isNaN(time) ? 'time unknown' : formatUtc(new Date(time))}</div>
      {flags & POINT_MEASURED ? <div>◆ measured: what an instrument recorded</div> : null}
      {flags & POINT_ESCALATING ? <div>escalating</div> : null}
      {flags & POINT_RETRACTED ? <div className="warn">RETRACTED</div> : null}
      <div className="muted">Click to select</div>
    </div>
  );
}
