// The marks a stored tool answer carries where it is shown: demo data, CACHED with the time it
// was asked (it reads offline), and what the plan withheld, as the answer gave it.
import type { StoredAnswer } from '../../../../shared/contract';
import { HonestyMark } from '../../ui/honesty-mark';
import { formatUtc } from '../../ui/time';

export function StoredMarks({ answer }: { answer: StoredAnswer }) {
  return (
    <span className="answer-marks">
      {answer.demo && <HonestyMark kind="demo" title="Demo data, not from the live service" />}
      <HonestyMark
        kind="cached"
        detail={`asked ${formatUtc(answer.askedAt)}`}
        title="Stored in the local cache when it was asked; readable offline"
      />
      {answer.planLock !== null && (
        <HonestyMark
          kind="clamped"
          detail={`the plan withholds detail: ${JSON.stringify(answer.planLock)}`}
        />
      )}
      {answer.withheld !== null && answer.withheld !== false && (
        <HonestyMark kind="clamped" detail={`detail withheld: ${JSON.stringify(answer.withheld)}`} />
      )}
    </span>
  );
}
