// The drawn box and what can be done with it: its corners and area, narrowing the signals to
// it, and creating a standing order or a monitoring area from it. What the service would
// refuse is not offered: the action is disabled and the panel says why, in the service's words.
import { useState } from 'react';
import type { OutboxItem } from '../../../../../shared/contract';
import { useViewState } from '../../../state/view-state';
import { HonestyMark } from '../../../ui/honesty-mark';
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
import { CreateWatchFromBox } from '../../watches/create-watch';
import { ExportButton } from '../../export/export-dialog';
import { CreateForm, KIND_LABEL, QueuedWrite, type CreateKind } from './create-from-box';

export function BoxPanel({ box, onClear }: { box: DrawnBox; onClear: () => void }) {
  const verdicts = boxVerdicts(box);
  const filterBox = useViewState((s) => s.filters.bbox);
  const setFilters = useViewState((s) => s.setFilters);
  const filtered = sameBox(filterBox, box);
  const [form, setForm] = useState<CreateKind | null>(null);
  const [queued, setQueued] = useState<{ kind: CreateKind; item: OutboxItem; at: number }[]>([]);

  const refusal = (id: string, label: string, reason: string | null) =>
    reason && (
      <p id={id} className="box-refusal">
        {label}: <HonestyMark kind="refused" /> <span className="box-reason">{reason}</span>
      </p>
    );
  // A box the service cannot take at all (across 180°) is refused once for every action.
  const whole = verdicts.filter;
  const reasonId = (kind: CreateKind) => (whole ? 'box-refusal-box' : `box-refusal-${kind}`);
  const createButton = (kind: CreateKind, reason: string | null) => (
    <button
      type="button"
      disabled={!!reason}
      aria-describedby={reason ? reasonId(kind) : undefined}
      aria-expanded={form === kind}
      onClick={() => setForm(form === kind ? null : kind)}
    >
      Create {KIND_LABEL[kind].toLowerCase()}
    </button>
  );

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
      {/* A local report of the box (features/export); a box across 180° is refused above. */}
      {!whole && (
        <div className="box-actions">
          <ExportButton choice={{ kind: 'bbox', bbox: asBBox(box) }}>Export box</ExportButton>
        </div>
      )}
      <div className="box-actions">
        {createButton('order', verdicts.order)}
        {createButton('monitoring', verdicts.monitoring)}
      </div>
      {whole ? (
        refusal('box-refusal-box', 'Every action', whole)
      ) : (
        <>
          {refusal('box-refusal-order', KIND_LABEL.order, verdicts.order)}
          {refusal('box-refusal-monitoring', KIND_LABEL.monitoring, verdicts.monitoring)}
        </>
      )}
      {form && !verdicts[form === 'order' ? 'order' : 'monitoring'] && (
        <CreateForm
          key={form}
          kind={form}
          bbox={asBBox(box)}
          onCancel={() => setForm(null)}
          onQueued={(item, at) => {
            setQueued((q) => [...q, { kind: form, item, at }]);
            setForm(null);
          }}
        />
      )}
      {queued.map((q) => (
        <QueuedWrite key={q.item.localId} kind={q.kind} item={q.item} queuedAt={q.at} />
      ))}
      {/* Watches exist on the alternate profile only: it renders nothing elsewhere. */}
      <CreateWatchFromBox bbox={whole ? null : asBBox(box)} />
    </section>
  );
}
