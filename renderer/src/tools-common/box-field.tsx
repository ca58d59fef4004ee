// A tool form's box: W,S,E,N as typed, where it came from, and buttons that take a box from
// elsewhere (the box drawn on the map, the map's view, the filters' or a watch's box). The
// Collection, Imagery, Hotspots and Terrain forms share it.
import { useBoxTool } from '../state/box-tool';
import { useViewState } from '../state/view-state';
import { mapSize, viewBBox } from '../map/view-area';
import { Field } from './tool-view';

/**
 * A box to offer: its label, the box (null: not now, the button is disabled; a function: read
 * when the button is pressed) and where it is from.
 */
export interface BoxChoice {
  label: string;
  box: string | null | (() => string);
  from: string;
  /** Why it is disabled, as its title. */
  why?: string;
}

const fmt = (box: readonly number[]) => box.map((x) => Math.round(x * 1e4) / 1e4).join(',');

/** The map's last drawn box as W,S,E,N (a box across the antimeridian is not one the tools take). */
export function useDrawnBox(): string | null {
  const box = useBoxTool((s) => s.box);
  return box && box[2] >= box[0] ? fmt(box) : null;
}

/** The box drawn on the map, offered. */
export function useDrawnChoice(why?: string): BoxChoice {
  return { label: 'Use the drawn box', box: useDrawnBox(), from: 'The box drawn on the map', why };
}

/** The box the signal filters are narrowed to, offered (none while they are not). */
export function useFiltersChoice(): BoxChoice | null {
  const box = useViewState((s) => s.filters.bbox);
  return box && box[2] >= box[0]
    ? { label: 'Use the filters’ box', box: fmt(box), from: 'The signal filters’ box' }
    : null;
}

/** The map's view as a box, offered (read when the button is pressed). */
export function useMapViewChoice(): BoxChoice {
  const map = useViewState((s) => s.map);
  return {
    label: 'Use the map’s view',
    box: () => {
      const { width, height } = mapSize();
      return viewBBox(map.center, map.zoom, width, height).join(',');
    },
    from: 'The map’s view',
  };
}

/** The buttons that take a box from elsewhere. */
export function BoxButtons({
  choices,
  onBox,
}: {
  choices: readonly BoxChoice[];
  onBox: (bbox: string, from: string) => void;
}) {
  return (
    <p className="tool-buttons">
      {choices.map((c, i) => (
        <span key={c.label}>
          {i > 0 && ' '}
          <button
            type="button"
            className="ghost"
            disabled={!c.box}
            title={c.box ? undefined : c.why}
            onClick={() => {
              const box = typeof c.box === 'function' ? c.box() : c.box;
              if (box) onBox(box, c.from);
            }}
          >
            {c.label}
          </button>
        </span>
      ))}
    </p>
  );
}

/** The box field, where it came from, and the buttons. */
export function BoxField({
  value,
  from,
  placeholder,
  choices,
  onChange,
}: {
  value: string;
  from: string | null;
  placeholder: string;
  choices: readonly BoxChoice[];
  /** A typed box comes "Typed". */
  onChange: (bbox: string, from: string) => void;
}) {
  return (
    <>
      <Field
        label="Box (W,S,E,N)"
        value={value}
        placeholder={placeholder}
        onChange={(b) => onChange(b, 'Typed')}
      />
      {from && <p className="muted">From: {from}</p>}
      <BoxButtons choices={choices} onBox={onChange} />
    </>
  );
}
