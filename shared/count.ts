// Counts as the analyst reads them, everywhere (the window, the command line's summaries): with
// thousands separators, "999,947", never "999947". A price may be a fraction (0.5 tokens a scene).
const COUNT = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });

/** A count with thousands separators ("1,234"; "0.5" stays a half). */
export const formatCount = (n: number): string => COUNT.format(n);

/** "1 token", "2 tokens", "0.5 tokens", "2,500 tokens": a count of tokens in words. */
export const formatTokens = (n: number): string => `${formatCount(n)} ${n === 1 ? 'token' : 'tokens'}`;
