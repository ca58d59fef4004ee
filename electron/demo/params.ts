// Parameter checks and plan windows of the demo service. Every bad value is a 400 with the
// spec's INVALID_PARAMETERS code and a message that names the parameter.
import { BBoxError, parseBBox, type BBox } from '../../shared/bbox';
import { badParams, type Ctx } from './http';
import { RECORD_START } from './world';

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const DAY = 86_400_000;

export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

export function str(ctx: Ctx, name: string): string | undefined {
  const v = ctx.query.get(name);
  return v === null || v === '' ? undefined : v;
}
export function date(ctx: Ctx, name: string): string | undefined {
  const v = str(ctx, name);
  if (v !== undefined && (!DATE_RE.test(v) || Number.isNaN(Date.parse(v))))
    throw badParams(`${name} must be a date YYYY-MM-DD`);
  return v;
}
export function timestamp(ctx: Ctx, name: string): string | undefined {
  const v = str(ctx, name);
  if (v !== undefined && Number.isNaN(Date.parse(v)))
    throw badParams(`${name} must be an ISO 8601 timestamp`);
  return v === undefined ? undefined : new Date(v).toISOString();
}
export function num(ctx: Ctx, name: string, min: number, max: number): number | undefined {
  const v = str(ctx, name);
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n < min || n > max)
    throw badParams(`${name} must be a number from ${min} to ${max}`);
  return n;
}
export function int(ctx: Ctx, name: string, min: number, max: number): number | undefined {
  const n = num(ctx, name, min, max);
  if (n !== undefined && !Number.isInteger(n))
    throw badParams(`${name} must be an integer from ${min} to ${max}`);
  return n;
}
export function bool(ctx: Ctx, name: string): boolean | undefined {
  const v = str(ctx, name);
  if (v === undefined) return undefined;
  if (v !== 'true' && v !== 'false') throw badParams(`${name} must be true or false`);
  return v === 'true';
}
export function list(ctx: Ctx, name: string, allowed?: readonly string[]): string[] | undefined {
  const v = str(ctx, name);
  if (v === undefined) return undefined;
  const items = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = allowed ? items.filter((i) => !allowed.includes(i)) : [];
  if (bad.length) throw badParams(`${name}: unknown value ${bad.join(', ')}`);
  return items;
}
export function bbox(ctx: Ctx, name = 'bbox'): BBox | undefined {
  const v = str(ctx, name);
  if (v === undefined) return undefined;
  try {
    return parseBBox(v, name);
  } catch (e) {
    throw badParams(e instanceof BBoxError ? e.message : `${name} is not a bbox`);
  }
}
export function bodyBBox(value: unknown, name = 'bbox'): BBox {
  if (!Array.isArray(value) || value.length !== 4 || !value.every((x) => typeof x === 'number'))
    throw badParams(`${name} must be an array of 4 numbers`);
  try {
    return parseBBox(value.join(','), name);
  } catch (e) {
    throw badParams(e instanceof BBoxError ? e.message : `${name} is not a bbox`);
  }
}

export interface Window {
  /** The window answered, as dates (when nothing is readable: the window asked). */
  start: string;
  end: string;
  /** Its bounds as instants, [from, to): empty (from = to) when nothing of it is readable. */
  from: string;
  to: string;
  clamp?: Record<string, unknown>;
}

const windowOf = (start: string, end: string): Window => ({
  start,
  end,
  from: `${start}T00:00:00.000Z`,
  to: `${addDays(end, 1)}T00:00:00.000Z`,
});

/** The plan's readable span: history floor .. latest readable day (yesterday without real-time). */
export function planSpan(ctx: Ctx): { floor: string; latest: string } {
  const today = ctx.world.today();
  const floorByPlan = ctx.plan.historyDays === null ? RECORD_START : addDays(today, -ctx.plan.historyDays);
  return {
    floor: floorByPlan > RECORD_START ? floorByPlan : RECORD_START,
    latest: ctx.plan.realTime ? today : addDays(today, -1),
  };
}

/** The plan's history floor, when it is later than the record's own start (else null). */
export function planFloor(ctx: Ctx): string | null {
  const { floor } = planSpan(ctx);
  return floor > RECORD_START ? floor : null;
}

/**
 * Narrows a requested window to the plan (and to a cap of `maxDays` days) and states what was
 * narrowed (spec: GET /signals rule 1, "meta.window_clamp states what was narrowed"): the
 * window asked, the window applied (null when nothing of it is readable: a range wholly
 * before the floor is never answered with a start after its end), and every reason, in order.
 */
export function clampWindow(
  ctx: Ctx,
  start: string,
  end: string,
  opts: { floor?: boolean; maxDays?: number } = {},
): Window {
  const span = planSpan(ctx);
  const reasons: string[] = [];
  let s = start;
  let e = end;
  // Only a plan without real-time narrows the end; a future end on a real-time plan simply
  // has no events yet, which is not a clamp.
  if (!ctx.plan.realTime && e > span.latest) {
    e = span.latest;
    reasons.push('plan_without_real_time');
  }
  // Only the plan's history floor clamps the start. The event record's own start
  // (2026-09-23: "an earlier range returns no events") is not a plan clamp: a window
  // reaching before it is answered as asked, with nothing in the part before the record.
  const floor = opts.floor === false ? null : planFloor(ctx);
  if (floor !== null && s < floor) {
    s = floor;
    reasons.push('plan_history_floor');
  }
  // The cap (priority, observability: "window capped at 30 days") keeps the window's end.
  if (opts.maxDays !== undefined && Date.parse(e) - Date.parse(s) > opts.maxDays * DAY) {
    s = addDays(e, -opts.maxDays);
    reasons.push('window_capped');
  }
  if (!reasons.length) return windowOf(start, end);
  const requested = { start_date: start, end_date: end };
  const readable = s <= e;
  const w = readable ? windowOf(s, e) : { ...windowOf(start, end), to: windowOf(start, end).from };
  return {
    ...w,
    clamp: {
      requested,
      applied: readable ? { start_date: s, end_date: e } : null,
      // One reason as a word, several as a list: each narrowing is said.
      reason: reasons.length === 1 ? reasons[0] : reasons,
      ...(readable ? {} : { note: 'nothing of the window asked is readable on this plan' }),
    },
  };
}

/** Main profile: start_date/end_date both or neither. */
export function mainDates(ctx: Ctx): { start?: string; end?: string } {
  const start = date(ctx, 'start_date');
  const end = date(ctx, 'end_date');
  if ((start === undefined) !== (end === undefined))
    throw badParams('give both start_date and end_date, or neither');
  if (start && end && start > end) throw badParams('start_date is after end_date');
  return start && end ? { start, end } : {};
}

/** Alternate profile: date (window end, default today) + days (1-30). */
export function alternateWindow(ctx: Ctx, defaultDays: number): { start: string; end: string } {
  const end = date(ctx, 'date') ?? ctx.world.today();
  const days = int(ctx, 'days', 1, 30) ?? defaultDays;
  return { start: addDays(end, -(days - 1)), end };
}

export function limit(ctx: Ctx, max: number, def: number): number {
  return int(ctx, 'limit', 1, max) ?? def;
}

export function requireBodyString(ctx: Ctx, name: string, max?: number): string {
  const v = ctx.body[name];
  if (typeof v !== 'string' || v.trim() === '') throw badParams(`${name} is required`);
  if (max !== undefined && v.length > max) throw badParams(`${name} is longer than ${max} characters`);
  return v;
}
