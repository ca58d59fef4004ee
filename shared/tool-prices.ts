// What each online tool costs, as the service's interface documents write it (Limits → Costs):
// the window shows these words before a call, and the analyst's confirmation threshold is
// compared with the highest price a call may reach. Prices are data here, never guessed from
// an answer: what a call really charged comes back in meta.tokens and is shown after it.
import type { ToolName } from './contract-tools';
import { formatTokens } from './count';

export type ToolPrice =
  | { kind: 'free' }
  | { kind: 'fixed'; tokens: number }
  /** A price that depends on the work done; `ceiling` is a documented upper bound of another mode. */
  | { kind: 'range'; min: number; max: number; ceiling?: number; note?: string }
  | { kind: 'per'; unit: string; tokens: number; note?: string };

/** Documented prices per tool (both profiles; a tool the profile lacks is never offered). */
export const TOOL_PRICES: Record<ToolName, ToolPrice> = {
  imagery: { kind: 'fixed', tokens: 2 },
  'collection.plan': { kind: 'fixed', tokens: 4 },
  'collection.priority': { kind: 'fixed', tokens: 1 },
  'collection.observability': { kind: 'fixed', tokens: 1 },
  // quick 5 / deep 15: the higher one bounds the call until the kind is known.
  assess: { kind: 'range', min: 5, max: 15, note: 'quick 5, deep 15; a cached answer is not charged again' },
  analyst: { kind: 'range', min: 5, max: 123, ceiling: 415 },
  elevation: { kind: 'free' },
  terrain: { kind: 'free' },
  brief: { kind: 'free' },
  'entities.search': { kind: 'fixed', tokens: 1 },
  'entities.detail': { kind: 'fixed', tokens: 1 },
  'index.series': { kind: 'per', unit: 'scene', tokens: 0.5, note: 'an estimate (estimate_only) is free' },
  ships: {
    kind: 'per',
    unit: 'detection',
    tokens: 5,
    note: 'a NISAR granule costs extra the first time (amount not shown)',
  },
  stats: { kind: 'fixed', tokens: 1 },
  hotspots: { kind: 'fixed', tokens: 1 },
  'refine.location': { kind: 'range', min: 3, max: 29, note: '0 when the location is not improved' },
  claims: { kind: 'free' },
  discriminators: { kind: 'fixed', tokens: 3 },
  // The signal list's price (main profile document, Limits → Costs), with or without linked_to.
  'signals.linked': { kind: 'fixed', tokens: 3 },
  passes: { kind: 'fixed', tokens: 2 },
};

/**
 * A monitoring area (POST /monitoring): "free to create, metered per scene"; "per check 2 tok
 * and per scene 0.5 tok as shown in the metering block"; "a longer backfill measures more
 * scenes and costs more on the first check"; "A check that finds no new acquisition charges
 * nothing" (main document). The service states its metering when it accepts the area.
 */
export const MONITORING_PRICE = { create: 0, perCheck: 2, perScene: 0.5 } as const;

export { formatTokens };
const tokens = formatTokens;

/** The words the panels show for a price ("2 tokens", "5–123 tokens (fast), up to 415 (deep)"). */
export function describePrice(price: ToolPrice): string {
  switch (price.kind) {
    case 'free':
      return 'free';
    case 'fixed':
      return tokens(price.tokens);
    case 'range': {
      const base = `${price.min}–${price.max} tokens`;
      if (price.ceiling !== undefined) return `${base} (fast), up to ${price.ceiling} (deep)`;
      return price.note ? `${base} (${price.note})` : base;
    }
    case 'per': {
      const base = `${price.tokens} ${price.tokens === 1 ? 'token' : 'tokens'} per ${price.unit}`;
      return price.note ? `${base} (${price.note})` : base;
    }
  }
}

/**
 * The most a call may charge, for the confirmation threshold: a range's ceiling (or max), a
 * per-unit price's units when the caller knows them, else null (the price is open-ended).
 */
export function priceUpperBound(price: ToolPrice, units?: number): number | null {
  switch (price.kind) {
    case 'free':
      return 0;
    case 'fixed':
      return price.tokens;
    case 'range':
      return price.ceiling ?? price.max;
    case 'per':
      return units === undefined ? null : price.tokens * units;
  }
}

/** The price of one call, narrowed by what its parameters already say (assess kind, analyst mode). */
export function priceOfCall(tool: ToolName, params: Record<string, unknown>): ToolPrice {
  if (tool === 'assess' && params.kind === 'deep') return { kind: 'fixed', tokens: 15 };
  if (tool === 'assess' && params.kind === 'quick') return { kind: 'fixed', tokens: 5 };
  if (tool === 'analyst' && params.mode === 'deep') return { kind: 'range', min: 5, max: 415 };
  if (tool === 'analyst' && params.mode === 'fast') return { kind: 'range', min: 5, max: 123 };
  if (tool === 'index.series' && params.estimate_only === true) return { kind: 'free' };
  return TOOL_PRICES[tool];
}

/**
 * The most one call with these parameters may charge (null: open-ended, e.g. ships per
 * detection), the figure compared with the analyst's confirmation threshold.
 */
export function callUpperBound(tool: ToolName, params: Record<string, unknown>): number | null {
  const price = priceOfCall(tool, params);
  // An index series measures at most max_scenes scenes (24 when not given).
  const units =
    tool === 'index.series' ? (typeof params.max_scenes === 'number' ? params.max_scenes : 24) : undefined;
  return priceUpperBound(price, units);
}

/** True when a call must be confirmed first: its price may exceed the threshold, or has no bound. */
export function needsConfirmation(
  tool: ToolName,
  params: Record<string, unknown>,
  confirmAbove: number,
): boolean {
  const bound = callUpperBound(tool, params);
  return bound === null || bound > confirmAbove;
}

/** The monitoring price in words, before an area exists (the documented figures). */
export function describeMonitoringPrice(): string {
  const p = MONITORING_PRICE;
  return (
    `free to create; then ${formatTokens(p.perCheck)} per check and ${formatTokens(p.perScene)} per scene measured. ` +
    'The first check measures the backfill (3 months unless a start date is given), so it costs more; ' +
    'a check that finds no new acquisition charges nothing.'
  );
}

/** The metering a service stated for an area, in words (null: it stated none). */
export function describeMetering(m: {
  create?: number | null;
  per_check_tokens?: number | null;
  per_scene_tokens?: number | null;
}): string | null {
  const parts = [
    typeof m.create === 'number' ? `creating it: ${m.create === 0 ? 'free' : formatTokens(m.create)}` : null,
    typeof m.per_check_tokens === 'number' ? `${formatTokens(m.per_check_tokens)} per check` : null,
    typeof m.per_scene_tokens === 'number' ? `${formatTokens(m.per_scene_tokens)} per scene` : null,
  ].filter((x): x is string => x !== null);
  return parts.length ? parts.join(', ') : null;
}
