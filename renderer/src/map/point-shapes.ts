// What shape a signal's point takes on the map: its colour is the severity, its shape says
// what kind of thing it is. Measured kinds (an instrument's reading) are diamonds, apart from
// every report; reports take the shape of their category's group: violence (fighting,
// strikes, attacks) triangles, unrest (protests, riots, people displaced) squares, everything
// else (disasters, accidents, incidents at sea, cyber…) circles. Categories are the
// service's open list of words, so a group is found by the words in the name; one that names
// none of them is "other", a circle, as every report was before.
import { POINT_FLAGS } from '../../../shared/contract-values';
import type { SignalPoints } from '../../../shared/contract';

/** The shapes, as the points' style reads them (a feature's `shape`). */
export const SHAPE = { circle: 0, triangle: 1, square: 2, diamond: 3, cell: 4 } as const;
export type ShapeId = (typeof SHAPE)[keyof typeof SHAPE];

export type CategoryGroup = 'violence' | 'unrest' | 'other';

const VIOLENCE =
  /conflict|airstrike|strike|attack|terror|militar|armed|violence|shell|bomb|missile|drone|raid|clash|battle|combat|fight|assault|ambush|insurgen/;
const UNREST = /unrest|protest|riot|demonstrat|general_strike|displace|refugee|migrat|evacuat/;

/** The group of a category name ('civil_unrest', 'armed_conflict'…). */
export function categoryGroup(category: string | undefined): CategoryGroup {
  const c = (category ?? '').toLowerCase();
  // Unrest first: "civil_unrest" or "general_strike" are not fighting.
  if (UNREST.test(c)) return 'unrest';
  if (VIOLENCE.test(c)) return 'violence';
  return 'other';
}

const GROUP_SHAPE: Record<CategoryGroup, ShapeId> = {
  violence: SHAPE.triangle,
  unrest: SHAPE.square,
  other: SHAPE.circle,
};

/** What the legend and the tooltip call each group, with its glyph. */
export const SHAPE_KEY: readonly { shape: ShapeId; glyph: string; label: string }[] = [
  { shape: SHAPE.triangle, glyph: '▲', label: 'fighting, strikes, attacks' },
  { shape: SHAPE.square, glyph: '■', label: 'unrest, protest, displacement' },
  { shape: SHAPE.circle, glyph: '●', label: 'other reported events' },
  { shape: SHAPE.diamond, glyph: '◆', label: 'measured (instrument reading)' },
];

/** The shape of every category of an answer, by its index in `categories`. */
export function categoryShapes(categories: readonly string[]): Uint8Array {
  return Uint8Array.from(categories, (c) => GROUP_SHAPE[categoryGroup(c)]);
}

/** The shape of point `i`: a diamond when measured, else its category group's. */
export function pointShape(points: SignalPoints, i: number, shapes: Uint8Array): ShapeId {
  if (points.flags[i]! & POINT_FLAGS.measured) return SHAPE.diamond;
  return (shapes[points.category[i]!] ?? SHAPE.circle) as ShapeId;
}
