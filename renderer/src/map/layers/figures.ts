// Key figures for the tooltip, each in the record's own unit. A figure the record lacks is
// left out (never shown as 0 or guessed), so the helpers return an empty list for it.
import type { FeatureInfo } from './types';

export type Figure = FeatureInfo['figures'][number];

export const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
export const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/** "12.5 km" with at most `digits` decimals, thin grouping for thousands. */
export function num(v: number, digits = 1): string {
  return v.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
}

export function figure(label: string, v: unknown, unit = '', digits = 1): Figure[] {
  return isNum(v) ? [{ label, value: `${num(v, digits)}${unit}` }] : [];
}

export function textFigure(label: string, v: unknown): Figure[] {
  return isText(v) ? [{ label, value: words(v) }] : [];
}

/** snake_case service values as words ("needs_attention" -> "needs attention"). */
export const words = (v: string) => v.replace(/_/g, ' ');

/** The first of several times that is present, with what it is. */
export function timeOf(...candidates: [label: string, iso: unknown][]): FeatureInfo['time'] {
  for (const [label, iso] of candidates) if (isText(iso)) return { label, iso };
  return null;
}
