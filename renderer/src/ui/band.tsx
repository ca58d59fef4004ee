// A severity band as the analyst reads it: the number in text on its colour of the scale.
import { bandColour, bandTextColour } from './severity';

export function Band({ band }: { band: number | null | undefined }) {
  const known = band !== null && band !== undefined && band > 0;
  return (
    <span
      className={`band${known ? '' : ' band-unknown'}`}
      style={{ background: bandColour(band), color: bandTextColour(band) }}
      title={known ? `Severity band ${band}` : 'Severity band unknown'}
    >
      {known ? band : '?'}
    </span>
  );
}

/** The shape measured kinds (instrument readings) get, instead of a severity colour of their own. */
export function MeasuredGlyph() {
  return (
    <span aria-hidden="true" className="measured-glyph">
      ◆
    </span>
  );
}
