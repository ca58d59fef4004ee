// The drawn box and what can be done with it: its corners and area, narrowing the signals to
// it, and what features do with a box (slot `box.actions`: export it, create a standing order,
// a monitoring area or a watch from it). What the service would refuse is not offered: the
// action is disabled and the panel says why, in the service's words.
import { useViewState } from '../../state/view-state';
import { HonestyMark } from '../../ui/honesty-mark';
import { Slot } from '../../ui/slots';
import {
  asBBox,
  boxAreaKm2,
  boxVerdicts,
  crossesAntimeridian,
  formatBox,
  formatKm2,
  sameBox,
  type DrawnBox,
} from './box';

export function BoxPanel({ box, onClear }: { box: DrawnBox; onClear: () => void }) {
  const verdicts = boxVerdicts(box);
  const filterBox = useViewState((s) => s.filters.bbox);
  const setFilters = useViewState((s) => s.setFilters);
  const filtered = sameBox(filterBox, box);
  // A box the service cannot take at all (across 180°) is refused once for every action.
  const whole = verdicts.filter;

  return (
    <section className="box-panel panel" aria-label="Drawn box">
      <header className="panel-header">
        <h2>Drawn box</h2>
        <button type="button" className="ghost" onClick={onClear}>
          Clear box
        </button>
      </header>
      <dl className="box-facts">
        <dt>W, S, E, N</dt>
        <dd className="num" data-testid="box-bbox">
          {formatBox(box)}
        </dd>
        <dt>Area</dt>
        <dd className="num" data-testid="box-area">
          {formatKm2(boxAreaKm2(box))}
        </dd>
      </dl>
      {crossesAntimeridian(box) && (
        <p className="box-note">This box crosses the 180th meridian; the service takes west before east.</p>
      )}
      <div className="box-actions">
        <button
          type="button"
          disabled={!!verdicts.filter || filtered}
          aria-describedby={whole ? 'box-refusal-box' : undefined}
          onClick={() => setFilters({ bbox: asBBox(box) })}
        >
          Filter to box
        </button>
        {filtered && (
          <button type="button" onClick={() => setFilters({ bbox: undefined })}>
            Remove box filter
          </button>
        )}
      </div>
      {filtered && <p className="box-note">Signals are filtered to this box.</p>}
      {whole && (
        <p id="box-refusal-box" className="box-refusal">
          Every action: <HonestyMark kind="refused" /> <span className="box-reason">{whole}</span>
        </p>
      )}
      <Slot
        id="box.actions"
        box={box}
        bbox={whole ? null : asBBox(box)}
        refusalId={whole ? 'box-refusal-box' : null}
      />
    </section>
  );
}
