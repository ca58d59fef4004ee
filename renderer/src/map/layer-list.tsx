// The map's layer list: every layer the analyst may turn on or off, by section (signals,
// measured readings, the analyst's own areas, the basemap), each a checkbox named by its
// layer with the layer's symbol beside it (the list is the legend of these layers) and how
// many records it holds on the map. Open or closed, and each choice, is kept with the view.
import { useId } from 'react';
import './map-layers.css';
import { LAYER_LIST_ORDER, LAYER_SECTIONS, type LayerKey, type MapLayerModule } from './layers';
import type { MapPalette } from './palette';

/** The layer's symbol, drawn as the map draws it (shape, colour, dash). */
export function LayerSwatch({ k, halo }: { k: LayerKey | undefined; halo: string }) {
  if (!k) return <svg className="layer-swatch" aria-hidden="true" viewBox="0 0 18 14" />;
  const stroke = { stroke: k.colour, strokeWidth: 1.6, fill: 'none' };
  const dash = k.dash === 'dashed' ? '4 2.5' : k.dash === 'dotted' ? '1 2.2' : undefined;
  const shape = (() => {
    switch (k.shape) {
      case 'circle':
        return <circle cx="9" cy="7" r="4.5" fill={k.colour} stroke={halo} strokeWidth="1" />;
      case 'ring':
        return <circle cx="9" cy="7" r="4.5" {...stroke} />;
      case 'target':
        return (
          <>
            <circle cx="9" cy="7" r="4.8" {...stroke} />
            <circle cx="9" cy="7" r="1.4" fill={k.colour} />
          </>
        );
      case 'triangle':
        return <polygon points="9,1.8 14.2,11.5 3.8,11.5" {...stroke} />;
      case 'square':
        return <rect x="4.5" y="2.5" width="9" height="9" {...stroke} fill={k.filled ? k.colour : 'none'} />;
      case 'star':
        return (
          <polygon
            points="9,0.8 10.6,5 15,5.2 11.5,8 12.8,12.5 9,9.9 5.2,12.5 6.5,8 3,5.2 7.4,5"
            {...stroke}
            strokeWidth="1.3"
          />
        );
      case 'box':
        return (
          <rect
            x="2"
            y="2.5"
            width="14"
            height="9"
            {...stroke}
            strokeDasharray={dash}
            fill={k.filled ? k.colour : 'none'}
            fillOpacity={k.filled ? 0.3 : undefined}
          />
        );
      case 'line':
        return <line x1="1" y1="7" x2="17" y2="7" {...stroke} strokeWidth="1.2" />;
    }
  })();
  return (
    <svg className="layer-swatch" aria-hidden="true" viewBox="0 0 18 14">
      {shape}
    </svg>
  );
}

export function LayerList({
  modules,
  visibility,
  onToggle,
  placed,
  palette,
  open,
  onOpenChange,
}: {
  modules: readonly MapLayerModule[];
  visibility: Record<string, boolean>;
  onToggle: (id: string, visible: boolean) => void;
  /** Layer id -> records it holds on the map (absent: not known yet, or not a record layer). */
  placed: Record<string, number>;
  palette: MapPalette;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const listed = modules.filter((m) => m.toggleable).sort((a, b) => rankOf(a.id) - rankOf(b.id));
  return (
    <div className="layer-list" data-open={open}>
      <button
        type="button"
        className="layer-list-toggle"
        aria-expanded={open}
        aria-controls={`${id}-body`}
        onClick={() => onOpenChange(!open)}
      >
        Layers <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </button>
      {open && (
        <div id={`${id}-body`} className="layer-list-body" role="group" aria-label="Layers">
          {LAYER_SECTIONS.map((section) => {
            const rows = listed.filter((m) => (m.section ?? 'Basemap') === section);
            if (!rows.length) return null;
            return (
              <fieldset key={section} className="layer-section">
                <legend>{section}</legend>
                {rows.map((m) => {
                  const on = visibility[m.id] ?? m.defaultVisible;
                  const count = placed[m.id];
                  const describedBy = `${id}-${m.id}-about`;
                  return (
                    <div className="layer-row" key={m.id} data-layer={m.id} title={m.hint}>
                      <label>
                        <input
                          type="checkbox"
                          checked={on}
                          onChange={() => onToggle(m.id, !on)}
                          aria-describedby={describedBy}
                        />
                        <LayerSwatch k={m.key?.(palette)} halo={palette.pointHalo} />
                        <span className="layer-title">{m.title}</span>
                      </label>
                      <span className="layer-count num" aria-hidden="true" data-zero={count === 0}>
                        {count === undefined ? '' : count.toLocaleString('en')}
                      </span>
                      <span id={describedBy} className="visually-hidden">
                        {[count === undefined ? null : `${count} on the map`, m.hint]
                          .filter(Boolean)
                          .join('; ')}
                      </span>
                    </div>
                  );
                })}
              </fieldset>
            );
          })}
        </div>
      )}
    </div>
  );
}

const rankOf = (id: string) => {
  const i = LAYER_LIST_ORDER.indexOf(id);
  return i < 0 ? LAYER_LIST_ORDER.length : i;
};
