// The analyst's own areas (watches, standing orders, monitoring areas) as outlines of their
// boxes: one quiet colour, told apart by the dash (watch solid, order dashed, area dotted), in
// the attention colour when the service says to look (a watch that needs attention, an area
// whose latest reading is an anomaly), fainter while the write still waits in the outbox. The
// name sits at a corner of the box once the box is wide enough on screen to carry it (each kind
// at its own corner, so a watch and the order on the same box both read; overlapping names give
// way to each other); a box too small to see at this zoom is marked by a small square at its
// centre instead.
import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import Polygon from 'ol/geom/Polygon';
import type { OwnRecord } from '../../../../shared/contract';
import type { Selection } from '../../state/selection';
import { isText } from './figures';
import { boxRing } from './geo';
import { recordLayer, recordOf, type RecordLayerModule } from './record-layer';
import { label, marker, outline, withAlpha, type Dash } from './symbols';
import type { FeatureInfo } from './types';

export const OWN_AREAS_CLASS = 'wf-own-areas';

export interface OwnAreaSpec<R> {
  id: string;
  title: string;
  /** One of them, as the tooltip names it ("Watch"). */
  kind: string;
  hint: string;
  dash: Dash;
  /** Where the name goes: above the top-left corner, below the bottom-left, or inside the top-left. */
  labelAt: 'above' | 'below' | 'inside';
  selectionKind: Extract<Selection['kind'], 'watch' | 'order' | 'area'>;
  bboxOf: (record: R) => unknown;
  nameOf: (record: R) => string | null | undefined;
  /** The service says this one needs a look. */
  attention: (record: R) => boolean;
  describe: (record: R) => Pick<FeatureInfo, 'figures' | 'time' | 'notes'>;
}

/** Boxes narrower than this on screen carry no name (it would cover what it outlines). */
const MIN_LABEL_PX = 70;
/** Boxes narrower than this on screen are marked at their centre so they can be found. */
const MIN_BOX_PX = 8;

export function ownAreaLayer<R>(spec: OwnAreaSpec<R>): RecordLayerModule<OwnRecord<R>> {
  return recordLayer<OwnRecord<R>>({
    id: spec.id,
    title: spec.title,
    section: 'Your areas',
    hint: spec.hint,
    defaultVisible: true,
    className: OWN_AREAS_CLASS,
    declutter: OWN_AREAS_CLASS,
    key: (p) => ({
      shape: 'box',
      colour: p.own.outline,
      ...(spec.dash === 'solid' ? {} : { dash: spec.dash }),
    }),
    features({ record }) {
      const ring = boxRing(spec.bboxOf(record));
      if (!ring) return [];
      const xs = ring.map((c) => c[0]!);
      return [new Feature({ geometry: new Polygon([ring]), widthM: Math.max(...xs) - Math.min(...xs) })];
    },
    style(f, { palette, selected, resolution }) {
      const own = recordOf<OwnRecord<R>>(f);
      const base = spec.attention(own.record) ? palette.own.attention : palette.own.outline;
      const colour = own.pending ? withAlpha(base, 0.55) : base;
      const px = (f.get('widthM') as number) / resolution;
      if (px < MIN_BOX_PX)
        return marker({
          shape: 'square',
          colour: base,
          halo: palette.symbolHalo,
          radius: 3.5,
          fillAlpha: 0,
          selected: selected ? palette.selection : null,
          geometry: (f.getGeometry() as Polygon).getInteriorPoint(),
        });
      const lines = outline({
        colour,
        halo: palette.symbolHalo,
        width: spec.attention(own.record) ? 2.2 : 1.6,
        dash: spec.dash,
        selected: selected ? palette.selection : null,
      });
      const name = spec.nameOf(own.record);
      if (!isText(name) || px < MIN_LABEL_PX) return lines;
      const [w, s, , n] = (f.getGeometry() as Polygon).getExtent();
      const at = {
        above: { y: n!, offsetY: -3, baseline: 'bottom' },
        below: { y: s!, offsetY: 3, baseline: 'top' },
        inside: { y: n!, offsetY: 4, baseline: 'top' },
      }[spec.labelAt];
      return [
        ...lines,
        label({
          text: name,
          colour,
          halo: palette.labelHalo,
          offsetX: spec.labelAt === 'inside' ? 4 : 2,
          offsetY: at.offsetY,
          baseline: at.baseline as CanvasTextBaseline,
          geometry: new Point([w!, at.y]),
        }),
      ];
    },
    describe(own) {
      const name = spec.nameOf(own.record);
      const d = spec.describe(own.record);
      return {
        kind: spec.kind,
        measured: false,
        title: isText(name) ? name : `Unnamed ${spec.kind.toLowerCase()}`,
        ...d,
        notes: [...(own.pending ? ['Not sent yet: waiting in the outbox.'] : []), ...d.notes],
        select: { kind: spec.selectionKind, id: own.id, ...(isText(name) ? { label: name } : {}) },
      };
    },
    selectionKey: (own) => `${spec.selectionKind}:${own.id}`,
  });
}
