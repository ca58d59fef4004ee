// The symbols of the measured and area layers. Reported signals are filled dots on the
// severity scale (warm colours); measured readings are outlined symbols in cool colours that
// scale never uses, each kind its own shape, and the analyst's areas are plain outlines. Every
// symbol and line has a dark (light, in the light theme) halo under it so it reads on land
// and sea alike. Styles are cached by what they depend on: OpenLayers asks for them per frame.
import { Circle as CircleStyle, Fill, RegularShape, Stroke, Style, Text } from 'ol/style';
import type { Geometry } from 'ol/geom';
import type ImageStyle from 'ol/style/Image';
import { mapFont } from '../palette';

export type MarkerShape = 'ring' | 'triangle' | 'square' | 'star' | 'target' | 'dot';

const cache = new Map<string, Style | Style[]>();
function cached<S extends Style | Style[]>(key: string, make: () => S): S {
  let s = cache.get(key) as S | undefined;
  if (!s) cache.set(key, (s = make()));
  return s;
}

const withAlpha = (hex: string, a: number) => {
  const n = parseInt(hex.slice(1, 7), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${a})`;
};
export { withAlpha };

function shapeImage(shape: MarkerShape, r: number, fill: Fill | undefined, stroke: Stroke): ImageStyle {
  // In a decluttered layer (transit) labels give way to symbols; symbols always show.
  const common = { ...(fill ? { fill } : {}), stroke, declutterMode: 'obstacle' as const };
  switch (shape) {
    case 'ring':
    case 'dot':
    case 'target':
      return new CircleStyle({ radius: r, ...common });
    case 'triangle':
      return new RegularShape({ points: 3, radius: r * 1.2, angle: 0, ...common });
    case 'square':
      return new RegularShape({ points: 4, radius: r * 1.15, angle: Math.PI / 4, ...common });
    case 'star':
      return new RegularShape({ points: 5, radius: r * 1.35, radius2: r * 0.6, angle: 0, ...common });
  }
}

/**
 * A marker: the shape in `colour` over a halo, `fillAlpha` of the colour inside (0: hollow),
 * ringed in the selection colour when selected.
 */
export function marker(opts: {
  shape: MarkerShape;
  colour: string;
  halo: string;
  radius: number;
  fillAlpha: number;
  selected?: string | null;
  zIndex?: number;
  /** Drawn there rather than at the feature's own geometry (not cached: the place varies). */
  geometry?: Geometry;
}): Style[] {
  const r = Math.round(opts.radius * 2) / 2;
  const key = `m|${opts.shape}|${opts.colour}|${opts.halo}|${r}|${opts.fillAlpha}|${opts.selected ?? ''}|${opts.zIndex ?? 0}`;
  const styles = cached(key, () => {
    const fill = opts.fillAlpha > 0 ? new Fill({ color: withAlpha(opts.colour, opts.fillAlpha) }) : undefined;
    const out = [
      new Style({
        image: shapeImage(opts.shape, r, undefined, new Stroke({ color: opts.halo, width: 4 })),
        zIndex: opts.zIndex ?? 0,
      }),
      new Style({
        image: shapeImage(opts.shape, r, fill, new Stroke({ color: opts.colour, width: 1.8 })),
        zIndex: opts.zIndex ?? 0,
      }),
    ];
    if (opts.shape === 'target')
      out.push(
        new Style({
          image: new CircleStyle({ radius: 1.8, fill: new Fill({ color: opts.colour }) }),
          zIndex: opts.zIndex ?? 0,
        }),
      );
    if (opts.selected)
      out.unshift(
        new Style({
          image: new CircleStyle({ radius: r + 6, stroke: new Stroke({ color: opts.selected, width: 3 }) }),
          zIndex: opts.zIndex ?? 0,
        }),
      );
    return out;
  });
  if (!opts.geometry) return styles;
  return styles.map((s) => {
    const c = s.clone();
    c.setGeometry(opts.geometry!);
    return c;
  });
}

const DASHES = { solid: undefined, dashed: [7, 5], dotted: [1.5, 4] } as const;
export type Dash = keyof typeof DASHES;

/** A line or an outline: `colour` over a halo, an optional faint fill, dashed or dotted. */
export function outline(opts: {
  colour: string;
  halo: string;
  width: number;
  dash?: Dash;
  fillAlpha?: number;
  selected?: string | null;
  zIndex?: number;
}): Style[] {
  const dash = opts.dash ?? 'solid';
  const key = `o|${opts.colour}|${opts.halo}|${opts.width}|${dash}|${opts.fillAlpha ?? 0}|${opts.selected ?? ''}|${opts.zIndex ?? 0}`;
  return cached(key, () => {
    const lineDash = DASHES[dash] ? [...DASHES[dash]!] : undefined;
    const colour = opts.selected ?? opts.colour;
    const width = opts.selected ? opts.width + 1 : opts.width;
    const out: Style[] = [
      new Style({ stroke: new Stroke({ color: opts.halo, width: width + 2.5 }), zIndex: opts.zIndex ?? 0 }),
      new Style({
        stroke: new Stroke({ color: colour, width, ...(lineDash ? { lineDash } : {}) }),
        ...(opts.fillAlpha ? { fill: new Fill({ color: withAlpha(opts.colour, opts.fillAlpha) }) } : {}),
        zIndex: opts.zIndex ?? 0,
      }),
    ];
    // The halo of a dashed line is drawn dashed as well, or the gaps would show a dark band.
    if (lineDash) out[0]!.getStroke()!.setLineDash(lineDash);
    return out;
  });
}

/** A short label beside a point (transit index) or at a box's corner (an area's name). */
export function label(opts: {
  text: string;
  colour: string;
  halo: string;
  offsetX?: number;
  offsetY?: number;
  align?: CanvasTextAlign;
  baseline?: CanvasTextBaseline;
  bold?: boolean;
  geometry?: Geometry;
  zIndex?: number;
}): Style {
  return new Style({
    ...(opts.geometry ? { geometry: opts.geometry } : {}),
    text: new Text({
      text: opts.text,
      font: mapFont(0.8, opts.bold ? 700 : 500),
      fill: new Fill({ color: opts.colour }),
      stroke: new Stroke({ color: opts.halo, width: 3 }),
      offsetX: opts.offsetX ?? 0,
      offsetY: opts.offsetY ?? 0,
      textAlign: opts.align ?? 'left',
      textBaseline: opts.baseline ?? 'middle',
      overflow: true,
    }),
    zIndex: opts.zIndex ?? 10,
  });
}
