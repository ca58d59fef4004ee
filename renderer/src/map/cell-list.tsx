// The signals of one cluster, listed where it was clicked: points at one place (a town's
// reports all sit on its centre) never split however far the map zooms in, so each is picked
// here. A choice selects the signal (the shared selection, as a click on its point does) and
// the list stays open for the next; Esc, the close button or a click elsewhere on the map
// closes it. A cluster that zooming in would split says so, with a button that does.
import { useEffect, useRef } from 'react';
import { POINT_FLAGS } from '../../../shared/contract-values';
import type { Profile, SignalPoints } from '../../../shared/contract';
import { formatUtc } from '../ui/time';
import { Band } from '../ui/band';
import { ScoreRange } from './map-overlays';
import type { CellListState } from './use-signal-layers';
import './cell-list.css';

const words = (v: string) => v.replace(/_/g, ' ');

/** A point's words: its category, measured or not, when. */
export function pointLabel(p: SignalPoints, i: number): string {
  const cat = words(p.categories[p.category[i]!] ?? 'signal');
  const time = p.time[i]!;
  const when = Number.isNaN(time) || time === 0 ? 'time unknown' : formatUtc(new Date(time));
  return `${p.flags[i]! & POINT_FLAGS.measured ? 'Measured: ' : ''}${cat} · ${when}`;
}

export function CellList({
  list,
  selectedId,
  profile,
  onPick,
  onZoom,
  onClose,
}: {
  list: CellListState;
  selectedId: string | null;
  profile: Profile;
  onPick: (index: number) => void;
  onZoom: () => void;
  onClose: () => void;
}) {
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), [list]);
  const { points: p, indices } = list;
  const n = indices.length;
  return (
    <div
      className="cell-list"
      role="dialog"
      aria-label={`${n} signals here`}
      data-testid="cell-list"
      style={{ left: list.x + 12, top: list.y - 12 }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="cell-list-head">
        <strong>
          <span className="num">{n.toLocaleString('en')}</span>{' '}
          {list.stacked ? 'signals at one place' : 'signals here'}
        </strong>
        <button type="button" className="cell-list-close" aria-label="Close the list" onClick={onClose}>
          ×
        </button>
      </div>
      <ul>
        {indices.map((i, k) => {
          const id = p.ids[i]!;
          return (
            <li key={id}>
              <button
                ref={k === 0 ? first : undefined}
                type="button"
                data-signal-id={id}
                aria-pressed={id === selectedId}
                onClick={() => onPick(i)}
              >
                {profile === 'alternate' ? (
                  <ScoreRange range={p.band[i]} />
                ) : (
                  <Band band={p.band[i] || null} />
                )}{' '}
                {pointLabel(p, i)}
                {p.flags[i]! & POINT_FLAGS.retracted ? <span className="warn"> RETRACTED</span> : null}
              </button>
            </li>
          );
        })}
      </ul>
      {!list.stacked && (
        <button type="button" className="cell-list-zoom" onClick={onZoom}>
          Zoom in to split them
        </button>
      )}
    </div>
  );
}
