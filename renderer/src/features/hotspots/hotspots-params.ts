// The Hotspots form → GET /signals/stats and GET /signals/hotspots parameters (alternate
// profile), checked before anything is sent; a stored request back to the form; one line each.
import { BBoxError, parseBBox } from '../../../../shared/bbox';
import type { ToolParams, ToolRunInput } from '../../../../shared/contract';
import type { HotspotsForm } from './hotspots-state';
import { isCalendarDate } from '../../../../shared/dates';

export type Built = { input: ToolRunInput; problem: null } | { input: null; problem: string };
const fail = (problem: string): Built => ({ input: null, problem });

type Common = {
  bbox?: [number, number, number, number];
  date?: string;
  days?: number;
  categories?: string[];
};

function common(form: HotspotsForm): Common | string {
  const out: Common = {};
  if (form.bbox.trim()) {
    try {
      const b = parseBBox(form.bbox, 'the box');
      out.bbox = [b[0], b[1], b[2], b[3]];
    } catch (e) {
      if (e instanceof BBoxError) return e.message;
      throw e;
    }
  }
  if (form.date.trim()) {
    if (!isCalendarDate(form.date.trim())) return 'The date is yyyy-mm-dd (a day that exists).';
    out.date = form.date.trim();
  }
  if (form.days.trim()) {
    const d = Number(form.days);
    if (!Number.isInteger(d) || d < 1 || d > 30) return 'Days must be a whole number from 1 to 30.';
    out.days = d;
  }
  const cats = form.categories
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  if (cats.length) out.categories = cats;
  return out;
}

export function buildStats(form: HotspotsForm): Built {
  const c = common(form);
  if (typeof c === 'string') return fail(c);
  return { input: { tool: 'stats', params: c }, problem: null };
}

export function buildHotspots(form: HotspotsForm): Built {
  const c = common(form);
  if (typeof c === 'string') return fail(c);
  const params: ToolParams<'hotspots'> = { ...c };
  if (form.precision.trim()) {
    const p = Number(form.precision);
    if (!Number.isFinite(p) || p < 0.1 || p > 5) return fail('The cell size is from 0.1 to 5 degrees.');
    params.precision = p;
  }
  if (form.minSeverity.trim()) {
    const m = Number(form.minSeverity);
    if (!Number.isFinite(m) || m < 0 || m > 10) return fail('The lowest severity score is from 0 to 10.');
    params.min_severity = m;
  }
  if (form.limit.trim()) {
    const l = Number(form.limit);
    if (!Number.isInteger(l) || l < 1 || l > 500) return fail('At most is a whole number from 1 to 500.');
    params.limit = l;
  }
  return { input: { tool: 'hotspots', params }, problem: null };
}

type AnyWindow = Common & { start_date?: string; end_date?: string };

export function summarizeWindow(p: AnyWindow): string {
  return [
    p.bbox ? `[${p.bbox.join(', ')}]` : 'anywhere',
    p.date ? `${p.days ?? 7} days to ${p.date}` : `last ${p.days ?? 7} days`,
    p.categories?.length ? p.categories.join(', ') : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

export function summarizeHotspots(p: ToolParams<'hotspots'>): string {
  return [
    summarizeWindow(p),
    p.precision !== undefined ? `${p.precision}° cells` : null,
    p.min_severity !== undefined ? `score ≥ ${p.min_severity}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

export function formOf(p: AnyWindow & Partial<ToolParams<'hotspots'>>): Partial<HotspotsForm> {
  return {
    bbox: p.bbox ? p.bbox.join(',') : '',
    bboxFrom: 'A stored request',
    ...(p.date ? { date: p.date } : {}),
    ...(p.days ? { days: String(p.days) } : {}),
    categories: p.categories?.join(', ') ?? '',
    ...(p.precision !== undefined ? { precision: String(p.precision) } : {}),
    ...(p.min_severity !== undefined ? { minSeverity: String(p.min_severity) } : {}),
    ...(p.limit !== undefined ? { limit: String(p.limit) } : {}),
  };
}
