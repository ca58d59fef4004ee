// The two judgments as two separate choices: the ICD 203 likelihood scale (each term with its
// range, docs/domain.md) and confidence about the evidence. Neither is required; "not stated"
// sends nothing for it.
import { useId, type ReactNode } from 'react';
import { CONFIDENCE_LEVELS, formatRange, LIKELIHOOD_TERMS } from './estimative';

interface Choice {
  value: string | null;
  onChange: (value: string | null) => void;
}

/** One judgment as radio buttons: "not stated" first, then its terms. */
function JudgmentChoice({
  className,
  title,
  gloss,
  terms,
  value,
  onChange,
}: Choice & {
  className: string;
  title: string;
  /** What the judgment is about, in a few words. */
  gloss: string;
  terms: readonly { value: string; className?: string; words: ReactNode }[];
}) {
  const name = useId();
  return (
    <fieldset className={`judgment ${className}`}>
      <legend>
        {title} <span className="muted">{gloss}</span>
      </legend>
      <label className="judgment-none">
        <input type="radio" name={name} checked={value === null} onChange={() => onChange(null)} />
        <span>not stated</span>
      </label>
      {terms.map((t) => (
        <label key={t.value} className={t.className}>
          <input
            type="radio"
            name={name}
            value={t.value}
            checked={value === t.value}
            onChange={() => onChange(t.value)}
          />
          {t.words}
        </label>
      ))}
    </fieldset>
  );
}

const LIKELIHOOD = {
  className: 'likelihood-scale',
  title: 'Likelihood',
  gloss: 'how probable (ICD 203)',
  terms: LIKELIHOOD_TERMS.map((t) => ({
    value: t.value,
    className: 'scale-term',
    words: (
      <>
        <span className="scale-words">
          {t.value} / {t.alt}
        </span>
        <span className="scale-range num">{formatRange(t.range)}</span>
      </>
    ),
  })),
};

const CONFIDENCE = {
  className: 'confidence-choice',
  title: 'Confidence',
  gloss: 'how sure about the evidence',
  terms: CONFIDENCE_LEVELS.map((c) => ({ value: c, words: <span>{c}</span> })),
};

export const LikelihoodScale = (props: Choice) => <JudgmentChoice {...props} {...LIKELIHOOD} />;
export const ConfidenceChoice = (props: Choice) => <JudgmentChoice {...props} {...CONFIDENCE} />;
