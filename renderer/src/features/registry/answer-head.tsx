// The line above a stored registry answer: its marks (demo, when it was asked, what the plan
// withholds), what was asked and what it charged; then the service's clamps, where the answer
// is shown; a refusal in the service's words instead of the answer.
import type { ReactNode } from 'react';
import type { StoredAnswer } from '../../../../shared/contract';
import { ClampBanner } from '../../ui/answer-marks';
import { EmptyState } from '../../ui/empty-state';
import { HonestyMark } from '../../ui/honesty-mark';
import { formatUtc } from '../../ui/time';
import { summarize } from './registry-params';
import { formatTokens } from '../../../../shared/tool-prices';

export function StoredFrame({
  answer,
  label,
  title,
  children,
}: {
  answer: StoredAnswer;
  /** The region's name. */
  label: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="registry-stored" aria-label={label}>
      <h2 className="section-title">{title}</h2>
      <p className="view-line">
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
        </span>
        <span className="muted"> {summarize(answer)}</span>
        {answer.charged !== null && (
          <span className="muted" data-testid="answer-charged">
            {' '}
            · charged {formatTokens(answer.charged)}
          </span>
        )}
      </p>
      <ClampBanner clamps={answer.clamps} />
      {answer.status === 'failed' ? (
        <EmptyState tone="error" title="The service refused this call">
          <p>{answer.error?.message}</p>
        </EmptyState>
      ) : answer.answer ? (
        children
      ) : (
        <p className="muted">No answer yet.</p>
      )}
    </section>
  );
}
