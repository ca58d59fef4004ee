// Ships on a scene (POST /ships): asked from a scene of the Imagery answer, with that scene's
// collection and item id and the search's box. Priced per detection (5 tokens each, a NISAR
// granule extra the first time), so no bound is known before: it always asks first. The
// stored detection is shown with the service's caveats, and kept in its own history.
import type { StoredAnswerOf, ToolParams } from '../../../../shared/contract';

export function ShipsNote() {
  return (
    <p className="muted">
      “Detect ships” on a scene above asks POST /ships for it: 5 tokens per detection, so it always asks
      first.
    </p>
  );
}

export const summarizeShips = (r: ToolParams<'ships'>) => `${r.collection} · ${r.item_id}`;

export function ShipsAnswer({ answer }: { answer: StoredAnswerOf<'ships'> }) {
  const a = answer.answer;
  if (!a) return null;
  return (
    <div data-testid="ships-answer">
      <p>
        <strong data-testid="ships-count">{a.count}</strong> detections
        {a.summary ? ` — ${a.summary}` : ''}
      </p>
      {a.caveats?.length ? (
        <ul className="muted">
          {a.caveats.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
