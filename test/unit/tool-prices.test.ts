// The documented prices in the words the cost line shows, and which calls ask for confirmation
// against the analyst's threshold: the highest price a call may reach, or always when a price
// has no bound known before the call.
import { describe, expect, it } from 'vitest';
import { TOOL_NAMES } from '../../shared/contract';
import { describePrice, needsConfirmation, priceOfCall, TOOL_PRICES } from '../../shared/tool-prices';

describe('tool prices', () => {
  it('says each documented price in words', () => {
    expect(describePrice(TOOL_PRICES.imagery)).toBe('2 tokens');
    expect(describePrice(TOOL_PRICES['entities.search'])).toBe('1 token');
    expect(describePrice(TOOL_PRICES.terrain)).toBe('free');
    expect(describePrice(TOOL_PRICES.analyst)).toBe('5–123 tokens (fast), up to 415 (deep)');
    expect(describePrice(priceOfCall('index.series', {}))).toBe(
      '0.5 tokens per scene (an estimate (estimate_only) is free)',
    );
    expect(describePrice(priceOfCall('index.series', { estimate_only: true }))).toBe('free');
    expect(describePrice(priceOfCall('assess', { kind: 'deep' }))).toBe('15 tokens');
    for (const tool of TOOL_NAMES) expect(describePrice(TOOL_PRICES[tool])).not.toBe('');
  });

  it('asks for confirmation above the threshold, and always for an open-ended price', () => {
    expect(needsConfirmation('imagery', {}, 2)).toBe(false);
    expect(needsConfirmation('imagery', {}, 1)).toBe(true);
    expect(needsConfirmation('analyst', { mode: 'fast' }, 123)).toBe(false);
    expect(needsConfirmation('analyst', { mode: 'deep' }, 123)).toBe(true);
    // No mode given: the deep ceiling bounds it.
    expect(needsConfirmation('analyst', {}, 200)).toBe(true);
    expect(needsConfirmation('index.series', { max_scenes: 10 }, 5)).toBe(false);
    expect(needsConfirmation('index.series', {}, 5)).toBe(true);
    expect(needsConfirmation('ships', {}, 1_000_000)).toBe(true);
    expect(needsConfirmation('claims', {}, 0)).toBe(false);
  });
});
