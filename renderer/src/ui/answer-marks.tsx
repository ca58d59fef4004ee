// What an answer from the cache carries, said where it is shown: DEMO for demo data, CACHED
// with the time of the last sync it comes from, and a CLAMPED banner whenever the service
// answered a narrower question than was asked (each clamp in the cache's own words).
import type { ClampNote } from '../../../shared/contract';
import { HonestyMark } from './honesty-mark';
import { formatUtc } from './time';
import { streamWords } from '../../../shared/contract-resources';

export function AnswerMarks({ demo, asOf }: { demo: boolean; asOf: string | null }) {
  return (
    <span className="answer-marks">
      {demo && <HonestyMark kind="demo" title="Demo data, not from the live service" />}
      <HonestyMark
        kind="cached"
        detail={asOf ? `as of ${formatUtc(asOf)}` : 'not synced yet'}
        title="Answered from the local cache, as the last sync left it"
      />
    </span>
  );
}

export function ClampBanner({ clamps }: { clamps: readonly ClampNote[] }) {
  if (clamps.length === 0) return null;
  return (
    <div className="clamp-banner" role="status" data-testid="clamp-banner">
      <HonestyMark kind="clamped" detail="this answer is narrower than the question" />
      <ul>
        {clamps.map((c, i) => (
          <li key={`${c.stream}-${c.kind}-${i}`}>
            <span className="mono">{c.kind}</span> ({streamWords(c.stream)}): {c.wording}
            {c.requiredPlans?.length ? ` — needs ${c.requiredPlans.join(' or ')}` : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}
