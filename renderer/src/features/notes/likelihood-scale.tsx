// The two judgments as two separate choices: the ICD 203 likelihood scale (each term with its
// range, docs/domain.md) and confidence about the evidence. Neither is required; "not stated"
// sends nothing for it.
import { useId } from 'react';
import { CONFIDENCE_LEVELS, formatRange, LIKELIHOOD_TERMS } from './estimative';

export function LikelihoodScale({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const name = useId();
  return (
    <fieldset className="judgment likelihood-scale">
      <legend>
        Likelihood <span className="muted">how probable (ICD 203)</span>
      </legend>
      <label className="judgment-none">
        <input type="radio" name={name} checked={value === null} onChange={() => onChange(null)} />
        <span>not stated</span>
      </label>
      {LIKELIHOOD_TERMS.map((t) => (
        <label key={t.value} className="scale-term">
          <input
            type="radio"
            name={name}
            value={t.value}
            checked={value === t.value}
            onChange={() => onChange(t.value)}
          />
          <span className="scale-words">
            {t.value} / {t.alt}
          </span>
          <span className="scale-range num">{formatRange(t.range)}</span>
        </label>
      ))}
    </fieldset>
  );
}

export function ConfidenceChoice({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const name = useId();
  return (
    <fieldset className="judgment confidence-choice">
      <legend>
        Confidence <span className="muted">how sure about the evidence</span>
      </legend>
      <label className="judgment-none">
        <input type="radio" name={name} checked={value === null} onChange={() => onChange(null)} />
        <span>not stated</span>
      </label>
      {CONFIDENCE_LEVELS.map((c) => (
        <label key={c}>
          <input type="radio" name={name} value={c} checked={value === c} onChange={() => onChange(c)} />
          <span>{c}</span>
        </label>
      ))}
    </fieldset>
  );
}
