// Ships on a scene (POST /ships): asked from a scene of the Imagery answer, with that scene's
// collection and item id and the search's box. Priced per detection (5 tokens each, a NISAR
// granule extra the first time), so no bound is known before: it always asks first. The
// stored detection is shown with the service's caveats, and kept in its own history.
import type { StoredAnswer } from '../../../../shared/contract';
import { useToolAnswer } from '../../data';
import { EmptyState } from '../../ui/empty-state';
import { HonestyMark } from '../../ui/honesty-mark';
import { formatUtc } from '../../ui/time';
import type { ToolRunner } from '../../tools-common/run-bar';
import { ToolHistory } from '../../tools-common/tool-history';
import { useImageryState } from './imagery-state';
import { formatTokens } from '../../../../shared/tool-prices';

function ShipsAnswer({ answer }: { answer: StoredAnswer }) {
  if (answer.tool !== 'ships') return null;
  const r = answer.request;
  return (
    <div data-testid="ships-answer">
      <p className="view-line">
        <span className="answer-marks">
          {answer.demo && <HonestyMark kind="demo" title="Demo data, not from the live service" />}
          <HonestyMark kind="cached" detail={`asked ${formatUtc(answer.askedAt)}`} />
        </span>
        <span className="muted">
          {' '}
          {r.collection} · {r.item_id}
          {answer.charged !== null ? ` · charged ${formatTokens(answer.charged)}` : ''}
        </span>
      </p>
      {answer.status === 'failed' ? (
        <p role="alert">{answer.error?.message}</p>
      ) : answer.answer ? (
        <>
          <p>
            <strong data-testid="ships-count">{answer.answer.count}</strong> detections
            {answer.answer.summary ? ` — ${answer.answer.summary}` : ''}
          </p>
          {answer.answer.caveats?.length ? (
            <ul className="muted">
              {answer.answer.caveats.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

export function ShipsPanel({ runner }: { runner: ToolRunner }) {
  const shipsId = useImageryState((s) => s.shipsId);
  const chooseShips = useImageryState((s) => s.chooseShips);
  const shown = useToolAnswer(shipsId);
  return (
    <section className="ships-panel" aria-label="Ships on a scene">
      <h2 className="section-title">Ships on a scene</h2>
      <p className="muted">
        “Detect ships” on a scene above asks POST /ships for it: 5 tokens per detection, so it always asks
        first.
      </p>
      <div aria-live="polite">
        {runner.error && <p role="alert">Not asked: {runner.error.message}</p>}
        {runner.pending && <p>Asking the service…</p>}
      </div>
      {shipsId &&
        (shown.error ? (
          <EmptyState tone="error" title="The stored detection could not be read">
            <p>{shown.error.message}</p>
          </EmptyState>
        ) : shown.data ? (
          <ShipsAnswer answer={shown.data} />
        ) : null)}
      {runner.dialog}
      <ToolHistory
        tool="ships"
        title="Ships"
        chosenId={shipsId}
        summary={(a) => (a.tool === 'ships' ? `${a.request.collection} · ${a.request.item_id}` : a.tool)}
        onChoose={(a) => chooseShips(a.id)}
        onRunAgain={(a) => a.tool === 'ships' && runner.start({ tool: 'ships', params: a.request })}
      />
    </section>
  );
}
