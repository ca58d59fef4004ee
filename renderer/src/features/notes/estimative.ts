// The analyst's two separate judgments on a note (docs/domain.md, "Estimative language"):
// likelihood, how probable a thing is, on the ICD 203 scale, each term with its range; and
// confidence, how sure the analyst is about the evidence and reasoning. They are offered as
// two choices and sent as two fields, never merged into one word. The service does not
// publish which values it allows: these are offered, what the analyst picks is sent as is,
// and a refusal is shown in the service's words.

export interface LikelihoodTerm {
  /** What is sent as `likelihood`: the first of the term's two names. */
  value: string;
  /** The term's other name on the scale. */
  alt: string;
  /** Probability in percent, lower and upper bound. */
  range: readonly [number, number];
}

export const LIKELIHOOD_TERMS: readonly LikelihoodTerm[] = [
  { value: 'almost no chance', alt: 'remote', range: [1, 5] },
  { value: 'very unlikely', alt: 'highly improbable', range: [5, 20] },
  { value: 'unlikely', alt: 'improbable', range: [20, 45] },
  { value: 'roughly even chance', alt: 'roughly even odds', range: [45, 55] },
  { value: 'likely', alt: 'probable', range: [55, 80] },
  { value: 'very likely', alt: 'highly probable', range: [80, 95] },
  { value: 'almost certain', alt: 'nearly certain', range: [95, 99] },
];

export const CONFIDENCE_LEVELS = ['low', 'moderate', 'high'] as const;
export type ConfidenceLevel = (typeof CONFIDENCE_LEVELS)[number];

/** "55–80 %", as docs/domain.md writes a range. */
export const formatRange = ([lo, hi]: readonly [number, number]): string => `${lo}–${hi} %`;

/** A likelihood as sent, with its range when it is one of the scale's terms (either name). */
export function describeLikelihood(value: string): string {
  const v = value.trim().toLowerCase();
  const term = LIKELIHOOD_TERMS.find((t) => t.value === v || t.alt === v);
  return term ? `${value} (${formatRange(term.range)})` : value;
}
